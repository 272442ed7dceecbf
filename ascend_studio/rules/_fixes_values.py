"""Fixes of the rules about single values: their formats, ranges and spellings.

Writing the value the runtime uses anyway (a timeout floored to its step, policy 1
that behaves as 2, a device listed once) is safe. Mending a separator or bringing
a number into its range is a guess at what was meant: unsafe.
"""

from __future__ import annotations

from collections.abc import Iterator

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Fix, SetValue
from ascend_studio.rules._model import Hit
from ascend_studio.schema import product_range

__all__ = ["as_runtime", "into_stepped_range"]


def as_runtime(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """The value the runtime makes of the one given (the hit's ``multiple``, or its
    ``effective`` when that is a number): safe."""
    for name in ("multiple", "effective"):
        effective = hit.ns.get(name)
        if isinstance(effective, int) and not isinstance(effective, bool):
            yield Fix((SetValue(hit.params[0], effective),), "safe")
            return


def into_stepped_range(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """The nearest multiple of the product's step inside its range (unsafe)."""
    path = hit.params[0]
    value, param = ctx.ival(path, default_too=False), ctx.ix.param(path)
    found = product_range(param, ctx.product) if param is not None and value is not None else None
    if found is None or value is None or not found.step or found.maximum is None:
        return
    step, top = int(found.step), int(found.maximum)
    low = int(found.minimum or 0)
    bottom = low + step if found.minimum_exclusive else low
    nearest = min(max(value, bottom), top)
    nearest = max(step, nearest - nearest % step)
    yield Fix((SetValue(path, nearest),), "unsafe")
