"""What an export format is, in one place: the descriptor the CLI, the previews and
the highlighter read.

A format is one module ``codegen/_export_<name>.py`` that defines ``FORMATS`` (a
tuple of :class:`ExportFormat`): :mod:`._export` discovers those modules, so
adding a format touches no shared file. Exporters are pure: they receive the
profile's evaluation (its rule diagnostics) and never run the rules engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ascend_studio.codegen._options import ExportOptions
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, Text

if TYPE_CHECKING:
    from ascend_studio.rules import Diagnostic

__all__ = ["HIGHLIGHT_LANGUAGES", "ExportFormat", "Exporter", "HighlightLanguage"]

#: The syntax highlighter's languages (``ui/_highlight.py`` has one rule set each;
#: "plain" shows the text as is).
HighlightLanguage = Literal["py", "sh", "env", "json", "yaml", "plain"]
HIGHLIGHT_LANGUAGES: tuple[HighlightLanguage, ...] = ("py", "sh", "env", "json", "yaml", "plain")

#: ``(profile, catalog, options, diagnostics) -> text``; ``diagnostics`` is the
#: evaluation of this very profile (empty when comments are off).
Exporter = Callable[[Profile, Catalog, ExportOptions, "Sequence[Diagnostic]"], str]


@dataclass(frozen=True)
class ExportFormat:
    """One export format."""

    #: Stable id: the CLI's ``--format`` value, object names in the UI, golden names.
    id: str
    #: Suffix of the suggested file name (``.sh``, ``.ascend.json``).
    suffix: str
    #: How the preview colours it.
    language: HighlightLanguage
    #: Tab and menu title.
    label: Text
    #: One line for ``--help``: what the text is.
    summary: str
    export: Exporter
    #: Shown as a live preview tab (else only in the Export menu and the CLI).
    preview: bool = True
    #: Position in menus, tabs and ``--format`` choices.
    order: int = 100
    #: A suffix for the suggested name's stem (the sess style is ``x_session.py``).
    stem_suffix: str = ""
    #: The text carries rule diagnostics (JSON does not: the rules need not run for it).
    comments: bool = True

    def __post_init__(self) -> None:
        if self.language not in HIGHLIGHT_LANGUAGES:
            raise ValueError(f"{self.id}: unknown highlighting language {self.language!r}")
        if not self.id or not all(c.isalnum() or c in "-_" for c in self.id):
            raise ValueError(f"format id {self.id!r}: letters, digits, '-' and '_' only")
