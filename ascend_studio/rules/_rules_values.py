"""Product-dependent ranges, inner formats the docs prescribe, and value notes."""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import RemoveKey
from ascend_studio.rules._fixers import always, remove_each, unsafe
from ascend_studio.rules._model import Condition, Rule, rule
from ascend_studio.rules._wording import subject
from ascend_studio.schema import (
    format_problem,
)

__all__ = ["VALUE_RULES"]


def _format(path: str) -> Condition:
    """The parameter's text breaks the syntax its catalog entry names (``format``)."""

    def when(c: Ctx) -> Mapping[str, object] | None:
        text = c.sval(path)
        param = c.ix.param(path)
        problem = format_problem(param, text) if text is not None and param else None
        return {"problem": problem} if problem else None

    return when


def _range_groups(text: str) -> str | None:
    """What ParseInputShapeRange rejects (LOG(FATAL)): a group that is not
    ``data:..`` or ``getnext:..``, or other than one or two groups."""
    groups = text.split(";")
    for group in groups:
        name, colon, _ = group.partition(":")
        if not colon or ":" in group[len(name) + 1 :] or name not in ("data", "getnext"):
            return f"{group!r} is not data:[..] or getnext:[..]"
    return None if 1 <= len(groups) <= 2 else "more than two groups"


def _parsed_shape_range(c: Ctx) -> str | None:
    """The range, when the adapter parses it: dynamic_input on, dynamic_execute mode."""
    text = c.sval("dynamic_inputs_shape_range")
    mode = c.eff("dynamic_graph_execute_mode") or "dynamic_execute"
    if not text or not c.is_true("dynamic_input") or mode != "dynamic_execute":
        return None
    return text


def _shape_range_aborts(c: Ctx) -> Mapping[str, object] | None:
    text = _parsed_shape_range(c)
    problem = None if text is None else _range_groups(text)
    return {"problem": problem} if problem else None


def _shape_range_undocumented(c: Ctx) -> Mapping[str, object] | None:
    text = _parsed_shape_range(c)
    if text is None or _range_groups(text) is not None:
        return None
    return _format("dynamic_inputs_shape_range")(c)  # type: ignore[return-value]


def _unsupported_distribute(c: Ctx) -> Mapping[str, object] | None:
    which = [p for p in ("train_distribute", "eval_distribute") if c.is_set(p)]
    return subject(which) if which else None


def _debug_dir_unused(c: Ctx) -> bool:
    level = c.ival("op_debug_level", default_too=False)
    return (
        c.is_set("debug_dir")
        and not c.is_set("op_debug_config")
        and (level == 0 or not c.is_set("op_debug_level"))
    )


def _dump_with_exception_dump(c: Ctx) -> bool:
    dumping = c.is_true("dump_config.enable_dump") or c.is_true("dump_config.enable_dump_debug")
    return dumping and c.ival("enable_exception_dump") == 1


def _quant_without_dump(c: Ctx) -> bool:
    return c.lit("quant_dumpable") == "1" and c.is_off("dump_config.enable_dump")


def _aoe_default_work_path(c: Ctx) -> bool:
    return c.is_set("aoe_mode") and not c.is_set("work_path")


