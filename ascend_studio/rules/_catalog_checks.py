"""The checks behind the catalog-driven rule families (declared in ``_catalog_rules``).

Each check reads catalog data, including which checks the real code enforces and
how hard it fails (``Parameter.checks``); no parameter is named here.
The per-value type/value/range verdicts are computed in one shared pass per
evaluation (``_findings``), since evaluation runs on every keystroke.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from typing import Literal, get_args

from ascend_studio.profile import SESSION_OWNER, Expr, Value
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._extras import UNPACKED, extra_value, key_of
from ascend_studio.rules._index import CatalogIndex, ParamFacts, value_key
from ascend_studio.rules._model import Hit, show, txt
from ascend_studio.rules._release_text import retired_fact
from ascend_studio.rules._rules_member import member_off
from ascend_studio.rules._rules_spelling import spelled_somewhere
from ascend_studio.schema import (
    OWNERS,
    SUBCONFIG_PATHS,
    EnumValue,
    Parameter,
    ProductRange,
    Scalar,
    Text,
    accepted_types,
    format_problem,
    number_text,
    product_range,
    runtime_number,
    type_problem,
)

__all__ = [
    "SRC_CATALOG",
    "Involves",
    "Scan",
    "family_ns",
    "fits",
    "flag",
    "has_range",
    "has_values",
    "involves_attr",
    "involves_code_only",
    "involves_format",
    "involves_none",
    "involves_product_ranges",
    "involves_products",
    "involves_scenario",
    "involves_value_gate",
    "is_none",
    "never",
    "product_ranged",
    "ranged",
    "scan_format",
    "scan_kwargs",
    "scan_none",
    "scan_product",
    "scan_scenario",
    "scan_session_keys",
    "scan_unknown",
    "typed",
    "typed_param",
    "usable_values",
    "value_gate",
    "value_problem",
    "valued",
]

Where = Literal["raises", "rejects", "aborts"]
_ENFORCED: frozenset[str] = frozenset(get_args(Where))
_EFFECT: dict[Where, Text] = {
    "raises": txt("构造 NPURunConfig 时即抛出异常", "NPURunConfig(...) raises when it is built"),
    "rejects": txt("作业启动时 TF Adapter 报错退出", "TF Adapter rejects it when the job starts"),
    "aborts": txt(
        "TF Adapter 以 LOG(FATAL) 中止整个进程", "TF Adapter aborts the whole process (LOG(FATAL))"
    ),
}
SRC_CATALOG = "catalog:{param}; npu_config.py / npu_attrs.cc"

Scan = Callable[[Ctx], Iterator[Hit]]
Involves = Callable[[CatalogIndex, str], bool]


def _enforced(param: Parameter, aspect: Literal["values", "range"]) -> Where | None:
    """How the real code fails on a bad value or range; None when nothing checks it."""
    how = getattr(param.checks, aspect)
    return how if how in _ENFORCED else None


def _enforced_here(ctx: Ctx, param: Parameter, aspect: Literal["values", "range"]) -> Where | None:
    """:func:`_enforced` on the configuration's surface: a check the Python constructor
    makes does not run on options written into a parameter_map by hand."""
    how = _enforced(param, aspect)
    return None if how == "raises" and not ctx.through("constructor") else how


def _literals(ctx: Ctx) -> list[tuple[str, Value, ParamFacts]]:
    """(path, value, facts) of every set literal the catalog knows; an explicit None
    is judged by the ``value.none_raises`` family alone. Made once per context: a
    dozen rules go over it."""
    return ctx.once("literals", lambda: list(_written_literals(ctx)))


_CHECKED_TYPES = frozenset({"bool", "int", "float", "str"})


def _written_literals(ctx: Ctx) -> Iterator[tuple[str, Value, ParamFacts]]:
    """Set literals; an expression that is a Python literal counts as one where the
    type is checked (a list for an int, a dict for a str...)."""
    for path, value, facts in ctx.known():
        if not ctx.exists(path):
            continue  # the target release lacks it: release.missing_keyword says so
        if isinstance(value, Expr):
            if facts.param.py_type not in _CHECKED_TYPES:
                continue
            written = ctx.written(path)
            if written is not value and not isinstance(written, str | bool | int | float | bytes):
                yield path, written, facts  # type: ignore[misc]  # a list, dict, set...
        elif value is not None:
            yield path, value, facts


def _ns(path: str, value: object, **extra: object) -> dict[str, object]:
    return {"param": path, "value": show(value), **extra}


# -- types -----------------------------------------------------------------------------
TypeProblem = Literal["mismatch", "int_for_bool", "bool_for_int"]


Finding = tuple[str, object, ParamFacts, "TypeProblem | None", "ValueProblem | None", bool]


def _findings(ctx: Ctx) -> list[Finding]:
    """One pass over the set literals: type, value and range problems, shared by families."""
    return ctx.once("catalog", lambda: _find(ctx))


def _find(ctx: Ctx) -> list[Finding]:
    found: list[Finding] = []
    for path, value, facts in _literals(ctx):
        param = facts.param
        if member_off(ctx, path):
            continue  # not what reaches the adapter: release.member_* judge it
        typed = type_problem(param, value) if not _release_typed(ctx, path, param) else None
        valued = value_problem(facts, as_sent(param, value), ctx) if typed is None else None
        special = param.checks.range in ("explicit", "clamps")
        ranged = typed is None and not special and _bounds_problem(facts, value)
        if typed or valued or ranged:
            found.append((path, value, facts, typed, valued, ranged))
    return found


def as_sent(param: Parameter, value: object) -> object:
    """Bytes as the C++ reader gets them (the text); a check in Python compares the
    bytes themselves, which equal no str."""
    if isinstance(value, bytes) and param.checks.values != "raises":
        return value.decode("utf-8", "replace")
    return value


def expected_type(param: Parameter) -> Text | str:
    """The Python type(s) ``param`` accepts: ``str or bytes`` (``str 或 bytes``)."""
    if param.py_type != "str":
        return param.py_type
    types = accepted_types(param)
    return txt(" 或 ".join(types), " or ".join(types))


def typed(problem: TypeProblem) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts, typed, _, _ in _findings(ctx):
            if typed == problem:
                yield Hit((path,), _ns(path, value, expected=expected_type(facts.param)))

    return scan


def typed_param(*py_types: str) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        param = ix.param(path)
        return (
            param is not None
            and param.kind != "subconfig"
            and param.checks.type in ("raises", "number")
            and (not py_types or param.py_type in py_types)
        )

    return involves


# -- allowed values ------------------------------------------------------------------------
ValueProblem = Literal["case", "not_allowed", "undocumented"]


def _release_typed(ctx: Ctx, path: str, param: Parameter) -> bool:
    """The target release's signature default has another type than the catalog's
    (jit_compile was a bool): ``release.type`` judges the value's type there."""
    if ctx.release is None or path not in ctx.ix.retyped():
        return False
    default = ctx.defaults.get(path)
    return default is not None and type(default).__name__ != param.py_type


