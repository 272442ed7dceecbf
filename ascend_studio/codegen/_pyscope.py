"""Name bindings for the scanner: scopes, branch overlays and deferred values.

Most assignments in a training script are never read by a configuration, so
their right-hand sides are not evaluated when met: the name is bound to a
:class:`Thunk`, evaluated the first time something reads it. To keep that
exact, every binding carries a sequence number and a link to the binding it
replaced; a thunk sees only bindings older than itself, as the eager
evaluation would have. Branches write to overlays that are merged after.
"""

from __future__ import annotations

import ast
from collections.abc import MutableMapping
from dataclasses import dataclass

__all__ = ["DELETED", "UNSET", "Binding", "Scope", "Thunk", "same"]

UNSET: object = object()
#: A name that was deleted (``del x``) or rebound by an import.
DELETED: object = object()


@dataclass(eq=False)
class Binding:
    """What a name is bound to in a script, and on which line."""

    value: object
    line: int
    seq: int
    prev: Binding | None = None


@dataclass(eq=False)
class Thunk:
    """A right-hand side not evaluated yet; sees bindings with ``seq`` below its own."""

    node: ast.expr
    seq: int
    scope: Scope
    value: object = UNSET


class Scope:
    def __init__(self, parent: Scope | None) -> None:
        self.parent = parent
        self.vars: MutableMapping[str, Binding] = {}

    def find(self, name: str, before: int | None = None) -> Binding | None:
        """The binding visible now, or the latest one older than ``before``."""
        scope: Scope | None = self
        while scope is not None:
            binding = scope.vars.get(name)
            while binding is not None and before is not None and binding.seq >= before:
                binding = binding.prev
            if binding is not None:
                return binding
            scope = scope.parent
        return None


def same(a: object, b: object) -> bool:
    """Equal plain values, or the very same object."""
    if isinstance(a, str | int | float | bytes | type(None)) and type(a) is type(b):
        return a == b
    return a is b
