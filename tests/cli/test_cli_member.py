"""A parameter_map value in an AttrValue member some releases read and others refuse:
``parameter_map["jit_compile"].b = True`` (as ModelZoo scripts write it) is read as a
bool by r1.10.0, r1.11.0 and 6.3.RC2, gives r3.2.0's string reader '' and is refused
from 7.0.RC1 on. Judged for the release named, and said for the releases with none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli

SESS = """\
import tensorflow as tf
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
"""
JIT_B = SESS + 'custom_op.parameter_map["jit_compile"].b = True\n'


def _validate(
    capsys: pytest.CaptureFixture[str], path: Path, *args: str
) -> tuple[int, list[dict[str, object]], list[str]]:
    status = run_cli(["validate", str(path), "--json", *args])
    document = json.loads(capsys.readouterr().out)
    return status, document["configs"][0]["diagnostics"], document["import_warnings"]


def _script(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "train.py"
    path.write_text(body, encoding="utf-8")
    return path


def _about_jit(found: list[dict[str, object]]) -> list[tuple[object, object]]:
    return [
        (d["rule_id"], d["severity"])
        for d in found
        if "jit_compile" in json.dumps(d["params"]) and d["severity"] != "info"
    ]


@pytest.mark.parametrize("release", ["r1.10.0", "r1.11.0", "6.3.RC2"])
def test_b_write_is_clean_where_the_release_reads_a_bool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], release: str
) -> None:
    status, found, notes = _validate(capsys, _script(tmp_path, JIT_B), "--release", release)
    assert status == 0 and _about_jit(found) == []
    assert not [n for n in notes if "jit_compile" in n]


def test_b_write_is_refused_from_7_0_rc1_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for release in ("7.0.0", "newest"):
        status, found, _ = _validate(capsys, _script(tmp_path, JIT_B), "--release", release)
        assert status == 1 and _about_jit(found) == [("release.member_fails", "error")]
        message = next(d for d in found if d["rule_id"] == "release.member_fails")["message"]
        assert "refuses the options (InvalidArgument" in message["en"]  # type: ignore[index]
        assert "''" not in message["en"]  # type: ignore[index]  # no empty string: refused


def test_b_write_leaves_r3_2_0_an_empty_string_it_rejects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, found, _ = _validate(capsys, _script(tmp_path, JIT_B), "--release", "r3.2.0")
    assert status == 1 and _about_jit(found) == [("release.member_fails", "error")]
    message = next(d for d in found if d["rule_id"] == "release.member_fails")["message"]
    assert "gets the empty value '' and rejects it" in message["en"]  # type: ignore[index]


def test_b_write_with_no_release_is_said_for_the_releases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, found, notes = _validate(capsys, _script(tmp_path, JIT_B))
    assert status == 0 and _about_jit(found) == []
    depends = next(d for d in found if d["rule_id"] == "release.member_depends")
    message = depends["message"]["en"]  # type: ignore[index]
    assert depends["severity"] == "info" and "(no release is named)" in message
    assert (
        "on TF Adapter from r3.2.0 (2023-07) on, which reads a string (.s), the job fails"
        in message
    )
    assert (
        "from r1.10.0 (2022-10) until r3.2.0 (2023-07)" in message
        and "reads it as written" in message
    )
    assert not [n for n in notes if "jit_compile" in n]


def test_a_member_no_release_reads_differently_keeps_its_import_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """precision_mode is read with .s() everywhere, unchecked: .b leaves it ''."""
    body = SESS + 'custom_op.parameter_map["precision_mode"].b = True\n'
    _, _, notes = _validate(capsys, _script(tmp_path, body))
    assert notes == [
        "line 5: parameter_map['precision_mode'] takes a string (.s); this sets .b, another "
        "member of the same oneof. The adapter reads .s and gets its empty value ''."
    ]


def test_s_write_is_ignored_where_the_release_reads_a_bool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = SESS + 'custom_op.parameter_map["jit_compile"].s = tf.compat.as_bytes("true")\n'
    status, found, _ = _validate(capsys, _script(tmp_path, body), "--release", "r1.10.0")
    assert status == 0 and _about_jit(found) == [("release.member_ignored", "warning")]
    message = next(d for d in found if d["rule_id"] == "release.member_ignored")["message"]
    assert "reads the empty value False, not 'true'" in message["en"]  # type: ignore[index]
    status, found, _ = _validate(capsys, _script(tmp_path, body), "--release", "7.0.0")
    assert status == 0 and _about_jit(found) == []


def test_a_run_time_value_keeps_its_member(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = SESS + 'custom_op.parameter_map["jit_compile"].b = FLAGS.jit_compile\n'
    status, found, _ = _validate(capsys, _script(tmp_path, body), "--release", "r1.10.0")
    assert status == 0 and not [d for d in found if d["severity"] != "info"]
    status, found, _ = _validate(capsys, _script(tmp_path, body), "--release", "7.0.0")
    assert status == 1 and [d["rule_id"] for d in found if d["severity"] == "error"] == [
        "release.member_fails"
    ]


def test_a_member_every_reading_release_refuses_is_an_error_with_no_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """shape_generalization_mode (9.0.0 on) checks value_case() and refuses a bool."""
    body = SESS + 'custom_op.parameter_map["shape_generalization_mode"].b = True\n'
    status, found, _ = _validate(capsys, _script(tmp_path, body))
    error = next(d for d in found if d["rule_id"] == "release.member_fails")
    assert status == 1 and "TF Adapter from 9.0.0 (2026-04) on reads" in error["message"]["en"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("rhs", "line"),
    [
        ("True", 'custom_op.parameter_map["jit_compile"].b = True'),
        ("FLAGS.jit_compile", 'custom_op.parameter_map["jit_compile"].b = FLAGS.jit_compile'),
    ],
)
def test_the_sess_export_writes_the_member_back_as_the_script_had_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rhs: str, line: str
) -> None:
    """Not tf.compat.as_bytes(True), which raises before any release reads it, and not a
    second jit_compile write beside the kept one."""
    body = SESS + f'custom_op.parameter_map["jit_compile"].b = {rhs}\n'
    profile = tmp_path / "profile.json"
    assert run_cli(["import", str(_script(tmp_path, body)), "-o", str(profile)]) == 0
    capsys.readouterr()
    assert run_cli(["export", str(profile), "-f", "sess", "--no-diagnostics"]) == 0
    out = capsys.readouterr().out.splitlines()
    written = [text for text in out if "jit_compile" in text and not text.startswith("#")]
    assert written == [line]
