"""Ascend Studio: a configurator for TF Adapter 1.x ``NPURunConfig``."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("ascend-studio")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+src"

__all__ = ["__version__"]
