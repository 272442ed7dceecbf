"""Driver, firmware, TF plugin, Python packages and NPUs, from fake trees."""

from __future__ import annotations

import os
import stat
from email.message import Message
from importlib import metadata
from pathlib import Path

import pytest

from ascend_studio.machine import adapter_tag, npu_devices
from ascend_studio.machine._installed import (
    PythonPackage,
    driver_component,
    firmware_component,
    npu_smi_text,
    python_packages,
    tfplugin_component,
)
from tests.machine.fake_tree import DRIVER_INFO, FIRMWARE_INFO, INSTALL_INFO, put


def test_driver_and_firmware_where_the_installer_says(tmp_path: Path) -> None:
    assert driver_component(tmp_path) is None
    put(tmp_path, "/usr/local/Ascend/driver/version.info", DRIVER_INFO)
    put(tmp_path, "/usr/local/Ascend/firmware/version.info", FIRMWARE_INFO)
    driver = driver_component(tmp_path)
    assert driver is not None and driver.version == "24.1.rc1"
    assert driver.found_in == "/usr/local/Ascend/driver/version.info"
    firmware = firmware_component(tmp_path)
    assert firmware is not None and firmware.version == "7.1.0.11.220"
    # installed elsewhere: /etc/ascend_install.info names the place
    put(tmp_path, "/etc/ascend_install.info", INSTALL_INFO.format(path="/opt/Ascend"))
    put(tmp_path, "/opt/Ascend/driver/version.info", "Version=23.0.3\n")
    moved = driver_component(tmp_path)
    assert moved is not None and (moved.version, moved.found_in) == (
        "23.0.3",
        "/opt/Ascend/driver/version.info",
    )


def test_tfplugin_of_root_or_of_the_user(tmp_path: Path) -> None:
    assert tfplugin_component(tmp_path, {"HOME": "/home/u"}) is None
    put(tmp_path, "/home/u/Ascend/tfplugin/latest/ascend_tfplugin_install.info", "version=7.0.0\n")
    found = tfplugin_component(tmp_path, {"HOME": "/home/u"})
    assert found is not None and found.version == "7.0.0"


def test_devices_sort_numerically_and_management_nodes(tmp_path: Path) -> None:
    for name in ("davinci10", "davinci2", "davinci0", "davinci_manager", "hisi_hdc", "davinciX"):
        put(tmp_path, f"/dev/{name}")
    found = npu_devices(tmp_path)
    assert found.ids == (0, 2, 10)
    assert found.management == ("davinci_manager", "hisi_hdc")
    assert npu_devices(tmp_path / "nowhere").ids == ()


def _meta(**fields: str) -> metadata.PackageMetadata:
    message = Message()
    for key, value in fields.items():
        message[key] = value
    return message  # type: ignore[return-value]


def test_python_packages_from_metadata_and_the_adapter_tag() -> None:
    table = {
        "npu_bridge": _meta(
            Version="1.15.0", Summary="npu bridge for tensorflow v1.15.0, tag version v0.0.33"
        ),
        "tensorflow": _meta(Version="1.15.0"),
    }

    def lookup(name: str) -> metadata.PackageMetadata:
        if name not in table:
            raise metadata.PackageNotFoundError(name)
        return table[name]

    found = python_packages(lookup)
    assert [(p.name, p.version) for p in found] == [
        ("npu_bridge", "1.15.0"),
        ("tensorflow", "1.15.0"),
    ]
    assert adapter_tag(found[0]) == "v0.0.33"
    assert adapter_tag(PythonPackage("npu_bridge", "1.15.0")) is None


def _tool(folder: Path, body: str) -> None:
    folder.mkdir(exist_ok=True)
    tool = folder / "npu-smi"
    tool.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)


@pytest.mark.skipif(os.name != "posix", reason="a shell script stands in for npu-smi")
def test_npu_smi_when_present_never_required(tmp_path: Path) -> None:
    assert npu_smi_text({"PATH": str(tmp_path / "empty")}) is None
    _tool(tmp_path / "ok", 'echo "| npu-smi 23.0.rc3   Version: 23.0.rc2.3 |"')
    text = npu_smi_text({"PATH": str(tmp_path / "ok")})
    assert text is not None and "23.0.rc2.3" in text
    _tool(tmp_path / "bad", "exit 3")
    assert npu_smi_text({"PATH": str(tmp_path / "bad")}) is None
