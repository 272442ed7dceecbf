"""Accept dropped files (Import itself goes through ``FileController.import_script``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio.ui.import_review._drop import DropHandler

if TYPE_CHECKING:
    from ascend_studio.ui._ports import Window

__all__ = ["install_import_review"]


def install_import_review(window: Window) -> DropHandler:
    return DropHandler(window)
