"""Regression tests for the UI bugs a QA pass found (each fails without its fix)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from ascend_studio.schema import Catalog
from ascend_studio.ui._row import ParamRow


def test_row_flash_timer_dies_with_the_row(qtbot: Any, catalog: Catalog) -> None:
    """A flash still pending when the row is destroyed must not fire on the dead row."""
    row = ParamRow(catalog.param("precision_mode"), catalog)
    row.flash(ms=20)
    assert row.property("flash") is True
    row.deleteLater()
    QApplication.sendPostedEvents(None, 0)  # DeferredDelete: the C++ row is gone now
    qtbot.wait(60)  # the old module-level timer raised 'already deleted' here


def test_row_flash_ends(qtbot: Any, catalog: Catalog) -> None:
    row = ParamRow(catalog.param("precision_mode"), catalog)
    qtbot.addWidget(row)
    row.flash(ms=10)
    qtbot.waitUntil(lambda: row.property("flash") is False)
