"""What else is installed: driver, firmware, TF plugin, Python packages, NPUs.

Read-only. Version files follow the layouts the Ascend documentation gives:

- driver and firmware: ``<install>/driver/version.info`` and
  ``<install>/firmware/version.info`` (``Version=24.1.rc1`` ...), where
  ``<install>`` is ``Driver_Install_Path_Param`` in ``/etc/ascend_install.info``,
  ``/usr/local/Ascend`` by default (the environment-check chapter of
  Ascend/mind-cluster's fault diagnosis guide shows both files; torch_npu's
  ``get_cann_version`` reads the same two driver files);
- the TF plugin package (TF Adapter as a CANN package):
  ``<install>/tfplugin/latest/ascend_tfplugin_install.info``;
- NPUs: one ``/dev/davinci<N>`` per device (N is the physical ID the rank table's
  ``device_id`` names: "ls /dev/davinci*", HCCL rank table guide), and the
  management nodes ``/dev/davinci_manager``, ``/dev/devmm_svm``, ``/dev/hisi_hdc``;
- ``npu-smi info`` output, when the tool is on PATH (never required).

Python packages are read from their installed metadata (``importlib.metadata``),
never imported: importing TensorFlow would take seconds and load the NPU stack.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, cast

from ascend_studio.machine._cann import under
from ascend_studio.machine._infofile import read_info

__all__ = [
    "MANAGEMENT_NODES",
    "Component",
    "NpuDevices",
    "PythonPackage",
    "adapter_tag",
    "driver_component",
    "firmware_component",
    "npu_devices",
    "npu_smi_text",
    "python_packages",
    "summary_tag",
    "tfplugin_component",
]

MANAGEMENT_NODES: tuple[str, ...] = ("davinci_manager", "devmm_svm", "hisi_hdc")
_DEVICE = re.compile(r"davinci(\d+)")
_TAG = re.compile(r"tag version (v\d+(?:\.\d+)+)")
#: Distributions read: the TF Adapter for TF 1.x and 2.x, and TensorFlow's builds.
PACKAGES: tuple[str, ...] = (
    "npu_bridge",
    "npu_device",
    "tensorflow",
    "tensorflow-cpu",
    "tensorflow-aarch64",
    "tensorflow-gpu",
)


@dataclass(frozen=True)
class Component:
    """One installed component read from its version file."""

    name: str
    version: str | None
    found_in: str


@dataclass(frozen=True)
class PythonPackage:
    name: str
    version: str
    #: The one-line summary the package was built with (npu_bridge names its tag there).
    summary: str = ""


@dataclass(frozen=True)
class NpuDevices:
    #: Physical IDs of the ``/dev/davinci<N>`` nodes, ascending.
    ids: tuple[int, ...]
    #: Management nodes present (``davinci_manager``...).
    management: tuple[str, ...]


def _install_root(root: Path) -> str:
    """Where the driver is installed (``/etc/ascend_install.info``), else the default."""
    info = read_info(under(root, "/etc/ascend_install.info"))
    param = info.get("Driver_Install_Path_Param", "").strip()
    return param.rstrip("/") if param.startswith("/") else "/usr/local/Ascend"


def _component(name: str, path: str, key: str, root: Path) -> Component | None:
    info = read_info(under(root, path))
    if not info:
        return None
    return Component(name, info.get(key) or None, path)


def driver_component(root: Path) -> Component | None:
    return _component("driver", f"{_install_root(root)}/driver/version.info", "Version", root)


def firmware_component(root: Path) -> Component | None:
    return _component("firmware", f"{_install_root(root)}/firmware/version.info", "Version", root)


def tfplugin_component(root: Path, env: Mapping[str, str]) -> Component | None:
    homes = [_install_root(root)]
    home = env.get("HOME", "")
    if home.startswith("/"):
        homes.append(home.rstrip("/") + "/Ascend")
    for base in homes:
        path = f"{base}/tfplugin/latest/ascend_tfplugin_install.info"
        found = _component("tfplugin", path, "version", root)
        if found is not None:
            return found
    return None


def npu_devices(root: Path) -> NpuDevices:
    dev = under(root, "/dev")
    try:
        names = [entry.name for entry in dev.iterdir()]
    except OSError:
        names = []
    ids = sorted(int(m.group(1)) for n in names if (m := _DEVICE.fullmatch(n)))
    management = tuple(n for n in MANAGEMENT_NODES if n in names)
    return NpuDevices(tuple(ids), management)


def _field(meta: metadata.PackageMetadata, key: str) -> str:
    """One metadata field, "" when absent (``meta[key]`` warns on a missing key)."""
    value = cast("Any", meta).get(key)
    return value if isinstance(value, str) else ""


def python_packages(
    lookup: Callable[[str], metadata.PackageMetadata] = metadata.metadata,
    names: tuple[str, ...] = PACKAGES,
) -> tuple[PythonPackage, ...]:
    """The distributions of ``names`` (:data:`PACKAGES`) installed for this Python."""
    found = []
    for name in names:
        try:
            meta = lookup(name)
        except metadata.PackageNotFoundError:
            continue
        except (OSError, ValueError):  # broken metadata: say nothing rather than guess
            continue
        version = _field(meta, "Version") or "?"
        found.append(PythonPackage(name, version, _field(meta, "Summary").strip()))
    return tuple(found)


def summary_tag(summary: str) -> str | None:
    """``v0.0.33`` from ``... tag version v0.0.33`` (npu_bridge's summary); None: no tag."""
    match = _TAG.search(summary)
    return match.group(1) if match else None


def adapter_tag(package: PythonPackage) -> str | None:
    """``v0.0.33`` from npu_bridge's summary (its version is TensorFlow's, 1.15.0)."""
    return summary_tag(package.summary)


def npu_smi_text(env: Mapping[str, str], timeout: float = 10.0, max_lines: int = 80) -> str | None:
    """``npu-smi info`` output when the tool is on PATH; None when absent or failing."""
    tool = shutil.which("npu-smi", path=env.get("PATH"))
    if tool is None:
        return None
    try:
        done = subprocess.run(
            [tool, "info"],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    lines = done.stdout.splitlines()
    return "\n".join(lines[:max_lines])
