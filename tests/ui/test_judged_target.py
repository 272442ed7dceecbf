"""The app judges an imported script as ``validate`` does: on the script's surface and
for the target it names; a product it does not name stays unnamed, saved and reopened."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox, QDialog

from ascend_studio.cli import run_cli
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.import_review import ImportReviewDialog

SESS_SCRIPT = """\
import tensorflow as tf
from npu_bridge.npu_init import *


def make_config(flags):
    config = tf.ConfigProto()
    custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
    custom_op.name = "NpuOptimizer"
    custom_op.parameter_map["use_off_line"].b = True
    if flags.over_dump:
        custom_op.parameter_map["enable_dump_debug"].b = True
        custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("/tmp/overflow")
    if flags.data_dump:
        custom_op.parameter_map["enable_dump"].b = True
        custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("/tmp/dump")
    custom_op.parameter_map["op_debug_level"].i = 2
    custom_op.parameter_map["variable_memory_max_size"].s = tf.compat.as_bytes("16106127360")
    return config
"""

Seen = list[tuple[str, str, str]]


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "train.py"
    path.write_text(SESS_SCRIPT, encoding="utf-8")
    return path


def _validate(path: Path) -> tuple[dict[str, Any], Seen]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run_cli(["validate", "--json", str(path)])
    (config,) = json.loads(out.getvalue())["configs"]
    found = [(d["rule_id"], d["severity"], d["message"]["en"]) for d in config["diagnostics"]]
    return config, sorted(found)


def _shown(window: MainWindow) -> Seen:
    return sorted((f.rule_id, f.severity, f.message.en) for f in window.findings)


def _imported(window: MainWindow, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ImportReviewDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    assert window.files.import_script(path)


def test_an_imported_sess_run_script_gets_the_findings_validate_gives(
    window: MainWindow, script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, validated = _validate(script)
    assert (config["product"], config["scenario"]) == (None, "training")
    _imported(window, script, monkeypatch)
    profile = window.model.profile
    assert (profile.product, profile.surface) == (None, "sess")
    assert _shown(window) == validated
    said = {rule: message for rule, _, message in validated}
    assert "no product is named" in said["op_debug_level.no_tbe_files_on_350"]
    assert said["dump.both_enabled"].startswith("Only if the conditions of lines")
    boxes = {name: window.findChild(QComboBox, name) for name in ("product", "surface")}
    assert boxes["product"] is not None and boxes["product"].currentData() is None
    assert boxes["surface"] is not None and boxes["surface"].currentData() == "sess"


def test_a_product_not_named_is_left_out_of_the_saved_file_and_stays_unnamed(
    window: MainWindow,
    dialogs: Any,
    script: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _imported(window, script, monkeypatch)
    before = _shown(window)
    saved = tmp_path / "job.ascend.json"
    dialogs.answer("ask_save_path", saved)
    window.actions_.save.trigger()
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert "product" not in document and "scenario" not in document
    assert document["surface"] == "sess"
    window.actions_.new.trigger()
    assert window.files.load(saved)
    assert window.model.profile.product is None
    assert window.findChild(QComboBox, "product").currentData() is None
    assert _shown(window) == before
    _, validated = _validate(saved)  # the saved profile, validated: the same verdict
    assert validated == before


#: Reduced from the ModelZoo TF2 scripts' ``npu_config()``: one option is assigned
#: after ``npu_device.open()`` has sent the options, so it does not take effect.
TF2_SCRIPT = """\
import npu_device


def npu_config(args):
    npu_device.global_options().precision_mode = "allow_mix_precision"
    if args.data_dump_flag:
        npu_device.global_options().dump_config.enable_dump = True
        npu_device.global_options().dump_config.dump_path = args.data_dump_path
    npu_device.open().as_default()
    npu_device.global_options().op_debug_level = 1
"""


def test_an_imported_tf2_script_keeps_what_it_assigns_after_open(
    window: MainWindow,
    dialogs: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "train_tf2.py"
    path.write_text(TF2_SCRIPT, encoding="utf-8")
    _, validated = _validate(path)
    late = [m for rule, _, m in validated if rule == "tf2.option.after_open"]
    assert len(late) == 1 and "set on line 10, after npu_device.open() on line 9" in late[0]
    _imported(window, path, monkeypatch)
    assert window.model.profile.surface == "tf2"
    assert _shown(window) == validated
    saved = tmp_path / "tf2.ascend.json"
    dialogs.answer("ask_save_path", saved)
    window.actions_.save.trigger()
    assert json.loads(saved.read_text(encoding="utf-8"))["after_open"] == {
        "op_debug_level": [10, 9]
    }
    window.actions_.new.trigger()
    assert window.files.load(saved)
    assert _shown(window) == validated
    _, again = _validate(saved)  # the saved profile, validated: the same verdict
    assert again == validated
