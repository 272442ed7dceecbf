"""The part-2 views inside the real main window: docks, jumps, undo, import, drops."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from inspect_fakes import Dialogs
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QDialog, QDockWidget, QLineEdit
from pytestqt.qtbot import QtBot

from ascend_studio.profile import Profile, save_profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.import_review import ImportReviewDialog

SCRIPT = "from npu_bridge.npu_init import *\ncfg = NPURunConfig(precison_mode='force_fp32', iterations_per_loop=5)\n"


@pytest.fixture
def window(qtbot: QtBot, catalog: Catalog) -> Iterator[MainWindow]:
    def forget_changes(w: MainWindow) -> None:
        clean = Profile()
        w.model.replace(clean, None, saved=clean)
        w.files.autosave.discard()

    win = MainWindow(catalog, Settings(), "en")
    qtbot.addWidget(win, before_close_func=forget_changes)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.set_language("en")


def _let_flash_end(qtbot: QtBot, window: MainWindow, path: str) -> None:
    """A jump flashes the row with a timer; let it end before the window goes away."""
    row = window.form.rows[path]
    qtbot.waitUntil(lambda: not row.property("flash"), timeout=5000)


def _dock(window: MainWindow, name: str) -> QDockWidget:
    dock = window.findChild(QDockWidget, f"dock:{name}")
    assert dock is not None
    return dock


def test_docks_are_in_the_view_menu_and_follow_the_language(
    qtbot: QtBot, window: MainWindow
) -> None:
    view_menu = window.actions_.menus["view"]
    titles = [a.text() for a in view_menu.actions()]
    assert {"Output paths", "Why", "Compare"} <= set(titles)
    window.set_language("zh")  # Qt delivers LanguageChange through the event loop
    qtbot.waitUntil(lambda: _dock(window, "inspector").windowTitle() == "输出路径")
    assert window.inspector.copy_button.text() == "复制路径"
    assert window.compare.take_button.text() == "采用对方的值"
    assert window.inspector.model.lang == "zh"
    window.set_language("en")
    qtbot.waitUntil(lambda: _dock(window, "why").windowTitle() == "Why")


def test_inspector_follows_edits_and_jumps_to_fields(qtbot: QtBot, window: MainWindow) -> None:
    _dock(window, "inspector").show()
    window.model.edit(Profile().with_value("debug_dir", "/data/debug"), "edit")
    assert window.inspector.resolution("kernel_meta").path == "/data/debug"
    window.inspector.parameter_activated.emit("debug_dir")
    row = window.form.rows["debug_dir"]
    qtbot.waitUntil(row.isVisible)
    assert window.form.is_row_visible("debug_dir")
    _let_flash_end(qtbot, window, "debug_dir")


def test_typing_debug_dir_in_the_form_moves_kernel_meta(qtbot: QtBot, window: MainWindow) -> None:
    _dock(window, "inspector").show()
    window.inspector.context_editor.set_typed({"ASCEND_WORK_PATH": "/data/wp"})
    assert window.inspector.resolution("kernel_meta").path == "/data/wp/kernel_meta"
    window.form.build_all()
    field = window.form.rows["debug_dir"].findChild(QLineEdit)
    assert field is not None
    qtbot.keyClicks(field, "/data/debug")
    qtbot.waitUntil(lambda: window.model.profile.get("debug_dir") == "/data/debug")
    res = window.inspector.resolution("kernel_meta")
    assert res.path == "/data/debug"
    assert [x.state for x in res.layers] == ["winner", "shadowed", "shadowed"]
    window.actions_.undo.trigger()
    assert window.inspector.resolution("kernel_meta").path == "/data/wp/kernel_meta"


def test_why_panel_follows_the_focused_field(qtbot: QtBot, window: MainWindow) -> None:
    _dock(window, "why").show()
    both = Profile().with_value("precision_mode", "allow_mix_precision")
    window.model.edit(both.with_value("precision_mode_v2", "mixed_float16"), "edit")
    window.reveal("precision_mode")
    qtbot.waitUntil(lambda: window.why_panel.path == "precision_mode")
    text = window.why_panel.text()
    assert "precision.both_modes (applies now)" in text
    assert "precision_mode_v2 = 'mixed_float16'" in text
    window.diagnostics.param_activated.emit("precision_mode_v2")
    qtbot.waitUntil(lambda: window.why_panel.path == "precision_mode_v2")
    _let_flash_end(qtbot, window, "precision_mode")
    _let_flash_end(qtbot, window, "precision_mode_v2")


def test_compare_transfer_is_undone_by_the_window(window: MainWindow) -> None:
    window.model.edit(Profile().with_value("iterations_per_loop", 5), "edit")
    compare = window.compare
    compare.set_other(Profile().with_value("iterations_per_loop", 20), "other.json")
    compare.select("iterations_per_loop")
    compare.take_selected()
    assert window.model.profile.get("iterations_per_loop") == 20
    window.actions_.undo.trigger()
    assert window.model.profile.get("iterations_per_loop") == 5
    assert [d.key for d in compare.differences] == ["iterations_per_loop"]


def test_import_action_goes_through_the_review(
    window: MainWindow, tmp_path: Path, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT, encoding="utf-8")
    seen: list[ImportReviewDialog] = []

    def accept(dialog: ImportReviewDialog) -> int:
        seen.append(dialog)
        dialog.merge_radio.setChecked(True)  # merged: one undo step (a new document: none)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ImportReviewDialog, "exec", accept)
    dialogs.answer("ask_open_path", script)
    window.actions_.import_script.trigger()
    assert "did you mean precision_mode?" in " ".join(seen[0].group_texts("unknown"))
    assert window.model.profile.get("iterations_per_loop") == 5
    assert window.model.undo_stack.undoText() == "Import train.py"
    window.actions_.undo.trigger()
    assert "iterations_per_loop" not in window.model.profile.values


def _drop(window: MainWindow, path: Path) -> None:
    """A drag entering the window, then the drop (Qt delivers drops to the drag target)."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    enter = QDragEnterEvent(
        QPoint(20, 20),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted() == (path.suffix != ".png")
    if not enter.isAccepted():
        return
    event = QDropEvent(
        QPointF(20, 20),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, event)
    assert event.isAccepted()


def test_dropping_files_opens_or_imports(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.acceptDrops()
    profile = Profile().with_value("hccl_timeout", 1200)
    save_profile(profile, tmp_path / "saved.json")
    _drop(window, tmp_path / "saved.json")
    qtbot.waitUntil(lambda: window.model.path == tmp_path / "saved.json")
    assert window.model.profile == profile
    monkeypatch.setattr(ImportReviewDialog, "exec", lambda _d: QDialog.DialogCode.Accepted)
    script = tmp_path / "env.sh"
    script.write_text("export ASCEND_WORK_PATH=/data/wp\n", encoding="utf-8")
    _drop(window, script)
    qtbot.waitUntil(lambda: window.model.profile.env.get("ASCEND_WORK_PATH") == "/data/wp")
    _drop(window, tmp_path / "picture.png")
