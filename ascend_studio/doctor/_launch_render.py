"""``launch-check`` output: the per-rank environment table and the findings.

Variables every rank gets alike are listed once above the table; the table's
columns are the variables that differ between ranks, then the rank's working
directory and where its output is redirected. JSON: format
``ascend-studio-launch-check``, version 1.
"""

from __future__ import annotations

import posixpath
import unicodedata
from typing import Any

from ascend_studio._words import counted, printable, say
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


def _width(text: str) -> int:
    """Terminal columns ``text`` takes (a Han character takes two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _line(cells: list[str], widths: list[int]) -> str:
    padded = [c + " " * (w - _width(c)) for c, w in zip(cells, widths, strict=True)]
    return ("  " + "  ".join(padded)).rstrip()


def _table(report: LaunchReport, lang: str) -> list[str]:
    base = report.start_cwd
    cwds = {r.cwd for r in report.ranks}
    heads = [say("rank", lang), *report.varying]
    if len(cwds) > 1:
        heads.append(say("cwd", lang))
    heads.append(say("output", lang))
    rows = []
    for r in report.ranks:
        cells = [str(r.index), *(r.env.get(n, "-") for n in report.varying)]
        if len(cwds) > 1:
            cells.append(_short(r.cwd or "?", base))
        cells.append(_short(r.writes[0], base) if r.writes else "-")
        rows.append(cells)
    widths = [max(_width(h), *(_width(row[i]) for row in rows)) for i, h in enumerate(heads)]
    return [_line(heads, widths), *(_line(row, widths) for row in rows)]


def _header(report: LaunchReport, lang: str) -> str:
    name = posixpath.basename(report.script)
    if report.loop is None:
        return say("launch-check: {name}: no per-device loop", lang, name=name)
    where = posixpath.basename(report.loop_file or report.script)
    if report.capped:
        text = (
            "launch-check: {name}: the first {ranks} from `{loop}` ({file}, line {line}); "
            "the loop runs longer"
        )
    elif report.count_unknown and not report.ranks:
        text = (
            "launch-check: {name}: `{loop}` ({file}, line {line}) runs a number of times "
            "known only at run time"
        )
    else:
        text = "launch-check: {name}: {ranks} from `{loop}` ({file}, line {line})"
    ranks = counted(len(report.ranks), "rank", lang)
    return say(
        text, lang, name=name, ranks=ranks, loop=report.loop, file=where, line=report.loop_line
    )


def _common(report: LaunchReport, lang: str) -> str:
    known = [n for n in _KNOWN_FIRST if n in report.common]
    shown = [f"{n}={_short(report.common[n], report.start_cwd)}" for n in known]
    others = len(report.common) - len(known)
    if others:
        shown.append(say("(+{count} more)", lang, count=others))
    return f"  {say('every rank', lang)}: " + ("  ".join(shown) or say("(none)", lang))


def launch_text(report: LaunchReport, lang: str = "en") -> str:
    lines = [_header(report, lang), f"  {say('started in', lang)}: {report.start_cwd}"]
    if report.ranks:
        lines += [_common(report, lang), *_table(report, lang)]
        program = next((r.program for r in report.ranks if r.program), None)
        if program:
            lines.append(f"  {say('each rank runs', lang)}: {program}")
    tally = ", ".join(counted(n, s, lang) for s, n in counts(report.findings).items())
    lines.append(f"  {say('findings', lang)}: {tally}")
    for f in report.findings:
        lines += finding_lines(f, lang)
    return "\n".join(printable(line) for line in lines) + "\n"


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
        "count_capped": report.capped,
        "count_unknown": report.count_unknown,
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
                "unknown": list(r.unknown),
            }
            for r in report.ranks
        ],
        "findings": [finding_json(f) for f in report.findings],
        "counts": counts(report.findings),
    }
