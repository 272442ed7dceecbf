"""The search field's clear button: there with the first character, gone with the last."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from ascend_studio.ui._searchbox import SearchBox
from ascend_studio.ui._window import MainWindow


def _shown_buttons(search: SearchBox) -> list[QToolButton]:
    return [b for b in search.findChildren(QToolButton) if b.isVisible()]


def test_the_clear_button_comes_and_goes_with_the_text_at_once(
    qtbot: Any, window: MainWindow
) -> None:
    """No fade: a fading button repainted the field for 160 ms after the key, and its
    hiding at the end laid the window out again."""
    search = window.controls.search
    assert _shown_buttons(search) == []
    search.setText("dump")
    assert len(_shown_buttons(search)) == 1
    search.setText("")
    assert _shown_buttons(search) == []


def test_the_clear_button_clears_the_search_and_shows_every_row(
    qtbot: Any, window: MainWindow
) -> None:
    window.form.build_all()
    search = window.controls.search
    search.setText("hccl_timeout")
    assert not window.form.is_row_visible("precision_mode")
    (button,) = _shown_buttons(search)
    assert button.toolTip() == "Clear the search"
    assert not button.icon().isNull()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert search.text() == ""
    assert window.form.is_row_visible("precision_mode")
    assert search.hasFocus() or not window.isActiveWindow()
    assert _shown_buttons(search) == []
