"""Every command that reads a file ends with a documented status and one line, never
a traceback or a hang (FIFOs, devices, directories, huge or malformed files)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from app_process import run_ascend_studio

from ascend_studio import _input
from ascend_studio._input import MAX_INPUT_BYTES, InputError, read_input
from ascend_studio.cli import run_cli

#: (command, status when the file cannot be read); paths takes scripts and profiles.
READERS = [("import", 1), ("validate", 2), ("export", 2), ("paths", 2)]


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real CLI in a child process: a hang fails by the timeout, not by timing."""
    return run_ascend_studio(*args, timeout=timeout)


def _extra(command: str) -> list[str]:
    return ["-f", "py"] if command == "export" else []


def _one_line_error(run: subprocess.CompletedProcess[str], status: int, *needles: str) -> None:
    assert "Traceback" not in run.stderr + run.stdout
    assert run.returncode == status, (run.returncode, run.stdout, run.stderr)
    message = run.stderr + run.stdout
    for needle in needles:
        assert needle in message, message
    assert len(message.strip().splitlines()) <= 2, message  # (import adds a summary line)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize(("command", "status"), READERS)
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path, command: str, status: int) -> None:
    fifo = tmp_path / "train.sh"
    os.mkfifo(fifo)
    run = _cli(command, str(fifo), *_extra(command))
    _one_line_error(run, status, "regular file")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize(("command", "status"), READERS)
def test_dev_zero_is_refused_without_reading_it(command: str, status: int) -> None:
    run = _cli(command, "/dev/zero", *_extra(command))
    _one_line_error(run, status, "regular file")


@pytest.mark.parametrize(("command", "status"), [r for r in READERS if r[0] != "validate"])
def test_a_directory_is_refused(tmp_path: Path, command: str, status: int) -> None:
    """(``validate`` takes a folder: it checks every file in it.)"""
    assert run_cli([command, str(tmp_path), *_extra(command)]) == status


def test_the_size_limit_is_stated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "train.py"
    big.write_bytes(b"#" * 2048)
    monkeypatch.setattr(_input, "MAX_INPUT_BYTES", 1024)
    with pytest.raises(InputError, match=r"larger than 20 MB are not read"):
        read_input(big)


def test_a_file_over_20_mb_is_refused_by_every_reader(tmp_path: Path) -> None:
    big = tmp_path / "profile.json"
    with big.open("wb") as handle:  # sparse: no 20 MB written to disk
        handle.truncate(MAX_INPUT_BYTES + 1)
    for command, status in READERS:
        run = _cli(command, str(big), *_extra(command))
        _one_line_error(run, status, "20 MB")


def test_a_regular_file_reads_whole(tmp_path: Path) -> None:
    path = tmp_path / "env.sh"
    path.write_bytes(b"export A=1\n" * 100_000)
    assert read_input(path) == b"export A=1\n" * 100_000


def test_import_of_a_profile_finds_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"values": {"precision_mode": "allow_mix_precision"}}', encoding="utf-8")
    assert run_cli(["import", str(path)]) == 0
    assert "1 configuration" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("[" * 2000 + "]" * 2000, "nested too deeply"),
        ('{"later": ' + "[" * 500 + "]" * 500 + "}", "nested more than 64 deep"),
        ('{"values": {"iterations_per_loop": ' + "9" * 5000 + "}}", "4300 digits"),
        ('{"notes": "\\ud800"}', "lone surrogate U+D800"),
        ('{"values": {"precision_mode": "a\\udfff"}}', "lone surrogate U+DFFF"),
        ('{"env": {"A\\ud800": "1"}}', "lone surrogate"),
    ],
)
@pytest.mark.slow
def test_malformed_profiles_end_with_one_line(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "p.json"
    path.write_text(text, encoding="utf-8")
    for command, status in READERS:
        run = _cli(command, str(path), *_extra(command))
        _one_line_error(run, status, needle)
        assert len((run.stderr + run.stdout).strip().splitlines()) <= 2  # (import: + summary)


def test_lone_surrogates_in_a_script_do_not_break_output(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(
        'import os\nos.environ["A"] = "\\ud800"\n'
        'config = NPURunConfig(precision_mode="x\\udc00", save_summary_steps=float("inf"))\n',
        encoding="utf-8",
    )
    out = tmp_path / "p.json"
    for args in (
        ["import", str(script), "--json"],
        ["import", str(script), "-o", str(out)],
        ["validate", str(script)],
        ["validate", str(script), "--json"],
        ["paths", str(script), "--json"],
    ):
        run = _cli(*args)
        assert "Traceback" not in run.stderr, (args, run.stderr)
        assert run.returncode in (0, 1), (args, run.returncode, run.stderr)
    assert _cli("export", str(out), "-f", "py").returncode == 0
