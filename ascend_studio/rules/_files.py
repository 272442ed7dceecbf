"""Tolerant readers for the contents users describe of config files.

Some parameters are paths to files whose contents matter (the op_debug_config
``.cfg``, the AOE tuning JSON, the op_precision_mode ``.ini``, the fusion switch
JSON). A profile may carry the text of those files (see ``FILE_CONTENTS_FIELD``);
these readers extract the facts rules need and never raise on bad input.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ascend_studio.schema import parse_json

__all__ = [
    "DEBUG_OPTIONS",
    "PRECISION_MODES",
    "AoeConfig",
    "DebugConfig",
    "has_ub_fusion",
    "json_problem",
    "read_aoe_config",
    "read_debug_config",
    "read_precision_modes",
]

DEBUG_OPTIONS = frozenset({"oom", "dump_cce", "dump_loc", "ccec_O0", "ccec_g", "check_flag"})
PRECISION_MODES = frozenset(
    {
        "high_precision",
        "high_performance",
        "enable_float_32_execution",
        "enable_hi_float_32_execution",
        "support_out_of_bound_index",
        "keep_fp16",
        "super_performance",
    }
)


@dataclass(frozen=True)
class DebugConfig:
    options: frozenset[str]
    has_list: bool


@dataclass(frozen=True)
class AoeConfig:
    features: frozenset[str]
    level: str | None


def _split(text: str) -> frozenset[str]:
    return frozenset(p.strip() for p in text.split(",") if p.strip())


@lru_cache(maxsize=64)
def read_debug_config(text: str) -> DebugConfig:
    """``op_debug_config = a,b`` and ``op_debug_list = ...`` lines; a bare list counts."""
    options: set[str] = set()
    has_list = False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        key, sep, value = line.partition("=")
        if not sep:
            options |= _split(line)
        elif key.strip() == "op_debug_config":
            options |= _split(value)
        elif key.strip() == "op_debug_list":
            has_list = bool(value.strip())
    return DebugConfig(frozenset(options), has_list)


def _load(text: str) -> object:
    return parse_json(text)[0]


def json_problem(text: str) -> str | None:
    return parse_json(text)[1]


@lru_cache(maxsize=64)
def read_aoe_config(text: str) -> AoeConfig:
    data = _load(text)
    if not isinstance(data, dict):
        return AoeConfig(frozenset(), None)
    feature = data.get("feature", [])
    items = [feature] if isinstance(feature, str) else feature
    features = frozenset(str(f) for f in items) if isinstance(items, list) else frozenset()
    level = data.get("tune_optimization_level")
    return AoeConfig(features, level if isinstance(level, str) else None)


@lru_cache(maxsize=64)
def read_precision_modes(text: str) -> frozenset[str]:
    """The modes assigned in an op_precision_mode ``.ini`` (``optype=mode`` lines)."""
    modes = set()
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].split(";", 1)[0].strip()
        if line.startswith("[") or "=" not in line:
            continue
        modes.add(line.partition("=")[2].strip())
    return frozenset(m for m in modes if m)


@lru_cache(maxsize=64)
def has_ub_fusion(text: str) -> bool:
    """The fusion switch file configures UB fusion rules (``Switch.UBFusion``)."""
    data = _load(text)
    if not isinstance(data, dict):
        return "UBFusion" in text
    switch = data.get("Switch", data)
    return isinstance(switch, dict) and bool(switch.get("UBFusion"))
