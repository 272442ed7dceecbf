"""Fixes of the rules about settings that act on each other.

Removing a setting that has no effect is safe only when nothing the profile could
set would make it act (``enable_small_channel`` in online inference); a setting
that acts as soon as another one changes (a cache mode while debugging, dump
fields while the dump is off) is removed only as an unsafe fix, as is turning
the other setting on or off.
"""

from __future__ import annotations

from collections.abc import Iterator

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Applicability, Fix, RemoveKey, SetValue
from ascend_studio.rules._model import Fixer, Hit
from ascend_studio.schema import Text

__all__ = [
    "host_placement",
    "mix_on",
    "next_multiple",
    "remove_listed",
    "remove_set",
    "settings_off",
]


def remove_set(how: Applicability, *keys: str) -> Fixer:
    """One fix removing every one of ``keys`` (default: the hit's flagged ones) that is set."""

    def make(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
        wanted = keys or hit.params
        edits = tuple(RemoveKey(k) for k in wanted if ctx.is_set(k) or ctx.uses(k))
        if edits:
            yield Fix(edits, how)

    return make


def remove_listed(how: Applicability, name: str = "which") -> Fixer:
    """One fix removing the keys the hit lists in ``name`` (``"a, b"``)."""

    def make(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
        value = hit.ns.get(name, "")
        # a list of names is a Text (``、`` in Chinese): the English side has ", "
        listed = (value.en if isinstance(value, Text) else str(value)).split(", ")
        edits = tuple(RemoveKey(k) for k in listed if k and (ctx.is_set(k) or ctx.uses(k)))
        if edits:
            yield Fix(edits, how)

    return make


def next_multiple(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """save_checkpoints_steps rounded up to a multiple of iterations_per_loop (unsafe)."""
    steps = ctx.ival("save_checkpoints_steps", default_too=False)
    loops = hit.ns.get("loops")
    if isinstance(steps, int) and isinstance(loops, int) and loops > 0:
        rounded = max(loops, -(-steps // loops) * loops)
        yield Fix((SetValue("save_checkpoints_steps", rounded),), "unsafe")


def mix_on(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
    """Mixed computing on, with the iterations_per_loop=1 it needs (unsafe)."""
    edits: list[SetValue] = [SetValue("mix_compile_mode", True)]
    loops = ctx.ival("iterations_per_loop")
    if loops is not None and loops != 1:
        edits.append(SetValue("iterations_per_loop", 1))
    yield Fix(tuple(edits), "unsafe")


def host_placement(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """Mixed computing on, or variables on the device: both unsafe."""
    yield from mix_on(ctx, hit)
    yield Fix((SetValue("variable_placement", "Device"),), "unsafe")


def settings_off(*paths: str) -> Fixer:
    """Each of ``paths`` that is on, turned off in its own fix (unsafe)."""

    def make(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
        for path in paths:
            if ctx.is_true(path):
                yield Fix((SetValue(path, False),), "unsafe")

    return make
