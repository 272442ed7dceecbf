"""The desktop app (PySide6): the only package of Ascend Studio that imports Qt."""

from ascend_studio.ui._app import create_window, ensure_app, run_app

__all__ = ["create_window", "ensure_app", "run_app"]
