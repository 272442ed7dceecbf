"""A tool button that opens its menu on a click and keeps its text clear of the arrow.

QToolButton in ``InstantPopup`` mode draws its menu arrow in the bottom-right
corner but sizes itself and centres its text as if the arrow were not there, so a
word's last letters run under it ("Rename to" at any width the layout gives). This
button asks for the arrow's width too and centres its text in what is left.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QMenu,
    QStyle,
    QStyleOptionToolButton,
    QStylePainter,
    QToolButton,
    QWidget,
)

__all__ = ["MenuButton"]


class MenuButton(QToolButton):
    """Text, then the style's menu arrow; a click opens the menu."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setMenu(QMenu(self))

    def _arrow(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, self)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width() + self._arrow(), hint.height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The frame and the arrow as the style draws them, the text beside the arrow."""
        option = QStyleOptionToolButton()
        self.initStyleOption(option)
        text = option.text
        option.text = ""
        painter = QStylePainter(self)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ToolButton, option)
        frame = self.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, option, self)
        option.text = text
        option.rect = self.rect().adjusted(frame, frame, -frame - self._arrow() // 2, -frame)
        painter.drawControl(QStyle.ControlElement.CE_ToolButtonLabel, option)
