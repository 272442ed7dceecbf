"""``doctor`` output: text for a terminal, and the JSON document the app opens.

The finding blocks read like ``validate``'s (severity, id, subject; message, fix,
source). The JSON document (format ``ascend-studio-doctor``, version 1) holds
the machine snapshot, the environment, every artifact's folder with what the
file system said, and the findings, so the report can be read on another machine.
"""

from __future__ import annotations

from typing import Any

from ascend_studio._words import counted, say
from ascend_studio.doctor._model import Finding, counts
from ascend_studio.doctor._paths import PathRow, size_text
from ascend_studio.doctor._run import DoctorReport
from ascend_studio.machine import MachineSnapshot, adapter_tag, snapshot_json
from ascend_studio.schema import Text

__all__ = ["FORMAT", "finding_json", "finding_lines", "report_json", "report_text"]

FORMAT = "ascend-studio-doctor"
VERSION = 1

_WORDS_ZH = {
    "installed": "已安装",
    "not found": "未找到",
    "not installed": "未安装",
    "none": "无",
    "target release": "目标版本",
    "environment": "环境变量",
    "output folders": "输出目录",
    "findings": "检查结果",
    "exists, writable": "已存在，可写",
    "created by the job": "作业运行时创建",
    "must exist": "必须事先存在",
    "not writable": "不可写",
    "read-only": "只读",
    "free": "可用",
    "known at run time": "运行时才知道",
    "looked in": "查找过",
    "checked": "检查的是",
    "working directory": "工作目录",
    "user": "用户",
    "device id": "设备 ID",
    "more known variables are not set": "个已知变量未设置",
}


def _w(word: str, lang: str) -> str:
    return _WORDS_ZH.get(word, say(word, lang)) if lang == "zh" else word


def _text(text: Text | None) -> dict[str, str] | None:
    return None if text is None else {"zh": text.zh, "en": text.en}


# -- text -------------------------------------------------------------------------------------


def _installed_lines(m: MachineSnapshot, lang: str) -> list[str]:
    kit = m.toolkit
    if kit is None:
        looked = ", ".join(p.split(" (")[0] for p in m.toolkit_looked)
        toolkit = f"{_w('not found', lang)} ({_w('looked in', lang)} {looked})"
    else:
        toolkit = f"{kit.package} {kit.version or kit.inner_version} ({kit.found_in})"
    rows = [("CANN toolkit", toolkit)]
    for label, comp in (("driver", m.driver), ("firmware", m.firmware), ("tfplugin", m.tfplugin)):
        rows.append((label, f"{comp.version} ({comp.found_in})" if comp else _w("not found", lang)))
    for name in ("npu_bridge", "npu_device", "tensorflow"):
        pkg = m.package(name) or (m.package("tensorflow-cpu") if name == "tensorflow" else None)
        if pkg is None:
            rows.append((name, _w("not installed", lang)))
            continue
        tag = adapter_tag(pkg) if name == "npu_bridge" else None
        rows.append((name, pkg.version + (f" (tag {tag})" if tag else "")))
    rows.append(("Python", m.process.python))
    ids = m.devices.ids
    rows.append(("NPUs", ", ".join(f"davinci{i}" for i in ids) if ids else _w("none", lang)))
    return [f"    {label:<13} {value}" for label, value in rows]


def _status(row: PathRow, lang: str) -> str:
    probe = row.probe
    if probe is None:
        return _w("known at run time", lang)
    if probe.blocked_by:
        return f"{_w('not writable', lang)} ({probe.blocked_by})"
    if probe.read_only:
        return _w("read-only", lang)
    if not probe.writable:
        return _w("not writable", lang)
    if probe.exists:
        state = _w("exists, writable", lang)
    elif row.resolution.artifact.must_exist:
        state = _w("must exist", lang)
    else:
        state = _w("created by the job", lang)
    if probe.free_bytes is not None:
        state += f"; {size_text(probe.free_bytes)} {_w('free', lang)}"
    path = row.resolution.path or ""
    own = path if row.resolution.artifact.type == "dir" else path.rpartition("/")[0]
    if row.folder is not None and own != row.folder:
        state += f" ({_w('checked', lang)}: {row.folder})"
    return state


def finding_lines(f: Finding, lang: str) -> list[str]:
    subject = f"  [{f.subject}]" if f.subject else ""
    lines = [f"  {say(f.severity, lang):<7} {f.check}{subject}", f"          {f.message.get(lang)}"]
    if f.fix is not None:
        lines.append(f"          {say('fix', lang)}: {f.fix.get(lang)}")
    lines.append(f"          {say('source', lang)}: {f.source}")
    return lines


def report_text(report: DoctorReport, lang: str = "en") -> str:
    m, ctx = report.machine, report.context
    head = (
        f"doctor: {m.process.hostname}, {_w('user', lang)} {m.process.user}, "
        f"{_w('working directory', lang)} {ctx.cwd or '?'}"
    )
    if ctx.device_id is not None:
        head += f", {_w('device id', lang)} {ctx.device_id}"
    lines = [head]
    if report.inputs.profile_from:
        lines.append(f"  configuration: {report.inputs.profile_from}")
    lines += [f"  {_w('installed', lang)}:", *_installed_lines(m, lang)]
    lines.append(f"  {_w('target release', lang)}: {report.release.get(lang)}")
    set_rows = [r for r in report.environment if r.value is not None]
    lines.append(f"  {_w('environment', lang)}:")
    lines += [f"    {r.name} = {r.value}   [{r.origin}]" for r in set_rows]
    unset = len(report.environment) - len(set_rows)
    lines.append(f"    ({unset} {_w('more known variables are not set', lang)})")
    lines.append(f"  {_w('output folders', lang)}:")
    for row in report.rows:
        if row.resolution.produced:
            lines.append(f"    {row.id:<21} {row.resolution.path}   {_status(row, lang)}")
    found = report.findings
    tally = ", ".join(counted(n, s, lang) for s, n in counts(found).items())
    lines.append(f"  {_w('findings', lang)}: {tally}")
    for f in found:
        lines += finding_lines(f, lang)
    return "\n".join(lines) + "\n"


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
