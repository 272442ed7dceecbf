"""A quicker answer to PySide6's question "does this module use PySide6?".

PySide6 hooks every import made after it is loaded: the first time a module is
named in an import statement, its ``__feature__`` support reads the module's
source with ``inspect.getsource`` and looks for the word ``PySide6`` (a module
that mentions it may switch features such as ``snake_case``; the others are
ignored when switching). ``inspect.getsource`` detects the file's encoding,
splits it into lines and keeps them in ``linecache``: about 0.25 ms a module,
about 15 ms for the 60 modules (ours and the standard library's) named before
the window's first paint.

:func:`install` replaces that check with one that gives the same answer from the
file's bytes (``PySide6`` is ASCII, and Python source is in an ASCII-compatible
encoding) and leaves everything else (no ``.py`` file, an unreadable one) to
PySide6's own. It is guarded: with a PySide6 whose support module does not have
the function, it does nothing. The app never selects a feature, so the answer
only matters to code that would; it is the same answer either way
(``tests/ui/test_feature_check.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

__all__ = ["SUPPORT_MODULE", "install", "uses_pyside"]

#: Where PySide6 keeps its ``__feature__`` support (``shibokensupport/feature.py``).
SUPPORT_MODULE = "PySide6.support.feature"
_CHECK = "_mod_uses_pyside"


def install() -> bool:
    """Put :func:`uses_pyside` in place of PySide6's check; whether it was (once)."""
    feature = sys.modules.get(SUPPORT_MODULE)
    original = getattr(feature, _CHECK, None)
    if feature is None or not callable(original):
        return False
    if getattr(original, "fallback", None) is not None:
        return True  # installed already

    def check(module: ModuleType) -> bool:
        return uses_pyside(module, original)

    check.fallback = original  # type: ignore[attr-defined]
    setattr(feature, _CHECK, check)
    return True


def uses_pyside(module: ModuleType, fallback: Callable[[ModuleType], bool]) -> bool:
    """Whether ``module``'s source file mentions PySide6 (``fallback`` answers for a
    module without a readable ``.py`` file)."""
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and path.endswith(".py"):
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            pass
    return fallback(module)
