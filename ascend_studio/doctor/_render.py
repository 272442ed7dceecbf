"""``doctor`` output: text for a terminal, and the JSON document the app opens.

The finding blocks read like ``validate``'s (severity, id, subject; message, fix,
source). The JSON document (format ``ascend-studio-doctor``, version 1) holds
the machine snapshot, the environment, every artifact's folder with what the
file system said, and the findings, so the report can be read on another machine.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ascend_studio._words import counted, origin_text, printable, say
from ascend_studio.doctor._model import Finding, counts
from ascend_studio.doctor._paths import PathRow, size_text
from ascend_studio.doctor._run import DoctorReport
from ascend_studio.machine import DirProbe, MachineSnapshot, adapter_tag, snapshot_json
from ascend_studio.schema import Text, cited

__all__ = ["FORMAT", "finding_json", "finding_lines", "report_json", "report_text"]

FORMAT = "ascend-studio-doctor"
VERSION = 1


def _text(text: Text | None) -> dict[str, str] | None:
    return None if text is None else {"zh": text.zh, "en": text.en}


# -- text -------------------------------------------------------------------------------------


def _installed_lines(m: MachineSnapshot, lang: str) -> list[str]:
    kit = m.toolkit
    if kit is None:
        looked = ", ".join(p.split(" (")[0] for p in m.toolkit_looked)
        toolkit = say("not found (looked in {places})", lang, places=looked)
    else:
        toolkit = f"{kit.package} {kit.version or kit.inner_version} ({kit.found_in})"
    rows = [("CANN toolkit", toolkit)]
    for label, comp in (("driver", m.driver), ("firmware", m.firmware), ("tfplugin", m.tfplugin)):
        rows.append(
            (label, f"{comp.version} ({comp.found_in})" if comp else say("not found", lang))
        )
    for name in ("npu_bridge", "npu_device", "tensorflow"):
        pkg = m.package(name) or (m.package("tensorflow-cpu") if name == "tensorflow" else None)
        if pkg is None:
            rows.append((name, say("not installed", lang)))
            continue
        tag = adapter_tag(pkg) if name == "npu_bridge" else None
        rows.append((name, pkg.version + (f" (tag {tag})" if tag else "")))
    rows.append(("Python", m.process.python))
    ids = m.devices.ids
    rows.append(("NPUs", ", ".join(f"davinci{i}" for i in ids) if ids else say("none", lang)))
    shown = [(say(label, lang), value) for label, value in rows]
    width = max(_width(label) for label, _ in shown) + 1
    return [f"    {label}{' ' * (width - _width(label))}{value}" for label, value in shown]


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _state(row: PathRow, probe: DirProbe, lang: str) -> str:
    """Whether the place can be written; for a file, or a folder known only in part,
    it is the folder that was checked (``row.folder``), not the file itself."""
    path = row.resolution.path or ""
    own = path if row.resolution.artifact.type == "dir" else path.rpartition("/")[0]
    whole = row.folder is not None and own == row.folder and row.resolution.artifact.type == "dir"
    if probe.exists:
        state = say("exists, writable" if whole else "folder exists, writable", lang)
    elif row.resolution.artifact.must_exist:
        state = say("must exist", lang)
    else:
        state = say("created by the job", lang)
    if probe.free_bytes is not None:
        state += "; " + say("{size} free", lang, size=size_text(probe.free_bytes))
    if row.folder is not None and own != row.folder:
        state += " (" + say("checked: {folder}", lang, folder=row.folder) + ")"
    return state


def _status(row: PathRow, lang: str) -> str:
    probe = row.probe
    if probe is None:
        return say("known at run time", lang)
    if probe.blocked_by:
        return f"{say('not writable', lang)} ({probe.blocked_by})"
    if probe.read_only:
        return say("read-only", lang)
    if not probe.writable:
        return say("not writable", lang)
    return _state(row, probe, lang)


def _profile_from(report: DoctorReport, lang: str) -> str:
    """``train.py (line 12, in function main (line 3))``, the location in ``lang``."""
    if report.inputs.profile_where is None:
        return report.inputs.profile_from or ""
    path, where = report.inputs.profile_where
    return f"{path}（{where.get(lang)}）" if lang == "zh" else f"{path} ({where.get(lang)})"


def finding_lines(f: Finding, lang: str) -> list[str]:
    subject = f"  [{f.subject}]" if f.subject else ""
    lines = [f"  {say(f.severity, lang):<7} {f.check}{subject}", f"          {f.message.get(lang)}"]
    if f.fix is not None:
        lines.append(f"          {say('fix', lang)}: {f.fix.get(lang)}")
    lines.append(f"          {say('source', lang)}: {cited(f.source, lang)}")
    return lines


def _head(report: DoctorReport, lang: str) -> str:
    m, ctx = report.machine, report.context
    head = say(
        "doctor: {host}, user {user}, working directory {cwd}",
        lang,
        host=m.process.hostname,
        user=m.process.user,
        cwd=ctx.cwd or "?",
    )
    if ctx.device_id is not None:
        head += say(", device id {device}", lang, device=ctx.device_id)
    return head


def _environment_lines(report: DoctorReport, lang: str) -> list[str]:
    set_rows = [r for r in report.environment if r.value is not None]
    lines = [f"  {say('environment', lang)}:"]
    lines += [f"    {r.name} = {r.value}   [{origin_text(r.origin, lang)}]" for r in set_rows]
    unset = counted(len(report.environment) - len(set_rows), "other known variable", lang)
    lines.append("    " + say("({count} not set)", lang, count=unset))
    return lines


def report_text(report: DoctorReport, lang: str = "en") -> str:
    lines = [_head(report, lang)]
    if report.inputs.profile_from:
        lines.append(f"  {say('configuration', lang)}: {_profile_from(report, lang)}")
    lines += [f"  {say('installed', lang)}:", *_installed_lines(report.machine, lang)]
    lines.append(f"  {say('target release', lang)}: {report.release.get(lang)}")
    lines += _environment_lines(report, lang)
    lines.append(f"  {say('output folders', lang)}:")
    for row in report.rows:
        if row.resolution.produced:
            lines.append(f"    {row.id:<21} {row.resolution.path}   {_status(row, lang)}")
    found = report.findings
    tally = ", ".join(counted(n, s, lang) for s, n in counts(found).items())
    lines.append(f"  {say('findings', lang)}: {tally}")
    for f in found:
        lines += finding_lines(f, lang)
    return "\n".join(printable(line) for line in lines) + "\n"


# -- JSON -------------------------------------------------------------------------------------


def finding_json(f: Finding) -> dict[str, Any]:
    return {
        "check": f.check,
        "severity": f.severity,
        "message": _text(f.message),
        "fix": _text(f.fix),
        "source": f.source,
        "subject": f.subject,
        "path": f.path,
    }


def _row_json(row: PathRow) -> dict[str, Any]:
    res, probe = row.resolution, row.probe
    art = res.artifact
    return {
        "id": art.id,
        "name": _text(art.name),
        "type": art.type,
        "produced": res.produced,
        "path": res.path,
        "folder": row.folder,
        "min_free_mb": art.min_free_mb,
        "must_exist": art.must_exist,
        "probe": None
        if probe is None
        else {
            "exists": probe.exists,
            "existing": probe.existing,
            "blocked_by": probe.blocked_by,
            "writable": probe.writable,
            "read_only": probe.read_only,
            "free_bytes": probe.free_bytes,
            "total_bytes": probe.total_bytes,
            "mount": probe.mount,
            "fs_type": probe.fs_type,
        },
    }


def report_json(report: DoctorReport) -> dict[str, Any]:
    ctx = report.context
    return {
        "format": FORMAT,
        "version": VERSION,
        "machine": snapshot_json(report.machine),
        "inputs": {"files": report.inputs.files, "configuration": report.inputs.profile_from},
        "target": _text(report.release),
        "release": report.release_id,
        "context": {
            "cwd": ctx.cwd,
            "home": ctx.home,
            "device_id": None if ctx.device_id is None else str(ctx.device_id),
        },
        "environment": [
            {"name": r.name, "value": r.value, "origin": r.origin} for r in report.environment
        ],
        "paths": [_row_json(row) for row in report.rows],
        "findings": [finding_json(f) for f in report.findings],
        "counts": counts(report.findings),
    }
