"""Format checks for string parameters with an inner syntax.

A parameter names its syntax in the catalog (``format = "step_groups"``);
:data:`FORMATS` maps that id to its checker and :func:`format_problem` is what
the rules and the editors both call, so an editor shows the rules' verdict.

Each checker returns None when the text is acceptable, else a short English
reason (the rule message carries the bilingual explanation). Where the real code
validates a format, the checker mirrors it exactly, quirks included (a
differential test compiles the C++ and compares), so the tool neither rejects
what the runtime accepts nor the reverse.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from ascend_studio.schema._models import Parameter

__all__ = [
    "FILE_FORMATS",
    "FORMATS",
    "check_accelerate_train_mode",
    "check_aicore_num",
    "check_device_list",
    "check_dump_step",
    "check_dynamic_dims",
    "check_input_shape",
    "check_multistream_mode",
    "check_profiling_options",
    "check_shape_range",
    "check_stream_parallel",
    "count_dims",
    "format_problem",
    "parse_json",
]

# re.ASCII: std::regex (ECMAScript) \d is [0-9] only.
_DEVICE_LIST = re.compile(r"(\d{1,},)+", re.ASCII)
_INPUT_SHAPE = re.compile(r"[\s\S]+:((\d{1,}|-\d{1,}),)+", re.ASCII)
_DYNAMIC_DIMS = re.compile(r"(\d{1,},)+", re.ASCII)
_STREAM_PARALLEL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*:[1-9]\d*(,[A-Za-z_][A-Za-z0-9_]*:[1-9]\d*)*")
_RANGE_GROUP = re.compile(r"(getnext|data):(\[[^\[\]]*\](,\[[^\[\]]*\])*)")
_RANGE_DIM = re.compile(r"-1|\d+|\d+~\d+")
_MULTISTREAM = re.compile(r"cv|LoadBalance|(LoadBalance|MainStream):(\d+)")


def _numeric(text: str) -> bool:
    # npu_attrs.cc tests find_first_not_of("0123456789") == npos: "" counts as numeric.
    return all(ch in "0123456789" for ch in text)


def _atoi(text: str) -> int:
    """glibc ``atoi`` on digits: ``(int) strtol``, so saturate at 64 bits, keep 32."""
    value = min(int(text), 2**63 - 1) if text else 0
    return (value + 2**31) % 2**32 - 2**31


def _split(text: str, sep: str) -> list[str]:
    """npu_attrs.cc ``Split`` (``getline`` items): no item for a trailing separator."""
    parts = text.split(sep) if text else []
    if parts and not parts[-1]:
        parts.pop()
    return parts


def check_dump_step(text: str) -> str | None:
    """Mirror of ``checkDumpStep``: ``0|5|10-20``, at most 100 groups, a < b.

    Quirks kept: an empty group (``0||5``, ``|5``) is rejected, a trailing
    separator is dropped (``5|``, ``5-`` are accepted), an empty side counts as 0.
    """
    groups = _split(text, "|")
    if len(groups) > 100:
        return "more than 100 step groups"
    for group in groups:
        parts = _split(group, "-")
        if len(parts) == 1 and _numeric(parts[0]):
            continue
        if len(parts) == 2 and _numeric(parts[0]) and _numeric(parts[1]):
            if _atoi(parts[0]) >= _atoi(parts[1]):
                return f"range {group!r} does not go upwards"
            continue
        return f"{group!r} is not a step or a range a-b"
    return None


def check_device_list(text: str) -> str | None:
    """Mirror of ``CheckDeviceList``: digits separated by commas, nothing else."""
    return None if _DEVICE_LIST.fullmatch(text + ",") else "expected digits separated by ','"


def check_input_shape(text: str) -> str | None:
    """Mirror of ``CheckInputShape``: ``name:d,d;name:d,-1`` (a trailing ';' is dropped)."""
    items = _split(text, ";")
    for item in items:
        if not _INPUT_SHAPE.fullmatch(item + ","):
            return f"{item!r} is not name:dim,dim,..."
    return None if items else "empty"


def check_dynamic_dims(text: str) -> str | None:
    """Mirror of ``CheckDynamicDims``: groups of non-negative ints, ';' between groups."""
    items = _split(text, ";")
    for item in items:
        if not _DYNAMIC_DIMS.fullmatch(item + ","):
            return f"{item!r} is not dim,dim,..."
    return None if items else "empty"


def count_dims(input_shape: str, dynamic_dims: str) -> tuple[int, tuple[int, ...]]:
    """Number of -1 in input_shape and the size of each dynamic_dims group."""
    unknown = sum(1 for part in re.split(r"[;,:]", input_shape) if part.strip() == "-1")
    groups = tuple(len(g.split(",")) for g in dynamic_dims.split(";") if g)
    return unknown, groups


def check_aicore_num(text: str) -> str | None:
    """``cube|vector``: two positive integers (seed 算子编译)."""
    parts = text.split("|")
    if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        return "expected two positive integers 'cube|vector'"
    return None


def check_stream_parallel(text: str) -> str | None:
    """``ENGINE:n,ENGINE:n`` with n >= 1 (seed 性能调优)."""
    if _STREAM_PARALLEL.fullmatch(text):
        return None
    return "expected engine:count pairs separated by ','"


def check_shape_range(text: str) -> str | None:
    """``getnext:[..],[..];data:[..]``; dims are n, -1 or lo~hi (seed 废弃配置)."""
    for group in text.split(";"):
        match = _RANGE_GROUP.fullmatch(group)
        if match is None:
            return f"{group!r} is not getnext:[..] or data:[..]"
        for shape in re.findall(r"\[([^\[\]]*)\]", match.group(2)):
            dims = [d.strip() for d in shape.split(",")] if shape.strip() else []
            bad = [d for d in dims if not _RANGE_DIM.fullmatch(d)]
            if bad:
                return f"dimension {bad[0]!r} is not n, -1 or lo~hi"
            if shape and not shape.strip():
                return "a scalar is written [] with nothing inside"
    return None


def check_multistream_mode(text: str) -> str | None:
    """cv, LoadBalance, LoadBalance:n or MainStream:n with 1 <= n <= 64."""
    match = _MULTISTREAM.fullmatch(text)
    if match is None:
        return "expected cv, LoadBalance, LoadBalance:n or MainStream:n"
    if match.group(2) is not None and not 1 <= int(match.group(2)) <= 64:
        return "the stream count must be between 1 and 64"
    return None


def check_accelerate_train_mode(text: str) -> str | None:
    """``fast|step|0.9``: type fast/fast1, trigger step (0.2-0.9) or loss (1.01-1.5).

    As ``GeOp::ParserAccelerateTrain`` (geop_npu.cc): two fields, or an empty third
    one, take the default ratio (0.9 for step, 1.05 for loss).
    """
    parts = text.split("|")
    if len(parts) not in (2, 3) or parts[0] not in ("fast", "fast1"):
        return "expected fast|step|ratio, fast|loss|ratio, fast1|step|ratio or fast1|loss|ratio"
    if parts[1] not in ("step", "loss"):
        return "the second field must be step or loss"
    if len(parts) == 2 or not parts[2]:
        return None
    try:
        ratio = float(parts[2])
    except ValueError:
        return f"{parts[2]!r} is not a number"
    low, high = (0.2, 0.9) if parts[1] == "step" else (1.01, 1.5)
    if not low <= ratio <= high:
        return f"the {parts[1]} ratio must be between {low} and {high}"
    return None


_BAD = object()


def parse_json(text: str) -> tuple[object, str | None]:
    """(data, None) or (a sentinel, the problem); never raises, even on deep nesting."""
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return _BAD, f"{exc.msg} (line {exc.lineno}, column {exc.colno})"
    except (ValueError, RecursionError) as exc:
        return _BAD, type(exc).__name__


def check_profiling_options(text: str) -> str | None:
    """The runtime parses profiling_options as a JSON object."""
    data, problem = parse_json(text)
    if problem:
        return f"not valid JSON: {problem}"
    return None if isinstance(data, dict) else "not a JSON object"


#: Format id (``Parameter.format``) -> checker.
FORMATS: dict[str, Callable[[str], str | None]] = {
    "step_groups": check_dump_step,
    "device_list": check_device_list,
    "named_shapes": check_input_shape,
    "dim_groups": check_dynamic_dims,
    "core_pair": check_aicore_num,
    "stream_parallel": check_stream_parallel,
    "shape_range": check_shape_range,
    "multistream_mode": check_multistream_mode,
    "accelerate_mode": check_accelerate_train_mode,
    "json_object": check_profiling_options,
}

#: Companion-file format ids (``Parameter.file_format``): the formats
#: ``ascend_studio.companion`` registers, one parser/checker each.
FILE_FORMATS = frozenset(
    {
        "debug_cfg",
        "fusion_switch",
        "mixlist",
        "dtypes",
        "precision_ini",
        "aoe_json",
        "compress_list",
    }
)


def format_problem(param: Parameter, text: str) -> str | None:
    """What is wrong with ``text`` in ``param``'s syntax; None when fine or free-form."""
    check = FORMATS.get(param.format or "")
    return None if check is None else check(text)
