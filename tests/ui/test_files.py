"""Profiles on disk: save and reopen, prompts for unsaved changes, corrupt files,
recent files, import and export, autosave and crash recovery, remembered layout."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from ascend_studio.codegen import EXPORT_FORMATS
from ascend_studio.profile import Profile, load_profile, save_profile
from ascend_studio.ui._dialogs import SaveChoice
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow


def _dirty(window: MainWindow) -> None:
    profile = window.model.profile.with_value("hccl_timeout", 600).with_env(
        "ASCEND_WORK_PATH", "/数据"
    )
    window.model.edit(profile, "edit")


def test_save_and_reopen(qtbot: Any, window: MainWindow, dialogs: Any, tmp_path: Path) -> None:
    _dirty(window)
    target = tmp_path / "job.ascend.json"
    dialogs.answer("ask_save_path", target)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert load_profile(target) == window.model.profile
    assert not window.model.is_dirty() and window.model.path == target
    assert "job.ascend.json" in window.windowTitle()
    window.files.new()
    assert window.model.profile.values == {}
    dialogs.answer("ask_open_path", target)
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert window.model.profile.values == {"hccl_timeout": 600}
    assert window.model.profile.env == {"ASCEND_WORK_PATH": "/数据"}
    assert window.form.rows["hccl_timeout"].editor.value() == 600
    assert Settings().recent_files()[0] == str(target.resolve())


def test_open_recent_from_menu(window: MainWindow, tmp_path: Path) -> None:
    target = tmp_path / "recent.ascend.json"
    save_profile(Profile().with_value("deterministic", 1), target)
    window.files.load(target)
    window.files.new()
    recent = [a for a in window.actions_.recent_menu.actions() if a.text() == str(target.resolve())]
    assert recent
    recent[0].trigger()
    assert window.model.profile.values == {"deterministic": 1}


def test_corrupt_file_keeps_the_current_profile(
    window: MainWindow, dialogs: Any, tmp_path: Path
) -> None:
    _dirty(window)
    before = window.model.profile
    broken = tmp_path / "broken.ascend.json"
    broken.write_text('{"values": {', encoding="utf-8")
    dialogs.answer("ask_save_changes", SaveChoice.DISCARD)
    dialogs.answer("show_error", None)
    assert window.files.open(broken) is False
    assert (
        dialogs.called("show_error") and "broken.ascend.json" in dialogs.called("show_error")[0][2]
    )
    assert window.model.profile == before
    assert window.model.is_dirty()


def test_unsaved_changes_prompt_on_open_and_close(
    window: MainWindow, dialogs: Any, tmp_path: Path
) -> None:
    _dirty(window)
    other = tmp_path / "other.ascend.json"
    save_profile(Profile(), other)
    dialogs.answer("ask_save_changes", SaveChoice.CANCEL)
    assert window.files.open(other) is False
    assert window.model.profile.values == {"hccl_timeout": 600}
    dialogs.answer("ask_save_changes", SaveChoice.CANCEL)
    assert window.close() is False
    assert window.isVisible()
    target = tmp_path / "saved-on-close.ascend.json"
    dialogs.answer("ask_save_changes", SaveChoice.SAVE)
    dialogs.answer("ask_save_path", target)
    assert window.close() is True
    assert load_profile(target).values == {"hccl_timeout": 600}


def test_export_every_format(window: MainWindow, dialogs: Any, tmp_path: Path) -> None:
    _dirty(window)
    for index, fmt in enumerate(EXPORT_FORMATS):
        target = tmp_path / f"out-{fmt}"
        dialogs.answer("choose_item", index)
        dialogs.answer("ask_save_path", target)
        assert window.files.export() is True
        text = target.read_text(encoding="utf-8")
        assert ("hccl_timeout" in text) or ("ASCEND_WORK_PATH" in text), fmt


def test_ctrl_e_exports(qtbot: Any, window: MainWindow, dialogs: Any, tmp_path: Path) -> None:
    dialogs.answer("choose_item", None)  # the user cancels the format choice
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert dialogs.called("choose_item")


def test_autosave_follows_edits_and_saving(
    qtbot: Any, window: MainWindow, tmp_path: Path, dialogs: Any
) -> None:
    window.files.autosave.timer.setInterval(1)
    _dirty(window)
    qtbot.waitUntil(window.files.autosave.file.is_file)
    dialogs.answer("ask_save_path", tmp_path / "x.ascend.json")
    window.files.save()
    assert not window.files.autosave.file.exists()


def test_layout_and_language_are_remembered(
    make_window: Callable[..., MainWindow], user_dirs: dict[str, Path]
) -> None:
    first = make_window("zh")
    first.resize(760, 540)  # within the offscreen screen (800x600)
    first.main.setSizes([150, 400, 200])
    remembered = first.main.sizes()
    first.set_language("zh")
    first.close()
    assert (user_dirs["config"] / "settings.ini").is_file()
    second = make_window(Settings().language() or "en")
    assert second.lang == "zh"
    assert second.size().width() == 760
    assert second.main.sizes() == remembered
    second.set_language("en")


def test_settings_file_is_in_the_config_dir(user_dirs: dict[str, Path]) -> None:
    settings = Settings()
    settings.add_recent("/a/b.json")
    settings.sync()
    assert settings.path.parent == user_dirs["config"]
    assert os.path.getsize(settings.path) > 0
