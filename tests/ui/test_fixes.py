"""Acting on findings in the app: fix links, Remove / Rename of names the catalog does
not know, "With problems", Fix all safe; reduced reproductions of two real scripts
(``tests/fix_scripts.py``) fixed in two clicks and applied back into the script."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fix_scripts import ESTIMATOR_TRAINER, SESSION_TRAINER
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog, QStyle, QToolButton

from ascend_studio.apply import with_source
from ascend_studio.codegen import import_python
from ascend_studio.profile import ExtraKwarg, Profile
from ascend_studio.ui._diaglist import DiagnosticsList, Entry
from ascend_studio.ui._unknown import UnknownRow
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.apply import _flow

KEYWORD = "NPURunConfig.auto_tune_mode"
KEY = "parameter_map.sump_mode"


class Accept:
    """Replaces the Apply to Script dialog: accepted, and remembered."""

    def __init__(self) -> None:
        self.dialogs: list[QDialog] = []

    def __call__(self, dialog: QDialog) -> bool:
        self.dialogs.append(dialog)
        return True


def _open_script(window: MainWindow, path: Path, text: str) -> None:
    """The document as importing ``path`` leaves it (the script remembered for Apply)."""
    path.write_text(text, encoding="utf-8")
    imported = import_python(text).configs[0].profile
    window.model.edit(with_source(imported, path, path.read_bytes()), "import")


def _entry_of(view: DiagnosticsList, rule_id: str, qtbot: Any) -> tuple[int, Entry]:
    """The entry of ``rule_id``'s finding, once the list has laid it out."""
    for row in range(view.count()):
        if view._shown[row].rule_id == rule_id:
            entry = view.itemWidget(view.item(row))
            assert isinstance(entry, Entry)
            rect = view.visualItemRect(view.item(row))
            qtbot.waitUntil(lambda e=entry, r=rect: e.geometry() == r and e.isVisible())
            return row, entry
    raise AssertionError(f"no entry for {rule_id}")


def _link_point(view: DiagnosticsList, entry: Entry, href: str) -> QPoint:
    """A point of the viewport over the link ``href`` of ``entry``."""
    for y in range(0, entry.height(), 3):
        for x in range(0, entry.width(), 3):
            if entry.anchor_at(QPoint(x, y)) == href:
                return entry.mapTo(view.viewport(), QPoint(x, y))
    raise AssertionError(f"no link {href} in {entry.plain_text()!r}")


