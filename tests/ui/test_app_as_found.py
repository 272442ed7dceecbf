"""A test that switches the application to Chinese leaves it as it found it: the
next test's texts are English and its widgets measure in the font it had (any
order of the tests passes)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from ascend_studio.ui._i18n import current_language, tr
from ascend_studio.ui._window import MainWindow

BEFORE: list[QFont] = []


def test_a_chinese_window_switches_the_application(
    make_window: Callable[..., MainWindow],
) -> None:
    BEFORE[:] = [QFont(QApplication.font())]
    window = make_window("zh")
    assert current_language() == "zh" and tr("Remove") != "Remove"
    assert window.isVisible()


def test_the_next_test_finds_the_application_as_it_was() -> None:
    assert current_language() == "en"
    assert tr("Remove") == "Remove"
    if BEFORE:  # run after the Chinese window
        assert QApplication.font() == BEFORE[0]
        assert QApplication.font().families() == BEFORE[0].families()
