"""Fixtures for the desktop app tests (pytest-qt, offscreen).

The whole directory is skipped when PySide6 is not installed. Every test runs
with the app's config and state directories inside ``tmp_path`` and with all
modal dialogs replaced by :class:`FakeDialogs`, which answers from a script and
fails the test on any dialog it was not told to expect.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
pytest.importorskip("PySide6", reason="the desktop app needs PySide6")

from PySide6.QtCore import QEvent
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, shipped_catalog
from ascend_studio.ui import _dialogs, _i18n
from ascend_studio.ui._settings import Settings, config_dir, state_dir
from ascend_studio.ui._window import MainWindow

#: Offscreen-platform chatter that says nothing about the app.
_PLATFORM_NOISE = r"(This plugin does not support|QFont::|propagateSizeHints)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.gui)
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            item.add_marker(pytest.mark.qt_log_ignore(_PLATFORM_NOISE))


@pytest.fixture(autouse=True)
def delete_closed_widgets() -> Iterator[None]:
    """The widgets a test closed are deleted when it ends, not inside the next test.

    pytest-qt closes a test's widgets and calls ``deleteLater()``, which only an event
    loop runs: the next test that waited (``qtbot.waitUntil``) deleted every earlier
    test's windows inside its own timing (eight after ``test_window.py``), and a
    window's one-second fallback then built its document before its first paint.
    Runs after pytest-qt has closed them (its teardown hook precedes the fixtures').
    """
    app = QApplication.instance()
    left = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)] if app else []
    assert not left, f"{len(left)} main window(s) of an earlier test still exist"
    yield
    if QApplication.instance() is not None:  # the test may have made the application
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(autouse=True)
def app_as_found() -> Iterator[None]:
    """Each test leaves the application's language and font as it found them.

    A Chinese window installs the Chinese translators and gives the application font
    the CJK family first; left in place, the next test's ``tr()`` spoke Chinese (the
    diagnostics list after the first-paint tests) and its widgets measured other
    glyphs (the reset button's size after a row built outside a window). Restored
    after pytest-qt has closed the test's widgets.
    """
    app = QApplication.instance()
    font = QFont(app.font()) if isinstance(app, QApplication) else None
    lang = _i18n.current_language()
    yield
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    _i18n.apply_language(lang)
    if font is not None and app.font() != font:
        app.setFont(font)


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """The app's config and state directories, inside this test's tmp_path."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    dirs = {"config": config_dir(), "state": state_dir()}
    for path in dirs.values():
        assert tmp_path in path.parents, path
    return dirs


class FakeDialogs:
    """Stands in for every function of ``ascend_studio.ui._dialogs``.

    ``answer(name, value)`` queues the reply of the next call to ``name``
    (``None`` for a message such as ``show_error``); ``calls`` records every call
    as ``(name, args)``. A call with no queued answer fails the test, messages
    included: no test may depend on an unexpected modal dialog.
    """

    #: Every dialog function, read from the module so a new one is faked too.
    NAMES = tuple(n for n in _dialogs.__all__ if callable(getattr(_dialogs, n)) and n[0].islower())

    def __init__(self) -> None:
        self.answers: dict[str, list[Any]] = {name: [] for name in self.NAMES}
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def answer(self, name: str, *values: Any) -> None:
        self.answers[name].extend(values)

    def called(self, name: str) -> list[tuple[Any, ...]]:
        return [args for called, args in self.calls if called == name]

    def make(self, name: str) -> Callable[..., Any]:
        def fake(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args))
            if not self.answers[name]:
                raise AssertionError(f"unexpected dialog {name}{args[1:]}")
            return self.answers[name].pop(0)

        return fake


@pytest.fixture(autouse=True)
def dialogs(monkeypatch: pytest.MonkeyPatch) -> FakeDialogs:
    fake = FakeDialogs()
    for name in FakeDialogs.NAMES:
        monkeypatch.setattr(_dialogs, name, fake.make(name))
    return fake


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return shipped_catalog()


@pytest.fixture
def make_window(qtbot: Any, catalog: Catalog) -> Iterator[Callable[..., MainWindow]]:
    """Build a shown main window (language ``en`` unless told otherwise)."""

    def forget_changes(window: MainWindow) -> None:
        """Before pytest-qt closes the window: nothing unsaved, so closing asks nothing."""
        clean = Profile()
        window.model.replace(clean, None, saved=clean)
        window.files.autosave.discard()

    def make(lang: str = "en", **kwargs: Any) -> MainWindow:
        window = MainWindow(catalog, Settings(), lang, **kwargs)  # type: ignore[arg-type]
        qtbot.addWidget(window, before_close_func=forget_changes)
        window.show()
        qtbot.waitExposed(window)
        return window

    yield make


@pytest.fixture
def window(make_window: Callable[..., MainWindow]) -> MainWindow:
    return make_window()


@pytest.fixture
def started(qtbot: Any, make_window: Callable[..., MainWindow]) -> MainWindow:
    """A window as the app starts it (1280x800), its start done."""
    window = make_window(progressive=True)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.is_built() and window.form.is_settled(), timeout=20000)
    qtbot.waitUntil(lambda: not window.form._slicer.isActive(), timeout=20000)
    return window
