"""The desktop app (PySide6): the only package of Ascend Studio that imports Qt."""

# The Qt-free core loads before PySide6 does: PySide6 hooks every later import to
# read the module's source (for its __feature__ switches), which costs ~15 ms of
# start-up for pydantic and the core if they come after it.
import ascend_studio.profile
import ascend_studio.schema  # noqa: F401
from ascend_studio.ui._app import create_window, ensure_app, run_app

__all__ = ["create_window", "ensure_app", "run_app"]
