"""Package namespaces that import a submodule only when one of its names is used.

A core package re-exports the public names of its private modules. Importing
them all up front made every command pay for every subsystem: ``paths`` loaded
the 134 rules because one helper of ``paths`` sits in ``rules``, ``export`` loaded
the importers. A package built with :func:`lazy_attributes` lists where each name
lives; ``from ascend_studio.rules import evaluate`` then imports ``rules._evaluate``
(and what it needs) and nothing else.

The package keeps its imports under ``if TYPE_CHECKING:`` so that type checkers,
import-linter and bundlers still see every edge, and installs the returned
function as its module ``__getattr__`` outside that block (so mypy does not treat
every misspelt attribute as valid).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_attributes"]


def lazy_attributes(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``where[name]`` is the submodule
    (``"_evaluate"``) that defines ``name``; the value is kept once looked up."""

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
