"""Fake install trees in the documented layouts (CANN installation guide, "File Paths").

Contents follow the files as published in public environment reports: the toolkit's
``ascend_toolkit_install.info``, ``latest/version.cfg``, the driver's and firmware's
``version.info`` and ``/etc/ascend_install.info``.
"""

from __future__ import annotations

from pathlib import Path

TOOLKIT_INFO = """package_name=Ascend-cann-toolkit
version={version}
innerversion=V100R001C19SPC001B155
compatible_version=[V100R001C13,V100R001C19],[V100R001C30]
arch={arch}
os=linux
path=/usr/local/Ascend/ascend-toolkit/{version}/{arch}-linux
"""
VERSION_CFG = """# version: 1.0
runtime_running_version=[7.6.0.1.220:8.0.0]
compiler_running_version=[7.6.0.1.220:8.0.0]
toolkit_running_version=[7.6.0.1.220:8.0.0]
"""
DRIVER_INFO = """Version=24.1.rc1
ascendhal_version=7.35.19
aicpu_version=1.0
Innerversion=V100R001C15SPC006B220
compatible_version=[V100R001C30],[V100R001C13],[V100R001C15],[V100R001C17]
compatible_version_fw=[7.0.0,7.2.99]
"""
FIRMWARE_INFO = "Version=7.1.0.11.220\nfirmware_version=1.0\npackage_version=23.0.7\n"
INSTALL_INFO = """UserName=HwHiAiUser
UserGroup=HwHiAiUser
Driver_Install_Type=full
Driver_Install_Path_Param={path}
Driver_Install_For_All=yes
"""


def put(root: Path, path: str, text: str = "") -> Path:
    file = root / path.lstrip("/")
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")
    return file


def toolkit(root: Path, home: str, version: str = "8.0.RC3", arch: str = "aarch64") -> Path:
    return put(
        root,
        f"{home}/{arch}-linux/ascend_toolkit_install.info",
        TOOLKIT_INFO.format(version=version, arch=arch),
    )


def npu_server(root: Path, devices: int = 8) -> None:
    """A training server: toolkit, driver, firmware and its device nodes."""
    toolkit(root, "/usr/local/Ascend/ascend-toolkit/latest")
    put(root, "/usr/local/Ascend/driver/version.info", DRIVER_INFO)
    put(root, "/usr/local/Ascend/firmware/version.info", FIRMWARE_INFO)
    put(root, "/etc/ascend_install.info", INSTALL_INFO.format(path="/usr/local/Ascend"))
    for index in range(devices):
        put(root, f"/dev/davinci{index}")
    for name in ("davinci_manager", "devmm_svm", "hisi_hdc"):
        put(root, f"/dev/{name}")
