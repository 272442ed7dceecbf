"""Regression tests for the UI bugs a QA pass found (each fails without its fix)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLineEdit
from ui_helpers import editor, find

from ascend_studio.profile import ProfileError, save_profile
from ascend_studio.schema import Catalog, Text
from ascend_studio.ui._core import Evaluation, Finding, Severity
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._window import MainWindow


def choose(combo: QComboBox, data: object) -> None:
    """Pick the entry holding ``data`` as a user would (as in test_window)."""
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


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
    monkeypatch.setattr(
        window.engine, "evaluate", lambda p: Evaluation(p, _findings("error", "info"), ())
    )
    window.refresh()
    text = window.nav.item_for(category).text()
    assert "✖ 1" in text and "ℹ 1" in text and "✖ 2" not in text
    assert "2 notes" not in window.nav.item_for(category).toolTip()
    findings = _findings("warning", "warning", "info", "error")
    monkeypatch.setattr(window.engine, "evaluate", lambda p: Evaluation(p, findings, ()))
    window.refresh()
    counts = window.nav.counts[category]
    assert (counts.errors, counts.warnings, counts.infos, counts.problems) == (1, 2, 1, 4)
    assert window.nav.item_for(category).text().endswith("✖ 1  ⚠ 2  ℹ 1")


@pytest.mark.parametrize("path", ["compile_dynamic_mode", "dynamic_input"])
def test_tristate_check_says_unset_in_the_ui_language(
    make_window: Callable[..., MainWindow], path: str
) -> None:
    """An unset bool with no default read "None" (Python, untranslated) in Chinese."""
    window = make_window("zh")
    box = find(editor(window, path), QCheckBox, f"{path}:check")
    assert box.checkState() == Qt.CheckState.PartiallyChecked
    assert box.text() == "（未设置）"
    choose(find(window, QComboBox, "language"), "en")
    assert box.text() == "(unset)"
    box.click()  # set: the label is the value again
    assert box.text() in {"True", "False"}


def test_float_editor_rejects_non_finite_numbers(qtbot: Any, window: MainWindow) -> None:
    """1e400 became inf in the profile and the Python preview failed with no diagnostic."""
    path = "keep_checkpoint_every_n_hours"
    line = find(editor(window, path), QLineEdit, f"{path}:text")
    qtbot.keyClicks(line, "1e400")
    assert line.text() == "1e40"  # the last 0 would overflow: refused as typed
    assert window.model.profile.values[path] == 1e40
    for text in ("inf", "nan", "-Infinity", "1e400"):
        line.setText(text)  # as a paste would put it there
        assert not line.hasAcceptableInput(), text
    assert all(
        math.isfinite(v) for v in window.model.profile.values.values() if isinstance(v, float)
    )
    line.setText("1e400")  # bypasses the validator (a paste, a program): still never inf
    assert window.form.rows[path].editor.value() is None
    before = window.model.profile
    window.form.rows[path].edited.emit(path, float("inf"), False)
    assert window.model.profile == before
    assert "inf" not in window.previews.text("py")


def test_environment_table_tells_shell_text_from_literals(window: MainWindow) -> None:
    """``"$(pwd)/cache"`` (the shell expands it) looked the same as a literal ``$dollar``."""
    profile = window.model.profile.with_env("CACHE", '"$(pwd)/cache"', verbatim=True).with_env(
        "PRICE", "$dollar"
    )
    window.model.edit(profile, "load")
    table = window.form.env.table
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount())}  # type: ignore[union-attr]
    shell_box = {name: table.item(row, 3) for name, row in rows.items()}
    assert shell_box["CACHE"].checkState() == Qt.CheckState.Checked  # type: ignore[union-attr]
    assert shell_box["PRICE"].checkState() == Qt.CheckState.Unchecked  # type: ignore[union-attr]
    assert "shell" in table.item(rows["CACHE"], 1).toolTip().lower()  # type: ignore[union-attr]
    assert "literal" in table.item(rows["PRICE"], 1).toolTip().lower()  # type: ignore[union-attr]
    # Typing a new value makes it literal...
    table.item(rows["CACHE"], 1).setText("$(pwd)/other")  # type: ignore[union-attr]
    assert window.model.profile.env["CACHE"] == "$(pwd)/other"
    assert window.model.profile.env_verbatim == ()
    # ...until the user marks it as shell text.
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount())}  # type: ignore[union-attr]
    table.item(rows["CACHE"], 3).setCheckState(Qt.CheckState.Checked)  # type: ignore[union-attr]
    assert window.model.profile.env_verbatim == ("CACHE",)
    table.selectRow(rows["CACHE"])
    window.form.env.remove_button.click()
    assert window.model.profile.env_verbatim == ()  # no stale name left behind


def test_text_that_is_not_one_shell_word_cannot_be_marked_shell_text(
    window: MainWindow, tmp_path: Path
) -> None:
    """``a; touch x`` as shell text would run ``touch x`` where the value is written; the
    profile could then not be saved or read back. It stays literal, and saving a
    profile made otherwise in code is refused with the reason."""
    window.model.edit(window.model.profile.with_env("JOB", "a; touch PWN"), "load")
    table = window.form.env.table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "JOB")  # type: ignore[union-attr]
    table.item(row, 3).setCheckState(Qt.CheckState.Checked)  # type: ignore[union-attr]
    assert window.model.profile.env_verbatim == ()
    assert table.item(row, 3).checkState() == Qt.CheckState.Unchecked  # type: ignore[union-attr]
    assert "not one shell word" in table.item(row, 3).toolTip()  # type: ignore[union-attr]
    assert "PWN" in window.previews.text("sh")  # exported quoted, as a literal
    hostile = window.model.profile.with_env("JOB", "a; touch PWN", verbatim=True)
    with pytest.raises(ProfileError, match="not one shell word"):
        save_profile(hostile, tmp_path / "p.json")
    assert not (tmp_path / "p.json").exists()
