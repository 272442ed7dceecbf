"""Every menu shortcut works from every field (a line edit keeps none of them)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QWidget

from ascend_studio.profile import Profile
from ascend_studio.ui._window import MainWindow


def _fields(window: MainWindow) -> list[QWidget]:
    """A value line edit, the search box and a multi-line editor (when the form has one)."""
    line = window.form.rows["hccl_timeout"].editor.findChild(QLineEdit)
    assert line is not None
    fields: list[QWidget] = [line, window.controls.search]
    text = window.findChild(QPlainTextEdit)
    if text is not None and text.isVisible():
        fields.append(text)
    return fields


def _press(qtbot: Any, widget: QWidget, keys: QKeySequence) -> None:
    combination = keys[0]
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.keyClick(widget, combination.key(), combination.keyboardModifiers())


def test_ctrl_e_exports_from_a_line_edit(qtbot: Any, window: MainWindow, dialogs: Any) -> None:
    for field in _fields(window):
        dialogs.answer("choose_item", None)  # the format choice opens; the user cancels
        _press(qtbot, field, QKeySequence("Ctrl+E"))
    assert len(dialogs.called("choose_item")) == len(_fields(window))


def test_every_menu_shortcut_reaches_its_action_from_a_field(
    qtbot: Any, window: MainWindow
) -> None:
    window.model.edit(Profile().with_value("hccl_timeout", 600), "edit")
    window.model.edit(Profile().with_value("hccl_timeout", 700), "edit")
    fired: list[str] = []
    checked: set[str] = set()
    for menu in window.actions_.menus.values():
        for action in menu.actions():
            if action.shortcut().isEmpty() or not action.isEnabled():
                continue
            name = action.objectName()
            action.triggered.disconnect()  # observe only: no dialog, no quit
            action.triggered.connect(lambda _c=False, n=name: fired.append(n))
            for field in _fields(window):
                before = len(fired)
                _press(qtbot, field, action.shortcut())
                assert len(fired) == before + 1, (name, field.objectName())
            checked.add(name)
    assert {"action:export", "action:undo", "action:find", "action:save"} <= checked


def test_keys_that_edit_text_stay_with_the_field(qtbot: Any, window: MainWindow) -> None:
    """Typing, Backspace and Delete edit the field even if an action of the window
    were bound to them; F keys (F1: the Why panel) still reach the actions."""
    fired: list[str] = []
    for keys in ("5", "Backspace", "Delete", "F7"):
        action = QAction(window)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _c=False, k=keys: fired.append(k))
        window.addAction(action)
    line = window.form.rows["hccl_timeout"].editor.findChild(QLineEdit)
    assert line is not None
    window.form.reveal("hccl_timeout")
    line.setText("12")
    line.end(False)
    for key in ("5", "Backspace", "Backspace", "Home", "Delete", "F7"):
        _press(qtbot, line, QKeySequence(key))
    assert line.text() == ""
    assert fired == ["F7"]
