"""One reading of the machine: installed software, NPUs, the process and its environment.

:func:`take_snapshot` reads the live machine (read-only; ``npu-smi info`` is the
only program run, when present). The snapshot travels as JSON inside a doctor
report, so the desktop app can show another machine: :func:`snapshot_json` and
:func:`snapshot_from_json` are exact inverses, and the reader refuses what it does
not recognise with a one-line ``ValueError`` instead of guessing.
"""

from __future__ import annotations

import os
import platform
import pwd
import socket
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from ascend_studio.machine._cann import ToolkitInfo
from ascend_studio.machine._installed import (
    PACKAGES,
    Component,
    NpuDevices,
    PythonPackage,
    driver_component,
    firmware_component,
    npu_devices,
    npu_smi_text,
    python_packages,
)
from ascend_studio.machine._toolkit import NpuBridge, Problem, Toolkit, detect_toolkit

__all__ = [
    "MachineSnapshot",
    "ProcessFacts",
    "snapshot_from_json",
    "snapshot_json",
    "take_snapshot",
]


@dataclass(frozen=True)
class ProcessFacts:
    """Who runs here and from where: what fills ``${cwd}``, ``${home}`` and the user."""

    user: str
    uid: int
    #: None when the working directory was deleted under the process.
    cwd: str | None
    home: str | None
    hostname: str
    pid: int
    python: str


@dataclass(frozen=True)
class MachineSnapshot:
    taken_at: str
    process: ProcessFacts
    #: The variables of interest as this process sees them (not the whole environment).
    env: Mapping[str, str]
    #: What names the release (toolkit, tfplugin, npu_bridge): the one reading that
    #: ``--release auto`` makes too.
    installed: Toolkit
    driver: Component | None
    firmware: Component | None
    packages: tuple[PythonPackage, ...]
    devices: NpuDevices
    npu_smi: str | None = None
    #: Never part of the JSON: a live snapshot keeps the whole environment for resolving.
    full_env: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def package(self, name: str) -> PythonPackage | None:
        return next((p for p in self.packages if p.name == name), None)

    @property
    def toolkit(self) -> ToolkitInfo | None:
        return self.installed.cann

    @property
    def tfplugin(self) -> Component | None:
        return self.installed.tfplugin

    @property
    def toolkit_looked(self) -> tuple[str, ...]:
        """Every toolkit folder looked at, as "folder (how found)"."""
        return tuple(f"{folder} ({how})" for folder, how in self.installed.looked)

    @property
    def toolkit_problems(self) -> tuple[tuple[str, str, str], ...]:
        """(variable, value, problem) for ASCEND_TOOLKIT_HOME / ASCEND_HOME_PATH naming
        no folder (``not a folder``, ``does not exist``, ``not absolute``)."""
        return self.installed.variable_problems


def _user(uid: int, env: Mapping[str, str]) -> tuple[str, str | None]:
    try:
        entry = pwd.getpwuid(uid)
    except KeyError:  # a container user without a passwd line
        return env.get("USER") or str(uid), env.get("HOME")
    return entry.pw_name, env.get("HOME") or entry.pw_dir


def _cwd() -> str | None:
    try:
        return os.getcwd()
    except OSError:
        return None


def take_snapshot(
    keep: Callable[[str], bool],
    *,
    env: Mapping[str, str] | None = None,
    root: Path = Path("/"),
    run_npu_smi: bool = True,
    python_paths: list[str] | None = None,
) -> MachineSnapshot:
    """Read this machine; ``keep(name)`` picks the environment variables reported.
    ``python_paths``: where Python distributions are looked up (default: this
    Python's); npu_bridge is read once, for the table and the release alike."""
    live = dict(os.environ if env is None else env)
    installed = detect_toolkit(live, root, python_paths=python_paths)
    uid = os.getuid()
    user, home = _user(uid, live)
    process = ProcessFacts(
        user=user,
        uid=uid,
        cwd=_cwd(),
        home=home,
        hostname=socket.gethostname(),
        pid=os.getpid(),
        python=platform.python_version(),
    )
    return MachineSnapshot(
        taken_at=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        process=process,
        env={k: v for k, v in sorted(live.items()) if keep(k)},
        installed=installed,
        driver=driver_component(root),
        firmware=firmware_component(root),
        packages=_packages_with(installed.npu_bridge, python_paths),
        devices=npu_devices(root),
        npu_smi=npu_smi_text(live) if run_npu_smi else None,
        full_env=live,
    )


