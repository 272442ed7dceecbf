"""The one editor registry: parameter kind (+ optional variant) -> editor class.

Precedence: an editor registered for ``(kind, variant)`` wins over the one for
``(kind, None)``; a variant nobody registered falls back to its kind. Adding a
parameter to the catalog therefore needs no UI code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ascend_studio.schema import Parameter
from ascend_studio.ui.editors._base import Editor

__all__ = ["editor_class", "register", "registered"]

E = TypeVar("E", bound=type[Editor])
_REGISTRY: dict[tuple[str, str | None], type[Editor]] = {}


def register(kind: str, *variants: str | None) -> Callable[[E], E]:
    """Class decorator: handle ``kind`` (for the given variants; none = any)."""
    keys = [(kind, v) for v in variants] if variants else [(kind, None)]

    def decorate(cls: E) -> E:
        for key in keys:
            if key in _REGISTRY and _REGISTRY[key] is not cls:
                raise ValueError(f"editor for {key} registered twice")
            _REGISTRY[key] = cls
        return cls

    return decorate


def editor_class(param: Parameter) -> type[Editor]:
    """The editor for ``param``; LookupError names the kind nobody handles."""
    for key in ((param.kind, param.variant), (param.kind, None)):
        if key in _REGISTRY:
            return _REGISTRY[key]
    raise LookupError(f"no editor for kind {param.kind!r} (parameter {param.path})")


def registered() -> dict[tuple[str, str | None], type[Editor]]:
    return dict(_REGISTRY)
