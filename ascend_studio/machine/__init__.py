"""The machine this runs on: installed Ascend software, NPUs, file systems, the process.

Qt-free and free of the rest of the core (it sits below every other layer), so
any command, the desktop app and the release detection can read the machine.
``detect_toolkit`` is the one reading of what names the TF Adapter release (the CANN
packages and the installed ``npu_bridge``'s constructors): the snapshot ``doctor``
reports holds it, and ``ascend_studio.schema`` maps it onto the public releases.
Everything here only reads: files, ``/dev`` entries, file-system statistics and,
when present, ``npu-smi info``. Paths of installed files are looked up under a
``root`` folder (``/`` on a real machine) so tests build fake install trees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes

if TYPE_CHECKING:
    from ascend_studio.machine._cann import (
        ToolkitInfo,
        read_toolkit,
        toolkit_candidates,
        under,
    )
    from ascend_studio.machine._fs import DirProbe, mount_of, probe_dir
    from ascend_studio.machine._installed import (
        Component,
        NpuDevices,
        PythonPackage,
        adapter_tag,
        npu_devices,
    )
    from ascend_studio.machine._snapshot import (
        MachineSnapshot,
        ProcessFacts,
        snapshot_from_json,
        snapshot_json,
        take_snapshot,
    )
    from ascend_studio.machine._toolkit import NpuBridge, Toolkit, detect_toolkit, signatures

__all__ = [
    "Component",
    "DirProbe",
    "MachineSnapshot",
    "NpuBridge",
    "NpuDevices",
    "ProcessFacts",
    "PythonPackage",
    "Toolkit",
    "ToolkitInfo",
    "adapter_tag",
    "detect_toolkit",
    "mount_of",
    "npu_devices",
    "probe_dir",
    "read_toolkit",
    "signatures",
    "snapshot_from_json",
    "snapshot_json",
    "take_snapshot",
    "toolkit_candidates",
    "under",
]

_WHERE = {
    "Component": "_installed",
    "NpuBridge": "_toolkit",
    "Toolkit": "_toolkit",
    "detect_toolkit": "_toolkit",
    "signatures": "_toolkit",
    "DirProbe": "_fs",
    "MachineSnapshot": "_snapshot",
    "NpuDevices": "_installed",
    "ProcessFacts": "_snapshot",
    "PythonPackage": "_installed",
    "ToolkitInfo": "_cann",
    "adapter_tag": "_installed",
    "read_toolkit": "_cann",
    "mount_of": "_fs",
    "npu_devices": "_installed",
    "probe_dir": "_fs",
    "snapshot_from_json": "_snapshot",
    "snapshot_json": "_snapshot",
    "take_snapshot": "_snapshot",
    "toolkit_candidates": "_cann",
    "under": "_cann",
}

if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(__name__, _WHERE)
