"""The desktop app (PySide6): the only package of Ascend Studio that imports Qt.

Importing it loads what the window's first paint needs and nothing more: the
catalog (plain data) and the shell of the window. The profile document,
rules, exporters and the views that show them are imported right after the first
paint (``ui/_window.py``). The marks time each phase (``ascend_studio/_startup.py``).
"""

from ascend_studio._startup import mark

mark("interpreter")
# The catalog's modules load before PySide6 does: PySide6 hooks every later import to
# ask whether the module mentions PySide6 (for its __feature__ switches), which
# _feature_check answers more quickly once installed.
import ascend_studio.schema  # noqa: E402, F401
from ascend_studio.ui import _feature_check  # noqa: E402

mark("catalog modules")
import PySide6.QtWidgets  # noqa: E402, F401

_feature_check.install()  # before the app's modules: each is checked as it is imported
mark("PySide6")
from ascend_studio.ui._app import create_window, ensure_app, run_app  # noqa: E402

mark("app modules")

__all__ = ["create_window", "ensure_app", "run_app"]
