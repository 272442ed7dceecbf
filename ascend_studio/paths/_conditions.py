"""Evaluate artifact conditions against a profile and an environment.

Three-valued: ``True``, ``False``, or ``None`` when a value is a verbatim Python
expression whose value only the running script knows.
"""

from __future__ import annotations

from collections.abc import Iterable

from ascend_studio.paths._artifacts import Cond, When
from ascend_studio.paths._env import Environment
from ascend_studio.profile import Expr, Profile, Value
from ascend_studio.schema import Catalog, Scalar

__all__ = ["all_of", "any_of", "effective_param", "evaluate"]

_TRUE_TEXT = {"1", "true"}


def effective_param(profile: Profile, catalog: Catalog | None, path: str) -> Value | None:
    """The value the runtime sees: the profile's, else the signature default (on TF
    Adapter 2.x, the option class's default, which it sends when unset)."""
    if profile.is_set(path):
        return profile.get(path)
    if catalog is not None and profile.surface == "tf2":
        option = catalog.tf2.for_key(path)
        facts = option.facts_in(catalog.tf2.newest) if option is not None else None
        return facts.default if facts is not None else None
    if catalog is not None and catalog.has(path):
        return catalog.param(path).default
    return None


def _subject(
    cond: Cond, profile: Profile, env: Environment, catalog: Catalog | None
) -> Value | None:
    if cond.param is not None:
        return effective_param(profile, catalog, cond.param)
    value = env.value(cond.env or "")
    return value or None  # an empty variable counts as unset


def _same(actual: Value, expected: Scalar) -> bool:
    if isinstance(actual, bool) or isinstance(expected, bool):
        return type(actual) is type(expected) and actual == expected
    if isinstance(actual, str) or isinstance(expected, str):
        return str(actual) == str(expected)
    return actual == expected


def _is_true(value: Value) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value.strip().lower() in _TRUE_TEXT
    return isinstance(value, int) and value == 1


def evaluate(
    cond: Cond, profile: Profile, env: Environment, catalog: Catalog | None
) -> bool | None:
    value = _subject(cond, profile, env, catalog)
    if cond.test in ("set", "unset"):
        return (value is not None) == (cond.test == "set")
    if isinstance(value, Expr):
        return None
    if value is None:
        return cond.test in ("ne", "not_in")
    if cond.test == "true":
        return _is_true(value)
    hit = any(_same(value, expected) for expected in cond.values)
    return hit if cond.test in ("eq", "in") else not hit


def all_of(
    conds: Iterable[Cond], profile: Profile, env: Environment, catalog: Catalog | None
) -> bool | None:
    results = [evaluate(c, profile, env, catalog) for c in conds]
    if False in results:
        return False
    return None if None in results else True


def any_of(
    alternatives: Iterable[When], profile: Profile, env: Environment, catalog: Catalog | None
) -> bool | None:
    results = [all_of(alt.all, profile, env, catalog) for alt in alternatives]
    if True in results:
        return True
    return None if None in results else False
