"""`ascend-studio export` and `ascend-studio import`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cg_profiles import PROFILES

from ascend_studio.cli import run_cli
from ascend_studio.profile import load_profile


def test_export_to_stdout_and_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = PROFILES / "training.json"
    assert run_cli(["export", str(source), "--format", "py", "--no-diagnostics"]) == 0
    assert "config = NPURunConfig(" in capsys.readouterr().out
    target = tmp_path / "env.sh"
    assert run_cli(["export", str(source), "-f", "sh", "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("#!/bin/sh\n")
    assert capsys.readouterr().out == ""


def test_export_options(capsys: pytest.CaptureFixture[str]) -> None:
    source = PROFILES / "training.json"
    assert (
        run_cli(
            ["export", str(source), "-f", "py", "--with-defaults", "--env-paths", "--lang", "zh"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "# 未设置的参数的默认值（不传入）：" in out
    assert 'os.environ.get("MODEL_DIR", "/home/test/model")' in out
    assert "import os" in out


def test_export_error_is_clear(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "out.env"
    assert (
        run_cli(["export", str(PROFILES / "training.json"), "-f", "env-file", "-o", str(target)])
        == 1
    )
    assert "line break" in capsys.readouterr().err
    assert not target.exists()
    assert run_cli(["export", str(tmp_path / "missing.json"), "-f", "py"]) == 2


def test_import_prints_report_and_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "train.py"
    script.write_text(
        "if a:\n    NPURunConfig(iterations_per_loop=5)\nelse:\n    NPURunConfig(precison_mode='x')\n"
    )
    out_profile = tmp_path / "p.json"
    assert run_cli(["import", str(script), "-o", str(out_profile), "--config", "2"]) == 0
    captured = capsys.readouterr()
    assert "2 configurations" in captured.out
    assert "[unknown_kwarg] line 4" in captured.out
    assert load_profile(out_profile).extra_kwargs[0].name == "precison_mode"
    assert run_cli(["import", str(script), "-o", str(out_profile), "--config", "3"]) == 2


def test_import_json_and_nothing_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "env.sh"
    script.write_text("export A=1\nsource x.sh\n")
    assert run_cli(["import", str(script), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["configs"][0]["profile"]["env"] == {"A": "1"}
    assert {i["kind"] for i in data["report"]} == {"recognized", "sourced_file"}
    assert data["report"][0]["message"]["zh"]
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    assert run_cli(["import", str(empty)]) == 1
