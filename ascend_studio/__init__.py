"""Ascend Studio: a configurator for TF Adapter 1.x ``NPURunConfig``."""

from __future__ import annotations

__all__ = ["__version__"]


def __getattr__(name: str) -> str:
    """``__version__`` is looked up on first use, so importing the package does
    not import ``importlib.metadata`` (~20 ms) and scan the installed packages."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("ascend-studio")
    except PackageNotFoundError:  # running from a source tree that was never installed
        found = "0.0.0+src"
    globals()["__version__"] = found
    return found
