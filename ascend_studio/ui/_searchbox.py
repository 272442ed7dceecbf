"""The search field: a line edit whose clear button shows and hides at once.

``QLineEdit``'s own clear button fades in and out over 160 ms, repainting the field
ten times, and hiding it at the end of the fade lays the window out again: a
BackSpace that emptied the search kept changing the screen for about 170 ms after
the form was filtered. This one is a plain trailing action, shown while there is
text to clear.
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLineEdit, QWidget

__all__ = ["SearchBox"]


class SearchBox(QLineEdit):
    """A line edit with a clear button that appears with the first character."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clear_action = QAction(self)
        self.clear_action.setObjectName("search:clear")
        self.clear_action.setVisible(False)
        self.clear_action.triggered.connect(self._clear)
        self.textChanged.connect(self._text_changed)

    def _text_changed(self, text: str) -> None:
        wanted = bool(text)
        if self.clear_action.isVisible() != wanted:
            if wanted and self.clear_action.icon().isNull():
                # the button and the style's icon, on first use: QStyle's Python enums
                # cost the first paint some 15 ms, and adding the action QIcon's
                from PySide6.QtWidgets import QStyle

                icon = self.style().standardIcon(QStyle.StandardPixmap.SP_LineEditClearButton)
                self.clear_action.setIcon(icon)
                self.addAction(self.clear_action, QLineEdit.ActionPosition.TrailingPosition)
            self.clear_action.setVisible(wanted)

    def _clear(self) -> None:
        self.clear()
        self.setFocus()
