"""Fixes of the environment rules.

A variable is removed from the job with ``unset`` (an :class:`UnsetEnv` edit: the
export line becomes ``unset NAME``), safe when nothing could make it act on the
target (HF32 on a product without it), unsafe when it acts as soon as another
setting changes. Making a variable agree with the setting that overrides it
changes nothing and is safe.
"""

from __future__ import annotations

from collections.abc import Iterator

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Applicability, Fix, SetEnv, SetValue, UnsetEnv
from ascend_studio.rules._model import Fixer, Hit
from ascend_studio.schema import scope_gate

__all__ = [
    "agree_env",
    "aoe_in_config",
    "aoe_mode_to",
    "origin_precision",
    "unset",
    "unset_each",
]


def unset(name: str, how: Applicability) -> Fixer:
    def make(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
        if ctx.env_given(name):
            yield Fix((UnsetEnv(name),), how)

    return make


def agree_env(name: str, path: str, how: Applicability) -> Fixer:
    """The variable set to the value of the setting that overrides or reads with it."""

    def make(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
        value = ctx.ival(path, default_too=False)
        if value is not None:
            yield Fix((SetEnv(name, str(value)),), how)

    return make


def origin_precision(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
    """Keep the original precision, through the mode the profile already uses (unsafe)."""
    if ctx.is_set("precision_mode"):
        yield Fix((SetValue("precision_mode", "must_keep_origin_dtype"),), "unsafe")
    else:
        yield Fix((SetValue("precision_mode_v2", "origin"),), "unsafe")


def unset_each(how: Applicability, *names: str) -> Fixer:
    """One fix unsetting every one of ``names`` the profile sets."""

    def make(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
        edits = tuple(UnsetEnv(name) for name in names if ctx.env_given(name))
        if edits:
            yield Fix(edits, how)

    return make


def aoe_in_config(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
    """The AOE_MODE the environment enables, given to NPURunConfig too (unsafe: the
    settings it then sends start to act)."""
    mode = ctx.env_value("AOE_MODE")
    if mode is not None and mode.strip() in ("1", "2", "4"):
        yield Fix((SetValue("aoe_mode", mode.strip()),), "unsafe")


def aoe_mode_to(mode: str, products: tuple[str, ...] | None = None) -> Fixer:
    """AOE switched to ``mode`` where the profile sets it: NPURunConfig, else the
    environment (unsafe: another kind of tuning); only on ``products`` when given."""

    def make(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
        if products is not None and scope_gate(products, "both", ctx.product, None):
            return
        if ctx.is_set("aoe_mode"):
            yield Fix((SetValue("aoe_mode", mode),), "unsafe")
        elif ctx.env_given("AOE_MODE"):
            yield Fix((SetEnv("AOE_MODE", mode),), "unsafe")

    return make
