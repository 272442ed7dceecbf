"""The app's preset flow and Apply to Script (pytest-qt, offscreen, dialogs patched)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QLabel,
    QLineEdit,
    QTextEdit,
    QTreeWidget,
)

from ascend_studio.apply import recorded_source, with_source
from ascend_studio.codegen import import_python
from ascend_studio.profile import Profile
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.apply import PresetDialog, _flow, align

SCRIPT = (
    "from npu_bridge.estimator.npu.npu_config import NPURunConfig\n"
    "# keep me\n"
    "config = NPURunConfig(\n"
    "    precision_mode='allow_mix_precision',  # mixed\n"
    "    iterations_per_loop=10,\n"
    ")\n"
)


class Shown:
    """Replaces ``run_dialog``: records the dialog, optionally acts on it, answers."""

    def __init__(self, answer: bool, act: Any = None) -> None:
        self.answer, self.act, self.dialogs = answer, act, []  # type: ignore[var-annotated]

    def __call__(self, dialog: QDialog) -> bool:
        self.dialogs.append(dialog)
        if self.act is not None:
            self.act(dialog)
        return self.answer


def _pick(preset_id: str):  # type: ignore[no-untyped-def]
    def act(dialog: PresetDialog) -> None:
        ids = [p.id for p in dialog.presets]
        dialog.list.setCurrentRow(ids.index(preset_id))

    return act


def test_apply_preset_is_one_undoable_change_showing_old_values(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.model.edit(window.model.profile.with_value("precision_mode", "force_fp32"), "set")
    kept_first: dict[str, tuple[str, str, str]] = {}

    def act(dialog: PresetDialog) -> None:
        _pick("mixed_precision")(dialog)
        tree = dialog.findChild(QTreeWidget, "preset:changes")
        for i in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(i)
            kept_first[item.text(0)] = (item.text(1), item.text(2), item.text(3))
        dialog.findChild(QCheckBox, "preset:replace").setChecked(True)

    shown = Shown(True, act)
    monkeypatch.setattr(_flow, "run_dialog", shown)
    depth = window.model.undo_stack.count()
    window.applier.apply_preset.trigger()
    # by default the value the user set is kept, and the dialog says so
    assert kept_first["precision_mode"][:2] == ("'force_fp32'", "'force_fp32'")
    assert kept_first["precision_mode"][2].startswith("Kept (yours); the preset removes it:")
    # and precision_mode_v2 beside it would be an error: left out, with the error
    assert kept_first["precision_mode_v2"][1] == "(skipped)"
    assert "precision.both_modes" in kept_first["precision_mode_v2"][2]
    dialog = shown.dialogs[0]
    tree = dialog.findChild(QTreeWidget, "preset:changes")
    rows = {
        tree.topLevelItem(i).text(0): (tree.topLevelItem(i).text(1), tree.topLevelItem(i).text(2))
        for i in range(tree.topLevelItemCount())
    }
    assert rows == {
        "precision_mode_v2": ("(not set)", "'mixed_float16'"),
        "precision_mode": ("'force_fp32'", "(not set)"),
    }
    assert "hicann/tensorflow" in dialog.findChild(QLabel, "preset:sources").text()
    profile = window.model.profile
    assert profile.values["precision_mode_v2"] == "mixed_float16"
    assert "precision_mode" not in profile.values
    assert window.model.undo_stack.count() == depth + 1
    window.model.undo_stack.undo()
    assert window.model.profile.values["precision_mode"] == "force_fp32"
    assert "precision_mode_v2" not in window.model.profile.values


def test_cancelled_preset_changes_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_flow, "run_dialog", Shown(False))
    before = window.model.profile
    window.applier.apply_preset.trigger()
    assert window.model.profile == before


def test_new_from_preset_skips_what_the_target_lacks(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.model.edit(Profile(product="atlas_350").with_value("deterministic", 1), "target")
    shown = Shown(True, _pick("aoe_tuning"))
    monkeypatch.setattr(_flow, "run_dialog", shown)
    window.applier.new_from_preset.trigger()
    dialog = shown.dialogs[0]
    assert "other products" in dialog.findChild(QLabel, "preset:target").text()
    assert not dialog.ok.isEnabled()  # nothing applies on Atlas 350: AOE is skipped
    tree = dialog.findChild(QTreeWidget, "preset:changes")
    assert tree.topLevelItem(0).text(2) == "(skipped)"
    assert window.model.profile.values == {"deterministic": 1}  # nothing created


def test_new_from_preset_creates_a_document(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    def act(dialog: PresetDialog) -> None:
        _pick("overflow_detection")(dialog)
        # without the job's folder there is no dump path: overflow detection would
        # fail at start, so the preset would leave it out
        dialog.findChild(QLineEdit, "preset:job_folder").setText("/data/job7")

    monkeypatch.setattr(_flow, "run_dialog", Shown(True, act))
    window.applier.new_from_preset.trigger()
    values = window.model.profile.values
    assert values["dump_config.enable_dump_debug"] is True
    assert values["dump_config.dump_path"] == "/data/job7/output"
    assert window.model.path is None
    window.model.undo_stack.undo()
    assert window.model.profile.values == {}


def test_new_from_preset_leaves_the_file_it_replaces_behind(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The new document has no file: the replaced file's content is not kept as the
    one to check on disk (nor written into the new document's recovery)."""
    from ascend_studio.profile import save_profile

    job = tmp_path / "job.json"
    save_profile(Profile(), job)
    assert window.files.load(job) and window.files.stamp is not None
    monkeypatch.setattr(_flow, "run_dialog", Shown(True, _pick("deterministic_training")))
    window.applier.new_from_preset.trigger()
    assert window.model.path is None and window.model.profile.values
    assert window.files.stamp is None


