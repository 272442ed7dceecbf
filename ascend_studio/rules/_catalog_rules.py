"""Rule families generated from catalog data.

Type, allowed-value, range, product, scenario and status checks come from the
catalog entries (``py_type``, ``values``, ``minimum``/``maximum``, ``products``,
``scenario``, per-value ``products``/``scenario``/``supported``, ``deprecated``,
``no_effect``...). Adding or correcting catalog data adds or corrects checks with
no code. What the data cannot say (which checks the real code enforces, and how
hard it fails) lives in the tables of ``_catalog_checks``, each with its source.
"""

from __future__ import annotations

from ascend_studio.rules._catalog_checks import (
    SRC_CATALOG,
    Involves,
    Scan,
    flag,
    has_range,
    has_values,
    involves_attr,
    involves_code_only,
    involves_format,
    involves_none,
    involves_product_ranges,
    involves_products,
    involves_scenario,
    involves_value_gate,
    never,
    product_ranged,
    ranged,
    scan_format,
    scan_kwargs,
    scan_none,
    scan_product,
    scan_scenario,
    scan_session_keys,
    scan_unknown,
    typed,
    typed_param,
    value_gate,
    valued,
)
from ascend_studio.rules._catalog_fixes import (
    as_bool,
    as_int,
    as_type,
    clamped,
    closest_value,
    drop,
    right_case,
    usable_instead,
)
from ascend_studio.rules._fixers import rename_or_remove
from ascend_studio.rules._fixes_values import as_runtime, into_stepped_range
from ascend_studio.rules._model import Fixer, Rule, Severity, txt
from ascend_studio.schema import Surface, Text

__all__ = ["CATALOG_RULES"]


def _family(
    rule_id: str,
    severity: Severity,
    message: Text,
    scan: Scan,
    involves: Involves,
    *,
    fix: Text | None = None,
    fixes: Fixer | None = None,
    also: Text | None = None,
    source: str = SRC_CATALOG,
    surfaces: tuple[Surface, ...] | None = None,
    per_param: bool = False,
) -> Rule:
    return Rule(
        id=rule_id,
        severity=severity,
        kind="catalog",
        params=(),
        message=message,
        source=source,
        fix=fix,
        scan=scan,
        involves=involves,
        surfaces=None if surfaces is None else frozenset(surfaces),
        fixes=fixes,
        also=also,
        per_param=per_param,
    )


