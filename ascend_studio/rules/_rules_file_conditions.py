"""The conditions of the file rules: what each finds in a companion file, and where.

Each returns the template values and, under ``"at"``, the :class:`FileSpot` of
the line the finding is about. Kept apart from the declarations in
``_rules_files`` so both stay small. A file is found by its format id through
the catalog (parameter -> ``file_format``); the parameters named here are the
other side of a cross-parameter condition (``op_debug_level`` with ``oom`` in the
debug file, AOE features with ``aoe_mode``...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from ascend_studio.companion._kinds import file_format_ids, param_for
from ascend_studio.rules._context import NEW_GEN, Ctx
from ascend_studio.rules._files import (
    file_problems,
    json_problem,
    known_debug_options,
    known_precision_modes,
    read_aoe_config,
    read_debug_config,
    read_precision_modes,
    ub_fusion_line,
)
from ascend_studio.rules._index import CatalogIndex
from ascend_studio.rules._model import Condition, FileSpot, Hit, Severity
from ascend_studio.schema import Text

if TYPE_CHECKING:
    from ascend_studio.companion import Problem

__all__ = [
    "FORMAT_RULES",
    "HF32_MODES",
    "JSON_FORMATS",
    "aoe_mode",
    "at",
    "cache_vs_debug_config",
    "ccec_with_oom",
    "collect_with_oom",
    "debug_options",
    "feature_needs",
    "file_modes",
    "file_of",
    "format_hit",
    "fp32_product",
    "has_file_format",
    "has_json_file",
    "hf32_env_with_modes",
    "level2_with_oom",
    "mode_at",
    "oom_at",
    "scan_formats",
    "scan_json",
    "tune_level",
    "ub_fusion_350",
    "unknown_debug_options",
    "unknown_modes",
]

#: Formats whose reader is not public: a syntax error is reported by
#: ``file.invalid_json``. The fusion switch and mixlist readers (graph engine)
#: reject bad JSON: ``file.format_error`` reports it for them.
JSON_FORMATS = ("aoe_json",)
HF32_MODES = frozenset({"enable_float_32_execution", "enable_hi_float_32_execution"})


def has_json_file(ix: CatalogIndex, path: str) -> bool:
    """Is ``path`` a parameter whose file ``file.invalid_json`` checks?"""
    return file_format_ids(ix.catalog).get(path) in JSON_FORMATS


def has_file_format(ix: CatalogIndex, path: str) -> bool:
    """Is ``path`` a parameter whose file has a known format (``file.format``)?"""
    return path in file_format_ids(ix.catalog)


def file_of(c: Ctx, format_id: str) -> tuple[str, str | None]:
    """(the parameter whose file has this format, that file's text or None)."""
    param = param_for(format_id, c.ix.catalog)
    return (param, c.file(param)) if param is not None else ("", None)


def debug_options(c: Ctx) -> tuple[str, dict[str, int]]:
    param, text = file_of(c, "debug_cfg")
    return param, read_debug_config(text).options if text is not None else {}


def at(param: str, line: int) -> FileSpot:
    return FileSpot(param, line)


def scan_json(c: Ctx) -> Iterator[Hit]:
    formats = file_format_ids(c.ix.catalog)
    for path in (p for p, kind in formats.items() if kind in JSON_FORMATS):
        text = c.file(path)
        found = json_problem(text) if text is not None else None
        if found is not None:
            yield Hit(
                (path,),
                {"param": path, "problem": found.message, "at": at(path, found.line)},
            )


def scan_formats(severity: str) -> Callable[[Ctx], Iterator[Hit]]:
    def scan(c: Ctx) -> Iterator[Hit]:
        for path, kind in file_format_ids(c.ix.catalog).items():
            text = c.file(path)
            for found in file_problems(kind, text) if text is not None else ():
                if found.severity == severity:
                    yield format_hit(path, found)

    return scan


FORMAT_RULES: tuple[tuple[str, Severity], ...] = (
    ("file.format_error", "error"),
    ("file.format", "warning"),
    ("file.format_info", "info"),
)


def format_hit(path: str, found: Problem) -> Hit:
    return Hit((path,), {"param": path, "problem": found.message, "at": at(path, found.line)})


def ccec_with_oom(c: Ctx) -> Mapping[str, object] | None:
    param, options = debug_options(c)
    if "ccec_O0" in options and "oom" in options:
        return {"at": at(param, options["oom"])}
    return None


def unknown_debug_options(c: Ctx) -> Mapping[str, object] | None:
    param, options = debug_options(c)
    if not options:
        return None
    known = known_debug_options()
    unknown = sorted(set(options) - known)
    if not unknown:
        return None
    return {
        "unknown": ", ".join(unknown),
        "at": at(param, options[unknown[0]]),
        "hint": _did_you_mean(unknown, sorted(known)),
    }


def _did_you_mean(unknown: list[str], known: list[str]) -> Text:
    """``Did you mean ccec_g?`` for each unknown name close to a known one (case aside)."""
    import difflib

    pairs = []
    for name in unknown:
        same_case = [k for k in known if k.lower() == name.lower()]
        near = same_case or difflib.get_close_matches(name, known, n=1, cutoff=0.7)
        if near:
            pairs.append((name, near[0]))
    if not pairs:
        return Text.of("", "")
    zh = "".join(f"{name} 是否想写 {near}？" for name, near in pairs)
    en = " ".join(f"{name}: did you mean {near}?" for name, near in pairs)
    return Text.of(zh, " " + en)


def oom_at(c: Ctx) -> Mapping[str, object] | None:
    param, options = debug_options(c)
    line = options.get("oom")
    return None if line is None else {"at": at(param, line)}


def level2_with_oom(c: Ctx) -> Mapping[str, object] | None:
    return oom_at(c) if c.ival("op_debug_level", default_too=False) == 2 else None


def collect_with_oom(c: Ctx) -> Mapping[str, object] | None:
    return oom_at(c) if c.env_given("NPU_COLLECT_PATH") else None


def cache_vs_debug_config(c: Ctx) -> Mapping[str, object] | None:
    param, text = file_of(c, "debug_cfg")
    if not c.is_set("op_compiler_cache_mode") or text is None:
        return None
    return None if read_debug_config(text).has_list else {"at": at(param, 0)}


def aoe_mode(c: Ctx) -> str | None:
    if c.is_set("aoe_mode"):
        return c.sval("aoe_mode")
    return c.env_value("AOE_MODE")


def feature_needs(feature: str, mode: str) -> Condition:
    def when(c: Ctx) -> Mapping[str, object] | None:
        param, text = file_of(c, "aoe_json")
        config = read_aoe_config(text) if text is not None else None
        if config is None or feature not in config.features:
            return None
        current = aoe_mode(c)
        if current == mode:
            return None
        shown = repr(current) if current else "unset"
        return {"mode": shown, "at": at(param, config.feature_line)}

    return when


def tune_level(c: Ctx) -> Mapping[str, object] | None:
    param, text = file_of(c, "aoe_json")
    config = read_aoe_config(text) if text is not None else None
    if config is None or config.level is None or config.level in ("O1", "O2"):
        return None
    from ascend_studio.companion import value_token

    return {"level": value_token(config.level), "at": at(param, config.level_line)}


def file_modes(c: Ctx) -> tuple[str, dict[str, int]]:
    param, text = file_of(c, "precision_ini")
    return param, read_precision_modes(text) if text is not None else {}


def mode_at(c: Ctx, mode: str) -> Mapping[str, object] | None:
    param, modes = file_modes(c)
    line = modes.get(mode)
    return None if line is None else {"at": at(param, line)}


def fp32_product(c: Ctx) -> Mapping[str, object] | None:
    return None if c.product in NEW_GEN else mode_at(c, "enable_float_32_execution")


def unknown_modes(c: Ctx) -> Mapping[str, object] | None:
    param, modes = file_modes(c)
    if not modes:
        return None
    known = known_precision_modes()
    unknown = sorted(set(modes) - known)
    if not unknown:
        return None
    from ascend_studio.companion import value_token

    shown = ", ".join(value_token(mode) for mode in unknown[:5]) + (
        " …" if len(unknown) > 5 else ""
    )
    return {
        "unknown": shown,  # (a file's text is shown as tokens only: it may hold anything)
        "at": at(param, modes[unknown[0]]),
        "known": ", ".join(sorted(known)),
    }


def hf32_env_with_modes(c: Ctx) -> Mapping[str, object] | None:
    if not c.env_given("ENABLE_HF32_EXECUTION"):
        return None
    param, modes = file_modes(c)
    lines = [line for mode, line in modes.items() if mode in HF32_MODES]
    return {"at": at(param, min(lines))} if lines else None


def ub_fusion_350(c: Ctx) -> Mapping[str, object] | None:
    param, text = file_of(c, "fusion_switch")
    if c.product != "atlas_350" or text is None:
        return None
    line = ub_fusion_line(text)
    return None if line is None else {"at": at(param, line)}
