"""The facts file rules need from companion-file text, with the line of each.

The profile's ``file_contents`` holds the text of the files path parameters
point to; the companion parsers (``ascend_studio.companion``) read it tolerantly
and never raise. Results are cached per text: one edit re-evaluates every rule. The
parsers' modules are imported when a file is first read (most scripts name none).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ascend_studio.companion import Problem

__all__ = [
    "AoeConfig",
    "DebugConfig",
    "file_problems",
    "json_problem",
    "known_debug_options",
    "known_precision_modes",
    "read_aoe_config",
    "read_debug_config",
    "read_precision_modes",
    "ub_fusion_line",
]


@cache
def known_debug_options() -> frozenset[str]:
    """The options an op debug configuration file may name."""
    from ascend_studio.companion import DEBUG_OPTIONS

    return frozenset(DEBUG_OPTIONS)


@cache
def known_precision_modes() -> frozenset[str]:
    """The modes an op_precision_mode ini may assign."""
    from ascend_studio.companion import PRECISION_MODES

    return frozenset(PRECISION_MODES)


@dataclass(frozen=True)
class DebugConfig:
    """An op debug configuration file, as the rules read it."""

    #: option -> line of the ``op_debug_config=`` line naming it
    options: dict[str, int]
    has_list: bool


@dataclass(frozen=True)
class AoeConfig:
    """An AOE configuration file, as the rules read it."""

    features: frozenset[str]
    feature_line: int
    level: str | None
    level_line: int


@lru_cache(maxsize=64)
def read_debug_config(text: str) -> DebugConfig:
    from ascend_studio.companion._debug import LIST_KEY, option_lines
    from ascend_studio.companion._debug import parse as parse_debug

    doc = parse_debug(text)
    return DebugConfig(option_lines(doc), doc.has(LIST_KEY) and bool(doc.op_list))


@lru_cache(maxsize=64)
def json_problem(text: str) -> Problem | None:
    """The syntax problem of a JSON companion file, with its line."""
    from ascend_studio.companion._base import load_json

    data, found = load_json(text)
    return found[0] if data is None and found else None


@lru_cache(maxsize=64)
def read_aoe_config(text: str) -> AoeConfig:
    from ascend_studio.companion._aoe import key_line
    from ascend_studio.companion._aoe import parse as parse_aoe

    doc = parse_aoe(text)
    return AoeConfig(
        frozenset(doc.feature),
        key_line(text, "feature"),
        doc.tune_optimization_level,
        key_line(text, "tune_optimization_level"),
    )


@lru_cache(maxsize=64)
def read_precision_modes(text: str) -> dict[str, int]:
    """The modes assigned in an op_precision_mode ini -> the first line using each."""
    from ascend_studio.companion._precision import mode_lines
    from ascend_studio.companion._precision import parse as parse_precision

    return mode_lines(parse_precision(text))


@lru_cache(maxsize=64)
def ub_fusion_line(text: str) -> int | None:
    """The line of the ``UBFusion`` section when the fusion switch file configures it."""
    from ascend_studio.companion._fusion import parse as parse_fusion
    from ascend_studio.companion._fusion import section_line

    if not parse_fusion(text).ub:
        return None
    return section_line(text, "UBFusion") or 1


@lru_cache(maxsize=64)
def file_problems(format_id: str, text: str) -> tuple[Problem, ...]:
    """Format problems of one companion file, except those dedicated rules cover
    (``file.invalid_json`` reports the AOE file's JSON syntax)."""
    from ascend_studio.companion import FORMATS
    from ascend_studio.companion._base import capped

    found = FORMATS[format_id].check(text)
    if format_id == "aoe_json":
        found = tuple(p for p in found if p.code != "json")
    return capped(found)  # a huge file gives a bounded report
