"""The rules the catalog declares about one parameter's value (``[[param.rules]]``).

Each :class:`~ascend_studio.schema.ParamRule` becomes a :class:`Rule` with its id,
severity, message, source and fixes; its test and its fixes come from the fixed
vocabulary below, written once for every parameter (none is named here). A rule
that involves several parameters is written in ``_rules_*.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Fix, RemoveKey, SetValue
from ascend_studio.rules._fixes_values import as_runtime
from ascend_studio.rules._index import value_key
from ascend_studio.rules._model import Condition, Fixer, Hit, Rule
from ascend_studio.schema import (
    Catalog,
    ParamRule,
    RuleFix,
    Scalar,
    format_problem,
    number_text,
)

__all__ = ["param_rules"]

Outcome = bool | Mapping[str, object] | None
Test = Callable[[Ctx, str, ParamRule], Outcome]


def param_rules(catalog: Catalog) -> tuple[Rule, ...]:
    """The rules of every parameter's ``rules`` table, in catalog order."""
    return tuple(_rule(param.path, data) for param in catalog.params for data in param.rules)


def _rule(path: str, data: ParamRule) -> Rule:
    return Rule(
        id=data.id,
        severity=data.severity,
        kind=data.kind,
        params=(path,),
        message=data.message,
        source=data.source,
        fix=data.fix,
        when=_condition(path, data),
        fixes=_fixer(path, data.fixes) if data.fixes else None,
        also=data.also,
        surfaces=frozenset(data.surfaces) if data.surfaces is not None else None,
    )


def _condition(path: str, data: ParamRule) -> Condition:
    test = _TESTS[data.test]

    def when(c: Ctx) -> Outcome:
        return None if c.why_not(data) is not None else test(c, path, data)

    return when


# -- tests -----------------------------------------------------------------------------------
def _same(value: object, wanted: Scalar) -> bool:
    """Typed equality (``1`` is not ``"1"``, ``True`` is not the int ``1``), except that
    a bool in the rule matches the number Python holds equal to it: the constructor
    takes ``hcom_parallel=1`` as True."""
    if isinstance(wanted, bool) and type(value) in (int, float):
        return value == wanted
    return value_key(value) == value_key(wanted)


def _equals(c: Ctx, path: str, data: ParamRule) -> bool:
    value = c.lit(path)
    return value is not None and any(_same(value, v) for v in data.values)


def _not_equals(c: Ctx, path: str, data: ParamRule) -> bool:
    value = c.lit(path)
    return value is not None and not any(_same(value, v) for v in data.values)


def _between(c: Ctx, path: str, data: ParamRule) -> bool:
    value = c.ival(path, default_too=False)
    if value is None:
        return False
    return (data.above is None or value > data.above) and (data.below is None or value < data.below)


def _not_bool(c: Ctx, path: str, _data: ParamRule) -> bool:
    value = c.lit(path)
    return value is not None and type(value) is not bool


def _not_int(c: Ctx, path: str, _data: ParamRule) -> bool:
    value = c.lit(path)
    return value is not None and not isinstance(value, int)


def _problem(c: Ctx, path: str) -> str | None:
    text, param = c.sval(path), c.ix.param(path)
    return format_problem(param, text) if text is not None and param is not None else None


def _format(c: Ctx, path: str, _data: ParamRule) -> Mapping[str, object] | None:
    problem = _problem(c, path)
    return {"problem": problem} if problem else None


def _item(text: str) -> int | str:
    return int(text) if text.strip().isdigit() else text.strip()


def _repeated(c: Ctx, path: str, _data: ParamRule) -> Mapping[str, object] | None:
    text = c.sval(path)
    if text is None or _problem(c, path) is not None:
        return None
    items = [_item(part) for part in text.split(",")]
    twice = sorted({i for i in items if items.count(i) > 1}, key=lambda i: (str(type(i)), i))
    return {"twice": ", ".join(map(str, twice))} if twice else None


