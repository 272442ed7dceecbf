"""Rules over the contents users describe for config-file parameters.

A profile can carry the text of the files that path parameters point to (the
``file_contents`` field: parameter path -> text). These rules read it through
the companion parsers (``ascend_studio.companion``, via ``_files`` and
``_rules_file_conditions``); with no text they stay quiet. Each finding carries the
line inside the file.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ascend_studio.companion._kinds import param_for
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import SetValue
from ascend_studio.rules._fixers import always, unsafe
from ascend_studio.rules._fixes_env import aoe_mode_to, unset
from ascend_studio.rules._model import Condition, Fixer, Hit, Rule, Severity, rule, txt
from ascend_studio.rules._rules_file_conditions import (
    FORMAT_RULES,
    cache_vs_debug_config,
    ccec_with_oom,
    collect_with_oom,
    feature_needs,
    fp32_product,
    has_file_format,
    has_json_file,
    hf32_env_with_modes,
    level2_with_oom,
    mode_at,
    scan_formats,
    scan_json,
    tune_level,
    ub_fusion_350,
    unknown_debug_options,
    unknown_modes,
)

__all__ = ["FILE_RULES"]

#: The NPURunConfig parameter page (zh) and the repository's English pages.
#: The NPURunConfig parameter page (an id of resources/catalog/sources.toml).
PAGE = "npurunconfig-page"
EN_DOCS = "docs/en/tfadapter_1/apiref/npu_config/npurunconfig_constructor"


def file_rule(
    rule_id: str,
    severity: Severity,
    file_format: str,
    when: Condition,
    *,
    message: tuple[str, str],
    source: str,
    fix: tuple[str, str] | None = None,
    fixes: Fixer | None = None,
) -> Rule:
    """A rule about the contents of one companion file format alone: it concerns the
    parameter whose file has that format (the catalog's ``file_format``)."""

    def scan(c: Ctx) -> Iterator[Hit]:
        found = when(c)
        param = param_for(file_format, c.ix.catalog)
        if found and param is not None:
            yield Hit((param,), found if isinstance(found, Mapping) else {})

    return Rule(
        id=rule_id,
        severity=severity,
        kind="file",
        params=(),
        message=txt(*message),
        source=source,
        fix=txt(*fix) if fix else None,
        scan=scan,
        fixes=fixes,
        involves=lambda ix, path: path == param_for(file_format, ix.catalog),
    )


FILE_RULES: tuple[Rule, ...] = (
    Rule(
        id="file.invalid_json",
        severity="warning",
        kind="file",
        params=(),
        involves=has_json_file,
        message=txt(
            "{param} 指向的文件内容不是合法的 JSON（{problem}），运行时无法解析。",
            "The file {param} points to is not valid JSON ({problem}); the runtime cannot read it.",
        ),
        source=PAGE + ": aoe_config_file, fusion_switch_file, modify_mixlist (JSON files)",
        fix=txt("修正该文件中 {problem} 处的 JSON 语法。", "Fix the JSON syntax at {problem}."),
        scan=scan_json,
    ),
    *(
        Rule(
            id=rule_id,
            severity=severity,
            kind="file",
            params=(),
            involves=has_file_format,
            message=txt("{param} 指向的文件：{problem}", "The file {param} points to: {problem}"),
            source=PAGE + ": {param}; GE compiler/engines/nn_engine: config_parser and "
            "fusion_config_manager (the graph engine's reader of the file)",
            fix=txt(
                "按提示修改该行；可用 ascend-studio file new {param} 生成模板对照。",
                "Change that line as described; ascend-studio file new {param} prints a template.",
            ),
            scan=scan_formats(severity),
        )
        for rule_id, severity in FORMAT_RULES
    ),
    file_rule(
        "op_debug_config.ccec_O0_with_oom",
        "error",
        "debug_cfg",
        ccec_with_oom,
        message=(
            "op_debug_config 文件同时开启了 ccec_O0 与 oom，会导致 AI Core Error。",
            "The op_debug_config file turns on both ccec_O0 and oom, which causes an AI Core Error.",
        ),
        source=PAGE + ": 功能调试 op_debug_config; " + EN_DOCS + "/debugging.md (op_debug_config)",
        fix=(
            "去掉 ccec_O0 或 oom，例如改为 ccec_g,oom。",
            "Drop ccec_O0 or oom, e.g. use ccec_g,oom.",
        ),
    ),
    file_rule(
        "op_debug_config.unknown_option",
        "warning",
        "debug_cfg",
        unknown_debug_options,
        message=(
            "op_debug_config 文件中的选项 {unknown} 不是已知选项（oom、dump_cce、dump_loc、ccec_O0、ccec_g、check_flag）。{hint}",
            "The op_debug_config file has unknown options {unknown} (known: oom, dump_cce, "
            "dump_loc, ccec_O0, ccec_g, check_flag).{hint}",
        ),
        source=PAGE + ": 功能调试 op_debug_config",
        fix=(
            "改为已知选项（oom、dump_cce、dump_loc、ccec_O0、ccec_g、check_flag），或删除 {unknown}。",
            "Use the known options (oom, dump_cce, dump_loc, ccec_O0, ccec_g, check_flag), or "
            "remove {unknown}.",
        ),
    ),
    rule(
        "op_debug_level.ccec_with_oom",
        "error",
        "file",
        ("op_debug_level", "op_debug_config"),
        level2_with_oom,
        message=(
            "op_debug_level=2 会开启 ccec 编译选项，不能与 op_debug_config 中的 oom 同时使用，会导致 AI Core Error。",
            "op_debug_level=2 turns on ccec compile options and cannot be combined with oom in "
            "op_debug_config; this causes an AI Core Error.",
        ),
        source=PAGE + ": op_debug_level; " + EN_DOCS + "/deprecated_options.md (op_debug_level)",
        fix=("op_debug_level 改为 1 或 0，或去掉 oom。", "Use op_debug_level 1 or 0, or drop oom."),
        fixes=always(unsafe(SetValue("op_debug_level", 1))),
        also=(
            "或者从 op_debug_config 文件中删去 oom。",
            "Or drop oom from the op_debug_config file.",
        ),
    ),
    rule(
        "env.npu_collect_path.oom",
        "error",
        "env",
        ("env:NPU_COLLECT_PATH", "op_debug_config"),
        collect_with_oom,
        message=(
            "设置了 NPU_COLLECT_PATH 时不支持 op_debug_config 中的 oom，编译出的模型或算子在使用时会报错。",
            "With NPU_COLLECT_PATH set, oom in op_debug_config is not supported; the compiled "
            "model or kernels fail when used.",
        ),
        source=PAGE + ": 功能调试 op_debug_config",
        fix=("去掉 oom，或取消 NPU_COLLECT_PATH。", "Drop oom, or unset NPU_COLLECT_PATH."),
        targets=("op_debug_config",),
        fixes=unset("NPU_COLLECT_PATH", "unsafe"),
        also=(
            "或者从 op_debug_config 文件中删去 oom。",
            "Or drop oom from the op_debug_config file.",
        ),
    ),
    rule(
        "op_compiler_cache_mode.ignored_by_debug_config",
        "warning",
        "file",
        ("op_compiler_cache_mode", "op_debug_config"),
        cache_vs_debug_config,
        message=(
            "op_debug_config 文件未配置 op_debug_list，op_compiler_cache_mode 被忽略，算子全部重新编译。",
            "The op_debug_config file has no op_debug_list, so op_compiler_cache_mode is "
            "ignored and every operator is recompiled.",
        ),
        source=PAGE + ": 算子编译 op_compiler_cache_mode",
        fix=(
            "在文件中用 op_debug_list 限定要调试的算子。",
            "Limit debugging to some operators with op_debug_list in the file.",
        ),
        targets=("op_compiler_cache_mode",),
    ),
    rule(
        "aoe.nonhomo_split_needs_mode_1",
        "error",
        "file",
        ("aoe_config_file", "aoe_mode", "env:AOE_MODE"),
        feature_needs("nonhomo_split", "1"),
        message=(
            'AOE 配置文件的 feature 含 nonhomo_split，需要 aoe_mode="1"（子图调优），当前为 {mode}；子图调优仅 Atlas 训练系列支持。',
            'The AOE config\'s feature has nonhomo_split, which needs aoe_mode="1" (subgraph '
            "tuning); it is {mode}. Subgraph tuning exists only on the Atlas training series.",
        ),
        source=PAGE + ": AOE aoe_config_file (feature), aoe_mode; " + EN_DOCS + "/AOE.md",
        fix=(
            '设置 aoe_mode="1"（训练系列），或去掉 nonhomo_split。',
            'Set aoe_mode="1" (training series), or drop nonhomo_split.',
        ),
        targets=("aoe_config_file",),
        fixes=aoe_mode_to("1", ("atlas_training",)),
        also=(
            "或者从 AOE 配置中删去 nonhomo_split。",
            "Or drop nonhomo_split from the AOE config.",
        ),
    ),
    rule(
        "aoe.deeper_opat_needs_mode_2",
        "error",
        "file",
        ("aoe_config_file", "aoe_mode", "env:AOE_MODE"),
        feature_needs("deeper_opat", "2"),
        message=(
            'AOE 配置文件的 feature 含 deeper_opat，需要 aoe_mode="2"（算子调优），当前为 {mode}。',
            'The AOE config\'s feature has deeper_opat, which needs aoe_mode="2" (operator '
            "tuning); it is {mode}.",
        ),
        source=PAGE + ": AOE aoe_config_file (feature); " + EN_DOCS + "/AOE.md",
        fix=('设置 aoe_mode="2"。', 'Set aoe_mode="2".'),
        targets=("aoe_config_file",),
        fixes=aoe_mode_to("2"),
    ),
    file_rule(
        "aoe.tune_optimization_level",
        "warning",
        "aoe_json",
        tune_level,
        message=(
            "AOE 配置文件中 tune_optimization_level={level} 不是 O1 或 O2。",
            "tune_optimization_level={level} in the AOE config is neither O1 nor O2.",
        ),
        source=PAGE + ": AOE aoe_config_file (tune_optimization_level)",
        fix=(
            "改为 O1（高性能）或 O2（正常，默认）。",
            "Use O1 (high performance) or O2 (normal, default).",
        ),
    ),
    file_rule(
        "op_precision_mode.fp32_product",
        "error",
        "precision_ini",
        fp32_product,
        message=(
            "op_precision_mode 文件使用了 enable_float_32_execution，仅 Atlas 350/A3/A2 支持，{product} 不支持。",
            "The op_precision_mode file uses enable_float_32_execution, which only Atlas 350, "
            "A3 and A2 support, not {product}.",
        ),
        source=PAGE + ": 性能调优 op_precision_mode; " + EN_DOCS + "/performance_tuning.md",
        fix=("改用 high_precision。", "Use high_precision instead."),
    ),
    file_rule(
        "op_precision_mode.hf32_unsupported",
        "error",
        "precision_ini",
        lambda c: mode_at(c, "enable_hi_float_32_execution"),
        message=(
            "op_precision_mode 文件使用了 enable_hi_float_32_execution，当前版本不支持。",
            "The op_precision_mode file uses enable_hi_float_32_execution, which this version "
            "does not support.",
        ),
        source=PAGE + ": 性能调优 op_precision_mode; " + EN_DOCS + "/performance_tuning.md",
        fix=(
            "从 op_precision_mode 文件中删除该模式。",
            "Remove that mode from the op_precision_mode file.",
        ),
    ),
    file_rule(
        "op_precision_mode.unknown_mode",
        "warning",
        "precision_ini",
        unknown_modes,
        message=(
            "op_precision_mode 文件中的模式 {unknown} 不是已知取值。",
            "The op_precision_mode file uses unknown modes {unknown}.",
        ),
        source=PAGE + ": 性能调优 op_precision_mode; " + EN_DOCS + "/performance_tuning.md",
        fix=(
            "改为已知模式之一：{known}。",
            "Use one of the known modes: {known}.",
        ),
    ),
    rule(
        "env.hf32.with_op_precision_mode",
        "warning",
        "env",
        ("env:ENABLE_HF32_EXECUTION", "op_precision_mode"),
        hf32_env_with_modes,
        message=(
            "op_precision_mode 已为算子配置 FP32/HF32 模式时不能再用 ENABLE_HF32_EXECUTION；优先级为 ByNodeName > 环境变量 > ByOpType。",
            "ENABLE_HF32_EXECUTION must not be used for operators that op_precision_mode "
            "already sets to an FP32/HF32 mode; priority is ByNodeName > the variable > ByOpType.",
        ),
        source="docs/en/tfa_env/ENABLE_HF32_EXECUTION.md (Constraints)",
        fix=("只保留一种 HF32 配置方式。", "Configure HF32 one way only."),
        targets=("env:ENABLE_HF32_EXECUTION",),
    ),
    file_rule(
        "fusion_switch_file.ub_fusion_on_350",
        "warning",
        "fusion_switch",
        ub_fusion_350,
        message=(
            "Atlas 350 不支持 UB 融合，融合开关文件中的 UBFusion 配置被忽略。",
            "Atlas 350 has no UB fusion; the UBFusion entries of the fusion switch file are "
            "ignored.",
        ),
        source=PAGE + ": 精度比对 fusion_switch_file; " + EN_DOCS + "/accuracy_comparison.md",
        fix=(
            "从 fusion_switch_file 中删除 UBFusion 部分。",
            "Remove the UBFusion section from the fusion_switch_file.",
        ),
    ),
)
