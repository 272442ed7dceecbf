"""Cross-parameter rules: requirements, exclusions, overrides and ignored settings.

Most of these are silent in the real stack (a setting is dropped, rewritten or
overridden with at most a log line), which is exactly why the tool shows them.
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.rules._catalog_fixes import first_of
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import RemoveKey, SetValue
from ascend_studio.rules._fixers import always, unsafe
from ascend_studio.rules._fixes_interplay import host_placement, next_multiple, remove_set
from ascend_studio.rules._model import Rule, rule
from ascend_studio.rules._wording import subject

__all__ = ["INTERPLAY_RULES"]

ATTRS = "npu_attrs.cc:SetNpuOptimizerAttr"


def _small_channel_forced(c: Ctx) -> bool:
    return c.is_set("enable_small_channel") and c.graph_run_mode == 0


def _cache_vs_debug_level(c: Ctx) -> bool:
    level = c.ival("op_debug_level", default_too=False)
    return c.is_set("op_compiler_cache_mode") and level is not None and level != 0


def _generalization(c: Ctx) -> bool:
    mode = c.sval("shape_generalization_mode")
    return mode is not None and mode != "STRICT"


def _generalization_needs_jit(c: Ctx) -> bool:
    """dynamic_input=True makes the executor force jit_compile on (geop_npu.cc:426)."""
    jit = c.eff("jit_compile")
    forced = c.is_true("dynamic_input")
    return _generalization(c) and isinstance(jit, str) and jit != "true" and not forced


def _generalization_vs_dynamic(c: Ctx) -> bool:
    return _generalization(c) and c.is_true("compile_dynamic_mode")


_KEEP_ORIGIN = (("precision_mode", "must_keep_origin_dtype"), ("precision_mode_v2", "origin"))


def _dtypes_under_origin(c: Ctx) -> Mapping[str, object] | None:
    """Explicit precision settings decide; with none, the documented defaults do."""
    if not c.is_set("customize_dtypes"):
        return None
    explicit = any(c.is_set(path) for path, _ in _KEEP_ORIGIN)
    for path, keep in _KEEP_ORIGIN:
        mode, documented = c.precision(path)
        if mode == keep and documented != explicit:
            zh, en = ("（文档默认值）", " (documented default)") if documented else ("", "")
            return {"mode": f"{path}={mode!r}{zh}", "mode_en": f"{path}={mode!r}{en}"}
    return None


def _aicore_jit_false(c: Ctx) -> bool:
    return c.is_set("aicore_num") and c.eff("jit_compile") == "false"


def _range_vs_dims(c: Ctx) -> bool:
    return c.is_set("dynamic_inputs_shape_range") and c.is_set("dynamic_input_config.dynamic_dims")


def _needs_dynamic_input(c: Ctx) -> Mapping[str, object] | None:
    if c.is_true("dynamic_input"):
        return None
    paths = [p for p in ("dynamic_inputs_shape_range", "dynamic_graph_execute_mode") if c.is_set(p)]
    return subject(paths) if paths else None


def _precision_over_implmode(c: Ctx) -> bool:
    return c.is_set("op_precision_mode") and (
        c.is_set("op_select_implmode") or c.is_set("optypelist_for_implmode")
    )


def _single_deploy(c: Ctx) -> Mapping[str, object] | None:
    if not c.is_set("experimental_config.logical_device_id"):
        return None
    mode = c.eff("experimental_config.logical_device_cluster_deploy_mode")
    if mode is None and c.is_set("experimental_config.logical_device_cluster_deploy_mode"):
        return None
    return None if mode in ("Single", "SINGLE") else {"mode": repr(mode if mode else "LB")}


def _device_list_alone(c: Ctx) -> bool:
    return c.is_set("local_device_list") and not c.is_set("local_rank_id")


def _checkpoint_steps(c: Ctx) -> Mapping[str, object] | None:
    steps = c.ival("save_checkpoints_steps", default_too=False)
    loops = c.ival("iterations_per_loop")
    if steps is None or loops is None or loops <= 1 or steps <= 0:
        return None
    return None if steps % loops == 0 and steps >= loops else {"loops": loops}


def _parallel_static_memory(c: Ctx) -> bool:
    policy = c.ival("memory_config.static_memory_policy", default_too=False)
    models = c.ival("graph_max_parallel_model_num")
    return policy in (2, 4) and models is not None and models > 1


def _host_placement(c: Ctx) -> bool:
    return c.lit("variable_placement") == "Host" and c.is_off("mix_compile_mode")


def _accelerate_precision(c: Ctx) -> Mapping[str, object] | None:
    if not c.is_set("experimental_config.accelerate_train_mode"):
        return None
    mode = c.sval("precision_mode")
    if mode is not None and mode not in ("allow_fp32_to_fp16", "must_keep_origin_dtype"):
        return {"mode": f"precision_mode={mode!r}"}
    mode = c.sval("precision_mode_v2")
    if mode is not None and mode != "origin":
        return {"mode": f"precision_mode_v2={mode!r}"}
    return None


INTERPLAY_RULES: tuple[Rule, ...] = (
    rule(
        "enable_small_channel.forced_in_inference",
        "warning",
        "runtime",
        ("enable_small_channel", "graph_run_mode"),
        _small_channel_forced,
        message=(
            "在线推理（graph_run_mode=0）时 enable_small_channel 不支持用户配置，运行时强制为 1；当前设置 {enable_small_channel} 不起作用。",
            "In online inference (graph_run_mode=0) enable_small_channel is not user-"
            "configurable: the runtime forces 1, so {enable_small_channel} has no effect.",
        ),
        source=ATTRS
        + " (graph_run_mode == 0 -> enable_small_channel = 1); npurunconfig-page:性能调优",
        fix=("删除 enable_small_channel。", "Remove enable_small_channel."),
        targets=("enable_small_channel",),
        fixes=remove_set("safe", "enable_small_channel"),
    ),
    rule(
        "op_compiler_cache_mode.ignored_by_debug_level",
        "warning",
        "docs",
        ("op_compiler_cache_mode", "op_debug_level"),
        _cache_vs_debug_level,
        message=(
            "op_debug_level={op_debug_level} 非 0，op_compiler_cache_mode 被忽略，算子全部重新编译。",
            "op_debug_level={op_debug_level} is not 0, so op_compiler_cache_mode is ignored and "
            "every operator is recompiled.",
        ),
        source="npurunconfig-page:算子编译 op_compiler_cache_mode",
        fix=(
            "调试结束后把 op_debug_level 设回 0。",
            "Set op_debug_level back to 0 after debugging.",
        ),
        targets=("op_compiler_cache_mode",),
        fixes=always(
            unsafe(SetValue("op_debug_level", 0)), unsafe(RemoveKey("op_compiler_cache_mode"))
        ),
    ),
    rule(
        "shape_generalization_mode.needs_jit_true",
        "warning",
        "docs",
        ("shape_generalization_mode", "jit_compile", "dynamic_input"),
        _generalization_needs_jit,
        message=(
            'shape_generalization_mode 仅在 jit_compile="true" 时生效，当前 jit_compile={jit_compile}，设置被忽略。',
            'shape_generalization_mode only works with jit_compile="true"; jit_compile is '
            "{jit_compile}, so it is ignored.",
        ),
        source="tf_adapter/kernels/geop_npu.cc:450 (GeOp::Initialize: shape_generalization_mode "
        "ignored unless jit_compile is 1; dynamic_input=True sets it to 1 at line 426)",
        fix=(
            '把 jit_compile 设为 "true"（或 dynamic_input=True），或删除该参数。',
            'Set jit_compile="true" (or dynamic_input=True), or remove it.',
        ),
        targets=("shape_generalization_mode",),
        fixes=always(
            unsafe(SetValue("jit_compile", "true")),
            unsafe(SetValue("dynamic_input", True)),
            unsafe(RemoveKey("shape_generalization_mode")),
        ),
    ),
    rule(
        "shape_generalization_mode.compile_dynamic_mode",
        "warning",
        "docs",
        ("shape_generalization_mode", "compile_dynamic_mode"),
        _generalization_vs_dynamic,
        message=(
            "compile_dynamic_mode=True 时首轮即把所有输入 shape 泛化为 -1，shape_generalization_mode 不生效。",
            "With compile_dynamic_mode=True every input shape becomes -1 on the first "
            "iteration, so shape_generalization_mode has no effect.",
        ),
        source="npurunconfig-page:试验参数 shape_generalization_mode",
        fix=(
            "只保留 shape_generalization_mode 或 compile_dynamic_mode=True 之一。",
            "Keep only shape_generalization_mode or compile_dynamic_mode=True.",
        ),
        targets=("shape_generalization_mode",),
        fixes=remove_set("unsafe", "shape_generalization_mode"),
    ),
    rule(
        "customize_dtypes.ignored_by_origin",
        "warning",
        "docs",
        ("customize_dtypes", "precision_mode", "precision_mode_v2"),
        _dtypes_under_origin,
        message=(
            "customize_dtypes 不生效：{mode} 会保持原图精度。",
            "customize_dtypes has no effect: {mode_en} keeps the original precision.",
        ),
        source="npurunconfig-page:精度调优 customize_dtypes",
        fix=(
            "换用其他精度模式，或删除 customize_dtypes。",
            "Use another precision mode, or remove customize_dtypes.",
        ),
        targets=("customize_dtypes",),
        fixes=remove_set("unsafe", "customize_dtypes"),
        also=("或者改用其他精度模式。", "Or use another precision mode."),
    ),
    rule(
        "aicore_num.ignored_without_jit",
        "warning",
        "docs",
        ("aicore_num", "jit_compile"),
        _aicore_jit_false,
        message=(
            'jit_compile="false" 时静态 shape 网络复用已编译的算子二进制，aicore_num 不生效。',
            'With jit_compile="false", static-shape networks reuse prebuilt operator '
            "binaries and aicore_num has no effect.",
        ),
        source="npurunconfig-page:算子编译 aicore_num",
        fix=(
            '需要限制核数时使用 jit_compile="true" 或 "auto"。',
            'Use jit_compile="true" or "auto" when limiting cores.',
        ),
        targets=("aicore_num",),
        fixes=always(unsafe(SetValue("jit_compile", "auto")), unsafe(RemoveKey("aicore_num"))),
    ),
    rule(
        "dynamic_inputs_shape_range.overridden_by_dims",
        "warning",
        "docs",
        ("dynamic_inputs_shape_range", "dynamic_input_config.dynamic_dims"),
        _range_vs_dims,
        message=(
            "dynamic_inputs_shape_range 与 dynamic_dims 不能同时使用；dynamic_dims 优先，shape 范围不生效。",
            "dynamic_inputs_shape_range cannot be combined with dynamic_dims; dynamic_dims "
            "wins and the shape range is ignored.",
        ),
        source="npurunconfig-page:后续版本废弃配置 dynamic_inputs_shape_range",
        fix=(
            "只保留 dynamic_inputs_shape_range 或 dynamic_dims 之一。",
            "Keep only dynamic_inputs_shape_range or dynamic_dims.",
        ),
        targets=("dynamic_inputs_shape_range",),
        fixes=remove_set("unsafe", "dynamic_inputs_shape_range"),
    ),
    rule(
        "dynamic_input.required",
        "warning",
        "runtime",
        ("dynamic_inputs_shape_range", "dynamic_graph_execute_mode", "dynamic_input"),
        _needs_dynamic_input,
        message=(
            "{which} 仅在 dynamic_input=True 时读取，当前被忽略。",
            "{which} {is} only read with dynamic_input=True; ignored now.",
        ),
        source=ATTRS + " (read only inside if (dynamic_input))",
        fix=(
            "设置 dynamic_input=True，或删除这些参数。",
            "Set dynamic_input=True, or remove them.",
        ),
        targets=("dynamic_inputs_shape_range", "dynamic_graph_execute_mode"),
        fixes=first_of(
            always(unsafe(SetValue("dynamic_input", True))),
            remove_set("unsafe", "dynamic_inputs_shape_range", "dynamic_graph_execute_mode"),
        ),
    ),
    rule(
        "op_precision_mode.overrides_implmode",
        "warning",
        "docs",
        ("op_precision_mode", "op_select_implmode", "optypelist_for_implmode"),
        _precision_over_implmode,
        message=(
            "同时设置了 op_precision_mode 与 op_select_implmode/optypelist_for_implmode，只有 op_precision_mode 生效。",
            "op_precision_mode is set together with op_select_implmode/optypelist_for_implmode; "
            "only op_precision_mode takes effect.",
        ),
        source="npurunconfig-page:性能调优 op_precision_mode",
        fix=(
            "删除 op_select_implmode 与 optypelist_for_implmode。",
            "Remove op_select_implmode and optypelist_for_implmode.",
        ),
        targets=("op_select_implmode", "optypelist_for_implmode"),
        fixes=remove_set("unsafe", "op_select_implmode", "optypelist_for_implmode"),
    ),
    rule(
        "logical_device_id.needs_single",
        "warning",
        "docs",
        (
            "experimental_config.logical_device_id",
            "experimental_config.logical_device_cluster_deploy_mode",
        ),
        _single_deploy,
        message=(
            "logical_device_id 仅在 logical_device_cluster_deploy_mode 为 Single 时使用，当前为 {mode}。",
            "logical_device_id is only used when logical_device_cluster_deploy_mode is Single; "
            "it is {mode}.",
        ),
        source="npu_config.py:ExperimentalConfig docstring",
        fix=(
            "把部署模式设为 Single（2.x 写作 SINGLE）。",
            "Set the deploy mode to Single (2.x spells it SINGLE).",
        ),
        targets=("experimental_config.logical_device_id",),
        fixes=always(
            unsafe(SetValue("experimental_config.logical_device_cluster_deploy_mode", "SINGLE"))
        ),
    ),
    rule(
        "local_device_list.needs_local_rank_id",
        "warning",
        "docs",
        ("local_device_list", "local_rank_id"),
        _device_list_alone,
        message=(
            "local_device_list 需与 local_rank_id 配合使用（主进程向这些 Device 分发数据）。",
            "local_device_list works together with local_rank_id (the main process feeds "
            "these devices).",
        ),
        source="npurunconfig-page:数据增强",
        fix=("同时设置 local_rank_id。", "Also set local_rank_id."),
        targets=("local_device_list",),
    ),
    rule(
        "checkpoints.steps_vs_loop",
        "warning",
        "docs",
        ("save_checkpoints_steps", "iterations_per_loop"),
        _checkpoint_steps,
        message=(
            "save_checkpoints_steps={save_checkpoints_steps} 应不小于且为 iterations_per_loop={loops} 的整数倍，否则检查点步数与下沉循环错位。",
            "save_checkpoints_steps={save_checkpoints_steps} should be at least, and a multiple "
            "of, iterations_per_loop={loops}; otherwise checkpoints fall between sink loops.",
        ),
        source="npurunconfig-page:性能调优 iterations_per_loop; docs/zh npu_config (>= iterations_per_loop)",
        fix=("取 iterations_per_loop 的整数倍。", "Use a multiple of iterations_per_loop."),
        targets=("save_checkpoints_steps",),
        fixes=next_multiple,
    ),
    rule(
        "static_memory_policy.parallel_graphs",
        "error",
        "docs",
        ("memory_config.static_memory_policy", "graph_max_parallel_model_num"),
        _parallel_static_memory,
        message=(
            "多图并发执行（graph_max_parallel_model_num={graph_max_parallel_model_num}）时 static_memory_policy 不能为 2 或 4。",
            "static_memory_policy cannot be 2 or 4 while graphs run concurrently "
            "(graph_max_parallel_model_num={graph_max_parallel_model_num}).",
        ),
        source="docs/en/tfadapter_1/apiref/npu_config/memoryconfig_constructor.md",
        fix=("改用 0 或 3，或把并发数设为 1。", "Use 0 or 3, or run one graph at a time."),
        targets=("memory_config.static_memory_policy",),
        fixes=always(
            unsafe(SetValue("memory_config.static_memory_policy", 0)),
            unsafe(SetValue("memory_config.static_memory_policy", 3)),
        ),
        also=("或者一次只运行一个图。", "Or run one graph at a time."),
    ),
    rule(
        "variable_placement.host_needs_mix",
        "error",
        "docs",
        ("variable_placement", "mix_compile_mode"),
        _host_placement,
        message=(
            'variable_placement="Host" 需要开启混合计算（mix_compile_mode=True）。',
            'variable_placement="Host" requires mixed computing (mix_compile_mode=True).',
        ),
        source="npurunconfig-page:性能调优 variable_placement",
        fix=(
            "设置 mix_compile_mode=True（同时 iterations_per_loop=1）。",
            "Set mix_compile_mode=True (and iterations_per_loop=1).",
        ),
        targets=("variable_placement",),
        fixes=host_placement,
    ),
    rule(
        "accelerate_train_mode.precision",
        "error",
        "docs",
        ("experimental_config.accelerate_train_mode", "precision_mode", "precision_mode_v2"),
        _accelerate_precision,
        message=(
            "accelerate_train_mode 仅在 precision_mode 为 allow_fp32_to_fp16/must_keep_origin_dtype 或 precision_mode_v2 为 origin（或未设置）时可用，当前 {mode}。",
            "accelerate_train_mode only works with precision_mode allow_fp32_to_fp16 / "
            "must_keep_origin_dtype or precision_mode_v2 origin (or unset); got {mode}.",
        ),
        source="docs/en/tfadapter_1/apiref/npu_config/experimentalconfig_constructor.md",
        fix=(
            '把 precision_mode_v2 设为 "origin"（或 precision_mode="allow_fp32_to_fp16"），或删除 accelerate_train_mode。',
            'Set precision_mode_v2="origin" (or precision_mode="allow_fp32_to_fp16"), or remove accelerate_train_mode.',
        ),
        targets=("experimental_config.accelerate_train_mode",),
        fixes=remove_set("unsafe", "experimental_config.accelerate_train_mode"),
        also=("或者更换精度模式。", "Or change the precision mode."),
    ),
)