def _release_valued(ctx: Ctx, path: str) -> bool:
    """The target release's adapter checks ``path`` against its own list:
    ``release.value`` judges the value there."""
    if ctx.release is None:
        return False
    return ctx.ix.catalog.history.listed(path, ctx.release.id) is not None


def value_problem(facts: ParamFacts, value: object, ctx: Ctx) -> ValueProblem | None:
    if facts.allowed is None or value_key(value) in facts.allowed:
        return None
    if _release_valued(ctx, facts.path):
        return None
    switch = facts.param.checks.read_with
    enforced = _enforced_here(ctx, facts.param, "values")
    if enforced is None or (switch is not None and not ctx.is_true(switch)):
        return "undocumented"
    if isinstance(value, str) and value.casefold() in facts.folded:
        return None if spelled_somewhere(ctx, facts.path, value) else "case"
    return "not_allowed"


def fits(ctx: Ctx, path: str, value: Value) -> bool:
    """Whether ``value`` passes the catalog's type, value and range checks of ``path``
    (an expression always does: it is known only when the script runs)."""
    facts = ctx.ix.facts.get(path)
    if facts is None:
        return False
    if isinstance(value, Expr) or value is None:
        return True
    if type_problem(facts.param, value) is not None:
        return False
    return value_problem(facts, value, ctx) is None and not _bounds_problem(facts, value)