def _clamped(c: Ctx, path: str, _data: ParamRule) -> Mapping[str, object] | None:
    size = c.ival(path, default_too=False)
    effective, _ = c.runtime_int(path)  # the catalog's clamp
    param = c.ix.param(path)
    if size is None or param is None or effective == size:
        return None
    return {"effective": effective, "top": number_text(param.maximum or 0)}


_TESTS: dict[str, Test] = {
    "set": lambda c, path, _: c.is_set(path),
    "unset": lambda c, path, _: not c.is_set(path),
    "equals": _equals,
    "not_equals": _not_equals,
    "between": _between,
    "not_bool": _not_bool,
    "not_int": _not_int,
    "format": _format,
    "repeated": _repeated,
    "clamped": _clamped,
}


# -- fixes -----------------------------------------------------------------------------------
Edit = Callable[[Ctx, Hit, str, RuleFix], Iterator[Fix]]
_FLAGS = {"true": True, "false": False, "1": True, "0": False}


def _fixer(path: str, fixes: tuple[RuleFix, ...]) -> Fixer:
    def make(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
        for fix in fixes:
            yield from _EDITS[fix.edit](ctx, hit, path, fix)

    return make


def _set(_ctx: Ctx, _hit: Hit, path: str, fix: RuleFix) -> Iterator[Fix]:
    assert fix.value is not None
    yield Fix((SetValue(path, fix.value),), fix.applicability)


def _remove(ctx: Ctx, _hit: Hit, path: str, fix: RuleFix) -> Iterator[Fix]:
    if path in ctx.values:
        yield Fix((RemoveKey(path),), fix.applicability)


def _as_bool(ctx: Ctx, _hit: Hit, path: str, fix: RuleFix) -> Iterator[Fix]:
    """``1``, ``0``, ``"True"``, ``"false"`` written as the bool they mean."""
    value = ctx.lit(path)
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        yield Fix((SetValue(path, bool(value)),), fix.applicability)
    elif isinstance(value, str) and value.strip().lower() in _FLAGS:
        yield Fix((SetValue(path, _FLAGS[value.strip().lower()]),), fix.applicability)


def _mended(ctx: Ctx, path: str, fix: RuleFix, mend: Callable[[str], str]) -> Iterator[Fix]:
    """The text mended by ``mend``, when that changes it and makes it well formed."""
    text, param = ctx.sval(path), ctx.ix.param(path)
    if text is None or param is None:
        return
    mended = mend(text)
    if mended != text and format_problem(param, mended) is None:
        yield Fix((SetValue(path, mended),), fix.applicability)


def _replace(ctx: Ctx, _hit: Hit, path: str, fix: RuleFix) -> Iterator[Fix]:
    old, new = fix.old or "", fix.new or ""
    yield from _mended(ctx, path, fix, lambda text: text.replace(old, new) if old else text)


def _pack(ctx: Ctx, _hit: Hit, path: str, fix: RuleFix) -> Iterator[Fix]:
    yield from _mended(ctx, path, fix, lambda text: "".join(text.split()))


def _dedupe(ctx: Ctx, _hit: Hit, path: str, fix: RuleFix) -> Iterator[Fix]:
    """The list with each item once, in its first place."""
    text = ctx.sval(path)
    if text is not None:
        kept = list(dict.fromkeys(text.split(",")))
        yield Fix((SetValue(path, ",".join(kept)),), fix.applicability)


def _times(ctx: Ctx, _hit: Hit, path: str, fix: RuleFix) -> Iterator[Fix]:
    value, factor = ctx.ival(path, default_too=False), fix.value
    if value is not None and value > 0 and isinstance(factor, int) and not isinstance(factor, bool):
        yield Fix((SetValue(path, value * factor),), fix.applicability)


def _as_runtime(ctx: Ctx, hit: Hit, _path: str, _fix: RuleFix) -> Iterator[Fix]:
    yield from as_runtime(ctx, hit)


_EDITS: dict[str, Edit] = {
    "set": _set,
    "remove": _remove,
    "as_bool": _as_bool,
    "replace": _replace,
    "pack": _pack,
    "dedupe": _dedupe,
    "times": _times,
    "as_runtime": _as_runtime,
}
