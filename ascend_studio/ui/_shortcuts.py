"""Menu shortcuts win over text fields.

A line edit claims many Ctrl keys for itself (``ShortcutOverride``): Ctrl+E
moves to the end of the line on X11, Ctrl+Z undoes inside the field. Right
after typing a value the user is in such a field, so Export, Undo and the other
menu shortcuts must still reach the window's actions. Keys that no action of
the window uses (Ctrl+A, Ctrl+C, Ctrl+V...) stay with the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QKeyEvent, QKeySequence

__all__ = ["ShortcutRouter"]


class ShortcutRouter(QObject):
    """Refuses a focused field's claim on a key that one of ``window``'s actions uses.

    Only the focused widget of the window is filtered (an application-wide filter
    would run Python for every paint and timer event). The actions are read on
    each key press that could be a shortcut, so actions added later (a new menu
    entry) need no registration; reading them walks the whole window (about 3 ms),
    so keys that type or edit text (no Ctrl, Alt or Meta, not an F key) always
    stay with the field without it.
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.watched: QWidget | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self.watched is not None and shiboken6.isValid(self.watched):
            self.watched.removeEventFilter(self)
        self.watched = None
        if new is not None and new.window() is self.window:
            new.installEventFilter(self)
            self.watched = new

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride:
            return False
        # imported here: not needed before the window's first paint (ui/_actions.py)
        from PySide6.QtGui import QKeyEvent, QKeySequence

        assert isinstance(event, QKeyEvent)
        if not _may_be_shortcut(event):
            return False
        pressed = QKeySequence(event.keyCombination())
        # Filtered without being accepted: Qt then runs the matching shortcut.
        return self._claimed(pressed)

    def _claimed(self, pressed: QKeySequence) -> bool:
        from PySide6.QtGui import QKeySequence

        exact = QKeySequence.SequenceMatch.ExactMatch
        for action in self.window.findChildren(QAction):
            if action.isEnabled() and any(k.matches(pressed) == exact for k in action.shortcuts()):
                return True
        return False


def _may_be_shortcut(event: QKeyEvent) -> bool:
    """Whether the key could be a window action's shortcut: with Ctrl, Alt or Meta
    held, or an F key."""
    from PySide6.QtCore import Qt

    held = Qt.KeyboardModifier
    if event.modifiers() & (held.ControlModifier | held.AltModifier | held.MetaModifier):
        return True
    return Qt.Key.Key_F1.value <= event.key() <= Qt.Key.Key_F35.value
