"""A profile document that is plainly valid, checked without pydantic.

Importing pydantic and building its validator cost more than the rest of a
``paths`` or ``export`` command. A document whose every field already has exactly
the type the profile wants (the JSON the app itself writes, the dicts the
importers and the app build, with :class:`Expr`, :class:`ExtraKwarg` and bytes in
them) is turned into the same object here, by the same checks (product id,
finite values, UTF-8 text). Fields this version does not know are kept as they
are, as pydantic keeps them.

Anything else, however valid it may be (a value pydantic would coerce, an
integer beyond 64 bits, ``bytes_hex``, a problem to report), returns None and goes
to pydantic (``_validate``): every error message and every accepted oddity stays
pydantic's. ``tests/profile/test_profile_plain.py`` checks that both roads give
equal objects with equal types.

What it is worth, measured with ``benchmarks/bench_cli.py --ab`` (each command, and
the same command with this road switched off, in turn, same run): ``validate``,
``export -f py`` and ``paths`` of a profile take 0.45x to 0.54x the CPU time they
take when every profile goes through pydantic (70 to 160 ms a start): kept.
"""

from __future__ import annotations

from typing import Any, cast

from ascend_studio.profile._document import (
    ARMS,
    PRODUCT_ID,
    RELEASE_NAME,
    SURFACES,
    Arm,
    Condition,
    Expr,
    ExtraKwarg,
    Profile,
    Value,
    made_profile,
    non_finite_problem,
)
from ascend_studio.profile._fields import field_problems

__all__ = ["plain_profile"]

_SCENARIOS = ("training", "inference")
_KWARG_KEYS = frozenset({"owner", "name", "expr"})
_SESSION_KEYS = _KWARG_KEYS | {"attr"}
#: Integers pydantic-core keeps as machine integers; bigger ones take the slow road.
_INT_RANGE = range(-(2**63), 2**63)


class _NotPlain(Exception):
    """The document needs pydantic's validator (to coerce or report)."""


def plain_profile(data: dict[str, Any]) -> Profile | None:
    """``Profile.model_validate(data)`` when ``data`` is plainly valid, else None."""
    # The profile's own checks, on the document as given (inf, nan, lone surrogates,
    # in known and unknown fields alike).
    if non_finite_problem("", data) is not None:
        return None
    given: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    try:
        for name, value in data.items():
            check = _CHECKS.get(name)
            if check is not None:
                given[name] = check(value)
            else:  # unknown: kept as it is (pydantic's extra="allow")
                extra[_str(name)] = value
    except _NotPlain:
        return None
    if _unwritable(given):
        return None  # pydantic says what (the same check, in ``_validate``)
    return made_profile(given, extra, set(data))


def _unwritable(given: dict[str, Any]) -> bool:
    kwargs = [(x.owner, x.name, x.expr) for x in given.get("extra_kwargs", ())]
    found = field_problems(
        given.get("values", {}), given.get("env", {}), given.get("env_verbatim", ()), kwargs
    )
    return found is not None


def _str(value: object) -> str:
    if type(value) is not str:
        raise _NotPlain
    return value


def _schema_version(value: object) -> int:
    if type(value) is not int:
        raise _NotPlain
    return value


def _product(value: object) -> str | None:
    if value is None:
        return None
    if not PRODUCT_ID.fullmatch(_str(value)):
        raise _NotPlain
    return _str(value)


def _release(value: object) -> str | None:
    if value is None:
        return None
    if not RELEASE_NAME.fullmatch(_str(value)):
        raise _NotPlain
    return _str(value)


def _scenario(value: object) -> str | None:
    if value is not None and (value not in _SCENARIOS or type(value) is not str):
        raise _NotPlain
    return value


def _surface(value: object) -> str | None:
    if value is not None and (type(value) is not str or value not in SURFACES):
        raise _NotPlain
    return value


def _value(value: object) -> Value:
    if value is None or type(value) in (bool, float, str):
        return cast("Value", value)
    if type(value) is int and value in _INT_RANGE:
        return value
    if type(value) in (Expr, bytes):
        return cast("Value", value)
    if type(value) is dict and len(value) == 1:
        ((key, text),) = value.items()
        if key == "expr" and type(text) is str and text:
            return Expr(expr=text)
        if key == "bytes" and type(text) is str:
            return text.encode("utf-8")
    raise _NotPlain


def _values(value: object) -> dict[str, Value]:
    if type(value) is not dict:
        raise _NotPlain
    return {_str(path): _value(item) for path, item in value.items()}


def _env(value: object) -> dict[str, str | None]:
    if type(value) is not dict:
        raise _NotPlain
    return {_str(name): None if item is None else _str(item) for name, item in value.items()}


def _sequence(value: object) -> list[object] | tuple[object, ...]:
    """A list (JSON) or a tuple (Python), exactly."""
    if type(value) is list or type(value) is tuple:
        return value
    raise _NotPlain


def _names(value: object) -> tuple[str, ...]:
    return tuple(_str(item) for item in _sequence(value))


def _kwarg(value: object) -> ExtraKwarg:
    if type(value) is ExtraKwarg:
        return value
    if type(value) is not dict or value.keys() not in (_KWARG_KEYS, _SESSION_KEYS):
        raise _NotPlain
    owner, name, expr = (_str(value[key]) for key in ("owner", "name", "expr"))
    return ExtraKwarg(owner=owner, name=name, expr=expr, attr=_str(value.get("attr", "")))


def _kwargs(value: object) -> tuple[ExtraKwarg, ...]:
    return tuple(_kwarg(item) for item in _sequence(value))


_CONDITION_KEYS = frozenset({"line", "arm", "test"})


def _condition(value: object) -> Condition:
    if type(value) is Condition:
        return value
    if type(value) is not dict or value.keys() != _CONDITION_KEYS:
        raise _NotPlain
    line, arm, test = value["line"], value["arm"], value["test"]
    if type(line) is not int or line < 1 or arm not in ARMS or type(arm) is not str:
        raise _NotPlain
    return Condition(line=line, arm=cast("Arm", arm), test=_str(test))


def _conditions(value: object) -> dict[str, tuple[Condition, ...]]:
    if type(value) is not dict:
        raise _NotPlain
    return {
        _str(path): tuple(_condition(item) for item in _sequence(items))
        for path, items in value.items()
    }


def _line(value: object) -> int:
    if type(value) is not int or value < 1:
        raise _NotPlain
    return value


def _after_open(value: object) -> dict[str, tuple[int, int]]:
    if type(value) is not dict:
        raise _NotPlain
    found = {}
    for path, lines in value.items():
        pair = _sequence(lines)
        if len(pair) != 2:
            raise _NotPlain
        found[_str(path)] = (_line(pair[0]), _line(pair[1]))
    return found


def _texts(value: object) -> dict[str, str]:
    if type(value) is not dict:
        raise _NotPlain
    return {_str(key): _str(item) for key, item in value.items()}


_CHECKS: dict[str, Any] = {
    "schema_version": _schema_version,
    "product": _product,
    "scenario": _scenario,
    "release": _release,
    "surface": _surface,
    "values": _values,
    "env": _env,
    "env_verbatim": _names,
    "extra_kwargs": _kwargs,
    "file_contents": _texts,
    "notes": _str,
    "conditions": _conditions,
    "after_open": _after_open,
}