def _text_point(view: DiagnosticsList, entry: Entry) -> QPoint:
    """A point of the viewport over the entry's text, on no link."""
    for y in range(2, entry.height(), 3):
        for x in range(8, entry.width() // 2, 3):
            if not entry.anchor_at(QPoint(x, y)):
                return entry.mapTo(view.viewport(), QPoint(x, y))
    raise AssertionError("the entry is all links")


def _unknown_row(window: MainWindow, key: str) -> UnknownRow:
    row = window.form.unknown.rows.get(key)
    assert row is not None, f"no row for {key}"
    return row


def test_auto_tune_mode_is_removed_in_two_clicks_and_applied_to_the_script(
    window: MainWindow, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "trainer.py"
    _open_script(window, script, ESTIMATOR_TRAINER)
    window.controls.filters["problems"].setChecked(True)  # "With problems" lists its row
    row = _unknown_row(window, KEYWORD)
    assert window.form.unknown_section.isVisible() and row.isVisible()
    view = window.diagnostics
    _, entry = _entry_of(view, "release.retired_keyword", qtbot)
    # click 1: the finding takes the form to its row, with Remove focused
    window.activateWindow()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_text_point(view, entry))
    qtbot.waitUntil(lambda: QApplication.focusWidget() is row.remove)
    steps = window.model.undo_stack.count()
    # click 2: Remove
    qtbot.mouseClick(row.remove, Qt.MouseButton.LeftButton)
    assert window.model.profile.extra_kwargs == ()
    assert window.model.undo_stack.count() == steps + 1
    assert window.model.undo_stack.undoText() == "Fix: Remove auto_tune_mode"
    assert "Fixed: Remove auto_tune_mode" in window.statusBar().currentMessage()
    assert KEYWORD not in window.form.unknown.rows
    assert not window.form.unknown_section.isVisible()
    assert not [f for f in window.findings if f.severity == "error"]
    shown = Accept()
    monkeypatch.setattr(_flow, "run_dialog", shown)
    window.applier.apply_script.trigger()
    assert shown.dialogs
    assert script.read_text("utf-8") == ESTIMATOR_TRAINER.replace(
        '                auto_tune_mode="RL,GA",\n', ""
    )


def test_sump_mode_is_renamed_by_its_fix_link_in_place(
    window: MainWindow, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "train.py"
    _open_script(window, script, SESSION_TRAINER)
    view = window.diagnostics
    _, entry = _entry_of(view, "profile.unknown_key", qtbot)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=_link_point(view, entry, "fix:0:0")
    )
    profile = window.model.profile
    assert not [x for x in profile.extra_kwargs if x.owner == "parameter_map"]
    assert profile.values["dump_config.dump_mode"].expr == 'os.getenv("DUMP_MODE")'  # type: ignore[union-attr]
    assert window.model.undo_stack.undoText() == (
        'Fix: Rename parameter_map["sump_mode"] to parameter_map["dump_mode"]'
    )
    monkeypatch.setattr(_flow, "run_dialog", Accept())
    window.applier.apply_script.trigger()
    assert script.read_text("utf-8") == SESSION_TRAINER.replace(
        'parameter_map["sump_mode"]', 'parameter_map["dump_mode"]'
    )


def test_the_rename_menu_offers_the_close_names_and_keeps_the_value(
    window: MainWindow, tmp_path: Path
) -> None:
    _open_script(window, tmp_path / "train.py", SESSION_TRAINER)
    row = _unknown_row(window, KEY)
    actions = row.rename.menu().actions()
    assert actions[0].text() == 'parameter_map["dump_mode"]'
    actions[0].trigger()
    assert "dump_config.dump_mode" in window.model.profile.values
    window.model.undo_stack.undo()  # one step back: the key is kept again, as written
    kept = [x for x in window.model.profile.extra_kwargs if x.owner == "parameter_map"]
    assert [x.name for x in kept] == ["sump_mode"]
    assert "dump_config.dump_mode" not in window.model.profile.values


def test_fix_all_safe_is_one_undo_step(window: MainWindow, qtbot: Any) -> None:
    before = Profile(
        release="7.0.0",
        values={"hcom_parallel": 1, "deterministic": True, "iterations_per_loop": 10},
        extra_kwargs=(ExtraKwarg(owner="NPURunConfig", name="auto_tune_mode", expr='"RL,GA"'),),
    )
    window.model.edit(before, "edit")
    button = window.fix_all_button
    assert button.isVisible() and button.text() == "Fix all safe (3)"
    steps = window.model.undo_stack.count()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    after = window.model.profile
    assert after.values == {"hcom_parallel": True, "deterministic": 1, "iterations_per_loop": 10}
    assert after.extra_kwargs == ()
    assert window.model.undo_stack.count() == steps + 1
    assert not button.isVisible()
    window.model.undo_stack.undo()
    assert window.model.profile == before


def test_with_problems_lists_every_findings_row(window: MainWindow) -> None:
    profile = Profile(
        values={"hcom_parallel": 1, "dump_config.dump_mode": "all"},
        env={"AOE_MODE": "3"},
        extra_kwargs=(ExtraKwarg(owner="DumpConfig", name="dump_pth", expr="'/d'"),),
    )
    window.model.edit(profile, "edit")
    window.controls.filters["problems"].setChecked(True)
    for finding in window.findings:
        shown = [
            p
            for p in finding.params
            if (p.startswith("env:") and window.form.env_section.isVisible())
            or (p in window.form.unknown.rows and window.form.unknown_section.isVisible())
            or window.form.is_row_visible(p)
        ]
        assert shown, f"{finding.rule_id}: none of {finding.params} is shown"


def test_a_fix_link_under_a_parameter_row_applies_it(window: MainWindow) -> None:
    window.model.edit(Profile(values={"hcom_parallel": 1}), "edit")
    window.reveal("hcom_parallel")
    row = window.form.rows["hcom_parallel"]
    assert 'href="fix:0:0"' in row.diag.text()
    row.diag.linkActivated.emit("fix:0:0")
    assert window.model.profile.values["hcom_parallel"] is True


def test_no_unknown_names_no_section(window: MainWindow) -> None:
    window.model.edit(Profile(values={"iterations_per_loop": 10}), "edit")
    assert not window.form.unknown_section.isVisible()
    assert window.nav.item_for("__unknown__").isHidden()


def test_chinese_rows_and_fixes(make_window: Any, tmp_path: Path) -> None:
    window = make_window("zh")
    _open_script(window, tmp_path / "train.py", ESTIMATOR_TRAINER)
    row = _unknown_row(window, KEYWORD)
    assert (row.remove.text(), row.rename.text()) == ("删除", "改名为")
    assert window.form.unknown_section.header.text() == "不在参数目录中"
    assert "删除 auto_tune_mode" in row.diag.text()
    window.set_language("en")  # the application's translator back for the next tests


def test_the_fix_all_button_follows_the_language(window: MainWindow) -> None:
    window.model.edit(Profile(values={"hcom_parallel": 1}), "edit")
    assert window.fix_all_button.text() == "Fix all safe (1)"
    window.set_language("zh")
    try:
        assert window.fix_all_button.text() == "修复所有安全问题（1）"
    finally:
        window.set_language("en")
    assert window.fix_all_button.text() == "Fix all safe (1)"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rename_button_holds_its_text_and_its_arrow(
    make_window: Any, qtbot: Any, tmp_path: Path, lang: str
) -> None:
    """The menu arrow is drawn at the button's right: the button is as wide as a plain
    button of its text plus the arrow, whatever the language."""
    window = make_window(lang)
    try:
        _open_script(window, tmp_path / "train.py", SESSION_TRAINER)
        button = _unknown_row(window, KEY).rename
        plain = QToolButton()
        qtbot.addWidget(plain)
        plain.setFont(button.font())
        plain.setText(button.text())
        arrow = button.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator)
        needed = plain.sizeHint().width() + arrow
        assert button.sizeHint().width() >= needed, (button.text(), arrow)
        assert button.width() >= needed  # the row's layout gives it that width
    finally:
        window.set_language("en")  # the application's translator back for the next tests
