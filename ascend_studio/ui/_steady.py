"""The window's toolbar and status bar labels, which an edit leaves at their sizes.

A status bar label whose text changed width laid the status bar out, and the
status bar the main window and its docks, in the next turn of the event loop;
an action enabled or disabled (undo, after a keystroke) laid the toolbar out, and
the main window after it. The main window repaints its dock separators after each
of its layouts: a second screen update after the edited field's. A label of a
fixed size lays nothing out when its text changes (Qt tells a parent only about a
child whose size may change); these sizes change only with what the labels can
say. The toolbar lays itself out only when a button may change size.
"""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import QEvent, QRect, QSize
from PySide6.QtGui import QAction, QActionEvent
from PySide6.QtWidgets import QLabel, QToolBar, QToolButton, QWidget

from ascend_studio.ui._qtnames import set_enum

__all__ = ["ToolBar", "line_height", "show_counts", "show_file"]

#: The counts' label is this many average characters wide, or a multiple of it:
#: a count that gains or loses a digit seldom changes its width.
_COUNTS_STEP = 5


def show_counts(label: QLabel, text: str, height: int) -> None:
    """Show the counts ``text``, left-aligned in a width rounded up to a step;
    ``height``: the status bar's line's (see :func:`line_height`)."""
    label.setText(text)
    step = _COUNTS_STEP * max(label.fontMetrics().averageCharWidth(), 1)
    width = label.sizeHint().width()
    _hold(label, -(-width // step) * step, height)


def show_file(label: QLabel, name: str, state: str, states: tuple[str, ...], height: int) -> None:
    """Show ``name — state`` in the width of the widest of ``states`` (modified, saved,
    new), ending where it ends: saving or typing changes the word, not the width."""
    metrics, room = label.fontMetrics(), QRect(0, 0, 100_000, 1_000)
    widths = {other: metrics.boundingRect(room, 0, f"{name} — {other}").width() for other in states}
    widest = max(widths.values())
    # the widest text left-aligned, as a label of its own width draws it
    side = "AlignLeft" if widths[state] == widest else "AlignRight"
    set_enum(label, "alignment", f"{side}|AlignVCenter")  # before the first paint: no Qt
    label.setText(f"{name} — {state}")
    margins = label.contentsMargins()
    _hold(label, widest + margins.left() + margins.right() + 2 * label.margin(), height)


def line_height(widgets: list[QWidget]) -> int:
    """The height the status bar gives its widgets: its tallest widget's, shown or not
    (a label of its own height would sit a pixel off where its text was)."""
    return max(widget.sizeHint().height() for widget in widgets)


def _hold(label: QLabel, width: int, height: int) -> None:
    size = QSize(width, max(height, label.sizeHint().height()))
    if label.minimumSize() != size or label.maximumSize() != size:
        label.setFixedSize(size)


class ToolBar(QToolBar):
    """A toolbar that lays its buttons out again when one may change size: an action
    shown or hidden, or one whose button shows text. (Qt lays a toolbar out on any
    change of any of its actions; a button showing only its icon keeps its size when
    its action is enabled, disabled or renamed, and gets the change itself.)"""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._shown: dict[QAction, bool] = {}  # each action's visibility when last laid out

    def actionEvent(self, event: QActionEvent) -> None:
        action = event.action()
        if event.type() == QEvent.Type.ActionChanged and self._keeps_size(action):
            return
        super().actionEvent(event)

    def _keeps_size(self, action: QAction) -> bool:
        """Whether ``action``'s change leaves its button's size alone; the button then
        gets a fixed size, so that giving itself the action's icon again does not lay
        the toolbar out either."""
        visible, was = action.isVisible(), self._shown.get(action)
        self._shown[action] = visible
        button = self.widgetForAction(action)
        if (
            was != visible
            or not isinstance(button, QToolButton)
            or button.toolButtonStyle() != QtCore.Qt.ToolButtonStyle.ToolButtonIconOnly
            or action.icon().isNull()
        ):
            return False
        hint = button.sizeHint()
        if button.minimumSize() != hint or button.maximumSize() != hint:
            button.setFixedSize(hint)
        return True
