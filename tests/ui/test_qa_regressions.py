"""Regression tests for the UI bugs a QA pass found (each fails without its fix)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from ascend_studio.schema import Catalog, Text
from ascend_studio.ui._core import Finding, Severity
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._window import MainWindow


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


def _findings(*severities: Severity) -> tuple[Finding, ...]:
    text = Text(zh="问题", en="problem")
    return tuple(
        Finding(f"qa.{n}", severity, ("precision_mode",), text)
        for n, severity in enumerate(severities)
    )


def test_category_counts_are_per_severity(
    monkeypatch: pytest.MonkeyPatch, window: MainWindow
) -> None:
    """1 error + 1 info read "✖ 2": every finding was counted under the worst icon."""
    category = window.catalog.param("precision_mode").category
    monkeypatch.setattr(window.engine, "diagnose", lambda _p: _findings("error", "info"))
    window.refresh()
    text = window.nav.item_for(category).text()
    assert "✖ 1" in text and "ℹ 1" in text and "✖ 2" not in text
    assert "2 notes" not in window.nav.item_for(category).toolTip()
    findings = _findings("warning", "warning", "info", "error")
    monkeypatch.setattr(window.engine, "diagnose", lambda _p: findings)
    window.refresh()
    counts = window.nav.counts[category]
    assert (counts.errors, counts.warnings, counts.infos, counts.problems) == (1, 2, 1, 4)
    assert window.nav.item_for(category).text().endswith("✖ 1  ⚠ 2  ℹ 1")
