"""Companion files: the files that path parameters point to (Qt-free).

Each format (``op_debug_config`` ``.cfg``, fusion switch JSON, mixlist JSON,
``customize_dtypes`` lines, ``op_precision_mode`` ini, AOE JSON, weight
compression list) is a :class:`Format`: one parser/writer pair, a checker that
reports problems with their line, a template and detection. ``read_companions``
fills a profile's ``file_contents`` from disk the way the runtime finds the
files; ``plan_companions`` lays them out next to an export.
"""

from ascend_studio.companion._aoe import AoeConfig
from ascend_studio.companion._base import Comment, Format, Problem, Raw
from ascend_studio.companion._compress import CompressNodes
from ascend_studio.companion._debug import DEBUG_OPTIONS, DebugConfig
from ascend_studio.companion._dtypes import CustomDtypes, DtypeRule
from ascend_studio.companion._fusion import FusionSwitch, known_rules
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
    param_for,
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
]
