"""Findings about what is installed: toolkit, driver, NPUs.

On a machine without NPUs (a laptop, a CI runner) the missing pieces are facts,
reported as ``info`` in one line each; on a machine with NPUs they are problems.
"""

from __future__ import annotations

from ascend_studio.doctor._model import Finding, finding
from ascend_studio.machine import MachineSnapshot
from ascend_studio.machine._installed import MANAGEMENT_NODES
from ascend_studio.schema import Catalog, Text

__all__ = ["installed_findings"]


def _is_npu_machine(snapshot: MachineSnapshot) -> bool:
    return bool(snapshot.devices.ids) or snapshot.package("npu_bridge") is not None


#: What a toolkit variable names instead of a folder: (zh, en).
_PROBLEMS = {
    "a file": ("是一个文件", "it is a file"),
    "not a folder": ("不是文件夹", "it is not a folder"),
    "does not exist": ("不存在", "it does not exist"),
    "not absolute": ("不是绝对路径", "it is not an absolute path"),
}


def _variables(snapshot: MachineSnapshot, catalog: Catalog) -> list[Finding]:
    """A toolkit variable that names no folder: the toolkit cannot be found through it."""
    found = []
    for name, value, problem in snapshot.toolkit_problems:
        zh, en = _PROBLEMS.get(problem, (problem, problem))
        found.append(
            finding(
                "doctor.toolkit.variable",
                "warning",
                Text(
                    zh=f"{name}={value} 没有指向文件夹（{zh}）：无法经由它找到 CANN toolkit。",
                    en=f"{name}={value} does not point to a folder ({en}): the CANN "
                    "toolkit cannot be found through it.",
                ),
                catalog,
                fix=Text(
                    zh=f"把 {name} 设为 toolkit 的安装目录（<安装目录>/ascend-toolkit/latest），或 source <安装目录>/ascend-toolkit/set_env.sh（它设置 {name}）。",
                    en=f"Set {name} to the toolkit's folder (<install>/ascend-toolkit/latest), or "
                    f"source <install>/ascend-toolkit/set_env.sh (it sets {name}).",
                ),
                subject=f"env:{name}",
                path=value,
            )
        )
    return found


def _toolkit(snapshot: MachineSnapshot, catalog: Catalog) -> Finding:
    kit = snapshot.toolkit
    if kit is None:
        places = ", ".join(p.split(" (")[0] for p in snapshot.toolkit_looked)
        npu = _is_npu_machine(snapshot)
        # A toolkit variable set by hand, or a version file that is there but could
        # not be read, says a toolkit may well be here.
        known = npu or bool(snapshot.toolkit_problems) or bool(snapshot.installed.problems)
        zh_lead = "未找到 CANN toolkit" if known else "未安装 CANN toolkit（本机不是 NPU 服务器）"
        en_lead = (
            "No CANN toolkit found" if known else "No CANN toolkit installed (not an NPU server)"
        )
        return finding(
            "doctor.toolkit.missing",
            "warning" if npu else "info",
            Text(zh=f"{zh_lead}；查找过：{places}。", en=f"{en_lead}; looked in: {places}."),
            catalog,
            fix=Text(
                zh="安装后 source <安装目录>/ascend-toolkit/set_env.sh（它设置 ASCEND_TOOLKIT_HOME）。",
                en="Install it, then source <install>/ascend-toolkit/set_env.sh "
                "(it sets ASCEND_TOOLKIT_HOME).",
            )
            if npu
            else None,
            subject="toolkit",
        )
    version = kit.version or f"internal {kit.inner_version}"
    how = kit.how
    return finding(
        "doctor.toolkit.found",
        "info",
        Text(
            zh=f"CANN {kit.package} {version}，读自 {kit.found_in}（经由 {how}）。",
            en=f"CANN {kit.package} {version}, read from {kit.found_in} (found through {how}).",
        ),
        catalog,
        subject="toolkit",
        path=kit.home,
    )


def _no_devices(catalog: Catalog) -> Finding:
    return finding(
        "doctor.devices.none",
        "warning",
        Text(
            zh="没有 /dev/davinci<N> 设备节点：本机没有 NPU，或容器未映射设备。",
            en="No /dev/davinci<N> device nodes: no NPU here, or the container "
            "was started without its devices.",
        ),
        catalog,
        fix=Text(
            zh="docker run 时加上 --device /dev/davinci<N> 以及 /dev/davinci_manager、/dev/devmm_svm、/dev/hisi_hdc。",
            en="Start the container with --device /dev/davinci<N> plus "
            "/dev/davinci_manager, /dev/devmm_svm and /dev/hisi_hdc.",
        ),
        subject="devices",
    )


def _no_management(missing: list[str], catalog: Catalog) -> Finding:
    names = ", ".join(f"/dev/{n}" for n in missing)
    return finding(
        "doctor.devices.management",
        "warning",
        Text(
            zh=f"有 NPU 设备节点，但缺少管理设备节点 {names}；运行时打不开设备。",
            en=f"NPU device nodes are present but {names} are missing; the runtime "
            "cannot open the devices without them.",
        ),
        catalog,
        fix=Text(zh=f"映射 {names}。", en=f"Map {names} into the container."),
        subject="devices",
    )


def _no_driver(catalog: Catalog) -> Finding:
    return finding(
        "doctor.driver.missing",
        "warning",
        Text(
            zh="有 NPU 设备节点，但找不到驱动版本文件 driver/version.info。",
            en="NPU device nodes are present but no driver version file "
            "(driver/version.info) was found.",
        ),
        catalog,
        fix=Text(
            zh="在容器中映射 /usr/local/Ascend/driver 与 /etc/ascend_install.info。",
            en="In a container, map /usr/local/Ascend/driver and /etc/ascend_install.info.",
        ),
        subject="driver",
    )


def _devices(snapshot: MachineSnapshot, catalog: Catalog) -> list[Finding]:
    devices = snapshot.devices
    if not devices.ids:
        if snapshot.package("npu_bridge") is None and snapshot.toolkit is None:
            return []  # not an NPU machine: the toolkit line says so already
        return [_no_devices(catalog)]
    found = []
    missing = [n for n in MANAGEMENT_NODES if n not in devices.management]
    if missing:
        found.append(_no_management(missing, catalog))
    if snapshot.driver is None:
        found.append(_no_driver(catalog))
    return found


def _unreadable(snapshot: MachineSnapshot, catalog: Catalog) -> list[Finding]:
    """Each installed file that is there but could not be read: what was not judged."""
    return [
        finding(
            "doctor.installed.unreadable",
            "info",
            Text(zh=problem.zh, en=problem.en),
            catalog,
            subject="installed",
        )
        for problem in snapshot.installed.problems
    ]


def installed_findings(snapshot: MachineSnapshot, catalog: Catalog) -> list[Finding]:
    return [
        *_variables(snapshot, catalog),
        *_unreadable(snapshot, catalog),
        _toolkit(snapshot, catalog),
        *_devices(snapshot, catalog),
    ]
