"""The ``paths`` and ``workpath`` commands, and the golden ``paths --json`` document.

Regenerate the golden file after an intended change with
``ASCEND_STUDIO_UPDATE_GOLDEN=1 python -m pytest tests/paths/test_cli.py`` and
review the diff; a format change also bumps PATHS_JSON_VERSION and the docs.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.paths._report import PATHS_JSON_VERSION

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
GOLDEN = HERE / "golden" / "paths_example.json"
ARGS = [
    "paths",
    "example.ascend.json",
    "--env-file",
    "run.sh",
    "--set",
    "PRINT_MODEL=1",
    "--cwd",
    "/home/用户/my job",
    "--home",
    "/home/用户",
    "--pid",
    "4242",
    "--device-id",
    "0",
    "--session-id",
    "1",
    "--all",
]


def _run(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    monkeypatch.chdir(DATA)
    status = run_cli(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_paths_json_matches_the_golden_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = _run([*ARGS, "--json"], capsys, monkeypatch)
    assert status == 0, err
    if os.environ.get("ASCEND_STUDIO_UPDATE_GOLDEN"):
        GOLDEN.write_text(out, encoding="utf-8")
    assert out == GOLDEN.read_text(encoding="utf-8")


def test_golden_document_has_the_documented_shape() -> None:
    doc: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert doc["format"] == "ascend-studio-paths"
    assert doc["version"] == PATHS_JSON_VERSION
    assert set(doc) == {
        "format",
        "version",
        "product",
        "scenario",
        "context",
        "environment",
        "artifacts",
        "directories",
    }
    art_keys = {
        "id",
        "type",
        "scope",
        "name",
        "produced",
        "reason",
        "path",
        "below",
        "unresolved",
        "variant",
        "winner",
        "layers",
        "variants",
    }
    layer_keys = {"kind", "name", "raw", "origin", "path", "state", "note"}
    for art in doc["artifacts"]:
        assert set(art) == art_keys
        assert all(set(layer) == layer_keys for layer in art["layers"])
        states = [layer["state"] for layer in art["layers"]]
        assert states.count("winner") == (0 if art["winner"] is None else 1)


def test_the_example_shows_provenance(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _status, out, _ = _run([*ARGS, "--json"], capsys, monkeypatch)
    doc = json.loads(out)
    arts = {a["id"]: a for a in doc["artifacts"]}
    cache = arts["kernel_cache"]["layers"][1]
    assert (cache["raw"], cache["origin"], cache["state"]) == (None, "profile environment", "unset")
    graphs = arts["ge_graph_dump"]
    assert graphs["path"] == "/graphs/ge dumps"
    assert graphs["layers"][0]["origin"] == "env script run.sh"
    assert arts["tfa_graph_dump"]["produced"] is True
    assert arts["data_dump"]["path"] == "/home/用户/my job/dumps"
    assert arts["fusion_result"]["produced"] is False
    env = {e["name"]: e for e in doc["environment"]}
    assert env["PRINT_MODEL"] == {"name": "PRINT_MODEL", "value": "1", "origin": "typed value"}
    assert "PATH" not in env


def test_text_output_stars_the_winner(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = _run([*ARGS, "--artifact", "kernel_meta"], capsys, monkeypatch)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("kernel_meta  ")
    assert lines[1] == "  path: /data/调试 输出"
    starred = [line for line in lines if line.startswith("  * ")]
    assert len(starred) == 1
    assert "debug_dir" in starred[0]
    assert "(profile parameter)" in starred[0]
    assert any("ASCEND_WORK_PATH" in line and "[shadowed]" in line for line in lines)
    assert err == ""


def test_by_dir_and_chinese(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = _run([*ARGS, "--by-dir", "--lang", "zh"], capsys, monkeypatch)
    assert status == 0
    assert "/graphs/ge dumps\n  ge_graph_dump  图引擎 dump 图（DUMP_GE_GRAPH）" in out


def test_process_environment_is_opt_in(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASCEND_PROCESS_LOG_PATH", "/proc/logs")
    _, out, _ = _run([*ARGS, "--json", "--artifact", "log"], capsys, monkeypatch)
    assert json.loads(out)["artifacts"][0]["path"] == "/work/任务01/172.16.1.12_01_03/log"
    _, out, _ = _run(
        [*ARGS, "--json", "--artifact", "log", "--use-process-env"], capsys, monkeypatch
    )
    log = json.loads(out)["artifacts"][0]
    assert log["path"] == "/proc/logs"
    assert log["layers"][0]["origin"] == "process environment"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--artifact", "nope"], "unknown artifact 'nope'"),
        (["--set", "NOEQUALS"], "--set takes NAME=VALUE"),
        (["--env-file", "no-such-env.sh"], "--env-file no-such-env.sh: no such file"),
    ],
)
def test_paths_bad_input_exits_2(
    extra: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = _run([*ARGS, *extra], capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert message in err


def test_paths_missing_profile_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = _run(["paths", "missing.json"], capsys, monkeypatch)
    assert status == 2
    assert "missing.json" in err


def test_env_file_problems_are_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "odd.sh"
    script.write_text("DUMP_GE_GRAPH=2\nexport ASCEND_WORK_PATH=/w\n")
    status, _out, err = _run(
        ["paths", "example.ascend.json", "--env-file", str(script)], capsys, monkeypatch
    )
    assert status == 0
    assert "[not_exported] line 1: DUMP_GE_GRAPH" in err


def test_paths_of_a_training_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Like ``validate``, ``paths`` reads a script through the importer (never runs it)."""
    script = tmp_path / "train.py"
    script.write_text(
        "if fast:\n    c = NPURunConfig(debug_dir='/dbg', op_debug_level=1)\n"
        "else:\n    c = NPURunConfig(op_debug_level=1)\n"
    )
    args = ["paths", str(script), "--artifact", "kernel_meta", "--cwd", "/job", "--json"]
    status, out, _ = _run(args, capsys, monkeypatch)
    assert status == 0
    assert json.loads(out)["artifacts"][0]["path"] == "/dbg"
    status, out, _ = _run([*args, "--config", "2"], capsys, monkeypatch)
    assert json.loads(out)["artifacts"][0]["path"] == "/job/kernel_meta"
    status, out, err = _run([*args, "--config", "3"], capsys, monkeypatch)
    assert (status, out) == (2, "") and "--config must be 1..2" in err
    empty = tmp_path / "empty.py"
    empty.write_text("print('hi')\n")
    status, _, err = _run(["paths", str(empty)], capsys, monkeypatch)
    assert status == 2 and "empty.py" in err


