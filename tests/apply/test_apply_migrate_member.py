"""migrate (and apply for a named release) moves a parameter_map value to the AttrValue
member the target release reads (jit_compile: .b up to 6.3.RC2, .s from r3.2.0 on), and
reports what it cannot move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.apply import migrate_python
from ascend_studio.cli import run_cli
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()
SCRIPT = """\
import tensorflow as tf
from npu_bridge.npu_init import *

config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["use_off_line"].b = True
custom_op.parameter_map["jit_compile"]{write}
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
"""
AS_BOOL = ".b = True"
AS_STRING = '.s = tf.compat.as_bytes("true")'


def _migrate(write: str, release: str) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    text = SCRIPT.format(write=write)
    done = migrate_python(text, CATALOG.history.resolve(release), catalog=CATALOG)
    notes = "\n".join(n.text("en") for n in done.result.notes)
    return done.result.after, notes, done.moved, done.unmovable


def _findings(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, release: str) -> list:
    script = tmp_path / "train.py"
    script.write_text(text, encoding="utf-8")
    run_cli(["validate", str(script), "--json", "--release", release])
    out = capsys.readouterr().out
    found: list = json.loads(out)["configs"][0]["diagnostics"]
    return [d for d in found if d["severity"] != "info"]


def test_a_bool_write_moves_to_the_string_9_0_0_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = SCRIPT.format(write=AS_BOOL)
    assert [d["rule_id"] for d in _findings(tmp_path, capsys, before, "9.0.0")] == [
        "release.member_fails"
    ]
    after, notes, moved, unmovable = _migrate(AS_BOOL, "9.0.0")
    assert after == SCRIPT.format(write=AS_STRING)
    assert moved == ("jit_compile",) and not unmovable
    assert "jit_compile moved to .s = 'true' (TF Adapter 9.0.0 reads a string (.s))" in notes
    assert "does not read back" not in notes
    assert _findings(tmp_path, capsys, after, "9.0.0") == []


def test_a_string_write_moves_back_to_the_bool_r1_10_0_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = SCRIPT.format(write=AS_STRING)
    assert [d["rule_id"] for d in _findings(tmp_path, capsys, before, "r1.10.0")] == [
        "release.member_ignored"
    ]
    after, _, moved, _ = _migrate(AS_STRING, "r1.10.0")
    assert after == SCRIPT.format(write=AS_BOOL)
    assert moved == ("jit_compile",)
    assert _findings(tmp_path, capsys, after, "r1.10.0") == []


def test_r3_2_0_gets_the_spelling_its_list_takes() -> None:
    after, notes, _, _ = _migrate(AS_BOOL, "r3.2.0")
    assert after == SCRIPT.format(write='.s = tf.compat.as_bytes("True")')
    assert "does not read back" not in notes


def test_a_write_already_in_the_release_member_is_left_alone() -> None:
    after, notes, moved, _ = _migrate(AS_BOOL, "r1.10.0")
    assert after == SCRIPT.format(write=AS_BOOL) and not moved and "jit_compile" not in notes


def test_a_run_time_value_is_reported_not_moved() -> None:
    after, notes, moved, unmovable = _migrate(".b = FLAGS.jit", "9.0.0")
    assert after == SCRIPT.format(write=".b = FLAGS.jit") and not moved
    assert unmovable == ("parameter_map.jit_compile",)
    assert (
        "parameter_map.jit_compile=FLAGS.jit: TF Adapter 9.0.0 reads it as a string (.s), "
        "and this value cannot be converted statically"
    ) in notes


def test_a_value_with_no_bool_form_is_reported_not_moved() -> None:
    after, notes, _, unmovable = _migrate('.s = tf.compat.as_bytes("auto")', "r1.10.0")
    assert after == SCRIPT.format(write='.s = tf.compat.as_bytes("auto")')
    assert unmovable == ("jit_compile",)
    assert "jit_compile='auto': TF Adapter r1.10.0 reads it as a bool (.b)" in notes


def test_apply_for_a_release_writes_a_changed_value_in_the_member_it_reads() -> None:
    from ascend_studio.apply import apply_python
    from ascend_studio.codegen import import_python

    text = SCRIPT.format(write=AS_STRING)
    profile = import_python(text).configs[0].profile.with_value("jit_compile", "false")
    done = apply_python(text, profile.with_release("r1.10.0"), catalog=CATALOG)
    assert done.after == SCRIPT.format(write=".b = False") and not done.notes
    auto = apply_python(text, profile.with_value("jit_compile", "auto").with_release("r1.10.0"))
    assert auto.after == text
    assert "reads it as .b, and this value has no form there" in auto.notes[0].text("en")
