"""The "Edit file…" dialog for each companion format, opened from its row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QToolButton,
)
from ui_helpers import find

from ascend_studio.companion import file_formats
from ascend_studio.profile import Profile
from ascend_studio.ui import _edits
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.companion._dialog import CompanionDialog


def _open(window: MainWindow, qtbot: Any, kind: str, profile: Profile) -> CompanionDialog:
    window.model.replace(profile, None, saved=profile)
    window.form.build_all()
    button = find(window, QToolButton, f"{kind}:edit_file")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.companions.dialog
    assert isinstance(dialog, CompanionDialog)
    qtbot.addWidget(dialog)
    return dialog


def _findings(dialog: CompanionDialog) -> list[str]:
    items = (dialog.findings.item(i) for i in range(dialog.findings.count()))
    return [item.text() for item in items if item is not None]


def _p(kind: str, text: str, **extra: object) -> Profile:
    return Profile.model_validate(
        {"values": {kind: f"/job/{kind}.cfg"}, "file_contents": {kind: text}, **extra}
    )


def test_every_file_parameter_with_a_format_offers_edit_file(window: MainWindow) -> None:
    window.form.build_all()
    for kind in file_formats():
        find(window, QToolButton, f"{kind}:edit_file")
    assert window.findChild(QToolButton, "debug_dir:edit_file") is None  # a directory


def test_debug_checklist_edits_the_text_and_undo_restores_it(
    window: MainWindow, qtbot: Any
) -> None:
    text = "# mine\nop_debug_config = ccec_O0,ccec_g,oom\n"
    dialog = _open(window, qtbot, "op_debug_config", _p("op_debug_config", text))
    assert find(dialog, QCheckBox, "option:ccec_O0").isChecked()
    assert any("line 2" in f and "AI Core Error" in f for f in _findings(dialog))
    find(dialog, QCheckBox, "option:ccec_O0").click()
    assert dialog.text() == "# mine\nop_debug_config=ccec_g,oom\n"  # comment kept
    assert _findings(dialog) == ["No findings."]
    dialog.accept()
    assert window.model.profile.file_contents["op_debug_config"] == dialog.text()
    window.model.undo_stack.undo()
    assert window.model.profile.file_contents["op_debug_config"] == text


def test_raw_text_drives_the_checklist_and_live_findings(window: MainWindow, qtbot: Any) -> None:
    dialog = _open(window, qtbot, "op_debug_config", _p("op_debug_config", ""))
    raw = find(dialog, QPlainTextEdit, "companion:text")
    raw.setPlainText("op_debug_config=oom\nop_debug_config=ccec_O0,oom\n")
    assert find(dialog, QCheckBox, "option:ccec_O0").isChecked()
    assert any(f.startswith("✖ line 2") for f in _findings(dialog))


def test_combination_with_the_profile_shows_in_the_dialog(window: MainWindow, qtbot: Any) -> None:
    profile = _p("op_debug_config", "op_debug_config=ccec_g,oom\n").with_value("op_debug_level", 2)
    dialog = _open(window, qtbot, "op_debug_config", profile)
    assert any("op_debug_level=2" in f for f in _findings(dialog))


def test_fusion_table_searches_and_switches_rules(window: MainWindow, qtbot: Any) -> None:
    text = '{"Switch": {"UBFusion": {"ALL": "off"}}}'
    dialog = _open(
        window, qtbot, "fusion_switch_file", _p("fusion_switch_file", text, product="atlas_350")
    )
    assert any("Atlas 350" in f for f in _findings(dialog))
    table = find(dialog, QTableWidget, "fusion:table")
    find(dialog, QLineEdit, "fusion:search").setText("softmax")
    shown = [r for r in range(table.rowCount()) if not table.isRowHidden(r)]
    assert [table.item(r, 1).text() for r in shown] == ["SoftmaxFusionPass"]  # type: ignore[union-attr]
    assert "Atlas 350" in table.item(0, 3).text()  # type: ignore[union-attr]  # UB row
    find(dialog, QComboBox, "fusion:GraphFusion:SoftmaxFusionPass").setCurrentText("off")
    assert '"SoftmaxFusionPass": "off"' in dialog.text()
    assert '"ALL": "off"' in dialog.text()


def test_mixlist_lists_edit_the_json(window: MainWindow, qtbot: Any) -> None:
    dialog = _open(window, qtbot, "modify_mixlist", _p("modify_mixlist", "{}"))
    find(dialog, QPlainTextEdit, "black-list:to-add").setPlainText("Cast\nMatMul")
    assert '"to-add": [\n            "Cast",\n            "MatMul"' in dialog.text()
    find(dialog, QPlainTextEdit, "black-list:to-remove").setPlainText("Cast")
    assert any("Cast" in f for f in _findings(dialog))


def test_dtypes_table_adds_rows_and_keeps_comments(window: MainWindow, qtbot: Any) -> None:
    text = "# keep me\nOpType::Relu:InputDtype:float16\n"
    dialog = _open(window, qtbot, "customize_dtypes", _p("customize_dtypes", text))
    table = find(dialog, QTableWidget, "dtypes:table")
    assert table.rowCount() == 1
    qtbot.mouseClick(find(dialog, QPushButton, "dtypes:add"), Qt.MouseButton.LeftButton)
    combo = table.cellWidget(1, 0)
    assert isinstance(combo, QComboBox)
    combo.setCurrentText("OpName")
    table.item(1, 1).setText("net/conv1")  # type: ignore[union-attr]
    table.item(1, 3).setText("float32")  # type: ignore[union-attr]
    assert dialog.text() == (
        "# keep me\nOpType::Relu:InputDtype:float16\nnet/conv1::OutputDtype:float32\n"
    )


def test_precision_table_and_hf32_finding(window: MainWindow, qtbot: Any) -> None:
    text = "[ByOpType]\n; note\nMatMul=high_precision\n"
    dialog = _open(window, qtbot, "op_precision_mode", _p("op_precision_mode", text))
    table = find(dialog, QTableWidget, "precision:table")
    mode = table.cellWidget(0, 2)
    assert isinstance(mode, QComboBox)
    mode.setCurrentText("enable_hi_float_32_execution")
    assert dialog.text() == "[ByOpType]\n; note\nMatMul=enable_hi_float_32_execution\n"
    assert any(f.startswith("✖ line 3") for f in _findings(dialog))


def test_aoe_form_and_feature_vs_aoe_mode(window: MainWindow, qtbot: Any) -> None:
    profile = _p("aoe_config_file", '{"tune_ops_type": ["Add"]}', product="atlas_training")
    dialog = _open(window, qtbot, "aoe_config_file", profile.with_value("aoe_mode", "2"))
    assert find(dialog, QLineEdit, "tune_ops_type").text() == "Add"
    find(dialog, QCheckBox, "feature:nonhomo_split").click()
    assert '"feature": [\n        "nonhomo_split"' in dialog.text()
    assert any("nonhomo_split" in f for f in _findings(dialog))


def test_compress_nodes_one_per_line(window: MainWindow, qtbot: Any) -> None:
    dialog = _open(window, qtbot, "compress_weight_conf", _p("compress_weight_conf", "a;b\n"))
    find(dialog, QPlainTextEdit, "nodes").setPlainText("conv1\nfc6\nfc7")
    assert dialog.text() == "conv1;fc6;fc7\n"


def test_new_from_template_asks_before_replacing(
    window: MainWindow, qtbot: Any, dialogs: Any
) -> None:
    dialog = _open(window, qtbot, "op_precision_mode", _p("op_precision_mode", "[ByOpType]\n"))
    dialogs.answer("confirm", False)
    qtbot.mouseClick(find(dialog, QPushButton, "companion:template"), Qt.MouseButton.LeftButton)
    assert dialog.text() == "[ByOpType]\n"
    dialogs.answer("confirm", True)
    qtbot.mouseClick(find(dialog, QPushButton, "companion:template"), Qt.MouseButton.LeftButton)
    assert dialog.text() == file_formats()["op_precision_mode"].template.en


def test_unset_parameter_starts_from_the_template_and_sets_path_and_text(
    window: MainWindow, qtbot: Any, dialogs: Any, tmp_path: Path
) -> None:
    dialog = _open(window, qtbot, "aoe_config_file", Profile())
    assert dialog.text() == file_formats()["aoe_config_file"].template.en
    target = tmp_path / "tune.json"
    dialogs.answer("ask_save_path", target)
    qtbot.mouseClick(find(dialog, QPushButton, "companion:save_as"), Qt.MouseButton.LeftButton)
    assert target.read_text("utf-8") == dialog.text()
    assert find(dialog, QLineEdit, "companion:path").text() == str(target)
    dialog.accept()
    profile = window.model.profile
    assert profile.values["aoe_config_file"] == str(target)
    assert profile.file_contents["aoe_config_file"] == dialog.text()


def test_text_is_read_from_disk_next_to_the_profile(
    window: MainWindow, qtbot: Any, tmp_path: Path
) -> None:
    (tmp_path / "debug.cfg").write_text("op_debug_config=dump_cce\n", "utf-8")
    profile = Profile(values={"op_debug_config": "debug.cfg"})
    window.model.replace(profile, tmp_path / "p.json", saved=profile)
    window.form.build_all()
    qtbot.mouseClick(
        find(window, QToolButton, "op_debug_config:edit_file"), Qt.MouseButton.LeftButton
    )
    dialog = window.companions.dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert find(dialog, QCheckBox, "option:dump_cce").isChecked()


@pytest.mark.parametrize("kind", sorted(file_formats()))
def test_cancel_changes_nothing(window: MainWindow, qtbot: Any, kind: str) -> None:
    profile = _p(kind, file_formats()[kind].template.en)
    dialog = _open(window, qtbot, kind, profile)
    find(dialog, QPlainTextEdit, "companion:text").setPlainText("changed\n")
    dialog.reject()
    assert window.model.profile == profile


def test_app_export_asks_before_writing_the_companions(
    window: MainWindow, dialogs: Any, tmp_path: Path
) -> None:
    profile = _p("op_debug_config", "op_debug_config=ccec_g,oom\n")
    window.model.replace(profile, None, saved=profile)
    (tmp_path / "op_debug_config.cfg").write_text("mine\n", "utf-8")
    target = tmp_path / "config.py"
    dialogs.answer("ask_save_path", target)
    dialogs.answer("confirm", True, False)  # yes, write them; no, do not replace mine
    assert window.files.export("py") is False
    assert not target.exists()
    assert (tmp_path / "op_debug_config.cfg").read_text("utf-8") == "mine\n"
    dialogs.answer("ask_save_path", target)
    dialogs.answer("confirm", True, True)
    assert window.files.export("py") is True
    assert (tmp_path / "op_debug_config.cfg").read_text("utf-8") == "op_debug_config=ccec_g,oom\n"
    assert "os.path.dirname(os.path.abspath(__file__))" in target.read_text("utf-8")
    dialogs.answer("ask_save_path", tmp_path / "env.sh")
    dialogs.answer("confirm", False)  # no companions: only the export
    assert window.files.export("sh") is True


def test_importing_a_script_reads_the_files_next_to_it(
    window: MainWindow, dialogs: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QDialog

    from ascend_studio.ui.import_review import ImportReviewDialog

    monkeypatch.setattr(ImportReviewDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    script = tmp_path / "train.py"
    script.write_text(
        'from npu_bridge.npu_init import *\nconfig = NPURunConfig(op_debug_config="d.cfg")\n',
        encoding="utf-8",
    )
    (tmp_path / "d.cfg").write_text("op_debug_config=ccec_O0,oom\n", "utf-8")
    dialogs.answer("ask_open_path", script)
    assert window.files.import_script() is True  # through the review: a new document
    assert window.model.profile.file_contents == {
        "op_debug_config": "op_debug_config=ccec_O0,oom\n"
    }
    ids = [f.rule_id for f in window.findings]
    assert "op_debug_config.ccec_O0_with_oom" in ids


def test_a_new_path_drops_the_old_file_text_and_undo_brings_it_back(window: MainWindow) -> None:
    profile = _p("op_debug_config", "op_debug_config=ccec_O0,oom\n")
    window.model.replace(profile, None, saved=profile)
    assert "op_debug_config.ccec_O0_with_oom" in [f.rule_id for f in window.findings]
    _edits.edit_value(window, "op_debug_config", "/elsewhere/other.cfg", False)
    assert window.model.profile.file_contents == {}
    assert "op_debug_config.ccec_O0_with_oom" not in [f.rule_id for f in window.findings]
    window.model.undo_stack.undo()
    assert window.model.profile == profile


def test_the_main_window_finding_names_the_line_in_the_file(window: MainWindow) -> None:
    profile = _p("op_debug_config", "# x\nop_debug_config=ccec_O0,oom\n")
    window.model.replace(profile, None, saved=profile)
    found = [f for f in window.findings if f.rule_id == "op_debug_config.ccec_O0_with_oom"]
    assert found[0].message.en.startswith("(file line 2) ")
    assert found[0].message.zh.startswith("（文件第 2 行）")


# -- OK writes the file; what it cannot write, the row says is in the profile only ---------


def _edit_button(window: MainWindow, kind: str) -> QToolButton:
    return find(window, QToolButton, f"{kind}:edit_file")


def test_ok_writes_the_file_where_its_folder_is_on_this_computer(
    window: MainWindow, qtbot: Any, tmp_path: Path
) -> None:
    target = tmp_path / "debug.cfg"
    dialog = _open(
        window, qtbot, "op_debug_config", Profile(values={"op_debug_config": str(target)})
    )
    assert dialog.ok_note.text() == f"OK writes {target}."
    find(dialog, QCheckBox, "option:ccec_g").click()
    dialog.accept()
    assert target.read_text("utf-8") == dialog.text()  # the job finds it
    assert window.model.profile.file_contents["op_debug_config"] == dialog.text()
    assert _edit_button(window, "op_debug_config").text() == "Edit file…"
    assert window.statusBar().currentMessage() == f"Wrote {target}"


def test_ok_asks_before_replacing_other_text(
    window: MainWindow, qtbot: Any, tmp_path: Path, dialogs: Any
) -> None:
    target = tmp_path / "debug.cfg"
    target.write_text("op_debug_config=oom\n", "utf-8")
    profile = Profile(values={"op_debug_config": str(target)})
    dialog = _open(window, qtbot, "op_debug_config", profile)
    find(dialog, QPlainTextEdit, "companion:text").setPlainText("op_debug_config=ccec_g\n")
    target.write_text("# changed meanwhile\n", "utf-8")
    dialogs.answer("confirm", False)
    dialog.accept()
    assert dialog.isVisible() and dialogs.called("confirm")  # still open, nothing written
    assert target.read_text("utf-8") == "# changed meanwhile\n"
    assert window.model.profile == profile
    dialogs.answer("confirm", True)
    dialog.accept()
    assert target.read_text("utf-8") == "op_debug_config=ccec_g\n"


def test_a_file_for_another_machine_is_kept_and_the_row_says_so(
    window: MainWindow, qtbot: Any, tmp_path: Path
) -> None:
    dialog = _open(
        window, qtbot, "op_debug_config", Profile(values={"op_debug_config": "/job/x/d.cfg"})
    )
    assert "is not on this computer: OK keeps the text in the profile only" in dialog.ok_note.text()
    dialog.accept()
    assert not Path("/job/x/d.cfg").exists()
    button = _edit_button(window, "op_debug_config")
    assert button.text() == "Edit file… (not saved)"
    editor = window.form.rows["op_debug_config"].editor
    assert editor.hint is not None and editor.hint[0] == "warning"  # type: ignore[attr-defined]
    assert "Not saved to a file" in editor.hint[1]  # type: ignore[attr-defined]
    # still said after a save and a reopen of the profile, until the file holds the text
    saved = tmp_path / "p.ascend.json"
    window.model.replace(window.model.profile, saved, saved=window.model.profile)
    assert button.text() == "Edit file… (not saved)"
    local = tmp_path / "d.cfg"
    local.write_text(window.model.profile.file_contents["op_debug_config"], "utf-8")
    _edits.edit_value(window, "op_debug_config", str(local), False)
    window.model.edit(
        window.model.profile.model_copy(
            update={"file_contents": {"op_debug_config": local.read_text("utf-8")}}
        ),
        "keep",
    )
    assert button.text() == "Edit file…"
