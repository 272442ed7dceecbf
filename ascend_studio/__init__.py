"""Ascend Studio: a configurator for TF Adapter 1.x ``NPURunConfig``."""

from __future__ import annotations

from ascend_studio._version import __version__

__all__ = ["__version__"]
