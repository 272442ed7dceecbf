"""The target release on the command line: validate, migrate, the project setting, the
script's own directive, and the keys only sess.run reaches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.lint._config import forget_configs

HEAD = "from npu_bridge.npu_init import *\n"
SESS = """\
import tensorflow as tf
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["graph_run_mode"].i = 0
custom_op.parameter_map["mix_compile_mode"].b = True
custom_op.parameter_map["in_out_pair_flag"].b = False
custom_op.parameter_map["in_out_pair"].s = tf.compat.as_bytes(str([[["a"], ["b"]]]))
custom_op.parameter_map["graph_exec_timeout"].i = 600000
custom_op.parameter_map["lower_functional_ops"].b = False
custom_op.parameter_map["const_input"].s = tf.compat.as_bytes("input_ids")
custom_op.parameter_map["use_off_line"].b = True
custom_op.parameter_map["min_group_size"].b = 1
custom_op.parameter_map["job"].s = tf.compat.as_bytes("localhost")
custom_op.parameter_map["task_index"].i = 0
"""


def _validate(
    capsys: pytest.CaptureFixture[str], path: Path, *args: str
) -> tuple[int, list[dict[str, object]], str]:
    status = run_cli(["validate", str(path), "--json", *args])
    out, err = capsys.readouterr()
    document = json.loads(out) if out.strip() else {"configs": [{"diagnostics": []}]}
    return status, document["configs"][0]["diagnostics"], err


def _ids(found: list[dict[str, object]]) -> list[object]:
    return [d["rule_id"] for d in found]


def _script(tmp_path: Path, body: str, name: str = "train.py") -> Path:
    path = tmp_path / name
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def test_a_keyword_from_9_0_0_is_an_error_on_7_0_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(tmp_path, "config = NPURunConfig(oo_level='O3')\n")
    status, found, _ = _validate(capsys, script, "--release", "7.0.0")
    assert status == 1
    error = next(d for d in found if d["rule_id"] == "release.missing_keyword")
    assert error["severity"] == "error"
    assert "first appears in 9.0.0" in error["message"]["en"]  # type: ignore[index]
    status, found, _ = _validate(capsys, script, "--release", "9.0.0")
    assert status == 0 and "release.missing_keyword" not in _ids(found)
    status, found, _ = _validate(capsys, script)  # no release named: said, as info
    depends = next(d for d in found if d["rule_id"] == "release.depends")
    assert status == 0 and depends["severity"] == "info"
    message = depends["message"]["en"]  # type: ignore[index]
    assert message.startswith("Only on TF Adapter before 9.0.0 (2026-04) (no release is named)")
    assert "no parameter oo_level" in message


def test_es_cluster_config_is_clean_on_7_0_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(tmp_path, "config = NPURunConfig(es_cluster_config=cfg)\n")
    status, found, _ = _validate(capsys, script, "--release", "7.0.0")
    assert status == 0 and found == []
    status, found, _ = _validate(capsys, script, "--release", "newest")
    assert status == 1 and _ids(found) == ["release.retired_keyword"]
    assert "soc_config" not in json.dumps(found)  # no spelling guess for a removed keyword


def test_no_precision_mode_v2_advice_on_6_3_rc1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(tmp_path, "config = NPURunConfig(precision_mode='allow_mix_precision')\n")
    assert "precision_mode.prefer_v2" in _ids(_validate(capsys, script, "--release", "7.0.0")[1])
    assert "precision_mode.prefer_v2" not in _ids(
        _validate(capsys, script, "--release", "6.3.RC1")[1]
    )
    advice = next(
        d for d in _validate(capsys, script)[1] if d["rule_id"] == "precision_mode.prefer_v2"
    )
    assert "precision_mode_v2 exists from 6.3.RC2.alpha003" in advice["fix"]["en"]  # type: ignore[index]


def test_auto_tune_mode_on_the_newest_release_and_migrate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = (
        "config = NPURunConfig(\n    auto_tune_mode='RL,GA',\n    precision_mode='force_fp32',\n)\n"
    )
    script = _script(tmp_path, body)
    status, found, _ = _validate(capsys, script, "--release", "newest")
    error = next(d for d in found if d["rule_id"] == "release.retired_keyword")
    assert status == 1
    assert "removed in 2022-11" in error["message"]["en"]  # type: ignore[index]
    assert "aoe_mode='2'" in error["fix"]["en"]  # type: ignore[index]
    assert run_cli(["migrate", str(script), "--to", "newest"]) == 0
    diff, notes = capsys.readouterr()
    assert "-    auto_tune_mode='RL,GA'," in diff and "+    aoe_mode='2'," in diff  # its quotes
    assert "auto_tune_mode moved to aoe_mode='2'" in notes
    assert script.read_text(encoding="utf-8") == HEAD + body  # --diff writes nothing
    assert run_cli(["migrate", str(script), "--to", "newest", "--write"]) == 0
    capsys.readouterr()
    assert (tmp_path / "train.py.orig").read_text(encoding="utf-8") == HEAD + body
    status, found, _ = _validate(capsys, script, "--release", "newest")
    assert status == 0 and "release.retired_keyword" not in _ids(found)
    assert run_cli(["migrate", str(script), "--to", "newest"]) == 0
    assert "nothing to migrate" in capsys.readouterr().err


def test_migrate_removes_and_reports_what_cannot_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(tmp_path, "config = NPURunConfig(es_cluster_config=cfg, oo_level='O1')\n")
    assert run_cli(["migrate", str(script), "--to", "7.0.0"]) == 0
    diff, notes = capsys.readouterr()
    assert "+config = NPURunConfig(es_cluster_config=cfg)\n" in diff  # 7.0.0 has it
    assert "oo_level (from 9.0.0 (2026-04) on) is not in the target release: removed" in notes
    assert run_cli(["migrate", str(script), "--to", "8.0.RC1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no public TF Adapter release is tagged for CANN" in err


def test_the_session_only_keys_validate_clean_where_they_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "infer.py"
    script.write_text(SESS, encoding="utf-8")
    status, found, _ = _validate(capsys, script, "--scenario", "inference", "--release", "newest")
    assert status == 0
    assert not any("not a key the adapter reads" in json.dumps(d) for d in found)
    # read but used by nothing: said so, the one warning left (min_group_size=1 is
    # what NPUEstimator writes itself: a script that mirrors it chose nothing)
    warned = {(d["rule_id"], d["params"][0]) for d in found if d["severity"] != "info"}
    assert warned == {("status.no_effect", "lower_functional_ops")}
    status, found, _ = _validate(capsys, script, "--scenario", "inference", "--release", "r1.2.0")
    assert {d["params"][0] for d in found if d["rule_id"] == "release.key_not_read"} == {
        "in_out_pair_flag",
        "in_out_pair",
        "graph_exec_timeout",
        "const_input",
    }


def test_where_the_release_comes_from(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command line, then the script's own directive, then [tool.ascend-studio]."""
    (tmp_path / "pyproject.toml").write_text('[tool.ascend-studio]\nrelease = "7.0.0"\n')
    plain = _script(tmp_path, "config = NPURunConfig(oo_level='O3')\n")
    assert _validate(capsys, plain)[0] == 1  # the project's 7.0.0
    named = _script(
        tmp_path, "# ascend-studio: release=9.0.0\nconfig = NPURunConfig(oo_level='O3')\n", "b.py"
    )
    assert _validate(capsys, named)[0] == 0  # the file's own 9.0.0
    assert _validate(capsys, named, "--release", "r1.15.0")[0] == 1  # the command line's
    assert run_cli(["validate", str(plain), "--release", "r9"]) == 2
    assert "unknown release 'r9'" in capsys.readouterr().err
    (tmp_path / "pyproject.toml").write_text('[tool.ascend-studio]\nrelease = "r9"\n')
    forget_configs()  # one process reads a project's configuration once
    assert run_cli(["validate", str(plain)]) == 2
    assert "pyproject.toml [tool.ascend-studio]: unknown release 'r9'" in capsys.readouterr().err


