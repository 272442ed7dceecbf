"""The checks across ranks: rank table, sizes, ids, devices, timeouts, shared outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.doctor import Finding, LaunchReport, launch_check
from tests.doctor.helpers import CATALOG
from tests.doctor.launch_scripts import modelzoo, project, table_1


def _found(report: LaunchReport, check: str) -> list[Finding]:
    return [f for f in report.findings if f.check == check]


def _table_problems(tmp_path: Path, table: dict[str, object] | str) -> list[tuple[str, str]]:
    report = launch_check(modelzoo(tmp_path, table), CATALOG)
    return [(f.severity, f.message.en) for f in _found(report, "launch.rank_table.format")]


def test_a_correct_rank_table_has_nothing_to_say(tmp_path: Path) -> None:
    assert _table_problems(tmp_path, table_1()) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"server_count": "2"}, "server_count=2 but 1 are listed"),
        ({"status": "initializing"}, "only “completed” marks the table usable"),
        ({"version": "2.0"}, "version “2.0” is neither 1.0 nor 1.2"),
    ],
)
def test_rank_table_fields_against_the_template(
    tmp_path: Path, change: dict[str, str], expected: str
) -> None:
    ((severity, text),) = _table_problems(tmp_path, table_1(**change))
    assert severity == "error" and expected in text


def test_rank_table_ids_and_json(tmp_path: Path) -> None:
    table = table_1()
    table["server_list"][0]["device"][3]["rank_id"] = "2"  # type: ignore[index]
    ((severity, text),) = _table_problems(tmp_path / "a", table)
    assert severity == "error" and "rank_id must be 0..7, each once" in text
    table = table_1()
    del table["status"]
    ((severity, text),) = _table_problems(tmp_path / "b", table)
    assert severity == "error" and "lacks the required field “status”" in text
    ((severity, text),) = _table_problems(tmp_path / "c", '{"server_count": "1",}')
    assert severity == "error" and "not valid JSON (line 1" in text
    same_ip = table_1()
    for device in same_ip["server_list"][0]["device"]:  # type: ignore[index]
        device["device_ip"] = "192.1.2.8"
    ((severity, text),) = _table_problems(tmp_path / "d", same_ip)
    assert severity == "warning" and "device_ip repeated: 192.1.2.8" in text


def test_the_older_compatibility_template_is_read_without_judging_its_variants(
    tmp_path: Path,
) -> None:
    old = {
        "status": "completed",
        "group_count": "1",
        "group_list": [
            {
                "device_num": "8",
                "server_num": "1",
                "group_name": "",
                "instance_count": "8",
                "instance_list": [
                    {
                        "devices": [{"device_id": str(i), "device_ip": f"192.168.100.{i + 1}"}],
                        "rank_id": str(i),
                        "server_id": "127.0.0.1",
                    }
                    for i in range(8)
                ],
            }
        ],
    }
    report = launch_check(modelzoo(tmp_path, old), CATALOG)
    assert [f.severity for f in report.findings if f.severity != "warning"] == []
    assert _found(report, "launch.rank_table.format") == []


def test_rank_size_against_the_table_and_the_ranks(tmp_path: Path) -> None:
    (small,) = _found(
        launch_check(modelzoo(tmp_path / "a", table_1(4)), CATALOG), "launch.rank_size"
    )
    assert (
        small.severity == "warning"
        and "RANK_SIZE=8 but the rank table lists 4 devices" in small.message.en
    )
    unset = (
        modelzoo(tmp_path / "b", table_1())
        .read_text()
        .replace("export RANK_SIZE=8\n", "RANK_SIZE=8\n")
    )
    project(tmp_path / "b", unset)
    (missing,) = _found(
        launch_check(tmp_path / "b/test/train_full_8p.sh", CATALOG), "launch.rank_size"
    )
    assert "8 ranks are started but RANK_SIZE is not set" in missing.message.en


def test_rank_ids_shared_or_repeated(tmp_path: Path) -> None:
    shared = (
        modelzoo(tmp_path / "a", table_1())
        .read_text()
        .replace("export RANK_ID=$RANK_ID", "export RANK_ID=0")
    )
    project(tmp_path / "a", shared)
    (same,) = _found(launch_check(tmp_path / "a/test/train_full_8p.sh", CATALOG), "launch.rank_ids")
    assert same.severity == "warning" and "Every rank gets RANK_ID=0" in same.message.en
    repeated = shared.replace("export RANK_ID=0", "export RANK_ID=$((RANK_ID % 4))")
    project(tmp_path / "a", repeated)
    (twice,) = _found(
        launch_check(tmp_path / "a/test/train_full_8p.sh", CATALOG), "launch.rank_ids"
    )
    assert twice.severity == "error" and "processes 0-7" in twice.message.en


def test_two_ranks_on_one_device(tmp_path: Path) -> None:
    path = modelzoo(tmp_path, None, body="export ASCEND_DEVICE_ID=0")
    (same,) = _found(launch_check(path, CATALOG), "launch.device_ids")
    assert same.severity == "error" and "Device 0 is used by several ranks" in same.message.en
    # with a rank table, its device_id wins: no two ranks share a device
    table = modelzoo(tmp_path, table_1(), body="export ASCEND_DEVICE_ID=0")
    report = launch_check(table, CATALOG)
    assert _found(report, "launch.device_ids") == []
    (differs,) = _found(report, "launch.rank_table.mismatch")
    assert differs.severity == "warning" and "ranks 1-7" in differs.message.en


def test_visible_devices_per_rank_and_the_device_index(tmp_path: Path) -> None:
    body = "export ASCEND_RT_VISIBLE_DEVICES=$RANK_ID"
    report = launch_check(modelzoo(tmp_path, None, body=body), CATALOG)
    (index,) = _found(report, "doctor.device.out_of_range")
    assert index.severity == "error" and index.subject == "ranks 1-7"
    assert index.message.en.startswith("Rank 1: ASCEND_DEVICE_ID=1 is out of range")
    assert index.message.en.endswith("Likewise ranks 2-7.")
    fixed = modelzoo(tmp_path, None, body=body + "\n    export ASCEND_DEVICE_ID=0")
    assert _found(launch_check(fixed, CATALOG), "doctor.device.out_of_range") == []


def test_hccl_timeouts_across_ranks_and_against_hccl_timeout(tmp_path: Path) -> None:
    varying = modelzoo(tmp_path, table_1(), body="export HCCL_EXEC_TIMEOUT=$((600 + RANK_ID))")
    (differ,) = _found(launch_check(varying, CATALOG), "launch.hccl_timeout")
    assert differ.severity == "warning" and "disagree on HCCL_EXEC_TIMEOUT" in differ.message.en
    both = modelzoo(tmp_path, table_1(), extra="export HCCL_EXEC_TIMEOUT=1800")
    (tmp_path / "train.py").write_text(
        "config = NPURunConfig(hccl_timeout=600)\n", encoding="utf-8"
    )
    found = [f.check for f in launch_check(both, CATALOG).findings]
    assert "env.hccl_exec_timeout.overridden" in found


def test_ranks_redirecting_to_one_file(tmp_path: Path) -> None:
    text = modelzoo(tmp_path, table_1()).read_text()
    project(
        tmp_path,
        text.replace("train_${ASCEND_DEVICE_ID}.log", "train.log").replace(
            "output/${ASCEND_DEVICE_ID}/train", "output/train"
        ),
        table_1(),
    )
    report = launch_check(tmp_path / "test/train_full_8p.sh", CATALOG)
    collisions = [
        f for f in _found(report, "launch.output_collision") if f.subject.startswith("ranks")
    ]
    ((one,),) = [collisions]
    assert one.path == f"{tmp_path}/test/output/train.log" and "Ranks 0-7" in one.message.en


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = modelzoo(tmp_path, table_1())
    assert run_cli(["launch-check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "8 ranks from `for((RANK_ID=" in out
    assert "rank  RANK_ID  ASCEND_DEVICE_ID  output" in out
    assert "  3     3        3                 ./output/3/train_3.log" in out
    assert run_cli(["launch-check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "ascend-studio-launch-check" and len(data["ranks"]) == 8
    project(tmp_path, path.read_text(), '{"broken": ')
    assert run_cli(["launch-check", str(path)]) == 1
    for args, problem in (
        (["nowhere.sh"], "nowhere.sh: no such file"),
        ([str(path), "--cards", "0"], "--cards must be 1..1024"),
    ):
        assert run_cli(["launch-check", *args]) == 2
        assert problem in capsys.readouterr().err
    binary = tmp_path / "bin.sh"
    binary.write_bytes(b"\0\1\2")
    assert run_cli(["launch-check", str(binary)]) == 2
