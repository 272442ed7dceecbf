"""Fixes of the rules about what the constructors and the option reader reject.

What only needs rewriting keeps the user's meaning and is safe: ``1`` for a flag
that must be a bool, ``"0, 1"`` without its space, a Python dict written where JSON
is read, a class name written as a string. Choosing between two settings that
cannot go together changes what the job does, so those fixes are unsafe, the one
the documentation recommends first.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator

from ascend_studio.profile import Expr
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Fix, RemoveKey, SetValue
from ascend_studio.rules._fixers import safe, unsafe
from ascend_studio.rules._model import Fixer, Hit

__all__ = [
    "json_options",
    "mixed_precision_on",
    "object_call",
    "one_of",
]


def one_of(*keys: str) -> Fixer:
    """Keep one of settings that cannot go together: remove each other one in turn,
    the first key listed being the one removed first (unsafe: the other one acts)."""

    def make(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
        for key in keys:
            if ctx.is_set(key) or ctx.uses(key):  # a value, or a sub-config's fields
                yield unsafe(RemoveKey(key))

    return make


def object_call(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """``dump_config="DumpConfig()"``: the call itself, not its text (safe); else the
    literal is removed (unsafe: whatever was meant is not known)."""
    path, cls = hit.params[0], hit.ns.get("cls")
    value = ctx.raw(path)
    if isinstance(value, str) and isinstance(cls, str) and "".join(value.split()) == f"{cls}()":
        yield safe(SetValue(path, Expr(expr=f"{cls}()")))
    yield unsafe(RemoveKey(path))


def mixed_precision_on(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
    """Mixed precision on, through the mode the profile already uses (unsafe); or no
    modify_mixlist (unsafe)."""
    if ctx.is_set("precision_mode"):
        yield unsafe(SetValue("precision_mode", "allow_mix_precision"))
    else:
        yield unsafe(SetValue("precision_mode_v2", "mixed_float16"))
    yield unsafe(RemoveKey("modify_mixlist"))


def json_options(path: str) -> Fixer:
    """A Python dict written where JSON is read (``{'output': '/p'}``), as JSON (safe)."""

    def make(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
        text = ctx.sval(path)
        if text is None:
            return
        try:
            found = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return
        if isinstance(found, dict):
            try:
                written = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
            except (TypeError, ValueError):
                return
            yield safe(SetValue(path, written))

    return make
