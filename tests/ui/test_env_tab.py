"""Tab through the environment section: its fields in the order shown, the table's
cells row by row, then on out of it, as from the last field of any section (the
table wrapped to its first cell and Tab never left the section)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from ascend_studio.ui._window import MainWindow


def _tab(qtbot: Any, forward: bool = True) -> QWidget | None:
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, Qt.Key.Key_Tab if forward else Qt.Key.Key_Backtab)
    return QApplication.focusWidget()


def _env_ready(qtbot: Any, window: MainWindow, env: dict[str, str | None]) -> Any:
    form = window.form
    table = form.env
    table.set_env(env)
    form.ensureWidgetVisible(form.env_section)
    qtbot.waitUntil(lambda: not form._band_pending, timeout=20000)
    return table


def test_tab_goes_through_the_env_fields_and_cells_then_leaves(
    qtbot: Any, started: MainWindow
) -> None:
    env = _env_ready(qtbot, started, {"A": "1", "B": None})
    env.name_box.setFocus()
    assert _tab(qtbot) is env.add_button
    assert _tab(qtbot) is env.remove_button
    cells = []
    for _ in range(8):
        assert _tab(qtbot) is env.table
        cells.append((env.table.currentRow(), env.table.currentColumn()))
    assert cells == [(r, c) for r in range(2) for c in range(4)]
    after = _tab(qtbot)
    assert after is not None and not started.form.env_section.isAncestorOf(after)


def test_backtab_from_the_first_cell_goes_to_the_buttons(qtbot: Any, started: MainWindow) -> None:
    env = _env_ready(qtbot, started, {"A": "1"})
    env.table.setFocus()
    env.table.setCurrentCell(0, 0)
    assert _tab(qtbot, forward=False) is env.remove_button


def test_tab_from_an_empty_table_leaves_the_section(qtbot: Any, started: MainWindow) -> None:
    env = _env_ready(qtbot, started, {})
    env.remove_button.setFocus()
    assert _tab(qtbot) is env.table
    after = _tab(qtbot)
    assert after is not None and not started.form.env_section.isAncestorOf(after)
