"""Errors the real stack raises: the Python constructors and the C++ option reader.

Each rule names the code location that raises (``npu_config.py``,
``npu_estimator.py``, ``npu_attrs.cc``). Simple type, value-list and range checks
are generated from the catalog (``_catalog_rules``); what is here needs more than
one field or an inner format.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ascend_studio.profile import Expr
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import SetValue
from ascend_studio.rules._fixers import always, unsafe
from ascend_studio.rules._fixes_construct import (
    json_options,
    mixed_precision_on,
    object_call,
    one_of,
)
from ascend_studio.rules._model import Condition, Hit, Rule, rule, show, txt
from ascend_studio.schema import check_profiling_options, format_problem

__all__ = ["ATTRS", "CONSTRUCT_RULES", "HOLDERS", "MIX_PM", "MIX_V2", "check_format"]

HOLDERS = (
    "dump_config",
    "profiling_config",
    "memory_config",
    "experimental_config",
    "experimental_config.graph_memory_optimize_config",
    "dynamic_input_config",
)
_CLASSES = {
    "dump_config": "DumpConfig",
    "profiling_config": "ProfilingConfig",
    "memory_config": "MemoryConfig",
    "experimental_config": "ExperimentalConfig",
    "experimental_config.graph_memory_optimize_config": "GraphMemoryOptimizeConfig",
    "dynamic_input_config": "DynamicInputConfig",
}
#: Mixed-precision modes that let modify_mixlist through (npu_attrs.cc).
MIX_PM = frozenset({"allow_mix_precision", "allow_mix_precision_fp16", "allow_mix_precision_bf16"})
MIX_V2 = frozenset({"mixed_float16", "mixed_bfloat16", "mixed_hif8"})

ATTRS = "npu_attrs.cc:SetNpuOptimizerAttr"
INIT = "npu_config.py:NPURunConfig.__init__"


def _mix_iterations(c: Ctx) -> bool:
    loops = c.ival("iterations_per_loop")
    return c.lit("mix_compile_mode") is True and loops is not None and loops != 1


def _both_checkpoints(c: Ctx) -> bool:
    return c.is_set("save_checkpoints_steps") and c.is_set("save_checkpoints_secs")


#: Where the real code fails on something else than the sub-config object: the
#: constructor checks four of them; NPUEstimator reads the others' attributes.
_NOT_CHECKED = frozenset({"profiling_config", "memory_config"})
_EFFECT = {
    True: txt(
        "NPUEstimator 读取其属性时抛出 AttributeError",
        "NPUEstimator raises AttributeError reading it",
    ),
    False: txt("构造时抛出 ValueError", "the constructor raises ValueError"),
}


def _scan_holders(c: Ctx) -> Iterator[Hit]:
    for holder in HOLDERS:
        value = c.written(holder)  # a literal written for it: 1, {"enable_dump": True}
        if value is not None and not isinstance(value, Expr):
            effect = _EFFECT[holder in _NOT_CHECKED]
            ns = {"param": holder, "value": show(c.raw(holder)), "cls": _CLASSES[holder]}
            yield Hit((holder,), {**ns, "effect": effect})


def _both_precision(c: Ctx) -> bool:
    return c.is_set("precision_mode") and c.is_set("precision_mode_v2")


def _mixlist_without_mix(c: Ctx) -> bool:
    if not c.is_set("modify_mixlist"):
        return False
    if c.is_set("precision_mode"):
        mode = c.raw("precision_mode")
        return not isinstance(mode, Expr) and mode not in MIX_PM
    if c.is_set("precision_mode_v2"):
        mode = c.raw("precision_mode_v2")
        return not isinstance(mode, Expr) and mode not in MIX_V2
    return True


def check_format(path: str, when_true: str | None = None) -> Condition:
    """The parameter's text breaks the syntax its catalog entry names (``format``)."""

    def when(c: Ctx) -> Mapping[str, object] | None:
        text = c.sval(path)
        param = c.ix.param(path)
        if text is None or param is None or (when_true is not None and not c.is_true(when_true)):
            return None
        problem = format_problem(param, text)
        return {"problem": problem} if problem else None

    return when


def _dumping(c: Ctx) -> bool:
    return c.is_true("dump_config.enable_dump") or c.is_true("dump_config.enable_dump_debug")


def _dump_without_path(c: Ctx) -> bool:
    return _dumping(c) and not c.is_set("dump_config.dump_path")


def _optypelist_alone(c: Ctx) -> bool:
    return c.is_set("optypelist_for_implmode") and not c.is_set("op_select_implmode")


def _compress_both(c: Ctx) -> bool:
    return c.is_true("enable_compress_weight") and c.is_set("compress_weight_conf")


def _compress_conf_alone(c: Ctx) -> bool:
    return c.is_set("compress_weight_conf") and not c.is_true("enable_compress_weight")


def _profiling_json(c: Ctx) -> Mapping[str, object] | None:
    text = c.sval("profiling_config.profiling_options")
    if text is None or not c.is_true("profiling_config.enable_profiling") or not text:
        return None
    problem = check_profiling_options(text)  # the options are read when profiling is on
    return {"problem": problem} if problem else None


