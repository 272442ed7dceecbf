"""Which rules hold on which surface: the TF Adapter 2.x one, for now.

The 1.x rules are written for NPURunConfig, NPUEstimator's translation and the
sess.run ``parameter_map``; on TF Adapter 2.x (``npu_device.global_options()``)
only those whose fact lives below TF Adapter hold: the graph engine's and CANN's
(products, scenarios, formats, the companion files, the environment CANN reads)
and what the 2.x documentation states again for its own options. Each such rule
is listed here with the 2.x page that states it (None: its own source already
holds for both). Every other 1.x rule stays quiet on TF2; the 2.x option classes,
``npu_device.open()`` and the NPU_* switches have their own rules (``_rules_tf2``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from ascend_studio.rules._model import Rule
from ascend_studio.rules._rules_tf2 import OPTION_RULES
from ascend_studio.rules._rules_tf2_env import ENV_RULES_TF2

__all__ = ["HOLD_ON_TF2", "TF2_ONLY", "TF2_RULES", "rules_for"]

#: The rules of TF Adapter 2.x's own code: they hold on that surface only.
TF2_RULES = tuple(replace(r, surfaces=frozenset({"tf2"})) for r in (*OPTION_RULES, *ENV_RULES_TF2))

_PAGES = "docs/en/tfadapter_2/apiref/npu-global_options/"
_WRAPPER = "tf_adapter_2.x/npu_device/core/npu_wrapper.cpp"

#: 1.x rule id -> the citation for TF Adapter 2.x (None: the rule's own holds for both).
HOLD_ON_TF2: dict[str, str | None] = {
    # catalog facts about products (not the scenario
    # notes: the NPURunConfig page states them; Ascend's own TF2 training scripts set
    # experimental.multi_branches_config, which that page calls inference only)
    "avail.product": None,
    "avail.product_ignored": None,
    "avail.product_undocumented": None,
    "avail.value_product": None,
    "avail.value_unsupported": None,
    "status.experimental": None,
    # the 2.x pages state the same constraint for their options
    "precision.both_modes": f"{_PAGES}accuracy_tuning.md (precision_mode_v2, precision_mode)",
    "dump.both_enabled": f"{_PAGES}accuracy_comparison.md (dump_config.enable_dump)",
    "dump.with_exception_dump": f"{_PAGES}accuracy_comparison.md (dump_config.enable_dump)",
    "quant_dumpable.without_dump": f"{_PAGES}accuracy_comparison.md (quant_dumpable)",
    "op_compiler_cache_mode.ignored_by_debug_level": f"{_PAGES}operator_and_graph_build.md",
    "op_compiler_cache_mode.ignored_by_debug_config": f"{_PAGES}operator_and_graph_build.md",
    "aicore_num.ignored_without_jit": f"{_PAGES}operator_and_graph_build.md (aicore_num)",
    "customize_dtypes.ignored_by_origin": f"{_PAGES}accuracy_tuning.md (customize_dtypes)",
    "op_precision_mode.overrides_implmode": f"{_PAGES}performance_tuning.md (op_precision_mode)",
    "shape_generalization_mode.compile_dynamic_mode": f"{_PAGES}experiment_options.md",
    "static_memory_policy.parallel_graphs": f"{_PAGES}memory_management.md",
    "enable_small_channel.forced_in_inference": f"{_WRAPPER}:ParseGlobalOptions, ParserSessionOptions",
    "profiling_options.invalid_json": f"{_WRAPPER}:kGlobalConfigOptions (ge.exec.profilingOptions)",
    "profiling_options.no_output": None,
    # companion files: the graph engine reads them whoever passes the path
    "file.invalid_json": None,
    "file.format_error": None,
    "file.format": None,
    "file.format_info": None,
    "op_debug_config.ccec_O0_with_oom": f"{_PAGES}debugging.md (op_debug_config)",
    "op_debug_config.unknown_option": f"{_PAGES}debugging.md (op_debug_config)",
    "op_debug_level.ccec_with_oom": f"{_PAGES}deprecated_options.md (op_debug_level)",
    "aoe.nonhomo_split_needs_mode_1": f"{_PAGES}AOE.md (aoe_config.aoe_config_file)",
    "aoe.deeper_opat_needs_mode_2": f"{_PAGES}AOE.md (aoe_config.aoe_config_file)",
    "aoe.tune_optimization_level": f"{_PAGES}AOE.md (aoe_config.aoe_config_file)",
    "op_precision_mode.fp32_product": f"{_PAGES}performance_tuning.md (op_precision_mode)",
    "op_precision_mode.hf32_unsupported": f"{_PAGES}performance_tuning.md (op_precision_mode)",
    "op_precision_mode.unknown_mode": f"{_PAGES}performance_tuning.md (op_precision_mode)",
    "fusion_switch_file.ub_fusion_on_350": f"{_PAGES}accuracy_comparison.md (fusion_switch_file)",
    # variables CANN reads, not TF Adapter
    "env.runtime_value": None,
    "env.ascend_work_path.invalid": None,
    "env.npu_collect_path.oom": f"{_PAGES}debugging.md (op_debug_config)",
    "env.hf32.product": None,
    "env.hf32.fp16_inference": None,
    "env.hf32.with_op_precision_mode": None,
    "env.cm_worker_size.range": None,
    # the reference pages' advice for options 2.x shares
    "precision_mode.prefer_v2": f"{_PAGES}accuracy_tuning.md (precision_mode)",
    "stream_max_parallel_num.nmt_only": f"{_PAGES}performance_tuning.md",
    "all_tensor_not_empty.risk": f"{_PAGES}dynamic_shape.md (all_tensor_not_empty)",
    "oo_constant_folding.off": f"{_PAGES}operator_and_graph_build.md (oo_constant_folding)",
    "stream_sync_timeout.units": f"{_PAGES}exception_remedy.md",
    "event_sync_timeout.units": f"{_PAGES}exception_remedy.md",
    "hcom_parallel.small_networks": f"{_PAGES}performance_tuning.md (hcom_parallel)",
    "target.training_on_inference_product": None,
}

#: Rules of the 2.x surface only.
TF2_ONLY = frozenset(r.id for r in TF2_RULES)


@cache
def _tf2(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    cited = [
        replace(r, source=HOLD_ON_TF2[r.id] or r.source, surfaces=r.holds_on | {"tf2"})
        for r in rules
        if r.id in HOLD_ON_TF2
    ]
    # the catalog's rules about a parameter on TF Adapter 2.x (its npu_device functions)
    declared = [
        r
        for r in rules
        if r.surfaces is not None
        and "tf2" in r.surfaces
        and r.id not in TF2_ONLY | HOLD_ON_TF2.keys()
    ]
    return (*cited, *declared, *TF2_RULES)


@cache
def _tf1(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    return tuple(r for r in rules if r.id not in TF2_ONLY)


def rules_for(rules: tuple[Rule, ...], surface: str | None) -> tuple[Rule, ...]:
    """The rules of ``rules`` that hold on ``surface``, in declaration order."""
    return _tf2(rules) if surface == "tf2" else _tf1(rules)
