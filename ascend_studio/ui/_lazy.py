"""Views that follow the document but work only while someone can see them."""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

__all__ = ["LazyView"]


class LazyView(QWidget):
    """Every edit reaches the docks; a closed or background dock defers its work.

    Subclasses implement :meth:`refresh` (which must clear ``_stale``) and call
    :meth:`_changed` whenever what they show may have changed.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stale = True

    def refresh(self) -> None:
        raise NotImplementedError

    def _changed(self) -> None:
        self._stale = True
        if self.isVisible():
            self.refresh()

    def _ensure_fresh(self) -> None:
        """For readers (tests, other views) that need current results while hidden."""
        if self._stale:
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        self._ensure_fresh()
        super().showEvent(event)