def test_apply_to_script_shows_side_by_side_and_writes(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, dialogs: Any
) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    imported = import_python(SCRIPT).configs[0].profile
    window.model.edit(with_source(imported, script, script.read_bytes()), "import")
    window.model.edit(window.model.profile.with_value("hccl_timeout", 1800), "edit")
    shown = Shown(True)
    monkeypatch.setattr(_flow, "run_dialog", shown)
    window.applier.apply_script.trigger()
    dialog = shown.dialogs[0]
    left = dialog.findChild(QTextEdit, "diff:before").toPlainText()
    right = dialog.findChild(QTextEdit, "diff:after").toPlainText()
    assert "    hccl_timeout=1800," in right.splitlines()
    assert left.splitlines()[1] == "# keep me"
    assert len(left.splitlines()) == len(right.splitlines())  # rows aligned
    assert script.read_text() == SCRIPT.replace(
        "    iterations_per_loop=10,\n", "    iterations_per_loop=10,\n    hccl_timeout=1800,\n"
    )
    assert (tmp_path / "train.py.orig").read_text() == SCRIPT
    record = recorded_source(window.model.profile)
    assert record is not None and Path(record.path) == script.resolve()
    # the document now matches the script it wrote: a second apply changes nothing
    again = Shown(False)
    monkeypatch.setattr(_flow, "run_dialog", again)
    dialogs.answer("show_info", None)  # "The script already matches."
    window.applier.apply_script.trigger()
    assert again.dialogs == [] and dialogs.called("show_info")


def test_a_changed_script_asks_before_applying(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, dialogs: Any
) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    imported = import_python(SCRIPT).configs[0].profile.with_value("hccl_timeout", 60)
    window.model.edit(with_source(imported, script, script.read_bytes()), "import")
    script.write_text(SCRIPT + "# edited\n")
    dialogs.answer("confirm", False)
    monkeypatch.setattr(_flow, "run_dialog", Shown(True))
    window.applier.apply_script.trigger()
    assert dialogs.called("confirm")
    assert script.read_text() == SCRIPT + "# edited\n"


