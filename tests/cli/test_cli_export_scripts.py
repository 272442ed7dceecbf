"""``ascend-studio export train.py -f sh`` imports the script (never runs it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_studio.cli import run_cli

SCRIPT = """\
import os
from npu_bridge.npu_init import *
os.environ["ASCEND_WORK_PATH"] = "/data/work"
config = NPURunConfig(iterations_per_loop=10, precision_mode="allow_mix_precision")
"""
TWO = """\
from npu_bridge.npu_init import *
a = NPURunConfig(iterations_per_loop=10)
b = NPURunConfig(iterations_per_loop=20)
"""


def test_export_reads_a_python_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT, encoding="utf-8")
    assert run_cli(["export", str(script), "-f", "py", "--no-diagnostics"]) == 0
    out = capsys.readouterr()
    assert "iterations_per_loop=10" in out.out
    assert "not valid JSON" not in out.err


def test_export_of_a_shell_script_as_sh(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "env.sh"
    script.write_text("export ASCEND_WORK_PATH=/data/work\n", encoding="utf-8")
    assert run_cli(["export", str(script), "-f", "sh"]) == 0
    assert "ASCEND_WORK_PATH" in capsys.readouterr().out


def test_several_configurations_pick_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "train.py"
    script.write_text(TWO, encoding="utf-8")
    assert run_cli(["export", str(script), "-f", "json"]) == 0
    out = capsys.readouterr()
    assert '"iterations_per_loop": 10' in out.out and "--config N" in out.err
    assert run_cli(["export", str(script), "-f", "json", "--config", "2"]) == 0
    assert '"iterations_per_loop": 20' in capsys.readouterr().out
    assert run_cli(["export", str(script), "-f", "json", "--config", "3"]) == 2
    assert "--config must be 1..2" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["", "def f(:\n"])
def test_a_script_without_configuration_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    script = tmp_path / "train.py"
    script.write_text(text, encoding="utf-8")
    assert run_cli(["export", str(script), "-f", "sh"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "train.py" in err


def test_a_missing_script_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["export", str(tmp_path / "none.py"), "-f", "sh"]) == 2
    assert "Traceback" not in capsys.readouterr().err
