"""End to end with a real client: headless Neovim opens a training script, receives
the server's diagnostics, applies a quick fix and saves the file.

Skipped when ``nvim`` is not installed (``apt-get install neovim``; CI installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

NVIM = shutil.which("nvim")
SCRIPT = Path(__file__).with_name("nvim") / "quickfix.lua"
ROOT = Path(__file__).resolve().parents[2]

TRAIN = """\
from npu_bridge.npu_init import *

config = NPURunConfig(
    iterations_per_loop=10,
    sump_mode="all",
)
"""


def _run_nvim(tmp_path: Path, file: Path, rule: str, action: str) -> dict[str, object]:
    assert NVIM is not None
    report = tmp_path / "report.json"
    env = {
        **os.environ,
        "ASCEND_PYTHON": sys.executable,
        "ASCEND_ROOT": str(tmp_path),
        "ASCEND_FILE": str(file),
        "ASCEND_RULE": rule,
        "ASCEND_ACTION": action,
        "ASCEND_REPORT": str(report),
        "PYTHONPATH": str(ROOT),
        # Neovim's logs and state stay here
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    result = subprocess.run(
        [NVIM, "--headless", "--clean", "-n", "-c", f"luafile {SCRIPT}"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert report.is_file(), result.stderr
    found: dict[str, object] = json.loads(report.read_text(encoding="utf-8"))
    assert result.returncode == 0, (found, result.stderr)
    return found


@pytest.mark.skipif(NVIM is None, reason="Neovim (nvim) is not installed")
def test_neovim_receives_diagnostics_applies_a_fix_and_saves(tmp_path: Path) -> None:
    train = tmp_path / "train.py"
    train.write_text(TRAIN, encoding="utf-8")
    rule = "profile.unknown_kwarg"
    seen = _run_nvim(tmp_path, train, rule, "Remove sump_mode")
    diagnostics = seen["diagnostics"]
    assert isinstance(diagnostics, list)
    assert [(d["code"], d["line"]) for d in diagnostics] == [(rule, 4)]
    assert "NPURunConfig has no parameter sump_mode" in diagnostics[0]["message"]
    assert seen["applied"] == "Remove sump_mode"
    assert train.read_text(encoding="utf-8") == TRAIN.replace('    sump_mode="all",\n', "")


@pytest.mark.skipif(NVIM is None, reason="Neovim (nvim) is not installed")
def test_neovim_silences_a_finding_with_a_comment(tmp_path: Path) -> None:
    train = tmp_path / "train.py"
    train.write_text(TRAIN, encoding="utf-8")
    rule = "profile.unknown_kwarg"
    seen = _run_nvim(tmp_path, train, rule, "on this line")
    assert seen["applied"] == f"Silence {rule} on this line"
    assert train.read_text(encoding="utf-8") == TRAIN.replace(
        '    sump_mode="all",\n', f'    sump_mode="all",  # ascend-studio: ignore[{rule}]\n'
    )
