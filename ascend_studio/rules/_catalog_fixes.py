"""The fixes of the catalog-driven rule families, made from the same catalog data.

A type the adapter rejects or converts is written in the type it wants (``aoe_mode=2``
becomes ``"2"``, ``hcom_parallel=1`` becomes ``True``): safe, the value the user
chose stays. A value in the wrong case gets the spelling the catalog lists (safe).
A value or range the adapter rejects gets the closest accepted value, and a value
a product or scenario cannot use one it can: unsafe, since it changes what the job
does. A parameter that has no effect where it is (another product, another
scenario, a removed option) is removed (safe); one that still acts (deprecated,
unsupported on this product) is removed only as an unsafe fix.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator

from ascend_studio.profile import Expr, Value
from ascend_studio.rules._catalog_checks import fits, usable_values
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Applicability, Fix, RemoveKey, SetValue
from ascend_studio.rules._model import Fixer, Hit
from ascend_studio.schema import Parameter

__all__ = [
    "as_bool",
    "as_int",
    "as_type",
    "clamped",
    "closest_value",
    "drop",
    "right_case",
    "usable_instead",
]

_INT = re.compile(r"\s*[+-]?\d+\s*")
_BOOL = {"true": True, "false": False}


def _target(ctx: Ctx, hit: Hit) -> tuple[str, Value, Parameter] | None:
    path = hit.params[0]
    param = ctx.ix.param(path)
    if param is None or path not in ctx.values:
        return None
    return path, ctx.values[path], param


def _setting(ctx: Ctx, path: str, value: Value, how: Applicability) -> Iterator[Fix]:
    if fits(ctx, path, value):
        yield Fix((SetValue(path, value),), how)


def _as_str(value: Value) -> Value | None:
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _as_int(value: Value) -> Value | None:
    if isinstance(value, str) and _INT.fullmatch(value):
        return int(value)
    return int(value) if isinstance(value, float) and value.is_integer() else None


def _as_float(value: Value) -> Value | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def _as_bool(value: Value) -> Value | None:
    return _BOOL.get(value.strip().lower()) if isinstance(value, str) else None


_CONVERT: dict[str, Callable[[Value], Value | None]] = {
    "str": _as_str,
    "int": _as_int,
    "float": _as_float,
    "bool": _as_bool,
}


def _converted(py_type: str, value: Value) -> Value | None:
    """``value`` in ``py_type`` when the conversion loses nothing, else None."""
    convert = _CONVERT.get(py_type)
    if convert is None or isinstance(value, Expr) or value is None:
        return None
    return convert(value)


def as_type(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """The value written in the type the adapter takes (``2`` -> ``"2"``): safe."""
    found = _target(ctx, hit)
    if found is not None:
        path, value, param = found
        converted = _converted(param.py_type, value)
        if converted is not None:
            yield from _setting(ctx, path, converted, "safe")


def as_bool(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """``1`` as ``True``: what protobuf makes of it anyway."""
    found = _target(ctx, hit)
    if found is not None and isinstance(found[1], int):
        yield from _setting(ctx, found[0], bool(found[1]), "safe")


def as_int(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """``True`` as ``1``: what protobuf makes of it anyway."""
    found = _target(ctx, hit)
    if found is not None and isinstance(found[1], bool):
        yield from _setting(ctx, found[0], int(found[1]), "safe")


def right_case(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """The catalog's spelling of a value written in another case: safe."""
    found = _target(ctx, hit)
    facts = ctx.ix.facts.get(hit.params[0])
    if found is not None and facts is not None and isinstance(found[1], str):
        spelling = facts.folded.get(found[1].casefold())
        if spelling is not None:
            yield from _setting(ctx, found[0], spelling, "safe")


def closest_value(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """The accepted value closest to a misspelt one (unsafe: a guess at what was meant)."""
    found = _target(ctx, hit)
    if found is None:
        return
    path, value, param = found
    if not isinstance(value, str):
        return
    choices = {str(v): v for v in usable_values(param.values, ctx)}
    for near in difflib.get_close_matches(value, list(choices), n=2, cutoff=0.75):
        yield from _setting(ctx, path, choices[near], "unsafe")


def _bound(param: Parameter, value: int | float) -> int | float | None:
    """The bound ``value`` lies beyond (the next integer above an exclusive minimum)."""
    low, high = param.minimum, param.maximum
    if low is not None and (value < low or (param.minimum_exclusive and value == low)):
        if not param.minimum_exclusive:
            return low
        return low + 1 if isinstance(low, int) and isinstance(value, int) else None
    if high is not None and value > high:
        return high
    return None


def clamped(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """The nearest bound of an out-of-range number (unsafe: another value)."""
    found = _target(ctx, hit)
    if found is None:
        return
    path, value, param = found
    if isinstance(value, bool) or not isinstance(value, int | float):
        return
    bound = _bound(param, value)
    if bound is not None:
        number: Value = float(bound) if isinstance(value, float) else int(bound)
        yield from _setting(ctx, path, number, "unsafe")


def usable_instead(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """Each value the target can use instead (unsafe: another behaviour), at most three."""
    found = _target(ctx, hit)
    if found is None:
        return
    path, value, param = found
    others = [v for v in usable_values(param.values, ctx) if v != value]
    # the most alike first: mixed_float16 for mixed_bfloat16, not the list's first value
    others.sort(key=lambda v: -difflib.SequenceMatcher(None, str(v), str(value)).ratio())
    for other in others[:3]:
        yield from _setting(ctx, path, other, "unsafe")


def drop(how: Applicability) -> Fixer:
    """Remove the flagged parameter (``how``: safe when it does nothing where it is)."""

    def make(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
        path = hit.params[0]
        if path in ctx.values:
            yield Fix((RemoveKey(path),), how)

    return make


def first_of(*makers: Fixer) -> Callable[[Ctx, Hit], Iterator[Fix]]:
    """The fixes of every maker, in order."""

    def make(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
        for maker in makers:
            yield from maker(ctx, hit)

    return make
