"""Advice: settings meant for particular networks, units that are easy to mix up,
and documented recommendations. Nothing here fails; it helps users decide.
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.profile import Expr
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fixes_advice import precision_v2
from ascend_studio.rules._model import Rule, rule
from ascend_studio.rules._rules_workpath import WORK_PATH_PAGE
from ascend_studio.schema import Text, parse_json

__all__ = ["ADVICE_RULES"]


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
)
