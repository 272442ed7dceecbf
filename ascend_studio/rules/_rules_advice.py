"""Advice: settings meant for particular networks, units that are easy to mix up,
and documented recommendations. Nothing here fails; it helps users decide.
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.profile import Expr
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fixes_advice import milliseconds, precision_v2
from ascend_studio.rules._model import Condition, Rule, rule
from ascend_studio.rules._rules_workpath import WORK_PATH_PAGE
from ascend_studio.schema import Text, parse_json

__all__ = ["ADVICE_RULES"]


def _set_to(path: str, *values: object) -> Condition:
    def when(c: Ctx) -> bool:
        value = c.lit(path)
        return c.is_set(path) and value is not None and value in values

    return when


def _set_not(path: str, default: object) -> Condition:
    def when(c: Ctx) -> bool:
        value = c.lit(path)
        return value is not None and value != default

    return when


def _small_ms(path: str) -> Condition:
    def when(c: Ctx) -> bool:
        value = c.ival(path, default_too=False)
        return value is not None and 0 < value < 1000

    return when


def _deterministic_no_seed(c: Ctx) -> bool:
    return c.ival("deterministic", default_too=False) == 1 and not c.is_set("tf_random_seed")


def _small_channel_training(c: Ctx) -> bool:
    return c.ival("enable_small_channel", default_too=False) == 1 and c.graph_run_mode == 1


def _profiling_without_output(c: Ctx) -> bool:
    text = c.sval("profiling_config.profiling_options")
    if not text or not c.is_true("profiling_config.enable_profiling"):
        return False
    if c.env_given("ASCEND_WORK_PATH") or _has_output(c.env_value("PROFILING_OPTIONS")):
        return False  # ${ASCEND_WORK_PATH}/profiling_data, or the variable's output
    data, problem = parse_json(text)
    return problem is None and isinstance(data, dict) and not data.get("output")


#: precision_mode value -> the precision_mode_v2 value the docs describe identically
#: (NPURunConfig parameter page, precision_mode and precision_mode_v2 rows).
_V2_EQUIVALENT = {
    "force_fp16": "fp16",
    "force_fp32": "cube_fp16in_fp32out",
    "cube_fp16in_fp32out": "cube_fp16in_fp32out",
    "must_keep_origin_dtype": "origin",
    "allow_mix_precision": "mixed_float16",
    "allow_mix_precision_fp16": "mixed_float16",
    "allow_mix_precision_bf16": "mixed_bfloat16",
}


def _training_on_inference(c: Ctx) -> Mapping[str, object] | None:
    """The training scenario on a product of the inference family."""
    catalog = c.ix.catalog
    if c.scenario != "training" or c.product not in catalog.product_ids:
        return None
    if catalog.product(c.product).family != "inference":
        return None
    training = [p.short for p in catalog.products if p.family == "training"]
    return {
        "trainers": Text.of("、".join(t.zh for t in training), ", ".join(t.en for t in training))
    }


def _pm_set(c: Ctx) -> Mapping[str, object] | None:
    """precision_mode set without v2: the advice names the v2 value to use instead."""
    if not c.is_set("precision_mode") or c.is_set("precision_mode_v2"):
        return None
    value = c.lit("precision_mode")
    raw = c.raw("precision_mode")
    if isinstance(raw, Expr):  # known only at run time: no one v2 value to name
        instead = Text.of(
            f"precision_mode 取自运行时的 {raw.expr}：按其取值改用对应的 precision_mode_v2（如 allow_mix_precision 对应 'mixed_float16'，must_keep_origin_dtype 对应 'origin'），并删除 precision_mode",
            f"precision_mode comes from {raw.expr} at run time: set precision_mode_v2 to the "
            "value matching it (allow_mix_precision: 'mixed_float16', must_keep_origin_dtype: "
            "'origin') and remove precision_mode",
        )
        return {"instead": instead}
    same = _V2_EQUIVALENT.get(value) if isinstance(value, str) else None
    if same is not None:
        instead = Text.of(
            f"改为 precision_mode_v2={same!r}（与 precision_mode={value!r} 效果相同），并删除 precision_mode",
            f"Set precision_mode_v2={same!r} (the same as precision_mode={value!r}) "
            "and remove precision_mode",
        )
        return {"instead": instead, "same": same, "was": value}
    instead = Text.of(
        f"precision_mode_v2 没有与 precision_mode={value!r} 效果相同的取值：保留 precision_mode，或按需改用 precision_mode_v2（如 'origin' 保持原图精度、'mixed_float16' 混合精度）",
        f"precision_mode_v2 has no value that behaves like precision_mode={value!r}: "
        "keep precision_mode, or choose a precision_mode_v2 value ('origin' keeps the graph's "
        "precision, 'mixed_float16' is mixed precision)",
    )
    return {"instead": instead}


def _has_output(text: str | None) -> bool:
    data, problem = parse_json(text) if text else (None, "unset")
    return problem is None and isinstance(data, dict) and bool(data.get("output"))


ADVICE_RULES: tuple[Rule, ...] = (
    rule(
        "deterministic.fix_seeds",
        "info",
        "advice",
        ("deterministic", "tf_random_seed"),
        _deterministic_no_seed,
        message=(
            "开启确定性计算后，若要结果完全一致，还需固定随机种子（如 tf_random_seed）。",
            "For fully repeatable results with deterministic=1, also fix the random seeds "
            "(e.g. tf_random_seed).",
        ),
        source="npurunconfig-page:基础功能 deterministic",
        fix=(
            "设置 tf_random_seed，并在脚本中固定其他随机源。",
            "Set tf_random_seed and fix the script's other random sources.",
        ),
        targets=("tf_random_seed",),
    ),
    rule(
        "target.training_on_inference_product",
        "warning",
        "advice",
        ("graph_run_mode",),  # what the scenario sets (1: training)
        _training_on_inference,
        message=(
            "目标 {product} 是推理产品，却选择了训练场景：参数说明页的训练说明只针对训练产品。",
            "The target {product} is an inference product, but the scenario is training: the "
            "parameter page documents training for training products only.",
        ),
        source="npurunconfig-page (product notes per parameter); catalog:products.toml family",
        fix=(
            "把场景改为在线推理，或把目标改为训练产品（{trainers}）。",
            "Switch the scenario to online inference, or the target to a training product "
            "({trainers}).",
        ),
    ),
    rule(
        "precision_mode.prefer_v2",
        "info",
        "advice",
        ("precision_mode",),
        _pm_set,
        message=(
            "文档建议使用 precision_mode_v2 代替 precision_mode。",
            "The docs recommend precision_mode_v2 over precision_mode.",
        ),
        source="npurunconfig-page:精度调优 precision_mode",
        fix=("{instead}。", "{instead}."),
        fixes=precision_v2,
    ),
    rule(
        "variable_placement.host_control_flow",
        "info",
        "advice",
        ("variable_placement",),
        _set_to("variable_placement", "Host"),
        message=(
            'variable_placement="Host" 与 TF V1 控制流（tf.cond/tf.while_loop 等）一起使用可能失败，需在脚本中调用 tf.enable_control_flow_v2() 与 tf.enable_resource_variables()。',
            'variable_placement="Host" can fail with TF V1 control flow (tf.cond, '
            "tf.while_loop...); call tf.enable_control_flow_v2() and "
            "tf.enable_resource_variables() in the script.",
        ),
        source="npurunconfig-page:性能调优 variable_placement",
    ),
    rule(
        "is_tailing_optimization.bert_only",
        "info",
        "advice",
        ("is_tailing_optimization",),
        _set_to("is_tailing_optimization", True),
        message=(
            "is_tailing_optimization 仅用于 BERT 网络的分布式训练，且须与 NPUOptimizer 中的同名参数取值一致。",
            "is_tailing_optimization is for distributed BERT training only and must match the "
            "same argument of NPUOptimizer.",
        ),
        source="npurunconfig-page:性能调优 is_tailing_optimization",
    ),
    rule(
        "stream_max_parallel_num.nmt_only",
        "info",
        "advice",
        ("stream_max_parallel_num",),
        lambda c: c.is_set("stream_max_parallel_num"),
        message=(
            "stream_max_parallel_num 仅适用于 NMT 网络。",
            "stream_max_parallel_num is meant for NMT networks only.",
        ),
        source="npurunconfig-page:性能调优 stream_max_parallel_num",
    ),
    rule(
        "jit_compile.recommendation_only",
        "info",
        "advice",
        ("jit_compile",),
        _set_not("jit_compile", "auto"),
        message=(
            "jit_compile 非默认取值仅限大型推荐类网络使用。",
            "Non-default jit_compile values are meant for large recommendation networks only.",
        ),
        source="npurunconfig-page:试验参数 jit_compile",
    ),
    rule(
        "all_tensor_not_empty.risk",
        "info",
        "advice",
        ("all_tensor_not_empty",),
        _set_to("all_tensor_not_empty", True),
        message=(
            "all_tensor_not_empty=True 会移除空 tensor 判断节点；若图中实际存在空 tensor，部分算子会执行出错。",
            "all_tensor_not_empty=True removes the empty-tensor guards; if the graph does "
            "have empty tensors, some operators fail.",
        ),
        source="npurunconfig-page:动态shape all_tensor_not_empty",
    ),
    rule(
        "oo_constant_folding.off",
        "info",
        "advice",
        ("oo_constant_folding",),
        _set_to("oo_constant_folding", False),
        message=(
            "关闭常量折叠后，依赖折叠的网络可能编译失败（如 EZ3003）；可改用 _grappler_do_not_remove 精确关闭个别节点。",
            "With constant folding off, networks that rely on it may fail to compile (e.g. "
            "EZ3003); prefer _grappler_do_not_remove on single nodes.",
        ),
        source="npurunconfig-page:算子编译 oo_constant_folding",
    ),
    rule(
        "stream_sync_timeout.units",
        "info",
        "advice",
        ("stream_sync_timeout",),
        _small_ms("stream_sync_timeout"),
        message=(
            "stream_sync_timeout 单位是毫秒，{stream_sync_timeout} 不到 1 秒，是否误填为秒？",
            "stream_sync_timeout is in milliseconds; {stream_sync_timeout} is under one "
            "second. Was it meant as seconds?",
        ),
        source="npurunconfig-page:异常补救 stream_sync_timeout",
        fixes=milliseconds("stream_sync_timeout"),
    ),
    rule(
        "event_sync_timeout.units",
        "info",
        "advice",
        ("event_sync_timeout",),
        _small_ms("event_sync_timeout"),
        message=(
            "event_sync_timeout 单位是毫秒，{event_sync_timeout} 不到 1 秒，是否误填为秒？",
            "event_sync_timeout is in milliseconds; {event_sync_timeout} is under one second. "
            "Was it meant as seconds?",
        ),
        source="npurunconfig-page:异常补救 event_sync_timeout",
        fixes=milliseconds("event_sync_timeout"),
    ),
    rule(
        "enable_small_channel.training",
        "info",
        "advice",
        ("enable_small_channel", "graph_run_mode"),
        _small_channel_training,
        message=(
            "训练场景下不建议开启 enable_small_channel；只有 ResNet50/101/152 有收益，其他网络可能变慢。",
            "enable_small_channel is not recommended for training; only ResNet50/101/152 gain, "
            "other networks may slow down.",
        ),
        source="npurunconfig-page:性能调优 enable_small_channel",
        targets=("enable_small_channel",),
    ),
    rule(
        "profiling_options.no_output",
        "warning",
        "docs",
        (
            "profiling_config.profiling_options",
            "profiling_config.enable_profiling",
            "env:ASCEND_WORK_PATH",
            "env:PROFILING_OPTIONS",
        ),
        _profiling_without_output,
        message=(
            "profiling_options 没有 output，这里也没有设置 ASCEND_WORK_PATH：ASCEND_WORK_PATH 页称 TensorFlow 训练/在线推理时 output 与 ASCEND_WORK_PATH 至少要配置一个，否则 Profiling 采集报错。"
            "作业环境设置了 ASCEND_WORK_PATH 时，数据写到 $ASCEND_WORK_PATH/profiling_data。",
            "profiling_options has no output and ASCEND_WORK_PATH is not set here: the "
            "ASCEND_WORK_PATH page says that for TensorFlow training and online inference one "
            "of output and ASCEND_WORK_PATH must be set, otherwise profiling fails. If the job's "
            "environment sets ASCEND_WORK_PATH, the data goes to "
            "$ASCEND_WORK_PATH/profiling_data.",
        ),
        source=WORK_PATH_PAGE + " (table 1, profiling_data row); tf_adapter/util/npu_attrs.cc:"
        "2128 (built-in options, output ./, only when profiling_options is empty)",
        fix=(
            '在 profiling_options 中设置 "output"（例如 "/home/user/profiling"），或在作业环境中设置 ASCEND_WORK_PATH。',
            'Set "output" in profiling_options (e.g. "/home/user/profiling"), or set '
            "ASCEND_WORK_PATH in the job's environment.",
        ),
        targets=("profiling_config.profiling_options",),
    ),
    rule(
        "auto_multistream_parallel_mode.recommendation_only",
        "info",
        "advice",
        ("auto_multistream_parallel_mode",),
        lambda c: c.is_set("auto_multistream_parallel_mode"),
        message=(
            "auto_multistream_parallel_mode 仅用于推荐类网络；NPURunConfig 参数说明页还限定为训练场景、仅静态 shape，当前 TF Adapter 文档则允许静态与动态 shape。",
            "auto_multistream_parallel_mode is for recommendation networks only; the NPURunConfig "
            "parameter page also limits it to training on static shapes, while the current TF "
            "Adapter docs allow static and dynamic shapes.",
        ),
        source="npurunconfig-page:试验参数 auto_multistream_parallel_mode; docs experiment_options.md",
    ),
    rule(
        "hcom_parallel.small_networks",
        "info",
        "advice",
        ("hcom_parallel",),
        _set_to("hcom_parallel", True),
        message=(
            "hcom_parallel 只在分布式训练中起作用；小网络（如 ResNet18）建议设为 False。",
            "hcom_parallel only matters in distributed training; small networks (e.g. "
            "ResNet18) are better with False.",
        ),
        source="npurunconfig-page:性能调优 hcom_parallel",
    ),
)
