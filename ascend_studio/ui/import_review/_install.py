"""Route Import Script through the review dialog and accept dropped files."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio.ui.import_review._drop import DropHandler
from ascend_studio.ui.import_review._flow import import_with_review

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["install_import_review"]


def install_import_review(window: MainWindow) -> DropHandler:
    action = window.actions_.import_script
    action.triggered.disconnect()
    action.triggered.connect(lambda _checked=False: import_with_review(window))
    return DropHandler(window)