CONSTRUCT_RULES: tuple[Rule, ...] = (
    rule(
        "mix_compile_mode.iterations_per_loop",
        "error",
        "python",
        ("mix_compile_mode", "iterations_per_loop"),
        _mix_iterations,
        message=(
            "开启混合计算（mix_compile_mode=True）时 iterations_per_loop 必须为 1，当前为 "
            "{iterations_per_loop}；构造时抛出 ValueError。",
            "With mix_compile_mode=True, iterations_per_loop must be 1, got "
            "{iterations_per_loop}; the constructor raises ValueError.",
        ),
        source=INIT + "; npurunconfig-page:性能调优 iterations_per_loop",
        fix=(
            "把 iterations_per_loop 设为 1，或关闭混合计算。",
            "Set iterations_per_loop=1, or turn mixed computing off.",
        ),
        targets=("iterations_per_loop",),
        fixes=always(
            unsafe(SetValue("iterations_per_loop", 1)), unsafe(SetValue("mix_compile_mode", False))
        ),
    ),
    rule(
        "checkpoints.both_set",
        "error",
        "python",
        ("save_checkpoints_steps", "save_checkpoints_secs"),
        _both_checkpoints,
        message=(
            "save_checkpoints_steps 与 save_checkpoints_secs 不能同时设置（tf.estimator.RunConfig 抛出 ValueError）。",
            "save_checkpoints_steps and save_checkpoints_secs cannot both be set "
            "(tf.estimator.RunConfig raises ValueError).",
        ),
        source="tensorflow_estimator run_config.py:RunConfig.__init__",
        fix=(
            "只保留 save_checkpoints_steps 或 save_checkpoints_secs 之一。",
            "Keep only save_checkpoints_steps or save_checkpoints_secs.",
        ),
        fixes=one_of("save_checkpoints_secs", "save_checkpoints_steps"),
    ),
    Rule(
        id="subconfig.not_object",
        severity="error",
        kind="python",
        params=HOLDERS,
        message=txt(
            "{param} 必须是 {cls} 对象，当前为字面值 {value}；{effect}。",
            "{param} must be a {cls} object, got the literal {value}; {effect}.",
        ),
        source="npu_config.py:_get_dump_config/_get_experimental_config/_get_dynamic_input_config, "
        "GraphMemoryOptimizeConfig check (ValueError); npu_estimator.py:__load_profiling_options/"
        "__load_graph_optimizers (profiling_config, memory_config: AttributeError)",
        fix=txt(
            "改为 {cls}(...)，把各字段作为关键字参数传入。",
            "Pass {cls}(...) with the fields as keyword arguments.",
        ),
        scan=_scan_holders,
        fixes=object_call,
    ),
    rule(
        "precision.both_modes",
        "error",
        "runtime",
        ("precision_mode", "precision_mode_v2"),
        _both_precision,
        message=(
            "precision_mode 与 precision_mode_v2 不能同时设置，作业启动时报错。",
            "precision_mode and precision_mode_v2 cannot both be set; the job fails at start.",
        ),
        source=ATTRS
        + " ('precision_mode' and 'precision_mode_v2' can not be assigned at the same time)",
        fix=("只保留 precision_mode_v2（推荐）。", "Keep only precision_mode_v2 (recommended)."),
        fixes=one_of("precision_mode", "precision_mode_v2"),
    ),
    rule(
        "modify_mixlist.needs_mixed_precision",
        "error",
        "runtime",
        ("modify_mixlist", "precision_mode", "precision_mode_v2"),
        _mixlist_without_mix,
        message=(
            "设置了 modify_mixlist，但未显式开启混合精度（precision_mode={precision_mode}，"
            "precision_mode_v2={precision_mode_v2}）；作业启动时报错。",
            "modify_mixlist is set but mixed precision is not explicitly on "
            "(precision_mode={precision_mode}, precision_mode_v2={precision_mode_v2}); the job "
            "fails at start.",
        ),
        source=ATTRS + " (modify_mixlist check)",
        fix=(
            "设置 precision_mode_v2='mixed_float16'（或 precision_mode='allow_mix_precision'）。",
            "Set precision_mode_v2='mixed_float16' (or precision_mode='allow_mix_precision').",
        ),
        targets=("modify_mixlist",),
        fixes=mixed_precision_on,
    ),
    rule(
        "dump_step.format",
        "error",
        "runtime",
        ("dump_config.dump_step", "dump_config.enable_dump"),
        check_format("dump_config.dump_step", "dump_config.enable_dump"),
        message=(
            "dump_step={dump_config.dump_step} 格式不对（{problem}）；作业启动时报错。",
            "dump_step={dump_config.dump_step} is malformed ({problem}); the job fails at start.",
        ),
        source="npu_attrs.cc:checkDumpStep",
        fix=(
            '写成 "0|5|10-20" 形式，区间从小到大，最多 100 组。',
            'Write it like "0|5|10-20": ranges go upwards, at most 100 groups.',
        ),
        targets=("dump_config.dump_step",),
    ),
    rule(
        "dump.path_required",
        "error",
        "runtime",
        ("dump_config.dump_path", "dump_config.enable_dump", "dump_config.enable_dump_debug"),
        _dump_without_path,
        message=(
            "开启了数据 dump 或溢出检测，但未设置 dump_path；作业启动时报错。",
            "Data dump or overflow detection is on but dump_path is not set; the job fails at start.",
        ),
        source=ATTRS + " (if use dump function, dump_path must be set)",
        fix=(
            "设置 dump_path 为目标机器上已存在且可读写的目录。",
            "Set dump_path to an existing, writable directory on the target machine.",
        ),
        targets=("dump_config.dump_path",),
    ),
    rule(
        "implmode.optypelist_needs_mode",
        "error",
        "runtime",
        ("optypelist_for_implmode", "op_select_implmode"),
        _optypelist_alone,
        message=(
            "设置了 optypelist_for_implmode 却未设置 op_select_implmode；TF Adapter 以 LOG(FATAL) 中止进程。",
            "optypelist_for_implmode is set without op_select_implmode; TF Adapter aborts the "
            "process (LOG(FATAL)).",
        ),
        source=ATTRS + " (when use optypelist_for_implmode, op_select_implmode must be set)",
        fix=(
            "同时设置 op_select_implmode，或改用 op_precision_mode。",
            "Also set op_select_implmode, or move to op_precision_mode.",
        ),
        targets=("optypelist_for_implmode",),
        fixes=always(
            unsafe(SetValue("op_select_implmode", "high_precision")),
            unsafe(SetValue("op_select_implmode", "high_performance")),
        ),
        also=("或者改用 op_precision_mode。", "Or move to op_precision_mode."),
    ),
    rule(
        "compress_weight.both_set",
        "error",
        "runtime",
        ("enable_compress_weight", "compress_weight_conf"),
        _compress_both,
        message=(
            "enable_compress_weight 与 compress_weight_conf 不能同时使用；TF Adapter 以 LOG(FATAL) 中止进程。",
            "enable_compress_weight cannot be combined with compress_weight_conf; TF Adapter "
            "aborts the process (LOG(FATAL)).",
        ),
        source=ATTRS + " (enable_compress_weight can not use with compress_weight_conf)",
        fix=(
            "只保留 enable_compress_weight 或 compress_weight_conf 之一。",
            "Keep only enable_compress_weight or compress_weight_conf.",
        ),
        fixes=one_of("compress_weight_conf"),  # alone, the switch NPUEstimator always sends aborts
    ),
    rule(
        "compress_weight_conf.always_aborts",
        "error",
        "runtime",
        ("compress_weight_conf", "enable_compress_weight"),
        _compress_conf_alone,
        message=(
            "NPUEstimator 总会发送 enable_compress_weight，因此经 NPURunConfig 设置的任何 "
            "compress_weight_conf 都会触发“不能同时使用”的中止（依据代码推断，未实测）。",
            "NPUEstimator always sends enable_compress_weight, so any compress_weight_conf set "
            "through NPURunConfig hits the 'cannot be combined' abort (derived from the code, "
            "not run).",
        ),
        source="tf_adapter/python/npu_bridge/estimator/npu/npu_estimator.py:815 (enable_compress_"
        "weight always written); tf_adapter/util/npu_attrs.cc:2393 (both keys present: LOG(FATAL))",
        fix=(
            "删除 compress_weight_conf；或改用 sess.run 方式（sess 导出此时不写 enable_compress_weight，只发送 compress_weight_conf）。",
            "Remove compress_weight_conf, or use the sess.run style: the sess export then leaves "
            "out enable_compress_weight and sends only compress_weight_conf.",
        ),
        targets=("compress_weight_conf",),
        fixes=one_of("compress_weight_conf"),
        also=(
            "或者改用 sess.run 方式（sess 导出此时不写 enable_compress_weight，只发送 compress_weight_conf）。",
            "Or use the sess.run style: the sess export then leaves out enable_compress_weight "
            "and sends only compress_weight_conf.",
        ),
        surfaces=("estimator",),
    ),
    rule(
        "profiling_options.invalid_json",
        "error",
        "runtime",
        ("profiling_config.profiling_options", "profiling_config.enable_profiling"),
        _profiling_json,
        message=(
            "profiling_options 不是合法的 JSON 对象（{problem}）；运行时无法解析，Profiling 无法启动。",
            "profiling_options is not a valid JSON object ({problem}); the runtime cannot parse "
            "it and profiling does not start.",
        ),
        source="npu_attrs.cc (forwarded unparsed as ge.exec.profilingOptions, a JSON document)",
        fix=(
            '写成 JSON 对象，如 {"output":"/tmp/prof","task_trace":"on"}。',
            'Write a JSON object, e.g. {"output":"/tmp/prof","task_trace":"on"}.',
        ),
        targets=("profiling_config.profiling_options",),
        fixes=json_options("profiling_config.profiling_options"),
    ),
)
