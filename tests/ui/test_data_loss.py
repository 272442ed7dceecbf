"""Nothing typed is lost: autosave under steady typing, recovery of every crashed
window (also when started with a file), saves that notice a file changed on disk, and
what the user does in the moment between the window's first paint and its document."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from ascend_studio.profile import Profile, load_profile, save_profile
from ascend_studio.ui import create_window
from ascend_studio.ui._app import open_file, start_app
from ascend_studio.ui._autosave import MAX_WAIT_MS, QUIET_MS, find_recoveries
from ascend_studio.ui._dialogs import ChangedOnDiskChoice, RecoveryChoice
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.editors import IntEditor


def _edit(window: MainWindow, value: int) -> None:
    window.model.edit(window.model.profile.with_value("hccl_timeout", value), "edit")


def _start_with(window: MainWindow, job: Path) -> None:
    """What a start with ``job`` does once the document exists (``start_app``): open it,
    then offer the unsaved work a crash left."""
    open_file(window, [str(job)])
    window.files.offer_recovery()


def _leftover(state: Path, pid: int, values: dict[str, Any], path: str | None = None) -> Path:
    """An autosave as a window of a process that no longer exists left it."""
    state.mkdir(parents=True, exist_ok=True)
    file = state / f"autosave-{pid}.json"
    data = {
        "written": f"2026-01-0{pid % 9 + 1}T10:00:00",
        "path": path,
        "profile": {"values": values},
    }
    file.write_text(json.dumps(data), encoding="utf-8")
    return file


def test_the_documented_autosave_bound_is_five_seconds() -> None:
    assert QUIET_MS < MAX_WAIT_MS <= 5000


def _saved_value(window: MainWindow) -> object:
    data = json.loads(window.files.autosave.file.read_text(encoding="utf-8"))
    return data["profile"]["values"].get("hccl_timeout")


def test_steady_typing_is_autosaved_within_the_bound(window: MainWindow) -> None:
    """An edit every 0.5 s never leaves the 1.5 s pause the quiet timer waits for;
    the bound still writes within 5 s, and again 5 s later."""
    autosave = window.files.autosave
    autosave.timer.setInterval(60_000)  # (real time: the pause timer never fires here)
    now = [1000.0]
    autosave.clock = lambda: now[0]
    written_at: list[float] = []
    for step in range(25):  # 12 s of typing, one edit every 0.5 s
        now[0] = 1000.0 + step * 0.5
        _edit(window, 100 + step)
        if autosave.file.is_file() and _saved_value(window) == 100 + step:
            written_at.append(now[0] - 1000.0)
    assert written_at[:2] == [MAX_WAIT_MS / 1000, 2 * MAX_WAIT_MS / 1000]
    assert autosave.timer.isActive()  # and the pause after the last edit writes the rest


def test_a_pause_writes_without_waiting_for_the_bound(qtbot: Any, window: MainWindow) -> None:
    autosave = window.files.autosave
    autosave.timer.setInterval(1)
    _edit(window, 600)
    qtbot.waitUntil(autosave.file.is_file)
    assert _saved_value(window) == 600
    assert autosave.first_unsaved is None


def test_every_crashed_window_is_offered_and_none_deleted_unasked(
    window: MainWindow, dialogs: Any, user_dirs: dict[str, Path]
) -> None:
    one = _leftover(user_dirs["state"], 999999991, {"deterministic": 1})
    two = _leftover(user_dirs["state"], 999999992, {"hccl_timeout": 600})
    dialogs.answer("choose_recovery", (RecoveryChoice.LATER, 0))
    assert window.files.offer_recovery() is False
    (entries,) = [args[1] for args in dialogs.called("choose_recovery")]
    assert len(entries) == 2
    assert one.exists() and two.exists()  # "later" deletes nothing
    assert window.model.profile.values == {}


def test_discard_one_recover_the_other(
    window: MainWindow, dialogs: Any, user_dirs: dict[str, Path]
) -> None:
    newer = _leftover(user_dirs["state"], 999999998, {"hccl_timeout": 600})  # 2026-01-09
    older = _leftover(user_dirs["state"], 999999990, {"deterministic": 1})  # 2026-01-01
    dialogs.answer("choose_recovery", (RecoveryChoice.DISCARD, 0), (RecoveryChoice.RECOVER, 0))
    assert window.files.offer_recovery() is True
    assert not newer.exists()  # discarded on the user's word
    assert not older.exists()  # recovered: this window's autosave holds it now
    assert window.model.profile.values == {"deterministic": 1}
    assert window.model.is_dirty()
    assert window.files.autosave.file.is_file()
    second_offer = dialogs.called("choose_recovery")[1][1]
    assert len(second_offer) == 1


def test_recovery_is_offered_when_started_with_a_file(
    window: MainWindow, dialogs: Any, user_dirs: dict[str, Path], tmp_path: Path
) -> None:
    job = tmp_path / "p1.ascend.json"
    save_profile(Profile().with_value("hccl_timeout", 300), job)
    _leftover(user_dirs["state"], 999999993, {"hccl_timeout": 900}, path=str(job))
    dialogs.answer("choose_recovery", (RecoveryChoice.RECOVER, 0))
    _start_with(window, job)
    assert window.model.path == job
    assert window.model.profile.values == {"hccl_timeout": 900}
    assert window.model.saved_profile.values == {"hccl_timeout": 300}
    assert find_recoveries() == []


def test_no_recovery_no_question(window: MainWindow, dialogs: Any, tmp_path: Path) -> None:
    job = tmp_path / "p1.ascend.json"
    save_profile(Profile(), job)
    _start_with(window, job)
    assert dialogs.called("choose_recovery") == []


def _open_dirty(window: MainWindow, job: Path, value: int) -> None:
    assert window.files.load(job)
    _edit(window, value)


def test_two_windows_saving_one_file_the_second_is_asked(
    make_window: Callable[..., MainWindow], dialogs: Any, tmp_path: Path
) -> None:
    job = tmp_path / "shared.ascend.json"
    save_profile(Profile(), job)
    first, second = make_window(), make_window()
    _open_dirty(first, job, 111)
    _open_dirty(second, job, 222)
    assert first.files.save()
    dialogs.answer("ask_changed_on_disk", ChangedOnDiskChoice.CANCEL)
    assert second.files.save() is False
    assert load_profile(job).values == {"hccl_timeout": 111}  # first's update kept
    assert second.model.is_dirty()  # and second's still there to save elsewhere
    dialogs.answer("ask_changed_on_disk", ChangedOnDiskChoice.OVERWRITE)
    assert second.files.save() is True
    assert load_profile(job).values == {"hccl_timeout": 222}
    # Saving again after an overwrite asks nothing: the window wrote the file last.
    _edit(second, 333)
    assert second.files.save() is True
    assert len(dialogs.called("ask_changed_on_disk")) == 2


def test_a_command_line_write_is_noticed_and_save_as_offered(
    window: MainWindow, dialogs: Any, tmp_path: Path
) -> None:
    job = tmp_path / "job.ascend.json"
    save_profile(Profile(), job)
    _open_dirty(window, job, 600)
    save_profile(Profile().with_value("deterministic", 1), job)  # e.g. `import ... -o job`
    other = tmp_path / "mine.ascend.json"
    dialogs.answer("ask_changed_on_disk", ChangedOnDiskChoice.SAVE_AS)
    dialogs.answer("ask_save_path", other)
    assert window.files.save() is True
    assert load_profile(job).values == {"deterministic": 1}
    assert load_profile(other).values == {"hccl_timeout": 600}
    assert window.model.path == other


def test_a_recovered_document_still_notices_later_writes(
    window: MainWindow, dialogs: Any, user_dirs: dict[str, Path], tmp_path: Path
) -> None:
    job = tmp_path / "job.ascend.json"
    save_profile(Profile(), job)
    crashed = make_crashed_autosave(window, job, user_dirs["state"])
    save_profile(Profile().with_value("deterministic", 1), job)  # written after the crash
    dialogs.answer("choose_recovery", (RecoveryChoice.RECOVER, 0))
    assert window.files.offer_recovery() is True
    assert not crashed.exists()
    dialogs.answer("ask_changed_on_disk", ChangedOnDiskChoice.CANCEL)
    assert window.files.save() is False
    assert load_profile(job).values == {"deterministic": 1}


def make_crashed_autosave(window: MainWindow, job: Path, state: Path) -> Path:
    """This window's own autosave of ``job``, renamed as a dead process's, then reset."""
    _open_dirty(window, job, 700)
    window.files.autosave.write_now()
    crashed = state / "autosave-999999997.json"
    window.files.autosave.file.rename(crashed)
    clean = Profile()
    window.model.replace(clean, None, saved=clean)
    window.files.stamp = None
    return crashed


# -- what the user does between the first paint and the document ------------------------------
def _shell_only(qtbot: Any) -> MainWindow:
    """A window as it is right after its first paint: the first rows and the toolbar
    work, the document (model, files, rules) is built a few turns later."""
    window = create_window(Settings(), "en", progressive=True)
    qtbot.addWidget(window, before_close_func=_forget)
    window.removeEventFilter(window)  # no paint starts the document: the test does
    window.show()
    assert not window.is_built()
    return window


def _forget(window: MainWindow) -> None:
    window.finish_start()  # a test that failed early left it without its document
    clean = Profile()
    window.model.replace(clean, None, saved=clean)
    window.files.autosave.discard()


def _int_line(window: MainWindow) -> tuple[str, QLineEdit]:
    """A first-view row for a whole number, and its line edit."""
    rows = window.form.rows
    path = next(
        p for p, row in rows.items() if isinstance(row.editor, IntEditor) and not row.param.values
    )
    editor = rows[path].editor
    assert isinstance(editor, IntEditor)
    return path, editor.line


def test_values_typed_before_the_document_exists_are_kept(qtbot: Any) -> None:
    """The field went on showing the value while the profile, the previews and a save
    did not have it."""
    window = _shell_only(qtbot)
    path, line = _int_line(window)
    line.setFocus()
    qtbot.keyClicks(line, "12")  # typing: one undo step
    qtbot.keyClick(line, Qt.Key.Key_Return)
    window.finish_start()
    assert window.model.profile.values[path] == 12
    assert window.form.rows[path].state.value == 12
    assert f"{path.rpartition('.')[2]}=12" in window.previews.text("py")
    assert window.model.undo_stack.count() == 1


def test_a_value_typed_before_the_document_goes_into_the_file_named_at_start(
    qtbot: Any, tmp_path: Path
) -> None:
    """Started with a file, the document opens it first: the value typed meanwhile is
    set in that file's document (the file opened after it replaced it unasked)."""
    job = tmp_path / "job.ascend.json"
    save_profile(Profile(values={"hccl_timeout": 600}), job)
    _, window = start_app([str(job)])
    qtbot.addWidget(window, before_close_func=_forget)
    assert not window.is_built()
    path, line = _int_line(window)
    line.setFocus()
    qtbot.keyClicks(line, "7")
    window.finish_start()
    assert window.model.path == job
    assert window.model.profile.values == {"hccl_timeout": 600, path: 7}
    assert window.model.is_dirty() and window.form.rows[path].state.value == 7


def test_a_target_chosen_before_the_document_exists_is_kept(qtbot: Any) -> None:
    window = _shell_only(qtbot)
    combo = window.controls.product
    index = next(i for i in range(combo.count()) if combo.itemData(i) != window._target[0])
    combo.setCurrentIndex(index)
    combo.activated.emit(index)
    window.finish_start()
    assert window.model.profile.product == combo.itemData(index)
    assert combo.currentData() == window.model.profile.product


def test_a_save_asked_before_the_document_exists_saves_it(
    qtbot: Any, dialogs: Any, tmp_path: Path
) -> None:
    window = _shell_only(qtbot)
    path = next(iter(window.form.rows))
    row = window.form.rows[path]
    value = row.param.default if row.param.default is not None else 1
    row.editor.set_value(value)
    row.editor.value_changed.emit(value)
    target = tmp_path / "early.ascend.json"
    dialogs.answer("ask_save_path", target)
    window.actions_.save.trigger()  # Ctrl+S, or the toolbar's button
    assert not target.exists()  # nothing to save yet: it waits for the document
    window.finish_start()
    assert load_profile(target).values == {path: value}
    assert not window.model.is_dirty()
