"""Every companion format by kind (= the parameter that points to the file)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ascend_studio.companion._aoe import AOE_FORMAT
from ascend_studio.companion._base import Format
from ascend_studio.companion._compress import COMPRESS_FORMAT
from ascend_studio.companion._debug import DEBUG_FORMAT
from ascend_studio.companion._dtypes import DTYPES_FORMAT
from ascend_studio.companion._fusion import FUSION_FORMAT
from ascend_studio.companion._mixlist import MIXLIST_FORMAT
from ascend_studio.companion._precision import PRECISION_FORMAT

__all__ = ["ALIASES", "FORMATS", "detect", "format_for"]

FORMATS: Mapping[str, Format[Any]] = {
    f.kind: f
    for f in (
        DEBUG_FORMAT,
        FUSION_FORMAT,
        MIXLIST_FORMAT,
        DTYPES_FORMAT,
        PRECISION_FORMAT,
        AOE_FORMAT,
        COMPRESS_FORMAT,
    )
}
#: Short names accepted on the command line.
ALIASES: Mapping[str, str] = {
    "debug": "op_debug_config",
    "fusion": "fusion_switch_file",
    "mixlist": "modify_mixlist",
    "dtypes": "customize_dtypes",
    "precision": "op_precision_mode",
    "aoe": "aoe_config_file",
    "compress": "compress_weight_conf",
}


def format_for(kind: str) -> Format[Any] | None:
    """The format for a kind or its short name (``debug``, ``op_debug_config``)."""
    return FORMATS.get(ALIASES.get(kind, kind))


#: Detection order: the most specific signatures first.
_ORDER = (
    "fusion_switch_file",
    "aoe_config_file",
    "modify_mixlist",
    "op_precision_mode",
    "op_debug_config",
    "customize_dtypes",
    "compress_weight_conf",
)


def detect(text: str) -> str | None:
    """The kind ``text`` looks like, or None when nothing fits."""
    return next((k for k in _ORDER if FORMATS[k].looks_like(text)), None)
