"""``launch-check`` output: the per-rank environment table and the findings.

Variables every rank gets alike are listed once above the table; the table's
columns are the variables that differ between ranks, then the rank's working
directory and where its output is redirected. JSON: format
``ascend-studio-launch-check``, version 1.
"""

from __future__ import annotations

import posixpath
from typing import Any

from ascend_studio._words import counted
from ascend_studio.doctor._launch import LaunchReport
from ascend_studio.doctor._model import counts
from ascend_studio.doctor._render import finding_json, finding_lines

__all__ = ["FORMAT", "launch_json", "launch_text"]

FORMAT = "ascend-studio-launch-check"
#: Variables shown in full above the table; the rest of the common ones are counted.
_KNOWN_FIRST = (
    "RANK_SIZE",
    "RANK_TABLE_FILE",
    "JOB_ID",
    "HCCL_CONNECT_TIMEOUT",
    "HCCL_EXEC_TIMEOUT",
)
_MAX_CELL = 60


def _short(text: str, base: str) -> str:
    if base and text.startswith(base.rstrip("/") + "/"):
        text = "./" + text[len(base.rstrip("/")) + 1 :]
    return text if len(text) <= _MAX_CELL else "…" + text[-(_MAX_CELL - 1) :]


def _table(report: LaunchReport) -> list[str]:
    base = report.start_cwd
    cwds = {r.cwd for r in report.ranks}
    heads = ["rank", *report.varying]
    if len(cwds) > 1:
        heads.append("cwd")
    heads.append("output")
    rows = []
    for r in report.ranks:
        cells = [str(r.index), *(r.env.get(n, "-") for n in report.varying)]
        if len(cwds) > 1:
            cells.append(_short(r.cwd or "?", base))
        cells.append(_short(r.writes[0], base) if r.writes else "-")
        rows.append(cells)
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(heads)]
    lines = ["  " + "  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip()]
    for row in rows:
        lines.append(
            "  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
        )
    return lines


def launch_text(report: LaunchReport, lang: str = "en") -> str:
    name = posixpath.basename(report.script)
    if report.loop is None:
        lines = [f"launch-check: {name}: no per-device loop"]
    else:
        where = posixpath.basename(report.loop_file or report.script)
        lines = [
            f"launch-check: {name}: {len(report.ranks)} ranks from `{report.loop}` "
            f"({where}, line {report.loop_line})"
        ]
    lines.append(f"  started in: {report.start_cwd}")
    if report.ranks:
        known = [n for n in _KNOWN_FIRST if n in report.common]
        shown = [f"{n}={_short(report.common[n], report.start_cwd)}" for n in known]
        others = len(report.common) - len(known)
        lines.append(
            "  every rank: " + "  ".join(shown) + (f"  (+{others} more)" if others else "")
        )
        lines += _table(report)
        program = next((r.program for r in report.ranks if r.program), None)
        if program:
            lines.append(f"  each rank runs: {program}")
    tally = ", ".join(counted(n, s, lang) for s, n in counts(report.findings).items())
    lines.append(f"  findings: {tally}")
    for f in report.findings:
        lines += finding_lines(f, lang)
    return "\n".join(lines) + "\n"


def launch_json(report: LaunchReport) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": 1,
        "script": report.script,
        "started_in": report.start_cwd,
        "loop": None
        if report.loop is None
        else {"text": report.loop, "file": report.loop_file, "line": report.loop_line},
        "count_assumed": report.assumed_count,
        "common": report.common,
        "varying": list(report.varying),
        "ranks": [
            {
                "index": r.index,
                "value": r.value,
                "env": r.env,
                "cwd": r.cwd,
                "program": r.program,
                "writes": list(r.writes),
            }
            for r in report.ranks
        ],
        "findings": [finding_json(f) for f in report.findings],
        "counts": counts(report.findings),
    }