SESS_SCRIPT = """\
import tensorflow as tf
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
with tf.Session(config=config) as sess:
    sess.run(tf.global_variables_initializer())
"""


def test_paths_of_a_sess_run_script_says_no_model_dir_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sess.run job has no NPUEstimator: no model_dir_<random> folder is made for it."""
    script = tmp_path / "train.py"
    script.write_text(SESS_SCRIPT)
    args = ["paths", str(script), "--artifact", "model_dir", "--cwd", "/job", "--json"]
    status, out, err = _run(args, capsys, monkeypatch)
    assert status == 0, err
    (model_dir,) = json.loads(out)["artifacts"]
    assert model_dir["produced"] is False
    assert "sess.run parameter_map" in model_dir["reason"]["en"]
    status, out, err = _run(
        ["paths", str(script), "--cwd", "/job", "--by-dir"], capsys, monkeypatch
    )
    assert status == 0 and "model_dir_" not in out
    estimator = tmp_path / "est.py"
    estimator.write_text("c = NPURunConfig(precision_mode='allow_mix_precision')\n")
    status, out, err = _run(
        ["paths", str(estimator), "--cwd", "/job", "--by-dir"], capsys, monkeypatch
    )
    assert status == 0 and "/job/model_dir_${random}" in out


# -- workpath -----------------------------------------------------------------------


def test_workpath_check_exit_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = _run(
        ["workpath", "check", "--no-fs", "/repo/task001/172.16.1.12_01_03"], capsys, monkeypatch
    )
    assert (status, out) == (0, "ok\n")
    status, out, _ = _run(["workpath", "check", "--no-fs", "/repo/my task/x"], capsys, monkeypatch)
    assert status == 1
    assert out.startswith("error: Characters not allowed: ' ' (U+0020 SPACE)")
    status, out, _ = _run(
        ["workpath", "check", "--no-fs", "--lang", "zh", "/repo/work"], capsys, monkeypatch
    )
    assert status == 0
    assert out.startswith("警告: 无法确认最后一段")


def test_workpath_check_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = _run(["workpath", "check", "--no-fs", "--json", "/a$b/x"], capsys, monkeypatch)
    doc = json.loads(out)
    assert status == 1
    assert doc["valid"] is False
    assert doc["issues"][0] == {
        "code": "bad_char",
        "severity": "error",
        "message": doc["issues"][0]["message"],
        "chars": ["$"],
        "position": 2,
    }


def test_workpath_segment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _run(["workpath", "segment", "172.16.1.12", "01", "03"], capsys, monkeypatch)[:2] == (
        0,
        "172.16.1.12_01_03\n",
    )
    status, _, err = _run(["workpath", "segment", "bad host"], capsys, monkeypatch)
    assert status == 2
    assert "neither an IP" in err


def test_workpath_cluster_writes_and_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out_dir = tmp_path / "scripts"
    args = ["workpath", "cluster", "hosts.csv", "-o", str(out_dir), "--base", "/repo/task001"]
    status, out, err = _run(args, capsys, monkeypatch)
    assert status == 1  # a collision and an invalid entry
    assert sorted(p.name for p in out_dir.iterdir()) == ["172.16.1.12_01_03.sh", "172.16.1.13.sh"]
    assert "collision: lines 2, 3 all give 172.16.1.12_01_03; only line 2 kept" in out
    assert "line 5: invalid: 'bad host,1'" in out
    assert "2 scripts written" in err
    status, out, _ = _run([*args, "--json"], capsys, monkeypatch)
    doc = json.loads(out)
    assert status == 1
    assert doc["collisions"] == [{"segment": "172.16.1.12_01_03", "lines": [2, 3]}]
    assert [i["line"] for i in doc["invalid"]] == [5]


def test_workpath_cluster_refuses_to_clobber(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "172.16.1.13.sh").write_text("keep me\n")
    args = ["workpath", "cluster", "hosts.csv", "-o", str(tmp_path), "--base", "/repo/task001"]
    status, _, err = _run(args, capsys, monkeypatch)
    assert status == 2
    assert "--force" in err
    assert (tmp_path / "172.16.1.13.sh").read_text() == "keep me\n"
    assert not (tmp_path / "172.16.1.12_01_03.sh").exists()
    assert _run([*args, "--force"], capsys, monkeypatch)[0] == 1


def test_workpath_cluster_unreadable_list(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = _run(
        ["workpath", "cluster", "none.csv", "-o", "x", "--base", "/b"], capsys, monkeypatch
    )
    assert status == 2
    assert "cannot read none.csv" in err


def test_paths_of_an_empty_script_is_nothing_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Like import and validate: an empty script has no configuration to resolve."""
    script = tmp_path / "empty.sh"
    script.write_text("# only a comment\n")
    status, out, err = _run(["paths", str(script)], capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert "nothing found: no NPURunConfig configuration or environment setting" in err


@pytest.mark.parametrize(
    ("name", "artifact"),
    [("plog", "log"), ("PLOG", "log"), ("dump", "data_dump"), ("profiling", "profiling_data")],
)
def test_an_artifact_answers_to_the_names_users_know_it_by(
    name: str, artifact: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = _run(["paths", "example.ascend.json", "--artifact", name], capsys, monkeypatch)
    assert status == 0
    assert out.splitlines()[0].split()[0] == artifact


def test_a_misspelt_artifact_gets_the_closest_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = _run(
        ["paths", "example.ascend.json", "--artifact", "kernelmeta"], capsys, monkeypatch
    )
    assert status == 2 and "did you mean kernel_meta?" in err


def test_no_alias_names_two_artifacts() -> None:
    from ascend_studio.paths import load_artifacts

    catalog = load_artifacts()
    names = [n.lower() for a in catalog.artifacts for n in (a.id, *a.aliases)]
    assert len(names) == len(set(names))
    assert catalog.find("plog") is catalog.get("log")
