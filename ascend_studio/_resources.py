"""One place that knows where the shipped data lives.

In a wheel, ``resources/`` is packed as ``ascend_studio/resources``; in a source
checkout (or an editable install) it sits beside the package.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

__all__ = ["resource_path"]


@cache
def _root() -> Path:
    packed = Path(str(files("ascend_studio"))) / "resources"
    if packed.is_dir():
        return packed
    source = Path(__file__).resolve().parent.parent / "resources"
    if source.is_dir():
        return source
    raise FileNotFoundError(f"Ascend Studio data not found in {packed} or {source}")


def resource_path(*parts: str) -> Path:
    """Path of a shipped data file, e.g. ``resource_path("catalog", "products.toml")``."""
    return _root().joinpath(*parts)