VALUE_RULES: tuple[Rule, ...] = (
    rule(
        "dynamic_inputs_shape_range.format",
        "error",
        "runtime",
        ("dynamic_inputs_shape_range", "dynamic_input", "dynamic_graph_execute_mode"),
        _shape_range_aborts,
        message=(
            "dynamic_inputs_shape_range 格式不对（{problem}）；TF Adapter 以 LOG(FATAL) 中止进程。",
            "dynamic_inputs_shape_range is malformed ({problem}); TF Adapter aborts the "
            "process (LOG(FATAL)).",
        ),
        source="tf_adapter/optimizers/om_partition_subgraphs_pass.cc:2206 "
        "(OMPartitionSubgraphsPass::ParseInputShapeRange: LOG(FATAL) on a group other than "
        "data:/getnext: or more than two; read only with dynamic_input and dynamic_execute)",
        fix=(
            '写成 "getnext:[128,3~5,-1];data:[]"：最多两组，每组 data: 或 getnext: 开头。',
            'Write at most two groups, each data: or getnext:, e.g. "getnext:[128,3~5,-1];data:[]".',
        ),
        targets=("dynamic_inputs_shape_range",),
    ),
    rule(
        "dynamic_inputs_shape_range.dims",
        "warning",
        "docs",
        ("dynamic_inputs_shape_range",),
        _shape_range_undocumented,
        message=(
            "dynamic_inputs_shape_range 的维度写法与文档不同（{problem}）；TF Adapter 不检查维度，交给下层处理。",
            "dynamic_inputs_shape_range writes its dimensions unlike the docs ({problem}); TF "
            "Adapter does not check them and passes them on.",
        ),
        source="npurunconfig-page:后续版本废弃配置 dynamic_inputs_shape_range (the documented "
        "form); tf_adapter/optimizers/om_partition_subgraphs_pass.cc:2206 (dimensions not checked)",
        fix=(
            '每维写成 n、-1 或 lo~hi，如 "getnext:[128,3~5,-1];data:[]"。',
            'Write each dimension as n, -1 or lo~hi, e.g. "getnext:[128,3~5,-1];data:[]".',
        ),
    ),
    rule(
        "runconfig.distribute_unsupported",
        "warning",
        "docs",
        ("train_distribute", "eval_distribute"),
        _unsupported_distribute,
        message=(
            "{which} 继承自 tf.estimator.RunConfig，但在 NPU 上不支持。",
            "{which} {comes} from tf.estimator.RunConfig but {is} not supported on the NPU.",
        ),
        source="docs/en/tfadapter_1/apiref/npu_config/runconfig_params_support_info.md",
        fix=(
            "删除 {which}，分布式训练改用 NPU 的分布式接口。",
            "Remove {which}; use the NPU distributed APIs instead.",
        ),
        fixes=remove_each("unsafe"),
    ),
    rule(
        "debug_dir.unused",
        "info",
        "docs",
        ("debug_dir", "op_debug_level", "op_debug_config"),
        _debug_dir_unused,
        message=(
            "未开启算子调试（op_debug_level 为 0/未设置，且未设置 op_debug_config），debug_dir 下不会有调试文件。",
            "Operator debugging is off (op_debug_level 0/unset and no op_debug_config), so "
            "nothing is written to debug_dir.",
        ),
        source="npurunconfig-page:功能调试 debug_dir; npurunconfig-page:后续版本废弃配置 op_debug_level",
        targets=("debug_dir",),
        fixes=always(unsafe(RemoveKey("debug_dir"))),
    ),
    rule(
        "dump.with_exception_dump",
        "info",
        "docs",
        ("enable_exception_dump", "dump_config.enable_dump", "dump_config.enable_dump_debug"),
        _dump_with_exception_dump,
        message=(
            "enable_exception_dump=1 与数据 dump/溢出检测同时开启时，动态 shape 网络只有异常 dump 生效。",
            "With enable_exception_dump=1 and data dump/overflow detection both on, dynamic-"
            "shape networks only get the exception dump.",
        ),
        source="docs/en/tfadapter_1/apiref/npu_config/dumpconfig_constructor.md",
        targets=("dump_config.enable_dump", "dump_config.enable_dump_debug"),
    ),
    rule(
        "quant_dumpable.without_dump",
        "info",
        "docs",
        ("quant_dumpable", "dump_config.enable_dump"),
        _quant_without_dump,
        message=(
            'quant_dumpable="1" 只在开启数据 dump 时有用。',
            'quant_dumpable="1" only matters when data dump is on.',
        ),
        source="npurunconfig-page:精度比对 quant_dumpable",
        targets=("quant_dumpable",),
        fixes=always(unsafe(RemoveKey("quant_dumpable"))),
    ),
    rule(
        "aoe.default_work_path",
        "info",
        "runtime",
        ("aoe_mode", "work_path"),
        _aoe_default_work_path,
        message=(
            '未设置 work_path，AOE 使用当前目录 "./"；该目录须在目标机器上存在且可读写，否则 TF Adapter 中止进程。',
            'work_path is unset, so AOE uses "./"; it must exist and be writable on the '
            "target machine or TF Adapter aborts the process.",
        ),
        source="npu_estimator.py (work_path falls back to './'); npu_attrs.cc CheckPath (LOG(FATAL))",
        fix=(
            "把 work_path 设为一个已存在、可写的目录。",
            "Set work_path to an existing, writable directory.",
        ),
        targets=("work_path",),
    ),
)