def valued(problem: ValueProblem) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts, _, valued, _ in _findings(ctx):
            if valued != problem:
                continue
            allowed = ", ".join(show(v) for v in facts.param.allowed())
            where = _enforced_here(ctx, facts.param, "values") or "rejects"
            ns = _ns(path, value, allowed=allowed, effect=_EFFECT[where])
            if problem == "case" and isinstance(value, str):
                ns["spelling"] = repr(facts.folded[value.casefold()])
            yield Hit((path,), ns)

    return scan


def has_values(validated: bool | None = None) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        facts = ix.facts.get(path)
        if facts is None or facts.allowed is None:
            return False
        return validated is None or (_enforced(facts.param, "values") is not None) == validated

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
            where = _enforced_here(ctx, facts.param, "range")
            if ranged and (where is not None) == validated:
                ns = _ns(
                    path,
                    value,
                    range=_range_text(facts.param),
                    range_en=_range_words(facts.param),
                    effect=_EFFECT[where or "rejects"],
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
        return f"{'(' if param.minimum_exclusive else '['}{number_text(low)}, {number_text(high)}]"
    if low is not None:
        return f"{'>' if param.minimum_exclusive else '>='} {number_text(low)}"
    return f"<= {number_text(high or 0)}"


def has_range(validated: bool) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        param = ix.param(path)
        bounded = param is not None and (param.minimum is not None or param.maximum is not None)
        if param is None or not bounded:
            return False
        special = param.checks.range in ("explicit", "clamps")
        return not special and (_enforced(param, "range") is not None) == validated

    return involves


# -- ranges the docs give per product ----------------------------------------------------------
def _inside(value: float, found: ProductRange) -> bool:
    low, high = found.minimum, found.maximum
    above = low is None or (value > low if found.minimum_exclusive else value >= low)
    return above and (high is None or value <= high)


def _product_range_text(found: ProductRange, unit: str) -> str:
    low = "(" if found.minimum_exclusive else "["
    text = f"{low}{number_text(found.minimum or 0)}, {number_text(found.maximum or 0)}]"
    return f"{text} {unit}" if unit else text


ProductRangeProblem = Literal["outside", "rounded"]


def product_ranged(problem: ProductRangeProblem) -> Scan:
    """A set int outside the range the docs give for the product, or inside it and
    floored to the product's step (``product_ranges`` in the catalog)."""

    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts in _literals(ctx):
            param = facts.param
            if not param.product_ranges or type(value) is not int:
                continue
            found = product_range(param, ctx.product)
            if found is None:
                continue
            inside = _inside(value, found)
            after = runtime_number(param, value, ctx.product)
            if (problem == "outside") == inside or (problem == "rounded" and after == value):
                continue
            yield Hit((path,), _range_ns(ctx, path, value, found, after))

    return scan


def _range_ns(
    ctx: Ctx, path: str, value: int, found: ProductRange, after: int
) -> dict[str, object]:
    unit = ctx.ix.facts[path].param.unit
    step = found.step
    top = number_text(found.maximum or 0)
    howto = (
        txt(
            f"取 {step} 到 {top} 之间 {step} 的整数倍",
            f"Use a multiple of {step} from {step} to {top}",
        )
        if step
        else txt(
            f"改为 {_product_range_text(found, unit)} 内的值",
            f"Use a value in {_product_range_text(found, unit)}",
        )
    )
    return _ns(
        path,
        value,
        product=ctx.ix.product_name(ctx.product),
        range=_product_range_text(found, unit),
        step=step or "",
        effective=f"{after} {unit}".strip(),
        multiple=after,
        howto=howto,
    )


def involves_product_ranges(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and bool(param.product_ranges)


# -- products and scenarios -------------------------------------------------------------------
def _sent_anyway(param: Parameter, value: object) -> bool:
    """The value is the signature default that NPUEstimator writes whether or not it is
    given (e.g. input_batch_cpy=False on every product): setting it changes nothing."""
    session = param.session
    if session is None or param.default is None or value_key(value) != value_key(param.default):
        return False
    return session.sent in ("always", "if_set")


def scan_product(elsewhere: str) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts in _params_set(ctx):
            # on every product (no products listed), why_not would not read the product
            if facts.param.elsewhere == elsewhere and facts.param.products is not None:
                yield from _product_hit(ctx, path, value, facts)

    return scan


def _product_hit(ctx: Ctx, path: str, value: object, facts: ParamFacts) -> Iterator[Hit]:
    if ctx.why_not(facts.param, "product") is None:
        return
    if _sent_anyway(facts.param, value):
        return
    yield Hit(
        (path,),
        _ns(
            path,
            value,
            product=ctx.ix.product_name(ctx.product),
            products=ctx.ix.products_text(facts.products),
            note=facts.param.availability_note or txt("", ""),
        ),
    )


def scan_format(ctx: Ctx) -> Iterator[Hit]:
    """A value that breaks its catalog format, for entries without their own rule."""
    for path, value, facts in _literals(ctx):
        param = facts.param
        if not param.own_format_rule and isinstance(value, str) and value:
            problem = format_problem(param, value)
            if problem is not None:
                where = _enforced_here(ctx, param, "values") or "rejects"
                yield Hit((path,), _ns(path, value, problem=problem, effect=_EFFECT[where]))


def involves_format(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and param.format is not None and not param.own_format_rule


def is_none(value: object) -> bool:
    """An explicit ``None`` (kept as a value, or as the expression ``None``)."""
    return value is None or (isinstance(value, Expr) and value.expr.strip() == "None")


_NONE_EFFECT = {
    "raises": txt("构造时即抛出异常", "the constructor raises"),
    "fails_when_sent": txt(
        "NPUEstimator 把它写入会话选项时抛出 TypeError",
        "NPUEstimator raises TypeError when it writes it into the session options",
    ),
}
_GATED = ("with_aoe", "if_profiling", "if_dump_mode")


def _sent(ctx: Ctx, param: Parameter) -> bool:
    """NPUEstimator writes the value: always, or its gate holds (dump_debug_mode is
    written only when dump_mode is set)."""
    session = param.session
    if session is None or session.sent not in _GATED or session.gate is None:
        return True
    gate = (
        ctx.raw(session.gate) if session.gate in ctx.values else ctx.ix.defaults.get(session.gate)
    )
    return not is_none(gate) if session.sent != "if_profiling" else not ctx.is_off(session.gate)


def scan_none(ctx: Ctx) -> Iterator[Hit]:
    for path, value, facts in ctx.known():
        how = facts.param.checks.none
        if not is_none(value) or how not in _NONE_EFFECT:
            continue
        if how == "fails_when_sent" and not _sent(ctx, facts.param):
            continue
        ns = _ns(path, value, expected=facts.param.py_type, effect=_NONE_EFFECT[how])
        yield Hit((path,), ns)


def involves_none(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and param.checks.none in _NONE_EFFECT


def _params_set(ctx: Ctx) -> list[tuple[str, Value, ParamFacts]]:
    """Like _literals, but expressions count: availability does not need the value.
    An explicit None is left out: it sends nothing (or fails, which scan_none says).
    Made once per context, like _literals."""
    return ctx.once(
        "params_set",
        lambda: [(path, value, facts) for path, value, facts in ctx.known() if not is_none(value)],
    )


def value_gate(kind: str) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, facts in _literals(ctx):
            if not facts.value_gated and kind != "code_only":
                continue
            info = facts.infos.get(value_key(value))
            if info is None:
                continue
            fired = {
                "product": info.supported and ctx.why_not(info, "product") == "product",
                "unsupported": not info.supported,
                "scenario": ctx.why_not(info, "scenario") == "scenario",
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
                        scenario=ctx.ix.catalog.scenario_words(ctx.scenario),
                        only=ctx.ix.catalog.scenario_words(info.scenario),
                        usable=_usable(facts.param.values, ctx),
                    ),
                )

    return scan


def usable_values(values: tuple[EnumValue, ...], ctx: Ctx) -> list[Scalar]:
    """The documented values that work on the target: what a fix offers instead."""
    return [
        v.value for v in values if v.supported and not v.undocumented and ctx.why_not(v) is None
    ]


def _usable(values: tuple[EnumValue, ...], ctx: Ctx) -> str:
    fine = [repr(v) for v in usable_values(values, ctx)]
    return ", ".join(fine) if fine else "-"


def scan_scenario(ctx: Ctx) -> Iterator[Hit]:
    for path, value, facts in _params_set(ctx):
        wanted = facts.param.scenario
        if wanted == "both":
            continue  # holds in every scenario: why_not would not read the scenario
        if ctx.why_not(facts.param, "scenario") == "scenario":
            yield Hit(
                (path,),
                _ns(
                    path,
                    value,
                    scenario=ctx.ix.catalog.scenario_words(ctx.scenario),
                    only=ctx.ix.catalog.scenario_words(wanted),
                ),
            )


def _flagged(param: Parameter, attr: str, expected: bool) -> bool:
    return getattr(param, attr) is expected


def flag(attr: str, expected: bool = True, *, unless: str | None = None) -> Scan:
    """Every parameter set whose ``attr`` is ``expected``; with ``unless``, not those
    with that attribute too (a deprecated parameter with no effect at all gets the
    no-effect finding alone, not two on one line)."""

    key = f"_flag:{attr}:{expected}:{unless}"

    def flagged(ix: CatalogIndex) -> frozenset[str]:
        """The catalog's parameters it flags (made once per index)."""
        found: frozenset[str] | None = ix.__dict__.get(key)
        if found is None:
            found = ix.__dict__[key] = frozenset(
                path
                for path, facts in ix.facts.items()
                if _flagged(facts.param, attr, expected)
                and not (unless is not None and _flagged(facts.param, unless, True))
            )
        return found

    def scan(ctx: Ctx) -> Iterator[Hit]:
        paths = flagged(ctx.ix)
        for path, value, facts in _params_set(ctx):
            if path in paths and not _estimators_own(facts.param, value):
                yield Hit((path,), _ns(path, value))

    return scan


def _estimators_own(param: Parameter, value: object) -> bool:
    """The value NPUEstimator writes itself (``min_group_size`` 1): a parameter_map
    that mirrors it chose nothing."""
    written = param.session.written if param.session is not None else None
    return written is not None and value == written


def involves_attr(attr: str, expected: bool = True) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        param = ix.param(path)
        return param is not None and _flagged(param, attr, expected)

    return involves


def involves_products(elsewhere: str) -> Involves:
    def involves(ix: CatalogIndex, path: str) -> bool:
        facts = ix.facts.get(path)
        return (
            facts is not None and facts.products is not None and facts.param.elsewhere == elsewhere
        )

    return involves


def involves_value_gate(ix: CatalogIndex, path: str) -> bool:
    facts = ix.facts.get(path)
    return facts is not None and facts.value_gated


def involves_code_only(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and any(v.undocumented for v in param.values)


def involves_scenario(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and param.depends_on("scenario")


# -- the profile itself ---------------------------------------------------------------------------
def scan_unknown(ctx: Ctx) -> Iterator[Hit]:
    for path, value in ctx.values.items():
        if path not in ctx.ix.facts:
            names = [p for p in ctx.ix.facts if ctx.exists(p)]
            near = difflib.get_close_matches(path, names, n=3)
            yield Hit((path,), _ns(path, value, **_suggestion(ctx, path, near, value)))


def scan_kwargs(ctx: Ctx) -> Iterator[Hit]:
    for extra in ctx.profile.extra_kwargs:
        if extra.owner not in OWNERS:
            continue  # e.g. NPUEstimator(...) arguments kept for other rules
        if extra.name in UNPACKED:
            continue  # `**kwargs` / `*args` kept from a script: names unknown, not wrong
        if retired_fact(ctx.ix.catalog.history, extra.owner, extra.name) is not None:
            continue  # a keyword of some releases: the release family says which
        prefix = "" if extra.owner == "NPURunConfig" else SUBCONFIG_PATHS[extra.owner] + "."
        names = [
            p.name
            for p in ctx.ix.catalog.params
            if p.owner == extra.owner
            and not (p.session and p.session.session_only)
            and ctx.exists(p.path)
        ]
        near = [prefix + n for n in difflib.get_close_matches(extra.name, names, n=3)]
        yield Hit(
            (key_of(extra),),
            {
                "param": extra.name,
                "owner": extra.owner,
                "value": extra.expr,
                **_suggestion(ctx, extra.name, near, extra_value(extra)),
            },
        )


def scan_session_keys(ctx: Ctx) -> Iterator[Hit]:
    """parameter_map keys the catalog does not know, kept from a sess.run script."""
    keys = ctx.ix.catalog.by_session_key()
    for extra in ctx.profile.extra_kwargs:
        if extra.owner != SESSION_OWNER:
            continue
        if ctx.ix.catalog.history.key(extra.name) is not None:
            continue  # a key some releases read: the release family says which
        near = [keys[k].path for k in difflib.get_close_matches(extra.name, list(keys), n=3)]
        shown = f'parameter_map["{extra.name}"]'
        suggestion = _suggestion(ctx, extra.name, near, extra_value(extra))
        yield Hit((key_of(extra),), {"param": shown, "value": extra.expr, **suggestion})


def _close(name: str, path: str) -> float:
    return difflib.SequenceMatcher(None, name, path.rpartition(".")[2]).ratio()


def _suggestion(ctx: Ctx, name: str, near: list[str], value: Value) -> dict[str, object]:
    """The did-you-mean of a name the catalog does not know: ``rename_to``, the closest
    parameter that is not set, takes the value and is about as close as the closest
    one (``dump_pth`` is ``dump_path`` misspelt, not ``dump_step``; a fix renames to
    it); else, when a close name takes other values, a hint naming it."""
    best = _close(name, near[0]) if near else 0.0
    free = [path for path in near if path not in ctx.values]
    fitting = [path for path in free if fits(ctx, path, value) and _close(name, path) >= best - 0.1]
    if fitting:
        return {"rename_to": fitting[0], "near_zh": "", "near_en": ""}
    if not free:
        return {"rename_to": None, "near_zh": "", "near_en": ""}
    allowed = ", ".join(show(v) for v in ctx.ix.facts[free[0]].param.allowed())
    takes_zh = f"（取值为 {allowed}）" if allowed else ""
    takes_en = f" (it takes {allowed})" if allowed else ""
    return {
        "rename_to": None,
        "near_zh": f"相近的名称 {free[0]} 不接受该值{takes_zh}。",
        "near_en": f"The close name {free[0]} does not take this value{takes_en}.",
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
        "effect": _EFFECT[_enforced(param, "values") or _enforced(param, "range") or "rejects"],
    }
    if param.minimum is not None or param.maximum is not None:
        ns["range"] = _range_text(param)
        ns["range_en"] = _range_words(param)
    if rule_id == "value.none_raises" and param.checks.none in _NONE_EFFECT:
        ns["effect"] = _NONE_EFFECT[param.checks.none]
    if rule_id.startswith("avail.product"):
        ns.update(products=ix.products_text(facts.products), note=param.availability_note or "")
    if rule_id == "scenario.param":
        ns["only"] = ix.catalog.scenario_words(param.scenario)
    return ns
