"""``--lang zh`` translates the CLI's labels and counts, not only messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascend_studio._words import counted
from ascend_studio.cli import run_cli

LABELS = re.compile(
    r"\b(error|warnings?|info|path|not produced|caveat|settings?|configurations?)\b"
)


def _profile(tmp_path: Path) -> Path:
    path = tmp_path / "p.json"
    path.write_text('{"values": {"iterations_per_loop": 0}}', encoding="utf-8")
    return path


def test_validate_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(["validate", str(_profile(tmp_path)), "--lang", "zh"])
    out = capsys.readouterr().out
    assert "1 个错误" in out and "错误 " in out.splitlines()[1]
    labels = [
        line.split()[0] for line in out.splitlines()[1:] if line.startswith("  ") and line.split()
    ]
    assert "error" not in labels


def test_paths_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(["paths", str(_profile(tmp_path)), "--lang", "zh", "--artifact", "kernel_meta"])
    out = capsys.readouterr().out
    assert "路径:" in out and "（未设置）" in out
    assert not re.search(r"^\s+(path|not produced|caveat):", out, re.MULTILINE)


def test_import_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "train.py"
    script.write_text(
        "from npu_bridge.npu_init import *\nc = NPURunConfig(iterations_per_loop=10)\n",
        encoding="utf-8",
    )
    run_cli(["import", str(script), "--lang", "zh"])
    head = "\n".join(capsys.readouterr().out.splitlines()[:2])
    assert "1 个配置" in head and "1 项设置" in head
    assert not LABELS.search(head.replace("python", ""))


def test_english_counts_agree_in_number() -> None:
    assert counted(1, "error") == "1 error"
    assert counted(2, "configuration") == "2 configurations"
    assert counted(1, "info") == "1 info"
    assert counted(2, "warning", "zh") == "2 个警告"