CATALOG_RULES: tuple[Rule, ...] = (
    _family(
        "profile.unknown_param",
        "error",
        txt(
            "{param} 不是 NPURunConfig 或其子配置的参数，构造时会因未知关键字参数报 TypeError。",
            "{param} is not a parameter of NPURunConfig or its sub-configs; an unknown keyword "
            "argument raises TypeError.",
        ),
        scan_unknown,
        never,
        also=txt("{near_zh}", "{near_en}"),
        fixes=rename_or_remove,
        source="npu_config.py:NPURunConfig.__init__ (signature)",
        surfaces=("constructor",),
    ),
    _family(
        "profile.unknown_kwarg",
        "error",
        txt(
            "{owner} 没有参数 {param}（导入时原样保留为 {value}），运行时会报 TypeError。",
            "{owner} has no parameter {param} (kept verbatim as {value}); it raises TypeError.",
        ),
        scan_kwargs,
        never,
        also=txt("{near_zh}", "{near_en}"),
        fixes=rename_or_remove,
        source="npu_config.py (constructor signatures)",
        surfaces=("constructor",),
    ),
    _family(
        "profile.unknown_key",
        "warning",
        txt(
            "{param} 不是 TF Adapter 读取的键（拼写错误或已移除；导入时原样保留为 {value}），"
            "适配器会静默忽略它。",
            "{param} is not a key TF Adapter reads (misspelt or removed; kept verbatim as "
            "{value}): the adapter silently ignores it.",
        ),
        scan_session_keys,
        never,
        also=txt("{near_zh}", "{near_en}"),
        fixes=rename_or_remove,
        source="npu_attrs.cc:SetNpuOptimizerAttr (the parameter_map keys it reads)",
    ),
    _family(
        "type.mismatch",
        "error",
        txt(
            "{param} 需要 Python {expected} 类型，当前为 {value}；传给 TF Adapter 时会报 TypeError。",
            "{param} must be a Python {expected}, got {value}; TF Adapter raises TypeError.",
        ),
        typed("mismatch"),
        typed_param(),
        fix=txt(
            "给 {param} 一个 {expected} 类型的值。", "Give {param} a value of type {expected}."
        ),
        source="npu_estimator.py:__load_graph_optimizers (.s/.i/.b fields)",
        surfaces=("constructor", "estimator"),
        fixes=as_type,
        per_param=True,
    ),
    _family(
        "type.int_for_bool",
        "warning",
        txt(
            "{param} 应为 True/False，当前为整数 {value}；会被静默转换为布尔值。",
            "{param} should be True/False, got the integer {value}; it is silently converted.",
        ),
        typed("int_for_bool"),
        typed_param("bool"),
        fix=txt("改为 True 或 False。", "Use True or False."),
        source="npu_estimator.py (.b fields accept ints through protobuf)",
        fixes=as_bool,
        per_param=True,
    ),
    _family(
        "type.bool_for_int",
        "warning",
        txt(
            "{param} 应为整数，当前为布尔值 {value}；会被当作 0/1 处理。",
            "{param} should be an integer, got the bool {value}; it is treated as 0/1.",
        ),
        typed("bool_for_int"),
        typed_param("int"),
        fix=txt(
            "改为整数（True 相当于 1，False 相当于 0）。",
            "Use an integer (True counts as 1, False as 0).",
        ),
        source="npu_estimator.py (.i fields accept bools through protobuf)",
        fixes=as_int,
        per_param=True,
    ),
    _family(
        "value.not_allowed",
        "error",
        txt(
            "{param}={value} 不在允许的取值中（{allowed}）：{effect}。",
            "{param}={value} is not an accepted value ({allowed}): {effect}.",
        ),
        valued("not_allowed"),
        has_values(True),
        fix=txt("改为以下取值之一：{allowed}。", "Use one of: {allowed}."),
        source="npu_config.py / npu_attrs.cc value checks; catalog:{param}",
        fixes=closest_value,
        per_param=True,
    ),
    _family(
        "value.case",
        "error",
        txt(
            "{param}={value} 大小写不对，取值区分大小写，应写作 {spelling}。",
            "{param}={value} has the wrong case; the value is case-sensitive: write {spelling}.",
        ),
        valued("case"),
        has_values(True),
        fixes=right_case,
        source="npu_attrs.cc (exact string comparison); catalog:{param}",
        per_param=True,
    ),
    _family(
        "value.undocumented",
        "warning",
        txt(
            "{param}={value} 不是文档列出的取值（{allowed}）；代码不校验，行为未知。",
            "{param}={value} is not a documented value ({allowed}); the code does not check "
            "it, so the outcome is unknown.",
        ),
        valued("undocumented"),
        has_values(False),
        fix=txt("改为文档列出的取值之一：{allowed}。", "Use a documented value: {allowed}."),
        source="npurunconfig-page / docs value lists; catalog:{param}",
        fixes=closest_value,
        per_param=True,
    ),
    _family(
        "range.out_of_range",
        "error",
        txt(
            "{param}={value}：取值必须满足 {range}；{effect}。",
            "{param}={value}: the value must be {range_en}; {effect}.",
        ),
        ranged(True),
        has_range(True),
        fix=txt("改为满足 {range} 的值。", "Use a value that is {range_en}."),
        source="npu_config.py (check_positive_integer...) / npu_attrs.cc range checks",
        fixes=clamped,
        per_param=True,
    ),
    _family(
        "range.undocumented",
        "warning",
        txt(
            "{param}={value}：按文档，取值应满足 {range}。",
            "{param}={value}: the documentation says the value must be {range_en}.",
        ),
        ranged(False),
        has_range(False),
        fix=txt("改为满足 {range} 的值。", "Use a value that is {range_en}."),
        source="npurunconfig-page / docs ranges; catalog:{param}",
        fixes=clamped,
        per_param=True,
    ),
    _family(
        "range.product",
        "error",
        txt(
            "在 {product} 上 {param} 的取值范围是 {range}，当前为 {value}。",
            "On {product} {param} must be in {range}, got {value}.",
        ),
        product_ranged("outside"),
        involves_product_ranges,
        fix=txt("{howto}。", "{howto}."),
        source="npurunconfig-page per-product ranges; catalog:{param}.product_ranges",
        fixes=into_stepped_range,
        per_param=True,
    ),
    _family(
        "range.product_rounded",
        "warning",
        txt(
            "在 {product} 上 {param} 会先整除 {step} 再乘 {step}（最小 {step}），{value} 实际生效为 {effective}。",
            "On {product} {param} is floored to a multiple of {step} (at least {step}): "
            "{value} becomes {effective}.",
        ),
        product_ranged("rounded"),
        involves_product_ranges,
        fix=txt(
            "直接填写 {step} 的整数倍，如 {multiple}。",
            "Use a multiple of {step}, such as {multiple}.",
        ),
        source="npurunconfig-page per-product rounding; catalog:{param}.product_ranges",
        fixes=as_runtime,
        per_param=True,
    ),
    _family(
        "avail.product",
        "error",
        txt(
            "{param} 不支持 {product}，仅支持：{products}。{note}",
            "{param} is not supported on {product}; only on: {products}. {note}",
        ),
        scan_product("unsupported"),
        involves_products("unsupported"),
        fix=txt("删除 {param}，或更换目标产品。", "Remove {param}, or change the target product."),
        fixes=drop("unsafe"),
        also=txt("或者更换目标产品。", "Or change the target product."),
        source="npurunconfig-page product notes; catalog:{param}.products",
        per_param=True,
    ),
    _family(
        "avail.product_ignored",
        "warning",
        txt(
            "{param} 在 {product} 上不起作用（仅用于：{products}），设置被忽略。{note}",
            "{param} has no effect on {product} (it is used on {products} only); the setting "
            "is ignored. {note}",
        ),
        scan_product("ignored"),
        involves_products("ignored"),
        fix=txt("删除 {param}，或更换目标产品。", "Remove {param}, or change the target product."),
        fixes=drop("safe"),
        also=txt("或者更换目标产品。", "Or change the target product."),
        source="npu_estimator.py:__load_mstune_config (AOE options); catalog:{param}.elsewhere",
        per_param=True,
    ),
    _family(
        "avail.product_undocumented",
        "info",
        txt(
            "文档只给出 {param} 在以下产品上的取值：{products}；{product} 未提及，无法确认。{note}",
            "The docs give {param} for {products} only; nothing is said for {product}, so "
            "this cannot be confirmed. {note}",
        ),
        scan_product("undocumented"),
        involves_products("undocumented"),
        source="npurunconfig-page product notes (silent for this product); catalog:{param}.elsewhere",
        per_param=True,
    ),
    _family(
        "format.invalid",
        "error",
        txt(
            "{param}={value} 格式不对（{problem}）：{effect}。",
            "{param}={value} is malformed ({problem}): {effect}.",
        ),
        scan_format,
        involves_format,
        fix=txt("按该参数说明中的格式书写。", "Write it in the format its description gives."),
        source="catalog:{param}.format; npu_attrs.cc",
        per_param=True,
    ),
    _family(
        "value.none_raises",
        "error",
        txt(
            "{param}=None：真实代码不把 None 当作未设置，{effect}（需要 {expected}）。",
            "{param}=None: the real code does not treat None as unset; {effect} (a {expected} "
            "is required).",
        ),
        scan_none,
        involves_none,
        fix=txt(
            "删除 {param}=None 以使用默认值，或填写一个 {expected} 值。",
            "Remove {param}=None to get the default, or give a {expected} value.",
        ),
        source="npu_config.py (constructor checks) / npu_estimator.py:__load_graph_optimizers "
        "(parameter_map writes); catalog:{param}.checks.none",
        surfaces=("constructor", "estimator"),
        fixes=drop("safe"),
        also=txt("或者填写一个 {expected} 值。", "Or give a {expected} value."),
        per_param=True,
    ),
    _family(
        "avail.value_product",
        "error",
        txt(
            "{param}={value} 不支持 {product}，仅支持：{products}。",
            "{param}={value} is not supported on {product}; only on: {products}.",
        ),
        value_gate("product"),
        involves_value_gate,
        fix=txt("改为该产品支持的取值：{usable}。", "Use a value this product supports: {usable}."),
        source="npurunconfig-page per-value product notes; catalog:{param}.values",
        fixes=usable_instead,
        per_param=True,
    ),
    _family(
        "avail.value_unsupported",
        "error",
        txt(
            "{param}={value} 在当前版本不支持（文档仅列出 {products}）。",
            "{param}={value} is not supported in this version (documented only for {products}).",
        ),
        value_gate("unsupported"),
        involves_value_gate,
        fix=txt("改为当前版本支持的取值：{usable}。", "Use a supported value: {usable}."),
        source="npurunconfig-page (当前版本不支持); catalog:{param}.values",
        fixes=usable_instead,
        per_param=True,
    ),
    _family(
        "scenario.param",
        "warning",
        txt(
            "{param} 仅适用于{only}场景，当前目标是{scenario}。",
            "{param} applies to {only} only; the target is {scenario}.",
        ),
        scan_scenario,
        involves_scenario,
        fix=txt("删除 {param}，或更换场景。", "Remove {param}, or change the scenario."),
        fixes=drop("safe"),
        also=txt("或者更换场景。", "Or change the scenario."),
        source="npurunconfig-page scenario notes; catalog:{param}.scenario",
        per_param=True,
    ),
    _family(
        "scenario.value",
        "warning",
        txt(
            "{param}={value} 仅适用于{only}场景，当前目标是{scenario}。",
            "{param}={value} applies to {only} only; the target is {scenario}.",
        ),
        value_gate("scenario"),
        involves_value_gate,
        fix=txt(
            "改为适用于当前场景的取值：{usable}。", "Use a value meant for this scenario: {usable}."
        ),
        source="npurunconfig-page per-value scenario notes; catalog:{param}.values",
        fixes=usable_instead,
        per_param=True,
    ),
    _family(
        "status.no_effect",
        "warning",
        txt(
            "{param} 在当前版本已不生效，设置了也会被忽略。",
            "{param} no longer has any effect; the setting is ignored.",
        ),
        flag("no_effect"),
        involves_attr("no_effect"),
        fix=txt("删除 {param}。", "Remove {param}."),
        fixes=drop("safe"),
        source="npurunconfig-page 后续版本废弃配置; catalog:{param}.no_effect",
        per_param=True,
    ),
    _family(
        "status.deprecated",
        "info",
        txt(
            "{param} 将在后续版本废弃，请不要再使用。",
            "{param} is going to be removed in a later version; avoid it.",
        ),
        flag("deprecated", unless="no_effect"),
        involves_attr("deprecated"),
        fixes=drop("unsafe"),
        also=txt(
            "文档只说明它将被废弃，没有给出替代参数。",
            "The documentation lists it as going away and names no replacement.",
        ),
        source="npurunconfig-page 后续版本废弃配置; catalog:{param}.deprecated",
        per_param=True,
    ),
    _family(
        "status.experimental",
        "info",
        txt(
            "{param} 是试验参数，后续版本可能变更，不支持用于商用产品。",
            "{param} is experimental: it may change and is not for production use.",
        ),
        flag("experimental"),
        involves_attr("experimental"),
        source="npurunconfig-page 试验参数; catalog:{param}.experimental",
        per_param=True,
    ),
    _family(
        "status.undocumented",
        "info",
        txt(
            "{param} 没有用户文档，合法取值只能从代码推断。",
            "{param} has no user documentation; its valid values are inferred from code only.",
        ),
        flag("undocumented"),
        involves_attr("undocumented"),
        source="npu_config.py:NPURunConfig or npu_attrs.cc (read by the code) but neither on the "
        "NPURunConfig配置参数说明 page nor in the session-config docs; catalog:{param}.documented",
        per_param=True,
    ),
    _family(
        "status.code_only_value",
        "info",
        txt(
            "{param}={value} 被代码接受，但文档未列出。",
            "{param}={value} is accepted by the code but not listed in the docs.",
        ),
        value_gate("code_only"),
        involves_code_only,
        source="npu_attrs.cc accepted values vs docs; catalog:{param}.values.undocumented",
        per_param=True,
    ),
)
