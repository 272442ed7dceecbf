"""A shell script with Windows line endings is an error with the fix
(bash keeps each ``\\r``), and is read as the converted file, loops included."""

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


def test_crlf_is_an_error_naming_the_fix() -> None:
    result = import_text(SCRIPT.replace("\n", "\r\n"), "train_8p.sh")
    errors = [i for i in result.report.items if i.severity == "error"]
    assert len(errors) == 1
    assert errors[0].line == 1
    assert "sed -i 's/\\r$//' train_8p.sh" in errors[0].message.en
    assert "dos2unix train_8p.sh" in errors[0].message.zh


def test_crlf_values_have_no_carriage_return_and_loops_are_read() -> None:
    crlf = import_text(SCRIPT.replace("\n", "\r\n"), "train_8p.sh").configs[0].profile.env
    unix = import_text(SCRIPT, "train_8p.sh").configs[0].profile.env
    assert crlf == unix
    assert crlf["RANK_SIZE"] == "8"
    assert crlf["HCCL_CONNECT_TIMEOUT"] == "600"  # set inside the for ((...)) loop
    assert crlf["JOB_ID"] == "10087"


def test_unix_line_endings_give_no_error() -> None:
    assert not import_text(SCRIPT, "train_8p.sh").report.has_errors


def test_validate_fails_on_a_crlf_script(tmp_path: Path) -> None:
    path = tmp_path / "env.sh"
    path.write_bytes(b"export RANK_SIZE=1\r\n")
    assert run_cli(["validate", str(path)]) == 1
    path.write_bytes(b"export RANK_SIZE=1\n")
    assert run_cli(["validate", str(path)]) == 0


def test_env_files_drop_the_carriage_return_like_docker() -> None:
    result = import_text("A=1\r\nB=2\r\n", "job.env")
    assert result.configs[0].profile.env == {"A": "1", "B": "2"}
    assert not result.report.has_errors
