"""What ``doctor`` says about a place it cannot use: the setting to change, what the
job loses, what a file or folder really is, in the user's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.doctor import report_json, report_text
from ascend_studio.machine import snapshot_from_json, snapshot_json
from tests.doctor.helpers import checks, doctor


def _blocked(tmp_path: Path, **env: str) -> tuple[str, str, str]:
    (tmp_path / "plain").write_text("a file\n", encoding="utf-8")
    found = checks(doctor(tmp_path, env))["doctor.path.blocked"]
    assert len(found) == 1
    fix = found[0].fix
    assert fix is not None
    return found[0].severity, found[0].message.en, fix.en


def test_a_variable_naming_a_file_is_the_setting_to_change(tmp_path: Path) -> None:
    severity, message, fix = _blocked(tmp_path, ASCEND_WORK_PATH=f"{tmp_path}/plain")
    assert severity == "error" and "The job fails" in message  # kernel_meta cannot be built
    assert fix.startswith(f"Set ASCEND_WORK_PATH (now {tmp_path}/plain) to a different folder")
    assert "Move" not in fix


def test_a_log_folder_naming_a_file_says_what_is_lost(tmp_path: Path) -> None:
    severity, message, fix = _blocked(tmp_path, ASCEND_PROCESS_LOG_PATH=f"{tmp_path}/plain")
    assert severity == "warning"  # the documents do not say the job stops for its logs
    assert "These files are not written" in message
    assert fix.startswith("Set ASCEND_PROCESS_LOG_PATH")


def test_a_file_below_the_configured_place_is_moved_away(tmp_path: Path) -> None:
    (tmp_path / "kernel_meta").write_text("left over\n", encoding="utf-8")
    (found,) = checks(doctor(tmp_path))["doctor.path.blocked"]
    assert found.fix is not None
    assert (
        found.fix.en == f"Move the file {tmp_path}/kernel_meta away (the job makes a folder there)."
    )


def test_a_working_directory_below_a_file_names_the_working_directory(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("a file\n", encoding="utf-8")
    (found, *_) = checks(doctor(tmp_path / "plain" / "job"))["doctor.path.blocked"]
    assert found.fix is not None and "start the job from a different folder" in found.fix.en.lower()
    assert "doctor --cwd" in found.fix.en


def test_a_file_artifact_says_its_folder_exists_not_the_file(tmp_path: Path) -> None:
    text = report_text(doctor(tmp_path))
    line = next(x for x in text.splitlines() if x.strip().startswith("fusion_result"))
    assert "folder exists, writable" in line
    kernel = next(x for x in text.splitlines() if x.strip().startswith("printf"))
    assert "  exists, writable" in kernel  # a folder artifact that is the folder itself


def test_a_toolkit_variable_naming_a_file_is_said_so(tmp_path: Path) -> None:
    root = tmp_path / "machine"
    (root / "opt").mkdir(parents=True)
    (root / "opt" / "kit").write_text("a file\n", encoding="utf-8")
    report = doctor(tmp_path, {"ASCEND_TOOLKIT_HOME": "/opt/kit"}, root=root)
    (found,) = checks(report)["doctor.toolkit.variable"]
    assert "ASCEND_TOOLKIT_HOME=/opt/kit does not point to a folder (it is a file)" in (
        found.message.en
    )
    (missing,) = checks(report)["doctor.toolkit.missing"]
    assert "not an NPU server" not in missing.message.en
    again = snapshot_from_json(snapshot_json(report.machine))  # the app reads it back
    assert again.toolkit_problems == (("ASCEND_TOOLKIT_HOME", "/opt/kit", "a file"),)
    written = json.loads(json.dumps(report_json(report)))  # the --json document
    assert written["machine"]["toolkit_problems"] == [["ASCEND_TOOLKIT_HOME", "/opt/kit", "a file"]]
    gone = doctor(tmp_path, {"ASCEND_HOME_PATH": "/opt/none"}, root=root)
    assert "(it does not exist)" in checks(gone)["doctor.toolkit.variable"][0].message.en


@pytest.mark.parametrize("value", ["+1", "99999999999999999999", " 1_0"])
def test_device_ids_the_reader_rejects_are_errors_in_doctor(tmp_path: Path, value: str) -> None:
    found = checks(doctor(tmp_path, {"ASCEND_DEVICE_ID": value}))
    assert [f.severity for f in found["env.ascend_device_id.invalid"]] == ["error"]


@pytest.mark.parametrize(
    ("env", "device"),
    [
        ({"ASCEND_DEVICE_ID": ""}, 0),  # empty is unset: the runtime's default
        ({"ASCEND_DEVICE_ID": "", "DEVICE_ID": "5"}, 5),  # and DEVICE_ID is read
        ({"ASCEND_DEVICE_ID": " 3 "}, 3),  # blanks around are allowed
        ({"ASCEND_DEVICE_ID": "\t6"}, 6),
        ({"ASCEND_DEVICE_ID": "07"}, 7),  # decimal, not octal
    ],
)
def test_device_ids_the_reader_takes_place_the_paths(
    tmp_path: Path, env: dict[str, str], device: int
) -> None:
    report = doctor(tmp_path, env)
    assert report.context.device_id == device
    found = checks(report)
    assert not [c for c in found if c.endswith((".invalid", ".wraps"))], found
    rows = {r.id: r for r in report.rows}
    assert rows["exception_dump_mode2"].resolution.path == (
        f"{tmp_path}/extra-info/data-dump/{device}"
    )


@pytest.mark.parametrize("value", ["+1", "first", "1.0", "-1"])
def test_a_device_id_the_reader_rejects_is_never_a_path(tmp_path: Path, value: str) -> None:
    report = doctor(tmp_path, {"ASCEND_DEVICE_ID": value})
    assert [f.severity for f in checks(report)["env.ascend_device_id.invalid"]] == ["error"]
    assert report.context.device_id == value  # shown as written, never read as a number


def test_a_wrapping_device_id_is_the_device_it_wraps_to(tmp_path: Path) -> None:
    report = doctor(tmp_path, {"ASCEND_DEVICE_ID": "4294967297"})
    (found,) = checks(report)["env.ascend_device_id.wraps"]
    assert found.severity == "warning" and "uses device 1" in found.message.en
    assert report.context.device_id == 1
    rows = {r.id: r for r in report.rows}
    assert rows["exception_dump_mode2"].resolution.path == f"{tmp_path}/extra-info/data-dump/1"


def test_the_doctor_text_speaks_chinese(tmp_path: Path) -> None:
    text = report_text(doctor(tmp_path), "zh")
    for english in (
        "[process environment]",
        "installed:",
        "output folders",
        "findings:",
        "more known variables",
        "created by the job",
        "working directory",
    ):
        assert english not in text, english
    assert "[本进程环境]" in text and "检查结果" in text


def test_one_unset_variable_is_one(tmp_path: Path) -> None:
    text = report_text(doctor(tmp_path))
    assert "other known variables not set)" in text


def test_doctor_on_a_folder_says_it_is_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["doctor", str(tmp_path)]) == 2
    assert f"{tmp_path}: is a directory; only regular files are read" in capsys.readouterr().err
