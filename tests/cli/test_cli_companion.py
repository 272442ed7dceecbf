"""Companion files through the command line: validate, import, export, file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.profile import Profile, load_profile, save_profile

SCRIPT = 'from npu_bridge.npu_init import *\nconfig = NPURunConfig(op_debug_config="debug.cfg")\n'
BAD_CFG = "# debug options\nop_debug_config = ccec_O0,ccec_g,oom\n"


def _project(folder: Path, cfg: str | None = BAD_CFG) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "train.py"
    script.write_text(SCRIPT, "utf-8")
    if cfg is not None:
        (folder / "debug.cfg").write_text(cfg, "utf-8")
    return script


def test_validate_reports_the_ai_core_error_at_the_cfg_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _project(tmp_path / "job")
    monkeypatch.chdir(tmp_path)  # not the script's folder: found through the script's folder
    assert run_cli(["validate", str(script)]) == 1
    out = capsys.readouterr().out
    cfg = tmp_path / "job" / "debug.cfg"
    assert f"op_debug_config: read {cfg}" in out
    assert "op_debug_config.ccec_O0_with_oom" in out
    assert f"at: {cfg}:2" in out


def test_validate_json_carries_the_location(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _project(tmp_path)
    assert run_cli(["validate", str(script), "--json"]) == 1
    config = json.loads(capsys.readouterr().out)["configs"][0]
    assert config["files"][0]["status"] == "read"
    found = {d["rule_id"]: d["location"] for d in config["diagnostics"]}
    assert found["op_debug_config.ccec_O0_with_oom"] == {
        "param": "op_debug_config",
        "file": str(tmp_path / "debug.cfg"),
        "line": 2,
    }


def test_working_directory_wins_over_the_script_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _project(tmp_path / "job")
    here = tmp_path / "run"
    here.mkdir()
    (here / "debug.cfg").write_text("op_debug_config=ccec_g,oom\n", "utf-8")
    monkeypatch.chdir(here)
    assert run_cli(["validate", str(script)]) == 0
    assert f"read {here / 'debug.cfg'}" in capsys.readouterr().out


def test_missing_file_is_information_not_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _project(tmp_path, cfg=None)
    assert run_cli(["validate", str(script)]) == 0
    out = capsys.readouterr().out
    assert "file debug.cfg not found" in out
    assert "NPU machine" in out


def test_undecodable_file_is_reported_not_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _project(tmp_path, cfg=None)
    (tmp_path / "debug.cfg").write_bytes(b"\xff\xfe\x00bad")
    assert run_cli(["validate", str(script)]) == 0
    assert "not UTF-8 text" in capsys.readouterr().out


def test_import_keeps_the_file_text_in_the_saved_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _project(tmp_path)
    out = tmp_path / "p.json"
    assert run_cli(["import", str(script), "-o", str(out)]) == 0
    assert "op_debug_config: read" in capsys.readouterr().out
    profile = load_profile(out)
    assert profile.values["op_debug_config"] == "debug.cfg"
    assert profile.file_contents["op_debug_config"] == BAD_CFG


def _profile(tmp_path: Path) -> Path:
    path = tmp_path / "p.json"
    save_profile(
        Profile(
            values={"op_debug_config": "/far/away/debug.cfg", "fusion_switch_file": "fs.cfg"},
            file_contents={
                "op_debug_config": "op_debug_config=ccec_g,oom\n",
                "fusion_switch_file": '{"Switch": {"GraphFusion": {"ALL": "off"}}}\n',
            },
        ),
        path,
    )
    return path


def test_export_to_a_folder_writes_the_companions_beside_the_snippet(tmp_path: Path) -> None:
    out = tmp_path / "bundle"
    assert run_cli(["export", str(_profile(tmp_path)), "-f", "py", "-o", f"{out}/"]) == 0
    assert (out / "debug.cfg").read_text("utf-8") == "op_debug_config=ccec_g,oom\n"
    assert (out / "fs.cfg").is_file()
    snippet = (out / "npu_config.py").read_text("utf-8")
    assert "import os" in snippet
    # Executed from elsewhere, the paths still resolve next to the snippet.
    body = snippet.replace("from npu_bridge.npu_init import *\n", "").replace(
        "from npu_bridge.estimator.npu.npu_config import NPURunConfig\n",
        "NPURunConfig = dict\n",
    )
    (out / "npu_config.py").write_text(body + "print(config['op_debug_config'])\n", "utf-8")
    run = subprocess.run(
        [sys.executable, str(out / "npu_config.py")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(run.stdout.strip()) == out / "debug.cfg"


def test_export_never_overwrites_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = str(_profile(tmp_path))
    out = tmp_path / "bundle"
    out.mkdir()
    (out / "debug.cfg").write_text("mine\n", "utf-8")
    assert run_cli(["export", profile, "-f", "sh", "-o", str(out)]) == 1
    assert "already there" in capsys.readouterr().err
    assert (out / "debug.cfg").read_text("utf-8") == "mine\n"
    assert not (out / "npu_env.sh").exists()  # nothing written at all
    assert run_cli(["export", profile, "-f", "sh", "-o", str(out), "--force"]) == 0
    assert (out / "debug.cfg").read_text("utf-8") == "op_debug_config=ccec_g,oom\n"
    assert (out / "npu_env.sh").is_file()


def test_file_check_reports_lines_and_exit_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "debug.cfg"
    cfg.write_text(BAD_CFG, "utf-8")
    assert run_cli(["file", "check", str(cfg)]) == 1
    out = capsys.readouterr().out
    assert f"{cfg}:2: error [op_debug_config.ccec_O0_with_oom]" in out
    cfg.write_text("op_debug_config=ccec_g\n", "utf-8")
    assert run_cli(["file", "check", str(cfg), "--kind", "debug", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["findings"] == []


def test_file_check_product_and_undetectable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fusion = tmp_path / "fusion.cfg"
    fusion.write_text('{"Switch": {"UBFusion": {"ALL": "off"}}}', "utf-8")
    assert run_cli(["file", "check", str(fusion), "--product", "Atlas 350"]) == 0
    assert ":1: warning [fusion_switch_file.ub_fusion_on_350]" in capsys.readouterr().out
    odd = tmp_path / "odd.txt"
    odd.write_text("hello\n", "utf-8")
    assert run_cli(["file", "check", str(odd)]) == 2
    assert "give --kind" in capsys.readouterr().err
    assert run_cli(["file", "check", str(tmp_path / "missing.cfg")]) == 2


def test_file_new_prints_and_writes_templates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["file", "new", "precision"]) == 0
    assert "[ByOpType]" in capsys.readouterr().out
    target = tmp_path / "p.ini"
    assert run_cli(["file", "new", "op_precision_mode", "-o", str(target)]) == 0
    assert run_cli(["file", "new", "op_precision_mode", "-o", str(target)]) == 1
    assert "--force" in capsys.readouterr().err
    assert run_cli(["file", "new", "op_precision_mode", "-o", str(target), "--force"]) == 0


def test_validating_an_exported_bundle_reads_its_companions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.json"
    save_profile(
        Profile(
            values={"op_debug_config": "/far/debug.cfg"},
            file_contents={"op_debug_config": BAD_CFG},
        ),
        path,
    )
    out = tmp_path / "bundle"
    assert run_cli(["export", str(path), "-f", "py", "-o", f"{out}/"]) == 0
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert run_cli(["validate", str(out / "npu_config.py")]) == 1
    text = capsys.readouterr().out
    assert f"read {out / 'debug.cfg'}" in text
    assert f"at: {out / 'debug.cfg'}:2" in text


def test_kind_is_a_format_id_a_short_name_or_the_parameter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "debug.cfg"
    cfg.write_text("op_debug_config=ccec_O0,oom\n", "utf-8")
    for kind in ("debug_cfg", "debug", "op_debug_config"):
        assert run_cli(["file", "check", str(cfg), "--kind", kind, "--json"]) == 1
        assert json.loads(capsys.readouterr().out)["kind"] == "op_debug_config"
    assert run_cli(["file", "new", "precision_ini"]) == 0
    assert "[ByOpType]" in capsys.readouterr().out
    for argv in (["file", "new", "nope"], ["file", "check", str(cfg), "--kind", "nope"]):
        assert run_cli(argv) == 2
        err = capsys.readouterr().err
        assert "unknown kind 'nope'" in err and "debug_cfg" in err and "op_debug_config" in err
