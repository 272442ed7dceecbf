"""A path the system refuses as too long (one name over NAME_MAX, or the whole path
at PATH_MAX or more) ends a command with one short line naming the limit and exit
status 2, never a traceback; a batch names it and checks the other paths."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ascend_studio._pathname import NAME_MAX, PATH_MAX, too_long
from ascend_studio.cli import run_cli

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from zh_output import english_words

PROFILE = {"schema_version": 1, "values": {"precision_mode": "allow_mix_precision"}}


def _long_name(tmp_path: Path) -> str:
    return str(tmp_path / ("a" * (NAME_MAX + 1) + ".py"))


def _long_path(tmp_path: Path) -> str:
    parts = ["b" * 200] * (PATH_MAX // 200 + 1)
    return str(tmp_path.joinpath(*parts, "x.py"))


#: Commands that stopped on the system's error, each with the long path in its place.
COMMANDS = [
    ["validate", "{long}"],
    ["export", "{profile}", "-f", "py", "-o", "{long}"],
    ["preset", "apply", "overflow_detection", "{long}"],
    ["doctor", "{long}"],
    ["launch-check", "{long}"],
]


@pytest.mark.parametrize("kind", ["name", "path"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_too_long_path_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], kind: str
) -> None:
    profile = tmp_path / "p.json"
    profile.write_text(json.dumps(PROFILE))
    long = _long_name(tmp_path) if kind == "name" else _long_path(tmp_path)
    args = [a.format(long=long, profile=profile) for a in command]
    status = run_cli(args)
    out, err = capsys.readouterr()
    assert status == 2, (out, err)
    (line,) = err.strip().splitlines()
    assert line.startswith(f"ascend-studio {command[0]}: file name too long: ")
    assert ("NAME_MAX" if kind == "name" else "PATH_MAX") in line
    assert len(line) < 250
    assert not list(tmp_path.glob("a*"))  # nothing written


def test_a_batch_checks_the_others_and_names_the_long_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.py").write_text("c = NPURunConfig(precision_mode='allow_mix_precision')\n")
    status = run_cli(["validate", "t.py", _long_name(tmp_path), _long_path(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert "1 file checked" in out
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all("file name too long" in line for line in lines)


def test_the_line_names_the_limit_passed() -> None:
    name = "/x/" + "a" * 300
    assert "one name in it is 300 bytes" in too_long(name)
    assert "..." in too_long(name) and len(too_long(name)) < 200
    path = "/x" * 2100
    assert "the path is 4,200 bytes" in too_long(path)
    assert too_long("/x\n/y").startswith("file name too long: /x\\n/y")  # never a raw newline
    assert "ENAMETOOLONG" in too_long(None)


@pytest.mark.parametrize("kind", ["name", "path"])
@pytest.mark.parametrize("command", [["launch-check"], ["validate"]], ids=lambda c: c[0])
def test_the_line_speaks_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], kind: str
) -> None:
    long = _long_name(tmp_path) if kind == "name" else _long_path(tmp_path)
    status = run_cli([*command, "--lang", "zh", long])
    _, err = capsys.readouterr()
    assert status == 2
    (line,) = err.strip().splitlines()
    assert "文件名过长" in line and ("NAME_MAX" if kind == "name" else "PATH_MAX") in line
    assert not english_words(line.replace(long[:40], "")), line


def test_each_limit_is_said_in_chinese() -> None:
    for path in ("/x/" + "a" * 300, "/x" * 2100, None):
        line = too_long(path, "zh")
        assert not english_words(line.replace("/x/a", "").replace("/x/x", "")), line