def _lookup_in(paths: list[str]) -> Callable[[str], metadata.PackageMetadata]:
    def lookup(name: str) -> metadata.PackageMetadata:
        found = next(iter(metadata.distributions(name=name, path=paths)), None)
        if found is None:
            raise metadata.PackageNotFoundError(name)
        return found.metadata

    return lookup


def _packages_with(bridge: NpuBridge | None, paths: list[str] | None) -> tuple[PythonPackage, ...]:
    """The Python packages, npu_bridge as :func:`detect_toolkit` read it (not read twice)."""
    names = tuple(n for n in PACKAGES if n != "npu_bridge")
    if paths is None:
        others = python_packages(names=names)
    else:
        others = python_packages(_lookup_in(paths), names)
    if bridge is None:
        return others
    return (PythonPackage("npu_bridge", bridge.version or "?", bridge.summary), *others)


# -- JSON -------------------------------------------------------------------------------------


def _bridge_json(bridge: NpuBridge | None) -> dict[str, Any] | None:
    if bridge is None:
        return None
    keywords = bridge.keywords
    return {
        "version": bridge.version,
        "summary": bridge.summary,
        "config": bridge.config,
        "keywords": None if keywords is None else {k: list(v) for k, v in keywords.items()},
    }


def snapshot_json(snapshot: MachineSnapshot) -> dict[str, Any]:
    """The snapshot as JSON (the whole environment stays out; ``npu_bridge`` keeps the
    constructors read, so a report read back names the same release)."""
    kit = snapshot.installed
    return {
        "taken_at": snapshot.taken_at,
        "process": asdict(snapshot.process),
        "env": dict(snapshot.env),
        "toolkit": None if kit.cann is None else asdict(kit.cann),
        "toolkit_looked": list(snapshot.toolkit_looked),
        "driver": None if snapshot.driver is None else asdict(snapshot.driver),
        "firmware": None if snapshot.firmware is None else asdict(snapshot.firmware),
        "tfplugin": None if kit.tfplugin is None else asdict(kit.tfplugin),
        "packages": [asdict(p) for p in snapshot.packages],
        "devices": asdict(snapshot.devices),
        "npu_smi": snapshot.npu_smi,
        "toolkit_problems": [list(p) for p in kit.variable_problems],
        "npu_bridge": _bridge_json(kit.npu_bridge),
        "read_problems": [{"en": p.en, "zh": p.zh} for p in kit.problems],
    }


