"""A doctor report read back from its JSON, for the desktop app on another machine.

Only what the app shows: the machine, the context the path view takes over
(working directory, home, device id, environment), each artifact's folder as the
file system reported it, and the findings. A document of another format, a newer
version or a broken shape is refused with a one-line ``ValueError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ascend_studio.doctor._model import SEVERITIES, Finding
from ascend_studio.doctor._render import FORMAT, VERSION
from ascend_studio.machine import MachineSnapshot, snapshot_from_json
from ascend_studio.schema import Text

__all__ = ["DoctorDocument", "PathEntry", "live_document", "read_document", "read_document_file"]


@dataclass(frozen=True)
class PathEntry:
    id: str
    name: Text
    produced: bool
    path: str | None
    folder: str | None
    #: exists / created by the job / not writable / read-only / known at run time...
    state: str
    free_bytes: int | None


@dataclass(frozen=True)
class DoctorDocument:
    machine: MachineSnapshot
    target: Text
    cwd: str | None
    home: str | None
    device_id: str | None
    #: Every watched variable; None: not set.
    environment: tuple[tuple[str, str | None, str | None], ...]
    paths: tuple[PathEntry, ...]
    findings: tuple[Finding, ...]
    #: The release the checks were for (None: none named, or a report without it).
    release: str | None = None

    @property
    def env_values(self) -> dict[str, str]:
        return {name: value for name, value, _ in self.environment if value is not None}


def _obj(data: object, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{what}: expected an object")
    return data


def _opt_str(data: dict[str, Any], key: str, what: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise ValueError(f"{what}.{key}: expected text")
    return value


def _text(data: object, what: str) -> Text:
    obj = _obj(data, what)
    zh, en = obj.get("zh"), obj.get("en")
    if not isinstance(zh, str) or not isinstance(en, str):
        raise ValueError(f"{what}: expected zh and en texts")
    return Text(zh=zh, en=en)


def _state(probe: dict[str, Any] | None, must_exist: bool) -> str:
    if probe is None:
        return "known at run time"
    if probe.get("blocked_by") or not probe.get("writable"):
        return "read-only" if probe.get("read_only") else "not writable"
    if probe.get("exists"):
        return "exists, writable"
    return "must exist" if must_exist else "created by the job"


def _path(data: object) -> PathEntry:
    obj = _obj(data, "paths[]")
    probe = obj.get("probe")
    if probe is not None:
        probe = _obj(probe, "paths[].probe")
    free = probe.get("free_bytes") if probe else None
    return PathEntry(
        id=str(obj.get("id", "")),
        name=_text(obj.get("name"), "paths[].name"),
        produced=bool(obj.get("produced")),
        path=_opt_str(obj, "path", "paths[]"),
        folder=_opt_str(obj, "folder", "paths[]"),
        state=_state(probe, bool(obj.get("must_exist"))),
        free_bytes=free if isinstance(free, int) else None,
    )


def _finding(data: object) -> Finding:
    obj = _obj(data, "findings[]")
    severity = obj.get("severity")
    if severity not in SEVERITIES:
        raise ValueError(f"findings[].severity: {severity!r} is not error, warning or info")
    fix = obj.get("fix")
    return Finding(
        check=str(obj.get("check", "")),
        severity=severity,
        message=_text(obj.get("message"), "findings[].message"),
        source=str(obj.get("source", "")),
        fix=None if fix is None else _text(fix, "findings[].fix"),
        subject=str(obj.get("subject", "")),
        path=_opt_str(obj, "path", "findings[]"),
    )


def _env(data: object) -> tuple[tuple[str, str | None, str | None], ...]:
    if not isinstance(data, list):
        raise ValueError("environment: expected a list")
    rows = []
    for item in data:
        obj = _obj(item, "environment[]")
        name = obj.get("name")
        if not isinstance(name, str):
            raise ValueError("environment[].name: expected text")
        rows.append((name, _opt_str(obj, "value", name), _opt_str(obj, "origin", name)))
    return tuple(rows)


def read_document(data: object) -> DoctorDocument:
    """The report ``doctor --json`` wrote; ``ValueError`` says why not."""
    obj = _obj(data, "document")
    if obj.get("format") != FORMAT:
        raise ValueError(f"not a doctor report (format {obj.get('format')!r}, expected {FORMAT!r})")
    version = obj.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ValueError(f"doctor report version {version!r}: this app reads up to {VERSION}")
    ctx = _obj(obj.get("context"), "context")
    paths, findings = obj.get("paths"), obj.get("findings")
    if not isinstance(paths, list) or not isinstance(findings, list):
        raise ValueError("paths and findings: expected lists")
    return DoctorDocument(
        machine=snapshot_from_json(obj.get("machine")),
        target=_text(obj.get("target"), "target"),
        cwd=_opt_str(ctx, "cwd", "context"),
        home=_opt_str(ctx, "home", "context"),
        device_id=_opt_str(ctx, "device_id", "context"),
        environment=_env(obj.get("environment")),
        paths=tuple(_path(p) for p in paths),
        findings=tuple(_finding(f) for f in findings),
        release=_opt_str(obj, "release", "document"),
    )


#: A doctor report is a few hundred kilobytes; anything far larger is not one.
_MAX_BYTES = 32 << 20


def read_document_file(path: str) -> DoctorDocument:
    """The report in the file ``path``; ``ValueError`` with one line saying why not."""
    import json

    from ascend_studio._input import InputError, read_bounded

    try:
        raw = read_bounded(path, _MAX_BYTES)
    except InputError as exc:
        if exc.kind == "too_large":
            raise ValueError(f"{path}: too large for a doctor report") from exc
        raise ValueError(str(exc)) from exc
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: not a JSON document ({exc})") from exc
    return read_document(data)


def live_document(profile: object | None = None) -> DoctorDocument:
    """Doctor on this machine now, for ``profile`` (a Profile; the empty one by default),
    read back through its JSON so that it is exactly what a saved report gives."""
    import json

    from ascend_studio.doctor._inputs import Inputs
    from ascend_studio.doctor._render import report_json
    from ascend_studio.doctor._run import run_doctor, watched_variables
    from ascend_studio.machine import take_snapshot
    from ascend_studio.profile import Profile
    from ascend_studio.schema import shipped_catalog

    catalog = shipped_catalog()
    names = watched_variables(catalog)
    snapshot = take_snapshot(lambda name: name in names)
    inputs = Inputs(profile=profile if isinstance(profile, Profile) else Profile())
    report = run_doctor(snapshot, inputs, catalog)
    return read_document(json.loads(json.dumps(report_json(report))))
