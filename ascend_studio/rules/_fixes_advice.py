"""Fixes of the advice rules: what the documentation recommends, written out.

All of them change what the job does (a precision mode switched, a unit read
otherwise), so they are unsafe: applied on request, never by ``--fix`` alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Fix, RemoveKey, SetValue
from ascend_studio.rules._model import Hit
from ascend_studio.schema import Text

__all__ = ["precision_v2"]


def precision_v2(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """precision_mode_v2 with the value that behaves like the precision_mode set, in its
    place: the documented replacement (unsafe: another option is read)."""
    same, was = hit.ns.get("same"), hit.ns.get("was")
    if isinstance(same, str):
        note = Text.of(f"与 precision_mode={was!r} 效果相同", f"the same as precision_mode={was!r}")
        edits = (SetValue("precision_mode_v2", same), RemoveKey("precision_mode"))
        yield Fix(edits, "unsafe", note)