def _obj(data: object, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{what}: expected an object")
    return data


def _str(data: dict[str, Any], key: str, what: str, *, optional: bool = False) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{what}.{key}: expected text")
    return value


def _int(data: dict[str, Any], key: str, what: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what}.{key}: expected a whole number")
    return value


def _strings(data: object, what: str) -> tuple[str, ...]:
    if not isinstance(data, list | tuple) or not all(isinstance(x, str) for x in data):
        raise ValueError(f"{what}: expected a list of texts")
    return tuple(data)


def _problems(data: object) -> tuple[Problem, ...]:
    """What could not be read, in both languages (a report written before it was kept
    bilingual has English texts only)."""
    if not isinstance(data, list | tuple):
        raise ValueError("read_problems: expected a list")
    out = []
    for item in data:
        if isinstance(item, str):
            out.append(Problem(item, item))
        else:
            obj = _obj(item, "read_problems[]")
            out.append(
                Problem(_str(obj, "en", "read_problems[]"), _str(obj, "zh", "read_problems[]"))
            )
    return tuple(out)


def _component(data: object, what: str) -> Component | None:
    if data is None:
        return None
    obj = _obj(data, what)
    return Component(
        _str(obj, "name", what),
        _str(obj, "version", what, optional=True),
        _str(obj, "found_in", what),
    )


def _toolkit(data: object) -> ToolkitInfo | None:
    if data is None:
        return None
    obj = _obj(data, "toolkit")
    return ToolkitInfo(
        version=_str(obj, "version", "toolkit", optional=True),
        package=_str(obj, "package", "toolkit"),
        home=_str(obj, "home", "toolkit"),
        found_in=_str(obj, "found_in", "toolkit"),
        how=_str(obj, "how", "toolkit"),
        arch=_str(obj, "arch", "toolkit", optional=True),
        inner_version=_str(obj, "inner_version", "toolkit", optional=True),
    )


def _packages(data: object) -> tuple[PythonPackage, ...]:
    if not isinstance(data, list | tuple):
        raise ValueError("packages: expected a list")
    found = []
    for item in data:
        obj = _obj(item, "packages[]")
        found.append(
            PythonPackage(
                _str(obj, "name", "packages[]"),
                _str(obj, "version", "packages[]"),
                _str(obj, "summary", "packages[]", optional=True) or "",
            )
        )
    return tuple(found)


def _devices(data: object) -> NpuDevices:
    obj = _obj(data, "devices")
    ids = obj.get("ids")
    if not isinstance(ids, list | tuple) or not all(
        isinstance(i, int) and not isinstance(i, bool) for i in ids
    ):
        raise ValueError("devices.ids: expected a list of whole numbers")
    return NpuDevices(tuple(ids), _strings(obj.get("management"), "devices.management"))


def _env(data: object) -> dict[str, str]:
    obj = _obj(data, "env")
    if not all(isinstance(v, str) for v in obj.values()):
        raise ValueError("env: every value must be text")
    return dict(obj)


def _process(data: object) -> ProcessFacts:
    obj = _obj(data, "process")
    return ProcessFacts(
        user=_str(obj, "user", "process"),
        uid=_int(obj, "uid", "process"),
        cwd=_str(obj, "cwd", "process", optional=True),
        home=_str(obj, "home", "process", optional=True),
        hostname=_str(obj, "hostname", "process"),
        pid=_int(obj, "pid", "process"),
        python=_str(obj, "python", "process"),
    )


def _looked(data: object) -> tuple[tuple[str, str], ...]:
    """ "folder (how found)" texts back into pairs."""
    pairs = []
    for text in _strings(data, "toolkit_looked"):
        folder, sep, how = text.rpartition(" (")
        pairs.append((folder, how.removesuffix(")")) if sep else (text, ""))
    return tuple(pairs)


def _keywords(data: object) -> dict[str, tuple[str, ...]] | None:
    if data is None:
        return None
    obj = _obj(data, "npu_bridge.keywords")
    return {str(k): _strings(v, f"npu_bridge.keywords.{k}") for k, v in obj.items()}


def _bridge(data: object) -> NpuBridge | None:
    """npu_bridge as read (None too in a report written before it was kept)."""
    if data is None:
        return None
    obj = _obj(data, "npu_bridge")
    return NpuBridge(
        version=_str(obj, "version", "npu_bridge", optional=True),
        summary=_str(obj, "summary", "npu_bridge"),
        config=_str(obj, "config", "npu_bridge"),
        keywords=_keywords(obj.get("keywords")),
    )


def _installed(obj: dict[str, Any]) -> Toolkit:
    return Toolkit(
        cann=_toolkit(obj.get("toolkit")),
        tfplugin=_component(obj.get("tfplugin"), "tfplugin"),
        npu_bridge=_bridge(obj.get("npu_bridge")),
        looked=_looked(obj.get("toolkit_looked")),
        variable_problems=_triples(obj.get("toolkit_problems", []), "toolkit_problems"),
        problems=_problems(obj.get("read_problems", [])),
    )


def snapshot_from_json(data: object) -> MachineSnapshot:
    """The snapshot :func:`snapshot_json` wrote; ``ValueError`` says what is wrong."""
    obj = _obj(data, "machine")
    return MachineSnapshot(
        taken_at=_str(obj, "taken_at", "machine"),
        process=_process(obj.get("process")),
        env=_env(obj.get("env")),
        installed=_installed(obj),
        driver=_component(obj.get("driver"), "driver"),
        firmware=_component(obj.get("firmware"), "firmware"),
        packages=_packages(obj.get("packages")),
        devices=_devices(obj.get("devices")),
        npu_smi=_str(obj, "npu_smi", "machine", optional=True),
    )


def _triples(data: object, what: str) -> tuple[tuple[str, str, str], ...]:
    if not isinstance(data, list | tuple):
        raise ValueError(f"{what}: expected a list")
    found = []
    for item in data:
        texts = _strings(item, f"{what}[]")
        if len(texts) != 3:
            raise ValueError(f"{what}[]: expected [variable, value, problem]")
        found.append((texts[0], texts[1], texts[2]))
    return tuple(found)
