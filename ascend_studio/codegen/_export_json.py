"""The profile document itself (JSON has no comments: product, scenario and notes
are fields of the document)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ascend_studio.codegen._format import ExportFormat
from ascend_studio.codegen._options import ExportOptions
from ascend_studio.profile import Profile, dump_profile
from ascend_studio.schema import Catalog, Text

if TYPE_CHECKING:
    from ascend_studio.rules import Diagnostic

__all__ = ["FORMATS", "export_json"]


def export_json(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Diagnostic]
) -> str:
    return dump_profile(profile)


FORMATS = (
    ExportFormat(
        id="json",
        suffix=".ascend.json",
        language="json",
        label=Text.of("配置 JSON", "Profile JSON"),
        summary="the profile JSON",
        export=export_json,
        order=70,
        comments=False,
    ),
)
