"""What the runtime really uses for a parameter, and why.

The UI shows this next to what the user typed ("effective: 544 s"). Unset is a
real state: the documented default for the target applies when there is one,
else the signature default (None meaning "not sent"). Every rewrite is catalog
data (``rewrites``, ``product_ranges``, ``checks.range = "clamps"``,
``env_fallback``, per-value ``sent_as``, ``default_yields_to``); this module
only interprets it and names no parameter.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ascend_studio.profile import Expr, Profile
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._evaluate import context_for
from ascend_studio.rules._index import value_key
from ascend_studio.rules._model import show, txt
from ascend_studio.rules._rules_predicates import PREDICATES
from ascend_studio.schema import (
    Catalog,
    Parameter,
    Rewrite,
    Text,
    When,
    number_text,
    product_range,
    runtime_number,
)

__all__ = [
    "EffectiveSource",
    "EffectiveValue",
    "effective_in",
    "effective_value",
    "effective_values",
]

EffectiveSource = Literal[
    "set",
    "documented default",
    "signature default",
    "environment",
    "clamped",
    "rounded",
    "forced",
    "ignored",
]


@dataclass(frozen=True)
class EffectiveValue:
    """The value the runtime uses for a parameter, and why."""

    path: str
    #: What the runtime uses; None: not sent / not applied ("ignored").
    value: object
    source: EffectiveSource
    note: Text | None = None
    #: The user set a value and the runtime uses something else (or drops it).
    differs: bool = False
    #: What the profile holds (None when unset).
    entered: object = None


def _ev(
    c: Ctx, path: str, value: object, source: EffectiveSource, note: Text | None
) -> EffectiveValue:
    entered = c.raw(path)
    differs = entered is not None and (source == "ignored" or value != entered)
    return EffectiveValue(path, value, source, note, differs, entered)


def _holds(c: Ctx, when: When) -> bool | None:
    """One catalog condition; None when it turns on a value only the run knows (a
    switch given as ``args.dump``). Any other value that cannot be known never
    satisfies a comparison."""
    if when.param is None:
        if when.predicate is not None:
            return PREDICATES[when.predicate](c)
        return c.env_given(when.env or "") is (when.is_ != "unset")
    path, how = when.param, when.is_
    if how in ("set", "unset"):
        return c.is_set(path) is (how == "set")
    if c.at_run_time(path):
        return None
    if how in ("true", "not_true"):
        return c.is_true(path) is (how == "true")
    value = c.eff(path)
    return value is not None and (value_key(value) == value_key(when.value)) is (how == "equals")


def _run_time_note(c: Ctx, rewrite: Rewrite) -> Text:
    names = [w.param for w in rewrite.when if w.param is not None and c.at_run_time(w.param)]
    shown = ", ".join(f"{n}={show(c.raw(n))}" for n in names)
    if rewrite.effect == "ignored":
        return txt(
            f"运行时才知道（{shown}）；若{rewrite.note.zh}，则不使用。",
            f"Known only at run time ({shown}); not used if {rewrite.note.en}.",
        )
    return txt(
        f"运行时才知道（{shown}）；若{rewrite.note.zh}，则被改写。",
        f"Known only at run time ({shown}); rewritten if {rewrite.note.en}.",
    )


_SOURCE: dict[str, EffectiveSource] = {
    "forced": "forced",
    "ignored": "ignored",
    "default": "documented default",
}


def _rewritten(c: Ctx, path: str, param: Parameter) -> EffectiveValue | None:
    """The first catalog rewrite whose conditions hold; an ignored value that is not
    set is just unset (the generic resolution applies)."""
    for rewrite in param.rewrites:
        held = [_holds(c, when) for when in rewrite.when]
        if False in held:
            continue
        if None in held:  # it may apply or not: only the run knows
            if not c.is_set(path):
                return None
            return _ev(c, path, c.raw(path), "set", _run_time_note(c, rewrite))
        if rewrite.effect == "ignored":
            return _ev(c, path, None, "ignored", rewrite.note) if c.is_set(path) else None
        return _ev(c, path, rewrite.value, _SOURCE[rewrite.effect], rewrite.note)
    return None


def _adjust_note(param: Parameter, how: str, product: str) -> Text:
    unit = f" {param.unit}" if param.unit else ""
    if how == "clamped":
        bounds = f"[{number_text(param.minimum or 0)}, {number_text(param.maximum or 0)}]{unit}"
        return txt(f"截断到 {bounds}", f"clamped to {bounds}")
    found = product_range(param, product)
    step = found.step if found is not None else 0
    return txt(
        f"按 {step} 的整数倍向下取整（最小 {step}）",
        f"floored to a multiple of {step}{unit} (at least {step})",
    )


def _adjusted(c: Ctx, path: str, param: Parameter) -> EffectiveValue | None:
    """An int the runtime rounds (per product) or clamps (catalog ranges)."""
    if not (param.product_ranges or param.checks.range == "clamps"):
        return None
    value, source = c.given_int(path)
    if value is None:
        return None
    after = runtime_number(param, value, c.product)
    if after == value:
        return _ev(c, path, value, source, None) if source != "set" else None
    how: EffectiveSource = "clamped" if param.checks.range == "clamps" else "rounded"
    return _ev(c, path, after, how, _adjust_note(param, how, c.product))


def _from_env(c: Ctx, path: str, param: Parameter) -> EffectiveValue | None:
    """Unset, and an environment variable the runtime falls back to is given."""
    if c.is_set(path):
        return None
    for name in param.env_fallback:
        if c.env_given(name):
            note = txt(f"来自环境变量 {name}", f"from the environment variable {name}")
            return _ev(c, path, c.env_value(name), "environment", note)
    return None


def _sent_as(param: Parameter | None, value: object) -> Text | None:
    info = None if param is None else param.value_info(value)
    if param is None or info is None or info.sent_as is None:
        return None
    said = f"{param.name}={info.sent_as}"
    return txt(f"GE 收到 {said}", f"GE receives {said}")


def _generic(c: Ctx, path: str) -> EffectiveValue:
    param = c.ix.param(path)
    if param is not None and param.no_effect and c.is_set(path):
        return _ev(c, path, None, "ignored", txt("当前版本不生效", "no longer has any effect"))
    if c.is_set(path):
        value = c.raw(path)
        return _ev(c, path, value, "set", _sent_as(param, value))
    signature = c.ix.defaults.get(path)
    # A key NPUEstimator always writes carries the signature default; documented
    # defaults (e.g. of the sess.run style) never apply to it, nor do they while
    # the parameter they yield to is set.
    always = param is not None and param.session is not None and param.session.sent == "always"
    always = always or (c.surface == "tf2" and signature is not None)  # as_dict() sends it
    yields = param is not None and param.default_yields_to in c.values
    default = None if always or yields else c.doc_default(path)
    if default is not None:
        return _ev(c, path, default, "documented default", None)
    return _ev(c, path, signature, "signature default", _sent_as(param, signature))


def _env_var(c: Ctx, path: str) -> EffectiveValue:
    """An ``env:NAME`` path: what the profile exports (its rules say what overrides it)."""
    name = path.removeprefix("env:")
    if name not in c.env:
        return EffectiveValue(
            path, None, "environment", txt("配置未设置", "not set by the profile")
        )
    value = c.env[name]
    note = None if value is not None else txt("配置中取消设置", "unset by the profile")
    return EffectiveValue(path, value, "environment", note, False, value)


def effective_value(profile: Profile, path: str, catalog: Catalog | None = None) -> EffectiveValue:
    """The value the runtime uses for ``path`` under ``profile``, with its origin."""
    return _effective(context_for(profile, catalog), path)


def effective_values(
    profile: Profile, paths: Iterable[str], catalog: Catalog | None = None
) -> dict[str, EffectiveValue]:
    """:func:`effective_value` of each of ``paths``, read through one context (the app
    asks for every set parameter after each edit: a context per path cost it ~5 ms)."""
    ctx = context_for(profile, catalog)
    return {path: _effective(ctx, path) for path in paths}


def effective_in(ctx: Ctx, path: str) -> EffectiveValue:
    """:func:`effective_value` of ``path``, read through ``ctx``."""
    return _effective(ctx, path)


def _effective(ctx: Ctx, path: str) -> EffectiveValue:
    if path.startswith("env:"):
        return _env_var(ctx, path)
    if isinstance(ctx.raw(path), Expr):
        return _ev(ctx, path, ctx.raw(path), "set", None)
    param = ctx.ix.param(path)
    if param is not None:
        for step in (_rewritten, _adjusted, _from_env):
            found = step(ctx, path, param)
            if found is not None:
                return found
    return _generic(ctx, path)
