"""QA: with every part-2 dock open, each stays big enough to use (the Why panel
was about 60 px tall with the inspector, Why and Compare docks all open)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow

USABLE = 200  # px: a few lines of text plus the dock's own controls
DOCKS = ("inspector", "why", "compare", "machine")


@pytest.fixture
def window(qtbot: QtBot, catalog: Catalog) -> Iterator[MainWindow]:
    def forget_changes(w: MainWindow) -> None:
        clean = Profile()
        w.model.replace(clean, None, saved=clean)
        w.files.autosave.discard()

    win = MainWindow(catalog, Settings(), "en")
    qtbot.addWidget(win, before_close_func=forget_changes)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    yield win


def dock(window: MainWindow, name: str) -> QDockWidget:
    found = window.findChild(QDockWidget, f"dock:{name}")
    assert found is not None
    return found


def test_all_docks_open_from_the_view_menu_stay_usable(qtbot: QtBot, window: MainWindow) -> None:
    actions = {a.text(): a for a in window.actions_.menus["view"].actions()}
    for title in ("Output paths", "Why", "Compare", "This machine"):
        actions[title].trigger()
    assert all(dock(window, n).toggleViewAction().isChecked() for n in DOCKS)
    for name in DOCKS:  # each one, brought to the front (docks on one side are tabs)
        shown = dock(window, name)
        shown.raise_()
        qtbot.waitUntil(shown.isVisible)
        qtbot.wait(20)  # let the dock layout settle
        size = shown.size()
        assert size.height() >= USABLE and size.width() >= USABLE, (name, size)
    form = window.centralWidget().size()  # the form is still the main thing
    assert form.width() >= 800 and form.height() >= 400, form
