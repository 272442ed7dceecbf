"""CLI summaries count in proper English, and an empty input is "nothing found" in
every format, with the same exit status (import 1, validate 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_studio.cli import counted, run_cli


def test_counted_pluralizes() -> None:
    assert counted(1, "warning") == "1 warning"
    assert counted(0, "warning") == "0 warnings"
    assert counted(2, "configuration") == "2 configurations"


def test_validate_summary_says_1_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "p.json"
    profile.write_text('{"values": {"iterations_per_loop": 0}}', encoding="utf-8")
    run_cli(["validate", str(profile)])
    summary = capsys.readouterr().out.splitlines()[0]
    assert summary.endswith(": 1 error, 0 warnings, 0 info")


EMPTY = ["train.py", "env.sh", "job.env", "notes.txt"]


@pytest.mark.parametrize("name", EMPTY)
@pytest.mark.parametrize("text", ["", "\n\n", "# nothing here\n"])
def test_an_empty_file_is_nothing_found_in_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert run_cli(["import", str(path)]) == 1
    out = capsys.readouterr().out
    assert "0 configurations" in out and "nothing found" in out
    assert run_cli(["validate", str(path)]) == 2
    assert "nothing found" in capsys.readouterr().err


def test_a_shell_file_that_only_unsets_is_a_configuration(tmp_path: Path) -> None:
    path = tmp_path / "env.sh"
    path.write_text("unset ASCEND_GLOBAL_LOG_LEVEL\n", encoding="utf-8")
    assert run_cli(["import", str(path)]) == 0


@pytest.mark.parametrize("command", ["import", "validate"])
def test_help_documents_the_exit_status(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_cli([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Exit status:" in text and "an empty file included, in every format" in text


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("env.py", 'import os\nos.environ["ASCEND_DEVICE_ID"] = 0\n'),
        ("env.sh", "export RANK_SIZE = 8\n"),
    ],
)
def test_a_file_whose_only_setting_fails_is_exit_1_not_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str
) -> None:
    """Read whole, it holds an error (a TypeError, a word bash rejects), not nothing."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert run_cli(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "raises TypeError" in err or "not a valid identifier" in err
