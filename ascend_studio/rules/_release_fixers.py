"""The fixes of the release rules: remove what the target release lacks, or move its
value to what replaced it there (``auto_tune_mode`` -> ``aoe_mode='2'``), as
``ascend-studio migrate`` does in a script."""

from __future__ import annotations

from collections.abc import Iterator

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Fix, MoveKey, RemoveKey, RenameKey, SetValue
from ascend_studio.rules._model import Hit
from ascend_studio.schema import KeywordFact

__all__ = ["lacking_fixes", "maybe_lacking_fixes", "remove_key", "respell"]


def remove_key(_ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """Remove the flagged key: the target release ignores it, or its constructor raises."""
    yield Fix((RemoveKey(hit.params[0]),), "safe")


def respell(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """A value the target release lists in another case only (jit_compile 'True' for
    9.0.0, 'true' for r3.2.0): its spelling there, which the adapter reads the same."""
    path = hit.params[0]
    value = ctx.values.get(path)
    if ctx.release is not None:
        spelled = ctx.ix.catalog.history.spelled(path, value, ctx.release.id)
        if spelled is not None:
            yield Fix((SetValue(path, spelled),), "safe")


def lacking_fixes(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """Remove a keyword the target release lacks (its constructor raises TypeError);
    or, where the data says how its value moves, give it to what replaced it."""
    key = hit.params[0]
    yield Fix((RemoveKey(key),), "safe")
    fact = hit.ns.get("fact")
    if not isinstance(fact, KeywordFact) or fact.moves is None or fact.replaced_by is None:
        return
    to = fact.replaced_by
    if ctx.ix.param(to) is None or not ctx.exists(to) or to in ctx.values:
        return
    if fact.moves == "fixed":
        yield Fix((RemoveKey(key), SetValue(to, fact.moved_value)), "unsafe")
    elif "." in to:
        yield Fix((MoveKey(key, to),), "unsafe")
    else:
        yield Fix((RenameKey(key, to),), "unsafe")


def maybe_lacking_fixes(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """:func:`lacking_fixes` when no release is named: right on the releases that lack
    the keyword only, which depends on the user's machine, so shown, never applied."""
    for fix in lacking_fixes(ctx, hit):
        yield Fix(fix.edits, "display", fix.note)
