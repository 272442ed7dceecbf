"""``launch-check`` reads only regular files: what a script sources, runs or names as
its rank table is refused (and said) when it is a kernel, device or other special
file, so no script can hang the check or have it read secrets."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from app_process import run_ascend_studio

from ascend_studio.doctor import LaunchReport, launch_check
from tests.doctor.helpers import CATALOG

LOOP = "export RANK_SIZE=2\nfor i in 0 1; do\n  export RANK_ID=$i ASCEND_DEVICE_ID=$i\n{body}\n  python3 train.py &\ndone\n"


def _check(tmp_path: Path, body: str) -> LaunchReport:
    script = tmp_path / "run.sh"
    script.write_text(LOOP.replace("{body}", body), encoding="utf-8")
    return launch_check(script, CATALOG)


def _notes(report: LaunchReport) -> list[str]:
    return [f.message.en for f in report.findings if f.check == "launch.unknown"]


def test_a_sourced_proc_file_is_not_read(tmp_path: Path) -> None:
    report = _check(tmp_path, "  . /proc/self/environ")
    assert len(report.ranks) == 2
    assert any("not read: source /proc/self/environ" in n and "/proc" in n for n in _notes(report))
    assert set(report.common) | set(report.varying) <= {"RANK_SIZE", "RANK_ID", "ASCEND_DEVICE_ID"}


def test_a_called_script_that_is_a_link_to_proc_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "env.sh").symlink_to("/proc/self/environ")
    report = _check(tmp_path, "  bash ./env.sh")
    assert any("not read: ./env.sh (is under /proc" in n for n in _notes(report)), _notes(report)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_sourced_fifo_is_not_waited_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.sh")
    report = _check(tmp_path, "  source ./pipe.sh")
    assert any("is a FIFO" in n for n in _notes(report)), _notes(report)


def test_a_huge_called_script_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "big.sh").write_bytes(b"#" * ((1 << 20) + 1))
    report = _check(tmp_path, "  ./big.sh")
    assert any("not read: ./big.sh (is larger than 1 MiB" in n for n in _notes(report))


def test_a_rank_table_under_proc_is_refused(tmp_path: Path) -> None:
    report = _check(tmp_path, "  export RANK_TABLE_FILE=/proc/self/environ")
    table = [f for f in report.findings if f.check == "launch.rank_table.format"]
    assert table and "cannot be read: is under /proc" in table[0].message.en


def test_a_rank_table_that_is_a_folder_is_named_so(tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    report = _check(tmp_path, f"  export RANK_TABLE_FILE={tmp_path}/tables")
    missing = [f for f in report.findings if f.check == "launch.rank_table.missing"]
    assert missing and "is a folder, not a rank table file" in missing[0].message.en


def test_a_readable_rank_table_still_reads(tmp_path: Path) -> None:
    (tmp_path / "t.json").write_text(json.dumps({"status": "completed"}), encoding="utf-8")
    report = _check(tmp_path, f"  export RANK_TABLE_FILE={tmp_path}/t.json")
    assert not any("cannot be read" in f.message.en for f in report.findings)


@pytest.mark.skipif(not os.access("/proc/kmsg", os.R_OK), reason="needs a readable /proc/kmsg")
def test_sourcing_proc_kmsg_in_the_loop_never_hangs(tmp_path: Path) -> None:
    script = tmp_path / "run.sh"
    script.write_text(LOOP.replace("{body}", "  . /proc/kmsg"), encoding="utf-8")
    run = run_ascend_studio("launch-check", str(script), timeout=60)
    assert run.returncode == 0, run.stderr
    assert "not read: source /proc/kmsg" in run.stdout


def test_cwd_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ascend_studio.cli import run_cli

    script = tmp_path / "run.sh"
    script.write_text(LOOP.replace("{body}", ""), encoding="utf-8")
    for command in (["launch-check", str(script)], ["doctor"]):
        assert run_cli([*command, "--cwd", str(script)]) == 2
        assert f"--cwd {script}: not a folder" in capsys.readouterr().err


def test_a_sourced_file_not_read_says_why(tmp_path: Path) -> None:
    report = _check(tmp_path, "  source activate\n  . ./env_npu.sh\n  . ${ENV_DIR}/env.sh")
    notes = _notes(report)
    assert any(
        f"not read: source activate (no file {tmp_path}/activate; a file of that name in PATH" in n
        for n in notes
    ), notes
    assert any(f"not read: source ./env_npu.sh (no file {tmp_path}/env_npu.sh)" in n for n in notes)
    assert any("source ${ENV_DIR}/env.sh (its path is known only at run time)" in n for n in notes)
    zh = [f.message.zh for f in report.findings if f.check == "launch.unknown"]
    assert any("未读取 source activate：" in n and "不存在" in n for n in zh), zh
