"""The checks behind the catalog-driven rule families (declared in ``_catalog_rules``).

Each check reads catalog data; the tables below hold only what the data cannot
say: which checks the real code enforces, and how hard it fails, with sources.
The per-value type/value/range verdicts are computed in one shared pass per
evaluation (``_findings``), since evaluation runs on every keystroke.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from typing import Literal

from ascend_studio.profile import Expr
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._index import CatalogIndex, ParamFacts, value_key
from ascend_studio.rules._model import Hit, show, txt
from ascend_studio.schema import OWNERS, Parameter, Text

__all__ = [
    "SPECIAL_RANGE",
    "SRC_CATALOG",
    "STRICT_BOOL",
    "VALIDATED",
    "VALIDATED_RANGE",
    "Involves",
    "Scan",
    "family_ns",
    "flag",
    "has_range",
    "has_values",
    "involves_attr",
    "involves_code_only",
    "involves_products",
    "involves_scenario",
    "involves_value_gate",
    "never",
    "ranged",
    "scan_kwargs",
    "scan_product",
    "scan_scenario",
    "scan_unknown",
    "type_problem",
    "typed",
    "typed_param",
    "value_gate",
    "value_problem",
    "valued",
]

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
        # An explicit None is not a literal of the parameter's type: what None
        # does is a per-parameter fact with its own rule, not a type mismatch.
        if not isinstance(value, Expr) and value is not None:
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
            raw = param.session is not None and param.session.convert == "raw"
            if raw and isinstance(value, bytes):
                pass  # assigned to a protobuf bytes field as it is: bytes is what works
            elif path not in STRICT_BOOL and param.kind != "subconfig":
                typed = type_problem(param.py_type, param.kind, value)
            valued = value_problem(facts, value, ctx) if typed is None else None
            ranged = typed is None and path not in SPECIAL_RANGE and _bounds_problem(facts, value)
            if typed or valued or ranged:
                found.append((path, value, facts, typed, valued, ranged))
        ctx.memo["catalog"] = found
    return found


def typed(problem: TypeProblem) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts, typed, _, _ in _findings(ctx):
            if typed == problem:
                yield Hit((path,), _ns(path, value, expected=facts.param.py_type))

    return scan


def typed_param(*py_types: str) -> Involves:
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


#: Values the reader checks only while a switch is on (npu_attrs.cc reads them inside it).
CHECKED_ONLY_WITH = {
    "dump_config.dump_mode": "dump_config.enable_dump",
    "dump_config.dump_debug_mode": "dump_config.enable_dump_debug",
    "dynamic_graph_execute_mode": "dynamic_input",
}


def value_problem(facts: ParamFacts, value: object, ctx: Ctx) -> ValueProblem | None:
    if facts.allowed is None or value_key(value) in facts.allowed:
        return None
    switch = CHECKED_ONLY_WITH.get(facts.path)
    if facts.path not in VALIDATED or (switch is not None and not ctx.is_true(switch)):
        return "undocumented"
    if isinstance(value, str) and value.casefold() in facts.folded:
        return "case"
    return "not_allowed"


def valued(problem: ValueProblem) -> Scan:
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


def has_values(validated: bool | None = None) -> Involves:
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


def ranged(validated: bool) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts, _, _, ranged in _findings(ctx):
            if ranged and (path in VALIDATED_RANGE) == validated:
                where = VALIDATED_RANGE.get(path, "runtime")
                ns = _ns(
                    path,
                    value,
                    range=_range_text(facts.param),
                    range_en=_range_words(facts.param),
                    effect=_EFFECT[where],
                )
                yield Hit((path,), ns)

    return scan


def _range_words(param: Parameter) -> str:
    """The bound as it reads after "must be": ">= 1", "in [0, 100]"."""
    text = _range_text(param)
    return f"in {text}" if text[0] in "([" else text


def _range_text(param: Parameter) -> str:
    low, high = param.minimum, param.maximum
    if low is not None and high is not None:
        return f"{'(' if param.minimum_exclusive else '['}{low:g}, {high:g}]"
    if low is not None:
        return f"{'>' if param.minimum_exclusive else '>='} {low:g}"
    return f"<= {high:g}"


def has_range(validated: bool) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        param = ix.param(path)
        bounded = param is not None and (param.minimum is not None or param.maximum is not None)
        special = path in SPECIAL_RANGE or (path in VALIDATED_RANGE) != validated
        return bounded and not special

    return involves


# -- products and scenarios -------------------------------------------------------------------
def scan_product(ctx: Ctx) -> Iterator[Hit]:
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


def value_gate(kind: str) -> Scan:
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


def scan_scenario(ctx: Ctx) -> Iterator[Hit]:
    for path, value, facts in _params_set(ctx):
        wanted = facts.param.scenario
        if wanted not in ("both", ctx.scenario):
            yield Hit(
                (path,), _ns(path, value, scenario=_SCENARIO[ctx.scenario], only=_SCENARIO[wanted])
            )


def _flagged(param: Parameter, attr: str, expected: bool) -> bool:
    # Inherited RunConfig parameters are documented by TensorFlow, not "undocumented".
    return getattr(param, attr) is expected and not (attr == "documented" and param.inherited)


def flag(attr: str, expected: bool = True) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts in _params_set(ctx):
            if _flagged(facts.param, attr, expected):
                yield Hit((path,), _ns(path, value))

    return scan


def involves_attr(attr: str, expected: bool = True) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        param = ix.param(path)
        return param is not None and _flagged(param, attr, expected)

    return involves


def involves_products(ix: CatalogIndex, path: str) -> bool:
    facts = ix.facts.get(path)
    return facts is not None and facts.products is not None


def involves_value_gate(ix: CatalogIndex, path: str) -> bool:
    facts = ix.facts.get(path)
    return facts is not None and facts.value_gated


def involves_code_only(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and any(v.undocumented for v in param.values)


def involves_scenario(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and param.scenario != "both"


# -- the profile itself ---------------------------------------------------------------------------
def scan_unknown(ctx: Ctx) -> Iterator[Hit]:
    for path, value in ctx.values.items():
        if path not in ctx.ix.facts:
            near = difflib.get_close_matches(path, list(ctx.ix.facts), n=1)
            yield Hit((path,), _ns(path, value, **_suggestion(near)))


#: ExtraKwarg names the importer gives unpacked arguments (``NPURunConfig(**opts)``).
UNPACKED = frozenset({"*", "**"})


def scan_kwargs(ctx: Ctx) -> Iterator[Hit]:
    for extra in ctx.profile.extra_kwargs:
        if extra.owner not in OWNERS:
            continue  # e.g. NPUEstimator(...) arguments kept for other rules
        if extra.name in UNPACKED:
            continue  # `**kwargs` / `*args` kept from a script: names unknown, not wrong
        names = [p.name for p in ctx.ix.catalog.params if p.owner == extra.owner]
        near = difflib.get_close_matches(extra.name, names, n=1)
        yield Hit(
            (f"{extra.owner}.{extra.name}",),
            {
                "param": extra.name,
                "owner": extra.owner,
                "value": extra.expr,
                **_suggestion(near),
            },
        )


def _suggestion(near: list[str]) -> dict[str, str]:
    """The did-you-mean tail of a fix, in both languages; empty when nothing is close."""
    if not near:
        return {"near_zh": "", "near_en": ""}
    return {
        "near_zh": f"，或改为相近的名称 {near[0]!r}",
        "near_en": f", or use the close name {near[0]!r}",
    }


def never(ix: CatalogIndex, path: str) -> bool:
    return False


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
        ns["range_en"] = _range_words(param)
    if rule_id == "avail.product":
        ns.update(products=ix.products_text(facts.products), note=param.availability_note or "")
    if rule_id == "scenario.param":
        ns["only"] = _SCENARIO[param.scenario]
    return ns