def test_a_script_that_cannot_be_read_is_said_in_the_window_language(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window("zh")
    dialogs.answer("ask_open_path", tmp_path)  # a folder, not a script
    dialogs.answer("show_error", None)
    window.applier.apply_script.trigger()
    (_, _title, text), *_ = dialogs.called("show_error")
    assert "只读取普通文件" in text and "regular" not in text, text


def test_align_pairs_rows() -> None:
    rows = align("a\nb\nc\n", "a\nB\nc\nd\n")
    assert [(r.left, r.right, r.left_kind, r.right_kind) for r in rows] == [
        ("a", "a", "same", "same"),
        ("b", "B", "changed", "changed"),
        ("c", "c", "same", "same"),
        ("", "d", "filler", "added"),
    ]


def test_menu_entries_follow_the_language(make_window: Any, qtbot: Any) -> None:
    window = make_window("zh")
    assert window.applier.new_from_preset.text() == "从预设新建(&P)…"
    window.set_language("en")
    qtbot.waitUntil(lambda: window.applier.new_from_preset.text() == "New from &Preset…")
    texts = [a.text() for a in window.actions_.menus["file"].actions()]
    export = texts.index("&Export…")
    assert texts[export + 1 : export + 5] == [
        "Apply to &Script…",
        "&Migrate Script to the Target Release…",
        "New from &Preset…",
        "Apply Pre&set…",
    ]


@pytest.mark.parametrize("width", [1180, 900])
def test_a_long_changed_line_wraps_and_the_rows_stay_face_to_face(qtbot: Any, width: int) -> None:
    from ascend_studio.apply import apply_text
    from ascend_studio.ui.apply import ApplyScriptDialog

    long_dir = "/home/test/" + "very_long_folder_name/" * 6 + "dump"
    wanted = import_python(SCRIPT).configs[0].profile.with_value("dump_config.dump_path", long_dir)
    result = apply_text(SCRIPT, wanted, "train.py")
    dialog = ApplyScriptDialog(result, Path("/home/test/train.py"), "en")
    qtbot.addWidget(dialog)
    dialog.resize(width, 700)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.diff.row_tops()[0] == dialog.diff.row_tops()[1])
    right = dialog.diff.right
    assert long_dir in right.toPlainText()
    assert not right.horizontalScrollBar().isVisible()  # nothing off to the side
    document = right.document()
    block = document.find(long_dir).block()
    line_count = block.layout().lineCount()
    assert line_count > 1  # wrapped, not scrolled out of view
    left_tops, right_tops = dialog.diff.row_tops()
    assert left_tops == right_tops and len(left_tops) == len(dialog.diff.rows)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_preset_change_and_reason_is_read_whole(qtbot: Any, catalog: Any, lang: str) -> None:
    from ascend_studio.presets import shipped_presets
    from ascend_studio.ui._i18n import apply_language
    from ascend_studio.ui._wrap import cell_fits

    apply_language(lang)  # type: ignore[arg-type]
    try:
        presets = shipped_presets(catalog)
        profile = Profile(product="atlas_inference", scenario="training")
        dialog = PresetDialog(presets, profile, catalog, lang, creating=False)  # type: ignore[arg-type]
        qtbot.addWidget(dialog)
        dialog.resize(1120, 680)  # as it opens, at 1280x800 too
        dialog.show()
        qtbot.waitExposed(dialog)
        tree = dialog.changes
        cut = []
        for row in range(len(presets)):
            dialog.list.setCurrentRow(row)
            QApplication.processEvents()  # the rows are measured in the next layout pass
            for index in range(tree.topLevelItemCount()):
                item = tree.topLevelItem(index)
                assert item is not None
                for column in range(4):
                    cell = tree.indexFromItem(item, column)
                    tree.scrollTo(cell)
                    if not cell_fits(tree, cell):
                        cut.append((presets[row].id, item.text(0), column))
        assert not cut, cut
    finally:
        apply_language("en")
