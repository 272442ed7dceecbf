"""``launch-check``: a multi-card launch script expanded per rank, and the ranks checked.

:func:`~ascend_studio.doctor._shrun.follow_script` gives each rank's environment,
working directory, programs and redirected output; the checks here compare the
ranks with each other (rank ids, devices, RANK_SIZE, timeouts, shared output
files), with the rank table and with ASCEND_RT_VISIBLE_DEVICES as the runtime
reads it. Nothing is run.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path

from ascend_studio.doctor._launch_loops import count_known, loop_findings, loop_header
from ascend_studio.doctor._launch_outputs import hccl_checks, output_checks
from ascend_studio.doctor._launch_ranks import device_checks, rank_checks
from ascend_studio.doctor._launch_table import table_checks
from ascend_studio.doctor._model import Finding
from ascend_studio.doctor._shrun import DEVICE_VARS, RankRun, follow_script
from ascend_studio.schema import Catalog

__all__ = ["LaunchReport", "RankRow", "launch_check"]


@dataclass(frozen=True)
class RankRow:
    index: int
    value: str
    env: dict[str, str]
    cwd: str | None
    program: str | None
    writes: tuple[str, ...]
    #: Variables whose value is known only at run time (shown as the script writes it).
    unknown: tuple[str, ...] = ()


@dataclass(frozen=True)
class LaunchReport:
    script: str
    loop: str | None
    loop_line: int | None
    loop_file: str | None
    start_cwd: str
    ranks: tuple[RankRow, ...]
    #: Variables every rank gets with the same value.
    common: dict[str, str]
    #: Variables whose value differs between ranks (the table's columns).
    varying: tuple[str, ...]
    findings: tuple[Finding, ...]
    assumed_count: bool = False
    #: More passes than were expanded: the number of ranks is not known.
    capped: bool = False
    #: A device loop whose count only the run knows: the ranks are not all shown.
    count_unknown: bool = False


def _program(rank: RankRun) -> str | None:
    """What the rank runs, from the program on (past ``nohup``, ``taskset -c ...``)."""
    for launched in reversed(rank.launched):
        words = list(launched.words)
        start = next(
            (
                i
                for i, w in enumerate(words)
                if posixpath.basename(w).startswith("python") or w.endswith((".py", ".sh"))
            ),
            None,
        )
        if start is not None:
            return " ".join(words[start : start + 3])
    return None


def _output(rank: RankRun) -> tuple[str, ...]:
    """Where the rank's output goes: truncating redirections first (``>``), then appends."""
    first = [w.path for w in rank.writes if w.op != ">>"]
    return tuple(first + [w.path for w in rank.writes if w.op == ">>"])


def _rows(ranks: list[RankRun]) -> list[RankRow]:
    return [
        RankRow(
            index=i,
            value=rank.value,
            env={n: v.text for n, v in rank.env.items()},
            cwd=rank.cwd,
            program=_program(rank),
            writes=_output(rank),
            unknown=tuple(n for n, v in rank.env.items() if not v.exact),
        )
        for i, rank in enumerate(ranks)
    ]


def _columns(rows: list[RankRow]) -> tuple[dict[str, str], tuple[str, ...]]:
    """Variables every rank gets alike, and the table's columns. A device variable
    known only at run time (``RANK_ID=$((s*8+d))``) is a column: the text is alike,
    the values need not be."""
    names = sorted({n for r in rows for n in r.env})
    common: dict[str, str] = {}
    varying: list[str] = []
    for name in names:
        values = {r.env.get(name) for r in rows}
        unknown = name in DEVICE_VARS and any(name in r.unknown for r in rows)
        if len(values) == 1 and None not in values and not (unknown and len(rows) > 1):
            common[name] = rows[0].env[name]
        else:
            varying.append(name)
    first = [n for n in DEVICE_VARS if n in varying]
    return common, tuple(first + [n for n in varying if n not in first])


def launch_check(
    path: Path, catalog: Catalog, *, cards: int | None = None, cwd: str | None = None
) -> LaunchReport:
    """Expand the launch script ``path`` per rank and check the ranks."""
    out = follow_script(path, cwd=cwd, cards=cards)
    rows = _rows(out.ranks)
    common, varying = _columns(rows)
    found = loop_findings(out, catalog, cards)
    if out.ranks:
        table, table_found = table_checks(out.ranks, catalog)
        found += table_found
        found += rank_checks(out.ranks, table, catalog, all_ranks=count_known(out))
        found += device_checks(out.ranks, table, cards, catalog)
        found += hccl_checks(out.ranks, catalog)
        found += output_checks(out.ranks, catalog)
    order = {"error": 0, "warning": 1, "info": 2}
    found.sort(key=lambda f: order[f.severity])
    return LaunchReport(
        script=str(path),
        loop=loop_header(out),
        loop_line=out.loop.line if out.loop else None,
        loop_file=out.loop_file or None,
        start_cwd=out.start_cwd,
        ranks=tuple(rows),
        common=common,
        varying=varying,
        findings=tuple(found),
        assumed_count=out.assumed_count,
        capped=out.capped,
        count_unknown=out.unknown_loop is not None,
    )
