"""A shell script with Windows line endings: bash keeps each ``\\r``. It is an error
where bash stops (the line ``bash -n`` names: a ``then\\r`` is an ordinary word,
so bash reads on to where its grammar fails, perhaps the end of the file) or where
a value that must match exactly gets the ``\\r``; otherwise bash runs it and the
integer readers skip the ``\\r``: a warning with the fix. Either way it is read as
the converted file, loops included."""

from __future__ import annotations

from pathlib import Path

from ascend_studio.cli import run_cli
from ascend_studio.codegen import import_text

SCRIPT = (
    "export RANK_SIZE=8\n"
    "for ((i=0;i<${RANK_SIZE};i++))\n"
    "do\n"
    "  export HCCL_CONNECT_TIMEOUT=600\n"
    "done\n"
    'if [ -n "$1" ]; then\n'
    "  export JOB_ID=10087\n"
    "fi\n"
)


def test_crlf_is_an_error_at_the_line_bash_stops_at() -> None:
    result = import_text(SCRIPT.replace("\n", "\r\n"), "train_8p.sh")
    errors = [i for i in result.report.items if i.severity == "error"]
    assert len(errors) == 1
    assert errors[0].line == 2  # for ((...)): line 1 is a plain assignment bash runs
    assert "line 2" in errors[0].message.en and "第 2 行" in errors[0].message.zh
    assert "sed -i 's/\\r$//' train_8p.sh" in errors[0].message.en
    assert "dos2unix train_8p.sh" in errors[0].message.zh


def test_an_if_whose_then_carries_the_cr_fails_at_the_end_of_the_file() -> None:
    """``then\\r`` is a word: bash reads the rest as the if's condition, and the end
    of the file (line 6, as ``bash -n`` says) finds the if still open."""
    text = "export RANK_SIZE=8\nexport DEVICE_ID=0\nif [ -n x ]; then\n  echo hi\nfi\n"
    result = import_text(text.replace("\n", "\r\n"), "run.sh")
    (error,) = [i for i in result.report.items if i.severity == "error"]
    assert error.line == 6
    assert "end of the file (line 6)" in error.message.en
    assert "the if of line 3 is never closed" in error.message.en
    assert "第 3 行的 if" in error.message.zh


def test_assignments_only_are_a_warning_bash_runs() -> None:
    text = "export RANK_SIZE=8\r\nexport DEVICE_ID=0\r\nexport JOB_ID=10087\r\n"
    result = import_text(text, "env.sh")
    assert not result.report.has_errors
    (item,) = [i for i in result.report.items if i.kind == "line_endings"]
    assert item.severity == "warning" and "sed -i" in item.message.en


def test_a_path_or_a_name_that_gets_the_carriage_return_is_an_error() -> None:
    text = "export RANK_SIZE=8\r\nexport ASCEND_WORK_PATH=/data/work\r\n"
    (error,) = [i for i in import_text(text, "env.sh").report.items if i.severity == "error"]
    assert (error.line, error.path) == (2, "env:ASCEND_WORK_PATH")


def test_crlf_values_have_no_carriage_return_and_loops_are_read() -> None:
    crlf = import_text(SCRIPT.replace("\n", "\r\n"), "train_8p.sh").configs[0].profile.env
    unix = import_text(SCRIPT, "train_8p.sh").configs[0].profile.env
    assert crlf == unix
    assert crlf["RANK_SIZE"] == "8"
    assert crlf["HCCL_CONNECT_TIMEOUT"] == "600"  # set inside the for ((...)) loop
    assert crlf["JOB_ID"] == "10087"


def test_unix_line_endings_give_no_error() -> None:
    assert not import_text(SCRIPT, "train_8p.sh").report.has_errors


def test_validate_fails_only_where_bash_fails(tmp_path: Path) -> None:
    path = tmp_path / "env.sh"
    path.write_bytes(b"export RANK_SIZE=1\r\nfor i in 1 2; do\r\n  echo $i\r\ndone\r\n")
    assert run_cli(["validate", str(path)]) == 1
    path.write_bytes(b"export RANK_SIZE=1\r\n")
    assert run_cli(["validate", str(path)]) == 0
    assert run_cli(["validate", "--fail-on", "warning", str(path)]) == 1
    path.write_bytes(b"export RANK_SIZE=1\n")
    assert run_cli(["validate", str(path)]) == 0


def test_env_files_drop_the_carriage_return_like_docker() -> None:
    result = import_text("A=1\r\nB=2\r\n", "job.env")
    assert result.configs[0].profile.env == {"A": "1", "B": "2"}
    assert not result.report.has_errors
