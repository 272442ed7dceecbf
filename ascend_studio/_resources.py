"""One place that knows where the shipped data lives.

In a wheel, ``resources/`` is packed as ``ascend_studio/resources``; in a source
checkout (or an editable install) it sits beside the package.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["resource_path"]


@cache
def _root() -> Path:
    package = Path(__file__).resolve().parent
    for found in (package / "resources", package.parent / "resources"):  # packed, source
        if found.is_dir():
            return found
    # A package that is not plain files (a zip): ask its loader (importlib.resources
    # costs every command a few ms, so only here).
    from importlib.resources import files

    packed = Path(str(files("ascend_studio"))) / "resources"
    if packed.is_dir():
        return packed
    raise FileNotFoundError(f"Ascend Studio data not found in {package} or beside it")


def resource_path(*parts: str) -> Path:
    """Path of a shipped data file, e.g. ``resource_path("catalog", "products.toml")``."""
    return _root().joinpath(*parts)
