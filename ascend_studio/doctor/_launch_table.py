"""Which rank table the ranks name, and what it says (``launch-check``)."""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

from ascend_studio.doctor._launch_ranks import int_value
from ascend_studio.doctor._model import Finding, Severity, finding
from ascend_studio.doctor._ranktable import RankTable, read_rank_table
from ascend_studio.doctor._shrun import RankRun, Value
from ascend_studio.schema import Catalog, Text

__all__ = ["table_checks"]


def _table_path(rank: RankRun, value: Value) -> str:
    if value.exact and not value.text.startswith("/") and rank.cwd and rank.cwd.startswith("/"):
        return posixpath.normpath(posixpath.join(rank.cwd, value.text))
    return posixpath.normpath(value.text) if value.exact else value.text


def _missing_table(ranks: list[RankRun], catalog: Catalog) -> list[Finding]:
    if any("CM_CHIEF_IP" in r.env for r in ranks):
        return []  # rank-table-free setup (CM_* variables)
    sizes = {int_value(r, "RANK_SIZE") for r in ranks}
    if not any(s is not None and s > 1 for s in sizes):
        return []
    return [
        finding(
            "launch.rank_table.missing",
            "warning",
            Text(
                zh="RANK_SIZE 大于 1，但各 rank 既没有 RANK_TABLE_FILE 也没有 CM_* 免 rank table 组网变量：进程组建立不起来。",
                en="RANK_SIZE is above 1 but the ranks get neither RANK_TABLE_FILE nor the CM_* "
                "rank-table-free variables: no collective communication group can be formed.",
            ),
            catalog,
            fix=Text(
                zh="export RANK_TABLE_FILE=<rank table 文件>。",
                en="export RANK_TABLE_FILE=<rank table file>.",
            ),
            subject="RANK_TABLE_FILE",
        )
    ]


def _different_tables(paths: set[str], catalog: Catalog) -> Finding:
    listed = ", ".join(sorted(paths))
    return finding(
        "launch.rank_table.mismatch",
        "warning",
        Text(
            zh=f"各 rank 的 RANK_TABLE_FILE 不同：{listed}。",
            en=f"The ranks get different RANK_TABLE_FILE values: {listed}.",
        ),
        catalog,
        subject="RANK_TABLE_FILE",
    )


def _unread_table(value: Value, shown: str, catalog: Catalog) -> Finding:
    """The table is not there (warning), or its path is known only at run time (info)."""
    if value.exact and shown.startswith("/") and os.path.isdir(shown):
        severity: Severity = "warning"
        message = Text(
            zh=f"RANK_TABLE_FILE={shown} 是文件夹，不是 rank table 文件。",
            en=f"RANK_TABLE_FILE={shown} is a folder, not a rank table file.",
        )
    elif value.exact and shown.startswith("/"):
        severity = "warning"
        message = Text(
            zh=f"RANK_TABLE_FILE={shown} 不存在（按脚本从其所在目录启动来看）。",
            en=f"RANK_TABLE_FILE={shown} does not exist (taking the script as started from "
            "its own folder).",
        )
    else:
        severity = "info"
        message = Text(
            zh=f"RANK_TABLE_FILE={value.text} 要到运行时才知道，未检查该文件。",
            en=f"RANK_TABLE_FILE={value.text} is known only at run time; the file was not checked.",
        )
    return finding(
        "launch.rank_table.missing",
        severity,
        message,
        catalog,
        subject="RANK_TABLE_FILE",
        path=shown,
    )


def table_checks(ranks: list[RankRun], catalog: Catalog) -> tuple[RankTable | None, list[Finding]]:
    """Read the rank table the ranks name, and check it against the documented format."""
    named = [(r, r.env["RANK_TABLE_FILE"]) for r in ranks if "RANK_TABLE_FILE" in r.env]
    if not named:
        return None, _missing_table(ranks, catalog)
    paths = {_table_path(r, v) for r, v in named}
    found = [_different_tables(paths, catalog)] if len(paths) > 1 else []
    rank, value = named[0]
    shown = _table_path(rank, value)
    file = Path(shown)
    if not value.exact or not shown.startswith("/") or not os.path.lexists(file) or file.is_dir():
        return None, [*found, _unread_table(value, shown, catalog)]
    table = read_rank_table(file, shown, catalog)
    return table, found + table.findings
