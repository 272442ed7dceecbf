"""Rule families generated from catalog data.

Type, allowed-value, range, product, scenario and status checks come from the
catalog entries (``py_type``, ``values``, ``minimum``/``maximum``, ``products``,
``scenario``, per-value ``products``/``scenario``/``supported``, ``deprecated``,
``no_effect``...). Adding or correcting catalog data adds or corrects checks with
no code here. What the data cannot say (which checks the real code enforces, and
how hard it fails) is in the small tables below, each with its source.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from typing import Literal

from ascend_studio.profile import Expr
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._index import CatalogIndex, ParamFacts, value_key
from ascend_studio.rules._model import Hit, Rule, Severity, show, txt
from ascend_studio.schema import OWNERS, Parameter, Text

__all__ = ["CATALOG_RULES", "STRICT_BOOL", "family_ns"]

#: Bools the Python constructor checks with isinstance(x, bool): explicit rules.
STRICT_BOOL = frozenset({"mix_compile_mode", "horovod_mode"})
#: Ranges and rounding handled by explicit rules (product-dependent or clamped).
SPECIAL_RANGE = frozenset({"hccl_timeout", "input_fusion_size"})

Where = Literal["python", "runtime", "fatal"]
#: Value lists the real code enforces, and how it fails (npu_config.py; npu_attrs.cc,
#: where GetPassOptions runs before SetNpuOptimizerAttr and aborts on its checks).
VALIDATED: dict[str, Where] = {
    "graph_run_mode": "python",
    "enable_exception_dump": "runtime",
    "aoe_mode": "runtime",
    "precision_mode": "runtime",
    "precision_mode_v2": "runtime",
    "jit_compile": "runtime",
    "shape_generalization_mode": "runtime",
    "export_compile_stat": "runtime",
    "dynamic_graph_execute_mode": "fatal",
    "dump_config.dump_data": "runtime",
    "memory_config.variable_use_1g_huge_page": "runtime",
    "dynamic_input_config.compile_hybrid_mode": "runtime",
    "experimental_config.graph_memory_optimize_config.graph_slice": "python",
    "experimental_config.graph_memory_optimize_config.recompute": "python",
    "buffer_optimize": "fatal",
    "variable_placement": "fatal",
    "op_select_implmode": "fatal",
    "dump_config.dump_mode": "fatal",
    "dump_config.dump_debug_mode": "fatal",
    "dynamic_input_config.dynamic_node_type": "fatal",
}
#: Numeric bounds the real code enforces.
VALIDATED_RANGE: dict[str, Where] = {
    "iterations_per_loop": "python",
    "graph_run_mode": "python",
    "enable_exception_dump": "python",
    "local_rank_id": "fatal",
    "graph_max_parallel_model_num": "runtime",
    "session_device_id": "fatal",
}
_EFFECT: dict[Where, Text] = {
    "python": txt("构造 NPURunConfig 时即抛出异常", "NPURunConfig(...) raises when it is built"),
    "runtime": txt("作业启动时 TF Adapter 报错退出", "TF Adapter rejects it when the job starts"),
    "fatal": txt(
        "TF Adapter 以 LOG(FATAL) 中止整个进程", "TF Adapter aborts the whole process (LOG(FATAL))"
    ),
}
SRC_CATALOG = "catalog:{param}; npu_config.py / npu_attrs.cc"

Scan = Callable[[Ctx], Iterator[Hit]]
Involves = Callable[[CatalogIndex, str], bool]


def _literals(ctx: Ctx) -> Iterator[tuple[str, object, ParamFacts]]:
    """(path, value, facts) of every set literal the catalog knows."""
    for path, value, facts in ctx.known():
        if not isinstance(value, Expr):
            yield path, value, facts


def _ns(path: str, value: object, **extra: object) -> dict[str, object]:
    return {"param": path, "value": show(value), **extra}


# -- types -----------------------------------------------------------------------------
TypeProblem = Literal["mismatch", "int_for_bool", "bool_for_int"]


def type_problem(py_type: str, kind: str, value: object) -> TypeProblem | None:
    """How ``value`` fails the Python type the real code expects, if it does."""
    kind_of = type(value)
    if py_type == "str":
        return None if kind_of is str else "mismatch"
    if py_type == "bool":
        return None if kind_of is bool else "int_for_bool" if kind_of is int else "mismatch"
    if py_type == "int":
        return None if kind_of is int else "bool_for_int" if kind_of is bool else "mismatch"
    if py_type == "float":
        return None if kind_of in (int, float) else "mismatch"
    return "mismatch" if kind != "subconfig" else None


Finding = tuple[str, object, ParamFacts, "TypeProblem | None", "ValueProblem | None", bool]


def _findings(ctx: Ctx) -> list[Finding]:
    """One pass over the set literals: type, value and range problems, shared by families."""
    found: list[Finding] | None = ctx.memo.get("catalog")
    if found is None:
        found = []
        for path, value, facts in _literals(ctx):
            param = facts.param
            typed = None
            if path not in STRICT_BOOL and param.kind != "subconfig":
                typed = type_problem(param.py_type, param.kind, value)
            valued = value_problem(facts, value) if typed is None else None
            ranged = typed is None and path not in SPECIAL_RANGE and _bounds_problem(facts, value)
            if typed or valued or ranged:
                found.append((path, value, facts, typed, valued, ranged))
        ctx.memo["catalog"] = found
    return found


def _typed(problem: TypeProblem) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts, typed, _, _ in _findings(ctx):
            if typed == problem:
                yield Hit((path,), _ns(path, value, expected=facts.param.py_type))

    return scan


def _typed_param(*py_types: str) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        param = ix.param(path)
        return (
            param is not None
            and param.kind != "subconfig"
            and path not in STRICT_BOOL
            and (not py_types or param.py_type in py_types)
        )

    return involves


# -- allowed values ------------------------------------------------------------------------
ValueProblem = Literal["case", "not_allowed", "undocumented"]


def value_problem(facts: ParamFacts, value: object) -> ValueProblem | None:
    if facts.allowed is None or value_key(value) in facts.allowed:
        return None
    if facts.path not in VALIDATED:
        return "undocumented"
    if isinstance(value, str) and value.casefold() in facts.folded:
        return "case"
    return "not_allowed"


def _valued(problem: ValueProblem) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts, _, valued, _ in _findings(ctx):
            if valued != problem:
                continue
            allowed = ", ".join(show(v) for v in facts.param.allowed())
            ns = _ns(path, value, allowed=allowed, effect=_EFFECT[VALIDATED.get(path, "runtime")])
            if problem == "case" and isinstance(value, str):
                ns["spelling"] = repr(facts.folded[value.casefold()])
            yield Hit((path,), ns)

    return scan


def _has_values(validated: bool | None = None) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        facts = ix.facts.get(path)
        closed = facts is not None and facts.allowed is not None
        return closed and (validated is None or (path in VALIDATED) == validated)

    return involves


def _bounds_problem(facts: ParamFacts, value: object) -> bool:
    param = facts.param
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if param.minimum is not None and (
        value < param.minimum or (param.minimum_exclusive and value == param.minimum)
    ):
        return True
    return param.maximum is not None and value > param.maximum


def _ranged(validated: bool) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts, _, _, ranged in _findings(ctx):
            if ranged and (path in VALIDATED_RANGE) == validated:
                where = VALIDATED_RANGE.get(path, "runtime")
                ns = _ns(path, value, range=_range_text(facts.param), effect=_EFFECT[where])
                yield Hit((path,), ns)

    return scan


def _range_text(param: Parameter) -> str:
    low, high = param.minimum, param.maximum
    if low is not None and high is not None:
        return f"{'(' if param.minimum_exclusive else '['}{low:g}, {high:g}]"
    if low is not None:
        return f"{'>' if param.minimum_exclusive else '>='} {low:g}"
    return f"<= {high:g}"


def _has_range(validated: bool) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        param = ix.param(path)
        bounded = param is not None and (param.minimum is not None or param.maximum is not None)
        special = path in SPECIAL_RANGE or (path in VALIDATED_RANGE) != validated
        return bounded and not special

    return involves


# -- products and scenarios -------------------------------------------------------------------
def _scan_product(ctx: Ctx) -> Iterator[Hit]:
    for path, value, facts in _params_set(ctx):
        if facts.products is not None and ctx.product not in facts.products:
            note = facts.param.availability_note
            yield Hit(
                (path,),
                _ns(
                    path,
                    value,
                    product=ctx.ix.product_name(ctx.product),
                    products=ctx.ix.products_text(facts.products),
                    note=note or txt("", ""),
                ),
            )


def _params_set(ctx: Ctx) -> Iterator[tuple[str, object, ParamFacts]]:
    """Like _literals, but expressions count: availability does not need the value."""
    yield from ctx.known()


def _value_gate(kind: str) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts in _literals(ctx):
            if not facts.value_gated and kind != "code_only":
                continue
            info = facts.infos.get(value_key(value))
            if info is None:
                continue
            fired = {
                "product": info.supported
                and info.products is not None
                and ctx.product not in info.products,
                "unsupported": not info.supported,
                "scenario": info.scenario not in ("both", ctx.scenario),
                "code_only": info.undocumented,
            }[kind]
            if fired:
                yield Hit(
                    (path,),
                    _ns(
                        path,
                        value,
                        product=ctx.ix.product_name(ctx.product),
                        products=ctx.ix.products_text(info.products),
                        scenario=_SCENARIO[ctx.scenario],
                        only=_SCENARIO[info.scenario],
                    ),
                )

    return scan


_SCENARIO = {
    "training": txt("训练", "training"),
    "inference": txt("在线推理", "online inference"),
    "both": txt("训练和在线推理", "training and online inference"),
}


def _scan_scenario(ctx: Ctx) -> Iterator[Hit]:
    for path, value, facts in _params_set(ctx):
        wanted = facts.param.scenario
        if wanted not in ("both", ctx.scenario):
            yield Hit(
                (path,), _ns(path, value, scenario=_SCENARIO[ctx.scenario], only=_SCENARIO[wanted])
            )


def _flagged(param: Parameter, attr: str, expected: bool) -> bool:
    # Inherited RunConfig parameters are documented by TensorFlow, not "undocumented".
    return getattr(param, attr) is expected and not (attr == "documented" and param.inherited)


def _flag(attr: str, expected: bool = True) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts in _params_set(ctx):
            if _flagged(facts.param, attr, expected):
                yield Hit((path,), _ns(path, value))

    return scan


def _involves_attr(attr: str, expected: bool = True) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        param = ix.param(path)
        return param is not None and _flagged(param, attr, expected)

    return involves


def _involves_products(ix: CatalogIndex, path: str) -> bool:
    facts = ix.facts.get(path)
    return facts is not None and facts.products is not None


def _involves_value_gate(ix: CatalogIndex, path: str) -> bool:
    facts = ix.facts.get(path)
    return facts is not None and facts.value_gated


def _involves_code_only(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and any(v.undocumented for v in param.values)


def _involves_scenario(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and param.scenario != "both"


# -- the profile itself ---------------------------------------------------------------------------
def _scan_unknown(ctx: Ctx) -> Iterator[Hit]:
    for path, value in ctx.values.items():
        if path not in ctx.ix.facts:
            near = difflib.get_close_matches(path, list(ctx.ix.facts), n=1)
            yield Hit((path,), _ns(path, value, near=repr(near[0]) if near else "—"))


def _scan_kwargs(ctx: Ctx) -> Iterator[Hit]:
    for extra in ctx.profile.extra_kwargs:
        if extra.owner not in OWNERS:
            continue  # e.g. NPUEstimator(...) arguments kept for other rules
        names = [p.name for p in ctx.ix.catalog.params if p.owner == extra.owner]
        near = difflib.get_close_matches(extra.name, names, n=1)
        yield Hit(
            (f"{extra.owner}.{extra.name}",),
            {
                "param": extra.name,
                "owner": extra.owner,
                "value": extra.expr,
                "near": repr(near[0]) if near else "—",
            },
        )


def _never(ix: CatalogIndex, path: str) -> bool:
    return False


def _family(
    rule_id: str,
    severity: Severity,
    message: Text,
    scan: Scan,
    involves: Involves,
    *,
    fix: Text | None = None,
    source: str = SRC_CATALOG,
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
        _scan_unknown,
        _never,
        fix=txt(
            "删除该项，或改为相近的参数名 {near}。", "Remove it, or use the close name {near}."
        ),
        source="npu_config.py:NPURunConfig.__init__ (signature)",
    ),
    _family(
        "profile.unknown_kwarg",
        "error",
        txt(
            "{owner} 没有参数 {param}（导入时原样保留为 {value}），运行时会报 TypeError。",
            "{owner} has no parameter {param} (kept verbatim as {value}); it raises TypeError.",
        ),
        _scan_kwargs,
        _never,
        fix=txt("删除它，或改为 {near}。", "Remove it, or use {near}."),
        source="npu_config.py (constructor signatures)",
    ),
    _family(
        "type.mismatch",
        "error",
        txt(
            "{param} 需要 Python {expected} 类型，当前为 {value}；传给 TF Adapter 时会报 TypeError。",
            "{param} must be a Python {expected}, got {value}; TF Adapter raises TypeError.",
        ),
        _typed("mismatch"),
        _typed_param(),
        fix=txt("改为 {expected} 类型的值。", "Use a {expected} value."),
        source="NOTES §3/§5.1; npu_estimator.py:__load_graph_optimizers (.s/.i/.b fields)",
    ),
    _family(
        "type.int_for_bool",
        "warning",
        txt(
            "{param} 应为 True/False，当前为整数 {value}；会被静默转换为布尔值。",
            "{param} should be True/False, got the integer {value}; it is silently converted.",
        ),
        _typed("int_for_bool"),
        _typed_param("bool"),
        fix=txt("改为 True 或 False。", "Use True or False."),
        source="npu_estimator.py (.b fields accept ints through protobuf)",
    ),
    _family(
        "type.bool_for_int",
        "warning",
        txt(
            "{param} 应为整数，当前为布尔值 {value}；会被当作 0/1 处理。",
            "{param} should be an integer, got the bool {value}; it is treated as 0/1.",
        ),
        _typed("bool_for_int"),
        _typed_param("int"),
        fix=txt("改为整数 0 或 1。", "Use the integer 0 or 1."),
        source="npu_estimator.py (.i fields accept bools through protobuf)",
    ),
    _family(
        "value.not_allowed",
        "error",
        txt(
            "{param}={value} 不在允许的取值中（{allowed}）：{effect}。",
            "{param}={value} is not an accepted value ({allowed}): {effect}.",
        ),
        _valued("not_allowed"),
        _has_values(True),
        fix=txt("改为以下取值之一：{allowed}。", "Use one of: {allowed}."),
        source="npu_config.py / npu_attrs.cc value checks; catalog:{param}",
    ),
    _family(
        "value.case",
        "error",
        txt(
            "{param}={value} 大小写不对，取值区分大小写，应写作 {spelling}。",
            "{param}={value} has the wrong case; the value is case-sensitive: write {spelling}.",
        ),
        _valued("case"),
        _has_values(True),
        fix=txt("改为 {spelling}。", "Use {spelling}."),
        source="npu_attrs.cc (exact string comparison); catalog:{param}",
    ),
    _family(
        "value.undocumented",
        "warning",
        txt(
            "{param}={value} 不是文档列出的取值（{allowed}）；代码不校验，行为未知。",
            "{param}={value} is not a documented value ({allowed}); the code does not check "
            "it, so the outcome is unknown.",
        ),
        _valued("undocumented"),
        _has_values(False),
        fix=txt("改为文档列出的取值之一：{allowed}。", "Use a documented value: {allowed}."),
        source="seed002 / docs value lists; catalog:{param}",
    ),
    _family(
        "range.out_of_range",
        "error",
        txt(
            "{param}={value} 不满足取值范围 {range}：{effect}。",
            "{param}={value} is not in range {range}: {effect}.",
        ),
        _ranged(True),
        _has_range(True),
        fix=txt("改为满足 {range} 的值。", "Use a value in range {range}."),
        source="npu_config.py (check_positive_integer...) / npu_attrs.cc range checks",
    ),
    _family(
        "range.undocumented",
        "warning",
        txt(
            "{param}={value} 不满足文档给出的范围 {range}。",
            "{param}={value} is not in the documented range {range}.",
        ),
        _ranged(False),
        _has_range(False),
        fix=txt("改为满足 {range} 的值。", "Use a value in range {range}."),
        source="seed002 / docs ranges; catalog:{param}",
    ),
    _family(
        "avail.product",
        "error",
        txt(
            "{param} 不支持 {product}，仅支持：{products}。{note}",
            "{param} is not supported on {product}; only on: {products}. {note}",
        ),
        _scan_product,
        _involves_products,
        fix=txt("删除该参数，或更换目标产品。", "Remove it, or change the target product."),
        source="seed002 product notes; catalog:{param}.products",
    ),
    _family(
        "avail.value_product",
        "error",
        txt(
            "{param}={value} 不支持 {product}，仅支持：{products}。",
            "{param}={value} is not supported on {product}; only on: {products}.",
        ),
        _value_gate("product"),
        _involves_value_gate,
        fix=txt("选择该产品支持的取值。", "Pick a value this product supports."),
        source="seed002 per-value product notes; catalog:{param}.values",
    ),
    _family(
        "avail.value_unsupported",
        "error",
        txt(
            "{param}={value} 在当前版本不支持（文档仅列出 {products}）。",
            "{param}={value} is not supported in this version (documented only for {products}).",
        ),
        _value_gate("unsupported"),
        _involves_value_gate,
        fix=txt("选择其他取值。", "Pick another value."),
        source="seed002 (当前版本不支持); catalog:{param}.values",
    ),
    _family(
        "scenario.param",
        "warning",
        txt(
            "{param} 仅适用于{only}场景，当前目标是{scenario}。",
            "{param} applies to {only} only; the target is {scenario}.",
        ),
        _scan_scenario,
        _involves_scenario,
        fix=txt("删除该参数，或更换场景。", "Remove it, or change the scenario."),
        source="seed002 scenario notes; catalog:{param}.scenario",
    ),
    _family(
        "scenario.value",
        "warning",
        txt(
            "{param}={value} 仅适用于{only}场景，当前目标是{scenario}。",
            "{param}={value} applies to {only} only; the target is {scenario}.",
        ),
        _value_gate("scenario"),
        _involves_value_gate,
        fix=txt("选择适用于当前场景的取值。", "Pick a value meant for this scenario."),
        source="seed002 per-value scenario notes; catalog:{param}.values",
    ),
    _family(
        "status.no_effect",
        "warning",
        txt(
            "{param} 在当前版本已不生效，设置了也会被忽略。",
            "{param} no longer has any effect; the setting is ignored.",
        ),
        _flag("no_effect"),
        _involves_attr("no_effect"),
        fix=txt("删除该参数。", "Remove it."),
        source="seed002 后续版本废弃配置; catalog:{param}.no_effect",
    ),
    _family(
        "status.deprecated",
        "info",
        txt(
            "{param} 将在后续版本废弃，请不要再使用。",
            "{param} is going to be removed in a later version; avoid it.",
        ),
        _flag("deprecated"),
        _involves_attr("deprecated"),
        fix=txt("改用推荐的替代参数。", "Move to the recommended replacement."),
        source="seed002 后续版本废弃配置; catalog:{param}.deprecated",
    ),
    _family(
        "status.experimental",
        "info",
        txt(
            "{param} 是试验参数，后续版本可能变更，不支持用于商用产品。",
            "{param} is experimental: it may change and is not for production use.",
        ),
        _flag("experimental"),
        _involves_attr("experimental"),
        source="seed002 试验参数; catalog:{param}.experimental",
    ),
    _family(
        "status.undocumented",
        "info",
        txt(
            "{param} 没有用户文档，合法取值只能从代码推断。",
            "{param} has no user documentation; its valid values are inferred from code only.",
        ),
        _flag("documented", False),
        _involves_attr("documented", False),
        source="NOTES §1 (in the signature, not in the seed); catalog:{param}.documented",
    ),
    _family(
        "status.code_only_value",
        "info",
        txt(
            "{param}={value} 被代码接受，但文档未列出。",
            "{param}={value} is accepted by the code but not listed in the docs.",
        ),
        _value_gate("code_only"),
        _involves_code_only,
        source="npu_attrs.cc accepted values vs docs; catalog:{param}.values.undocumented",
    ),
)


def family_ns(ix: CatalogIndex, path: str, rule_id: str) -> dict[str, object]:
    """What the catalog says about ``path``, to word a quiet family rule as a rule."""
    facts = ix.facts.get(path)
    if facts is None:
        return {"param": path}
    param = facts.param
    ns: dict[str, object] = {
        "param": path,
        "expected": param.py_type,
        "allowed": ", ".join(show(v) for v in param.allowed()),
        "effect": _EFFECT[VALIDATED.get(path, VALIDATED_RANGE.get(path, "runtime"))],
    }
    if param.minimum is not None or param.maximum is not None:
        ns["range"] = _range_text(param)
    if rule_id == "avail.product":
        ns.update(products=ix.products_text(facts.products), note=param.availability_note or "")
    if rule_id == "scenario.param":
        ns["only"] = _SCENARIO[param.scenario]
    return ns
