"""``validate --fix``, ``--unsafe-fixes``, ``--diff`` and ``--no-backup``, one file or a tree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fix_scripts import ESTIMATOR_TRAINER, SESSION_TRAINER
from lint_project import validate, write

from ascend_studio.lint import _fixrun
from ascend_studio.profile import Profile, load_profile, save_profile


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, {"job/trainer.py": ESTIMATOR_TRAINER, "job/session.py": SESSION_TRAINER})
    return tmp_path


def test_fix_one_file_writes_it_keeps_a_backup_and_reports_what_is_left(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = project / "job/trainer.py"
    status, out, err = validate(capsys, str(script), "--fix")
    assert status == 0  # the only error, the keyword the constructor rejects, is gone
    assert "auto_tune_mode" not in script.read_text("utf-8")
    assert (project / "job/trainer.py.orig").read_text("utf-8") == ESTIMATOR_TRAINER
    assert "fixed " in err and "Remove auto_tune_mode" in err and "trainer.py.orig" in err
    assert "Fixed 1 finding in 1 file." in err
    assert "profile.unknown_kwarg" not in out
    assert "fix (--unsafe-fixes):" in out  # precision_mode_v2: offered, not applied


def test_diff_shows_the_change_and_writes_nothing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = validate(capsys, "job/session.py", "--diff", "--unsafe-fixes")
    assert status == 1  # something to fix
    assert '-custom_op.parameter_map["sump_mode"]' in out
    assert '+custom_op.parameter_map["dump_mode"]' in out
    assert (project / "job/session.py").read_text("utf-8") == SESSION_TRAINER
    assert not (project / "job/session.py.orig").exists()
    assert "Would fix" in err
    status, out, _ = validate(capsys, "job/session.py", "--diff")  # the rename is unsafe
    assert status == 0 and out == ""


def test_a_tree_is_fixed_with_its_batch_options(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = validate(capsys, ".", "--fix", "--unsafe-fixes", "--no-backup")
    assert status == 0
    assert not list(project.rglob("*.orig"))
    assert 'parameter_map["dump_mode"]' in (project / "job/session.py").read_text("utf-8")
    assert "Fixed" in err and "2 files" in err
    assert "profile.unknown" not in out


def test_a_deselected_rule_is_not_fixed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    validate(capsys, ".", "--fix", "--ignore", "release")
    assert (project / "job/trainer.py").read_text("utf-8") == ESTIMATOR_TRAINER


def test_a_profile_is_fixed_as_a_profile(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = project / "p.ascend.json"
    save_profile(Profile(values={"hcom_parallel": 1, "iterations_per_loop": 10}), path)
    status, _, err = validate(capsys, str(path), "--fix")
    assert status == 0 and "Set hcom_parallel=True" in err
    assert load_profile(path).values == {"hcom_parallel": True, "iterations_per_loop": 10}


def test_a_file_changed_while_it_was_fixed_is_not_written(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = project / "job/trainer.py"
    real = _fixrun._fix_script

    def meanwhile(*args, **kwargs):  # type: ignore[no-untyped-def]
        out = real(*args, **kwargs)
        script.write_text(ESTIMATOR_TRAINER + "# edited in the editor\n", encoding="utf-8")
        return out

    monkeypatch.setattr(_fixrun, "_fix_script", meanwhile)
    status, _, err = validate(capsys, str(script), "--fix")
    assert status == 1
    assert "changed while it was being fixed" in err
    assert script.read_text("utf-8").endswith("# edited in the editor\n")


def test_json_output_carries_each_fix_as_data(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = validate(capsys, "job/session.py", "--json")
    document = json.loads(out)
    found = next(
        d for d in document["configs"][0]["diagnostics"] if d["rule_id"] == "profile.unknown_key"
    )
    assert found["fixes"][0]["applicability"] == "unsafe"
    assert found["fixes"][0]["edits"] == [
        {"op": "rename_key", "key": "parameter_map.sump_mode", "new": "dump_config.dump_mode"}
    ]
    assert found["fixes"][1]["edits"] == [{"op": "remove_key", "key": "parameter_map.sump_mode"}]


def test_a_missing_path_among_several_is_said_once(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = validate(capsys, "missing.py", "job/trainer.py", "--fix")
    assert status == 2
    assert "missing.py: no such file or directory\n" in err
    assert "no such file or folder" not in err


JIT_TRUE = 'from npu_bridge.npu_init import *\nconfig = NPURunConfig(jit_compile="True")\n'


@pytest.mark.parametrize("name", ["train.py", "job.json"])
def test_fix_with_a_release_fixes_what_the_check_for_that_release_showed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """jit_compile 'True' (r3.2.0's spelling) checked for 9.0.0: --fix writes 'true', for
    the release named on the command line, as the check did; a profile keeps its own."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / name
    if name.endswith(".py"):
        path.write_text(JIT_TRUE, encoding="utf-8")
    else:
        save_profile(Profile(values={"jit_compile": "True"}), path)
    _status, out, _err = validate(capsys, name, "--release", "9.0.0")
    assert "release.value" in out and "fix (--fix): Set jit_compile='true'" in out
    status, _out, err = validate(capsys, name, "--release", "9.0.0", "--fix", "--no-backup")
    assert "Fixed 1 finding in 1 file." in err, err
    if name.endswith(".py"):
        assert 'jit_compile="true"' in path.read_text("utf-8")
    else:
        fixed = load_profile(path)
        assert fixed.values["jit_compile"] == "true" and fixed.release is None
    assert status == 0
