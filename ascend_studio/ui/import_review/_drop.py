"""Drag and drop onto the window: a profile opens, a Python or shell script imports.

An event filter on the main window, so no window code changes: widgets that
take drops themselves (text fields) keep doing so; everywhere else a dropped
file is handled here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, QUrl
from PySide6.QtGui import QDropEvent

if TYPE_CHECKING:
    from ascend_studio.ui._ports import Window

__all__ = ["PROFILE_SUFFIXES", "SCRIPT_SUFFIXES", "DropHandler", "dropped_file"]

#: Dropped or imported files read as a profile (the rest as scripts), and the files read
#: by an importer (never executed; anything else opens as a profile). Defined here, not
#: with the import flow, so the drop handler made with the document loads no importer.
PROFILE_SUFFIXES = (".json",)
SCRIPT_SUFFIXES = (".py", ".sh", ".bash", ".env", ".txt")
ACCEPTED_SUFFIXES = (*PROFILE_SUFFIXES, *SCRIPT_SUFFIXES)


def dropped_file(urls: list[QUrl]) -> Path | None:
    """The one local file a drop carries, if it is a kind we read."""
    local = [Path(u.toLocalFile()) for u in urls if u.isLocalFile()]
    if len(local) != 1 or local[0].suffix.lower() not in ACCEPTED_SUFFIXES:
        return None
    return local[0]


class DropHandler(QObject):
    def __init__(self, window: Window) -> None:
        widget = window.as_widget()
        super().__init__(widget)
        self.window = window
        self.widget = widget
        widget.setAcceptDrops(True)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.widget:
            return False
        if event.type() in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, QDropEvent)
            if dropped_file(event.mimeData().urls()) is not None:
                event.acceptProposedAction()
                return True
            return False
        if event.type() == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            path = dropped_file(event.mimeData().urls())
            if path is None:
                return False
            event.acceptProposedAction()
            # Leave the drop handler before any modal prompt or dialog opens.
            QTimer.singleShot(0, lambda: self.open(path))
            return True
        return False

    def open(self, path: Path) -> bool:
        """Open a profile (with the unsaved-changes prompt) or import a script."""
        return self.window.files.open(path)
