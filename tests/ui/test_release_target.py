"""The target TF Adapter release in the app: the toolbar choice, rows the release lacks,
and Migrate Script (pytest-qt, offscreen, dialogs patched)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.apply import _flow


def _choose(window: MainWindow, release: str | None) -> None:
    combo = window.controls.release
    index = combo.findData(release) if release is not None else combo.count() - 1
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def test_a_new_document_targets_the_newest_release(window: MainWindow) -> None:
    combo = window.controls.release
    assert window.model.profile.release == "newest"
    assert combo.currentData() == "newest"
    assert combo.currentText().startswith("TF Adapter newest")
    assert combo.itemData(combo.count() - 1) is None  # "not named"
    ids = [combo.itemData(i) for i in range(1, combo.count() - 1)]
    assert ids[0] == "hicann-HEAD" and ids[-1] == "r1.1.1"


def test_rows_the_release_lacks_say_since_when(window: MainWindow, qtbot: Any) -> None:
    window.form.build_all()
    _choose(window, "tfa_v0.0.20_7.0.0.alpha003")
    assert window.model.profile.release == "tfa_v0.0.20_7.0.0.alpha003"
    oo = window.form.rows["oo_level"]
    qtbot.waitUntil(lambda: oo.property("unavailable") is True)
    assert oo.state.unavailable is not None and oo.state.unavailable.reason == "release"
    assert oo._explain(oo.state.unavailable) == "since TF Adapter 9.0.0 (2026-04)"
    assert window.form.rows["precision_mode_v2"].property("unavailable") is not True
    window.model.undo_stack.undo()  # one undo step back to the newest release
    assert window.model.profile.release == "newest"
    qtbot.waitUntil(lambda: oo.property("unavailable") is not True)


def test_choosing_not_named_keeps_the_release_open(window: MainWindow) -> None:
    _choose(window, None)
    assert window.model.profile.release is None
    window.model.edit(window.model.profile.with_value("oo_level", "O1"), "set")
    ids = {f.rule_id for f in window.findings}
    assert "release.depends" in ids and "release.missing_keyword" not in ids


def test_migrate_script_writes_the_target_releases_keywords(
    window: MainWindow, dialogs: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "train.py"
    text = "config = NPURunConfig(auto_tune_mode='RL,GA', precision_mode='force_fp32')\n"
    script.write_text(text, encoding="utf-8")
    dialogs.answer("ask_open_path", script)
    shown: list[QDialog] = []
    monkeypatch.setattr(_flow, "run_dialog", lambda d: shown.append(d) or True)
    window.applier.migrate_script.trigger()
    assert shown and "TF Adapter" in shown[0].windowTitle()
    after = script.read_text(encoding="utf-8")
    assert "auto_tune_mode" not in after and "aoe_mode='2'" in after
    assert (tmp_path / "train.py.orig").read_text(encoding="utf-8") == text


def test_migrate_script_needs_a_named_release(window: MainWindow, dialogs: Any) -> None:
    _choose(window, None)
    dialogs.answer("show_info", None)
    window.applier.migrate_script.trigger()
    assert dialogs.called("show_info") and not dialogs.called("ask_open_path")
