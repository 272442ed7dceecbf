"""Small helpers the UI tests share (finding widgets, typing any text)."""

from __future__ import annotations

from typing import Any, TypeVar

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QInputMethodEvent, QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget

from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.editors import Editor

W = TypeVar("W", bound=QWidget)


def find(window: QWidget, cls: type[W], name: str) -> W:
    """The child widget of class ``cls`` whose objectName is ``name`` (fails if absent)."""
    found = window.findChild(cls, name)
    assert isinstance(found, cls), f"no {cls.__name__} named {name!r}"
    return found


def editor(window: MainWindow, path: str) -> Editor:
    window.form.build_all()
    return find(window, Editor, path)


def type_text(widget: QWidget, text: str) -> None:
    """Enter ``text`` as an input method would: safe for Chinese, unlike keyClicks."""
    widget.setFocus()
    event = QInputMethodEvent("", [])
    event.setCommitString(text)
    QApplication.sendEvent(widget, event)


def preview_texts(window: MainWindow) -> dict[str, str]:
    return {fmt: window.previews.text(fmt) for fmt in window.previews.tabs}


def emitted(signal: Any) -> list[object]:
    seen: list[object] = []
    signal.connect(lambda *args: seen.append(args[0] if len(args) == 1 else args))
    return seen


def first_screens(form: Any) -> list[str]:
    """Every path the form's ``_first_screen`` returns from now on (it is wrapped)."""
    asked: list[str] = []
    original = form._first_screen

    def first_screen(params: Any) -> list[str]:
        found: list[str] = original(params)
        asked.extend(found)
        return found

    form._first_screen = first_screen
    return asked


def wheel(widget: QWidget, notches: int) -> None:
    """Turn the mouse wheel over ``widget`` (at 200, 200) by ``notches`` (down: negative)."""
    at = QPointF(200, 200)
    event = QWheelEvent(
        at,
        widget.mapToGlobal(at),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)
