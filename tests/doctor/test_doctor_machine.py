"""What doctor says about the installed software and the devices."""

from __future__ import annotations

from pathlib import Path

from ascend_studio.doctor._visible import device_findings, read_visible
from tests.doctor.helpers import CATALOG, checks, doctor
from tests.machine.fake_tree import npu_server, put


def test_no_cann_on_a_machine_without_npus_is_one_info_line(tmp_path: Path) -> None:
    report = doctor(tmp_path)
    missing = checks(report)["doctor.toolkit.missing"]
    assert len(missing) == 1 and missing[0].severity == "info"
    assert "not an NPU server" in missing[0].message.en
    assert "/usr/local/Ascend/ascend-toolkit/latest" in missing[0].message.en
    assert "doctor.devices.none" not in checks(report)  # said once, by the toolkit line
    assert "no CANN package and no npu_bridge found" in report.release.en
    assert report.release_id is None


def test_an_npu_server_with_everything_installed(tmp_path: Path) -> None:
    root = tmp_path / "root"
    npu_server(root)
    report = doctor(tmp_path, root=root)
    found = checks(report)
    assert found["doctor.toolkit.found"][0].severity == "info"
    assert "8.0.RC3" in found["doctor.toolkit.found"][0].message.en
    assert not {
        "doctor.toolkit.missing",
        "doctor.driver.missing",
        "doctor.devices.management",
    } & set(found)
    assert report.machine.devices.ids == tuple(range(8))
    assert "CANN toolkit 8.0.RC3" in report.release.en
    assert "no public TF Adapter release is tagged for this CANN version" in report.release.en


def test_npus_without_a_toolkit_or_management_nodes(tmp_path: Path) -> None:
    root = tmp_path / "root"
    put(root, "/dev/davinci0")
    report = doctor(tmp_path, root=root)
    found = checks(report)
    assert found["doctor.toolkit.missing"][0].severity == "warning"
    assert found["doctor.devices.management"][0].severity == "warning"
    assert "/dev/devmm_svm" in found["doctor.devices.management"][0].message.en
    assert found["doctor.driver.missing"][0].severity == "warning"


def test_device_id_beyond_the_npus_of_this_machine(tmp_path: Path) -> None:
    root = tmp_path / "root"
    npu_server(root, devices=4)
    report = doctor(tmp_path, {"ASCEND_DEVICE_ID": "4"}, root=root)
    (wrong,) = checks(report)["doctor.device.out_of_range"]
    assert wrong.severity == "error"
    assert "ASCEND_DEVICE_ID=4" in wrong.message.en and "0..3" in wrong.message.en
    assert not checks(doctor(tmp_path, {"ASCEND_DEVICE_ID": "3"}, root=root)).get(
        "doctor.device.out_of_range"
    )


def test_visible_devices_read_as_the_runtime_reads_them() -> None:
    assert read_visible("1,2,3").ids == (1, 2, 3)
    assert read_visible("1, 2,3") == read_visible("1, 2,3")
    spaced = read_visible("1, 2,3")
    assert (spaced.ids, spaced.stopped_at) == ((1,), " 2")
    eight = read_visible("1,3,8", device_count=8)
    assert (eight.ids, eight.stopped_at) == ((1, 3), "8")
    assert read_visible("1,3,8").ids == (1, 3, 8)  # device count unknown: nothing to stop at


def _one(env: dict[str, str], count: int | None = 8) -> list[tuple[str, str, str]]:
    return [(f.check, f.severity, f.message.en) for f in device_findings(env, count, CATALOG)]


def test_visible_devices_order_duplicates_and_the_index_rule() -> None:
    assert _one({"ASCEND_RT_VISIBLE_DEVICES": "0,1,2,3"}) == []
    ((_, severity, text),) = _one({"ASCEND_RT_VISIBLE_DEVICES": "3,2,1"})
    assert severity == "error" and "ascending" in text and "1,2,3" not in text.split(";")[0]
    ((_, severity, text),) = _one({"ASCEND_RT_VISIBLE_DEVICES": "0,0,1"})
    assert severity == "error" and "more than once" in text
    ((_, severity, text),) = _one({"ASCEND_RT_VISIBLE_DEVICES": "1, 2"})
    assert severity == "warning" and "reads as 1" in text
    # with visible devices set, ASCEND_DEVICE_ID is an index into them
    ((check, severity, text),) = _one({"ASCEND_RT_VISIBLE_DEVICES": "4,5", "ASCEND_DEVICE_ID": "4"})
    assert (check, severity) == ("doctor.device.out_of_range", "error")
    assert "makes visible only 2" in text
    assert _one({"ASCEND_RT_VISIBLE_DEVICES": "4,5", "ASCEND_DEVICE_ID": "1"}) == []


def test_visible_devices_on_a_machine_whose_npus_have_gaps(tmp_path: Path) -> None:
    """A container given davinci0, 1, 3 and 4: the variable takes logical IDs 0..3."""
    root = tmp_path / "root"
    for index in (0, 1, 3, 4):
        put(root, f"/dev/davinci{index}")
    report = doctor(tmp_path, {"ASCEND_RT_VISIBLE_DEVICES": "0,1,3,4"}, root=root)
    found = " ".join(f.message.en for f in checks(report)["launch.visible_devices"])
    assert "logical 0=davinci0, 1=davinci1, 2=davinci3, 3=davinci4" in found
    assert "reads as 0,1,3" in found
    plain = doctor(tmp_path, {"ASCEND_RT_VISIBLE_DEVICES": "0,1,2,3"}, root=root)
    assert all(
        "davinci" not in f.message.en for f in checks(plain).get("launch.visible_devices", [])
    )


def test_an_unreadable_version_file_is_said_not_taken_for_no_toolkit(tmp_path: Path) -> None:
    root = tmp_path / "root"
    info = put(
        root, "/usr/local/Ascend/ascend-toolkit/latest/aarch64-linux/ascend_toolkit_install.info"
    )
    info.write_bytes(b"\0\x01binary")
    report = doctor(tmp_path, root=root)
    found = checks(report)
    (unread,) = found["doctor.installed.unreadable"]
    assert unread.severity == "info"
    shown = "/usr/local/Ascend/ascend-toolkit/latest/aarch64-linux/ascend_toolkit_install.info"
    assert unread.message.en == f"{shown}: not a text file; the CANN version was not read from it"
    assert unread.message.zh == f"{shown}：不是文本文件；未从中读取 CANN 版本"
    (missing,) = found["doctor.toolkit.missing"]
    assert missing.message.en.startswith("No CANN toolkit found;")
    assert "not an NPU server" not in missing.message.en
