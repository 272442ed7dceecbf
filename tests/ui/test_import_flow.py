"""An import never takes over the open document's file.

Import, File > Open of a script, a script on the command line and a dropped
script all go through the review dialog; the default loads the import as a new,
untitled document (Save then asks for a name), the other choice merges it into
the open document as one undo step. The old import path is gone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from ascend_studio.profile import Profile, load_profile, save_profile
from ascend_studio.ui import _core
from ascend_studio.ui._dialogs import SaveChoice
from ascend_studio.ui._files import FileController
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.import_review import ImportReviewDialog

SCRIPT = """\
from npu_bridge.npu_init import *
config = NPURunConfig(
    iterations_per_loop=10,
    precision_mode=args.precision,  # kept verbatim
)
"""


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


@pytest.fixture
def saved(window: MainWindow, tmp_path: Path) -> Path:
    """The window holds a saved profile of another job."""
    path = tmp_path / "mine.ascend.json"
    save_profile(Profile().with_value("hccl_timeout", 1200), path)
    assert window.files.load(path)
    return path


def _review(monkeypatch: pytest.MonkeyPatch, *, merge: bool = False) -> list[ImportReviewDialog]:
    """The review dialog answers Load (with the merge choice when asked)."""
    seen: list[ImportReviewDialog] = []

    def accept(dialog: ImportReviewDialog) -> int:
        seen.append(dialog)
        assert dialog.mode() == "new"  # the default never touches the open document
        if merge:
            dialog.merge_radio.setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ImportReviewDialog, "exec", accept)
    return seen


def test_import_opens_a_new_untitled_document(
    window: MainWindow, dialogs: Any, script: Path, saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _review(monkeypatch)
    dialogs.answer("ask_open_path", script)
    window.actions_.import_script.trigger()
    assert seen
    assert window.model.path is None  # never the old file name
    assert window.model.profile.values["iterations_per_loop"] == 10
    assert "hccl_timeout" not in window.model.profile.values
    assert window.model.is_dirty()
    assert "Untitled" in window.windowTitle()
    assert load_profile(saved).values == {"hccl_timeout": 1200}
    # the next Ctrl+S asks for a name instead of overwriting mine.ascend.json
    target = saved.with_name("imported.ascend.json")
    dialogs.answer("ask_save_path", target)
    window.actions_.save.trigger()
    assert load_profile(saved).values == {"hccl_timeout": 1200}
    assert load_profile(target).values["iterations_per_loop"] == 10


def test_import_asks_about_unsaved_changes_first(
    window: MainWindow, dialogs: Any, script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _review(monkeypatch)
    window.model.edit(Profile().with_value("hccl_timeout", 600), "edit")
    dialogs.answer("ask_save_changes", SaveChoice.CANCEL)
    assert window.files.import_script(script) is False
    assert window.model.profile.values == {"hccl_timeout": 600}


def test_merge_keeps_the_file_and_is_one_undo_step(
    window: MainWindow, script: Path, saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _review(monkeypatch, merge=True)
    assert window.files.import_script(script) is True
    assert window.model.path == saved
    assert window.model.profile.values["hccl_timeout"] == 1200
    assert window.model.profile.values["iterations_per_loop"] == 10
    assert window.model.undo_stack.undoText() == "Import train.py"
    window.actions_.undo.trigger()
    assert window.model.profile.values == {"hccl_timeout": 1200}


def test_file_open_of_a_script_goes_through_the_review(
    window: MainWindow, dialogs: Any, script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _review(monkeypatch)
    dialogs.answer("ask_open_path", script)
    window.actions_.open.trigger()
    assert seen and window.model.path is None
    assert window.model.profile.values["iterations_per_loop"] == 10


def test_a_script_on_the_command_line_is_imported(
    window: MainWindow, script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _review(monkeypatch)
    assert window.files.load(script) is True  # what run_app does with its argument
    assert seen and window.model.path is None


def test_cancelling_the_review_changes_nothing(
    window: MainWindow, script: Path, saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ImportReviewDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    assert window.files.open(script) is False
    assert window.model.path == saved and not window.model.is_dirty()


def test_the_old_import_path_is_gone() -> None:
    assert not hasattr(_core.Engine, "import_script")
    assert not hasattr(_core, "ImportOutcome")
    assert FileController.import_script.__doc__ and "review" in FileController.import_script.__doc__


def test_an_unexpected_message_fails_the_test(dialogs: Any) -> None:
    from ascend_studio.ui import _dialogs

    with pytest.raises(AssertionError, match="unexpected dialog show_error"):
        _dialogs.show_error(None, "title", "text")
    with pytest.raises(AssertionError, match="unexpected dialog show_info"):
        _dialogs.show_info(None, "title", "text")
    names = {n for n in _dialogs.__all__ if n[0].islower()}
    assert names <= set(dialogs.answers)


SESSION_SCRIPT = """\
import tensorflow as tf
from npu_bridge.npu_init import *
session_config = tf.ConfigProto()
custom_op = session_config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["enable_exception_dump"].i = 1
config = NPURunConfig(
    iterations_per_loop=10,
    precision_mode="allow_mix_precision",
    session_config=session_config,
)
"""


def test_the_report_lists_every_setting_session_config_included(tmp_path: Path) -> None:
    """'N settings' and N rows in the report (session_config was missing)."""
    from ascend_studio.codegen import import_file

    path = tmp_path / "train.py"
    path.write_text(SESSION_SCRIPT, encoding="utf-8")
    result = import_file(path)
    profile = result.configs[0].profile
    listed = {
        i.path for i in result.report.items if i.kind in {"recognized", "converted", "verbatim"}
    }
    assert "session_config" in profile.values
    assert set(profile.values) <= listed, set(profile.values) - listed


def test_the_item_column_shows_whole_names(qtbot: Any, catalog: Any, tmp_path: Path) -> None:
    """No parameter name is elided in the review dialog."""
    from PySide6.QtCore import Qt

    from ascend_studio.codegen import import_file

    path = tmp_path / "train.py"
    path.write_text(SESSION_SCRIPT, encoding="utf-8")
    dialog = ImportReviewDialog(import_file(path, catalog), Profile(), catalog)
    qtbot.addWidget(dialog)
    dialog.resize(820, 620)
    dialog.show()
    qtbot.waitExposed(dialog)
    tree = dialog.tree
    assert tree.textElideMode() == Qt.TextElideMode.ElideNone
    metrics = tree.fontMetrics()
    column = tree.header().sectionSize(0)
    rows = 0
    for top_index in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(top_index)
        assert top is not None
        for child_index in range(top.childCount()):
            child = top.child(child_index)
            assert child is not None
            indent = tree.visualItemRect(child).left()
            for line in child.text(0).replace("\u200b", "").split("\n"):
                assert indent + metrics.horizontalAdvance(line) + 6 <= column, line
            rows += 1
    assert rows >= 3
    assert any("session_config" in r for r in dialog.group_texts("recognized"))


# -- what the dialog says about the open document, its words, its cells ---------------------

SESS_RUN = """\
import os
import tensorflow as tf
from npu_bridge.npu_init import *

