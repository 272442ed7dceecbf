"""Companion files: the files that path parameters point to (Qt-free).

Each format (``op_debug_config`` ``.cfg``, fusion switch JSON, mixlist JSON,
``customize_dtypes`` lines, ``op_precision_mode`` ini, AOE JSON, weight
compression list) is a :class:`Format`: one parser/writer pair, a checker that
reports problems with their line, a template and detection. ``read_companions``
fills a profile's ``file_contents`` from disk the way the runtime finds the
files; ``plan_companions`` lays them out next to an export.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes

if TYPE_CHECKING:
    from ascend_studio.companion._aoe import AoeConfig
    from ascend_studio.companion._base import Comment, Format, Problem, Raw, token, value_token
    from ascend_studio.companion._compress import CompressNodes
    from ascend_studio.companion._debug import DEBUG_OPTIONS, DebugConfig
    from ascend_studio.companion._dtypes import CustomDtypes, DtypeRule
    from ascend_studio.companion._fusion import FusionSwitch, known_rules
    from ascend_studio.companion._kinds import param_for
    from ascend_studio.companion._mixlist import ListChange, Mixlist
    from ascend_studio.companion._precision import PRECISION_MODES, PrecisionModes
    from ascend_studio.companion._read import (
        MAX_BYTES,
        FileRead,
        plan_companions,
        read_companions,
    )
    from ascend_studio.companion._registry import (
        ALIASES,
        FORMATS,
        detect,
        file_formats,
        format_for,
        format_of,
    )

__all__ = [
    "ALIASES",
    "DEBUG_OPTIONS",
    "FORMATS",
    "MAX_BYTES",
    "PRECISION_MODES",
    "AoeConfig",
    "Comment",
    "CompressNodes",
    "CustomDtypes",
    "DebugConfig",
    "DtypeRule",
    "FileRead",
    "Format",
    "FusionSwitch",
    "ListChange",
    "Mixlist",
    "PrecisionModes",
    "Problem",
    "Raw",
    "detect",
    "file_formats",
    "format_for",
    "format_of",
    "known_rules",
    "param_for",
    "plan_companions",
    "read_companions",
    "token",
    "value_token",
]

#: Where each public name lives (its module is imported on first use).
_WHERE = {
    "ALIASES": "_registry",
    "AoeConfig": "_aoe",
    "Comment": "_base",
    "CompressNodes": "_compress",
    "CustomDtypes": "_dtypes",
    "DEBUG_OPTIONS": "_debug",
    "DebugConfig": "_debug",
    "DtypeRule": "_dtypes",
    "FORMATS": "_registry",
    "FileRead": "_read",
    "Format": "_base",
    "FusionSwitch": "_fusion",
    "ListChange": "_mixlist",
    "MAX_BYTES": "_read",
    "Mixlist": "_mixlist",
    "PRECISION_MODES": "_precision",
    "PrecisionModes": "_precision",
    "Problem": "_base",
    "Raw": "_base",
    "detect": "_registry",
    "file_formats": "_registry",
    "format_for": "_registry",
    "format_of": "_registry",
    "known_rules": "_fusion",
    "param_for": "_kinds",
    "plan_companions": "_read",
    "read_companions": "_read",
    "token": "_base",
    "value_token": "_base",
}

if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(__name__, _WHERE)
