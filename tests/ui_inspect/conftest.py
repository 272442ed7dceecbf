"""Fixtures for the part-2 view tests (inspector, why, compare, import review).

Sets the offscreen platform before Qt loads and skips the directory when
PySide6 is absent. Modal dialogs are replaced (``dialogs`` fixture) and Qt
warnings fail a test, as in tests/ui.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

os.environ["QT_QPA_PLATFORM"] = "offscreen"
pytest.importorskip("PySide6", reason="the desktop app needs PySide6")

from inspect_fakes import Dialogs
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, shipped_catalog
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import app_translator
from ascend_studio.ui.inspector import InspectorView

_PLATFORM_NOISE = r"(This plugin does not support|QFont::|propagateSizeHints)"
_HERE = os.path.dirname(__file__)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if str(item.fspath).startswith(_HERE):
            item.add_marker(pytest.mark.gui)
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            item.add_marker(pytest.mark.qt_log_ignore(_PLATFORM_NOISE))


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return shipped_catalog()


@pytest.fixture
def view(qtbot: QtBot, catalog: Catalog) -> InspectorView:
    """The output-path inspector, shown at 1200x900 with an empty profile (a test file
    may define its own ``view``)."""
    widget = InspectorView(catalog, Profile())
    qtbot.addWidget(widget)
    widget.resize(1200, 900)
    widget.show()
    return widget


@pytest.fixture
def use_language(qapp: Any) -> Iterator[Callable[[str], None]]:
    """``use_language("zh")`` serves Chinese chrome strings until ``"en"`` or the test ends."""
    translator = app_translator(qapp)

    def use(lang: str) -> None:
        QCoreApplication.removeTranslator(translator)
        if lang == "zh":
            QCoreApplication.installTranslator(translator)

    yield use
    QCoreApplication.removeTranslator(translator)


@pytest.fixture(autouse=True)
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    fake = Dialogs()
    for name in _dialogs.__all__:
        if callable(getattr(_dialogs, name)) and name[0].islower():
            monkeypatch.setattr(_dialogs, name, fake.make(name))
    return fake


@pytest.fixture(autouse=True)
def delete_closed_widgets() -> Iterator[None]:
    """The widgets a test closed are deleted when it ends (``deleteLater`` runs only in
    an event loop): a main window left for the next test would be taken for one of its
    own by the tests of the main window."""
    yield
    if QApplication.instance() is not None:
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