if __name__ == "__main__":
    sess_config = tf.ConfigProto()
    sess_config.gpu_options.allow_growth = True
    custom_op = sess_config.graph_options.rewrite_options.custom_optimizers.add()
    custom_op.name = "NpuOptimizer"
    custom_op.parameter_map["iterations_per_loop"].i = 10
    custom_op.parameter_map["enable_dump"].b = "True" == os.getenv("FLAG_ENABLE_DUMP")
    custom_op.parameter_map["sump_mode"].s = tf.compat.as_bytes("all")
"""


def test_the_dialog_says_what_becomes_of_the_open_document(
    window: MainWindow, dialogs: Any, script: Path, saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes: list[tuple[str, str]] = []

    def look(dialog: ImportReviewDialog) -> int:
        notes.append((dialog.new_radio.text(), dialog.open_note.text()))
        dialog.merge_radio.setChecked(True)
        notes.append((dialog.merge_radio.text(), dialog.open_note.text()))
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(ImportReviewDialog, "exec", look)
    window.files.import_script(script)  # a saved document
    window.model.edit(window.model.profile.with_value("hccl_timeout", 600), "edit")
    window.files.import_script(script)  # the same, changed
    assert notes[0] == (
        "A new, untitled document, in place of the open one",
        "mine.ascend.json is saved: it closes, and File > Open Recent opens it again.",
    )
    assert notes[1][1] == "Load changes mine.ascend.json; Edit > Undo takes the import back."
    assert notes[2][1] == (
        "mine.ascend.json has unsaved changes: Load first asks whether to save them."
    )
    assert "stays as it is" not in " ".join(text for pair in notes for text in pair)


@pytest.mark.parametrize(
    ("text", "name", "preview"),
    [(SESS_RUN, "train.py", "sess"), (SCRIPT, "train.py", "py"), ("export A=1\n", "env.sh", "sh")],
)
def test_the_preview_shows_the_kind_of_code_imported(  # noqa: PLR0917
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    name: str,
    preview: str,
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    _review(monkeypatch)
    window.previews.show_format("json")
    assert window.files.import_script(path)
    page = window.previews.currentWidget()
    assert page is window.previews.tabs[preview]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_report_rows_are_read_whole_in_both_languages(
    qtbot: Any, catalog: Any, tmp_path: Path, lang: str
) -> None:
    from ascend_studio.codegen import import_file
    from ascend_studio.ui._i18n import apply_language
    from ascend_studio.ui._wrap import cell_fits

    path = tmp_path / "train.py"
    path.write_text(SESS_RUN, encoding="utf-8")
    apply_language(lang)  # type: ignore[arg-type]
    try:
        dialog = ImportReviewDialog(import_file(path, catalog), Profile(), catalog)
        qtbot.addWidget(dialog)
        dialog.set_language(lang)  # type: ignore[arg-type]
        dialog.resize(820, 620)  # its size at 1280x800
        dialog.show()
        qtbot.waitExposed(dialog)
        tree = dialog.tree
        names = " ".join(r for g in ("notes",) for r in dialog.group_texts(g))
        assert ("not imported" if lang == "en" else "未导入") in names
        assert "ignored" not in names
        cut = []
        for top_index in range(tree.topLevelItemCount()):
            top = tree.topLevelItem(top_index)
            assert top is not None
            for child_index in range(top.childCount()):
                child = top.child(child_index)
                assert child is not None
                for column in range(tree.columnCount()):
                    index = tree.indexFromItem(child, column)
                    tree.scrollTo(index)
                    if not cell_fits(tree, index):
                        cut.append(child.text(column))
        assert not cut, cut
        verbatim = " ".join(dialog.group_texts("verbatim"))
        assert '"True" == os.getenv("FLAG_ENABLE_DUMP")' in verbatim.replace("\u200b", "")
    finally:
        apply_language("en")


def test_every_report_kind_has_words() -> None:
    from typing import get_args

    from ascend_studio.codegen._report import ReportKind
    from ascend_studio.ui.import_review import _dialog

    assert set(get_args(ReportKind)) <= set(_dialog._KINDS)