def test_export_and_params_follow_the_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(
        tmp_path, "config = NPURunConfig(oo_level='O3', precision_mode='force_fp32')\n"
    )
    assert run_cli(["export", str(script), "-f", "py", "--release", "7.0.0"]) == 0
    out = capsys.readouterr().out
    assert "oo_level=" not in out and "#   oo_level: exists from 9.0.0" in out
    assert run_cli(["params", "oo_level", "--release", "7.0.0"]) == 0
    assert capsys.readouterr().out == ""
    assert run_cli(["params", "--release", "r1.1.1", "--json", "jit_compile"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_apply_for_a_release_leaves_out_what_it_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ascend_studio.profile import Profile, save_profile

    script = _script(tmp_path, "config = NPURunConfig(precision_mode='force_fp32')\n")
    profile = Profile(values={"precision_mode": "force_fp16", "oo_level": "O1"})
    saved = save_profile(profile, tmp_path / "p.json")
    assert run_cli(["apply", str(saved), str(script), "--release", "7.0.0"]) == 0
    diff, notes = capsys.readouterr()
    assert "force_fp16" in diff and "oo_level" not in diff
    assert "oo_level: TF Adapter tfa_v0.0.20_7.0.0.alpha003 (the target release)" in notes
    assert run_cli(["apply", str(saved), str(script)]) == 0
    assert "oo_level='O1'" in capsys.readouterr().out
