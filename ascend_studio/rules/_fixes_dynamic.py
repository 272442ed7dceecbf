"""Fixes of the DynamicInputConfig rules (gears of dynamic shapes).

The two switches a gear set needs besides its shapes have values that mean "no
special handling" (``dynamic_node_type=0``, ``compile_hybrid_mode=0``); a config that
lacks only those gets them (unsafe: the gears start to apply). A config whose
shapes are missing cannot be completed: it is removed. When every field is
dropped anyway, removing the config changes nothing and is safe.
"""

from __future__ import annotations

from collections.abc import Iterator

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Applicability, Fix, RemoveKey, SetValue
from ascend_studio.rules._model import Fixer, Hit

__all__ = ["complete_gears"]

HOLDER = "dynamic_input_config"
#: The switches' values that add nothing to the gears themselves.
_PLAIN = {f"{HOLDER}.dynamic_node_type": 0, f"{HOLDER}.compile_hybrid_mode": 0}
_SHAPES = (f"{HOLDER}.input_shape", f"{HOLDER}.dynamic_dims")


def complete_gears(removing: Applicability) -> Fixer:
    """The missing (or None) switches set to their plain values, when the shapes are
    given; else, or as the other way, no DynamicInputConfig (``removing``)."""

    def make(ctx: Ctx, _hit: Hit) -> Iterator[Fix]:
        shapes = all(ctx.is_set(path) for path in _SHAPES)
        missing = [path for path in _PLAIN if not ctx.is_set(path)]
        if shapes and missing:
            yield Fix(tuple(SetValue(path, _PLAIN[path]) for path in missing), "unsafe")
        yield Fix((RemoveKey(HOLDER),), removing)

    return make
