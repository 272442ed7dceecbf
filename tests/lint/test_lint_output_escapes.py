"""A file name (or a value from a file) can never start an output line of its own:
every format of ``validate`` writes control characters as escapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.__main__ import main

FORGED = "forged.py:1:1: error forged.rule all clear"
NAME = f"evil\n{FORGED}\n\x1b[2J\u2028\u202ez.py"
SCRIPT = "from npu_bridge.npu_init import *\nconfig = NPURunConfig(enable_dump=True)\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / NAME).write_text(SCRIPT)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("fmt", ["text", "github", "json", "sarif"])
def test_no_format_lets_a_file_name_forge_a_line(
    tree: Path, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["validate", ".", "--format", fmt])
    out = capsys.readouterr().out
    for line in out.splitlines():
        assert not line.startswith("forged.py"), line
        assert not line.startswith(f"::error file={FORGED}"), line
    for raw in ("\x1b", "\u2028", "\u202e"):
        assert raw not in out
    if fmt == "json":
        data = json.loads(out)  # the same data, written with escapes
        assert data["files"][0]["path"] == NAME
    if fmt == "sarif":
        assert json.loads(out)["runs"][0]["results"]


def test_the_single_file_report_escapes_too(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["validate", NAME])
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).splitlines()
    assert lines and not any(line.startswith("forged.py") for line in lines)
    assert "\\n" in lines[0] and "\x1b" not in captured.out
