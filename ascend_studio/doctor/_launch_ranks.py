"""Ranks, rank ids and devices: the checks ``launch-check`` runs across the ranks.

Each takes the ranks (:class:`~ascend_studio.doctor._shrun.RankRun`) and returns
findings; a problem several ranks share is reported once, naming the ranks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ascend_studio._words import counted
from ascend_studio.doctor._model import Finding, Severity, finding
from ascend_studio.doctor._ranktable import RankTable
from ascend_studio.doctor._shrun import RankRun
from ascend_studio.doctor._visible import device_findings, read_visible
from ascend_studio.schema import Catalog, Text

__all__ = ["device_checks", "int_value", "rank_checks", "ranks_text", "text_value"]


def ranks_text(indexes: Iterable[int]) -> str:
    """``0-7``, ``0, 3, 5``."""
    found = sorted(set(indexes))
    if len(found) > 2 and found == list(range(found[0], found[-1] + 1)):
        return f"{found[0]}-{found[-1]}"
    return ", ".join(map(str, found))


def text_value(rank: RankRun, name: str) -> str | None:
    value = rank.env.get(name)
    return None if value is None else value.text


def unknown_value(rank: RankRun, name: str) -> bool:
    """The rank gets ``name``, but its value is known only at run time."""
    value = rank.env.get(name)
    return value is not None and not value.exact


def shared_rank_id(ranks: list[RankRun]) -> bool:
    """Every rank gets the same known RANK_ID (the older launchers' job identifier)."""
    texts = {text_value(r, "RANK_ID") for r in ranks}
    unknown = any(unknown_value(r, "RANK_ID") for r in ranks)
    return len(ranks) > 1 and len(texts) == 1 and not unknown


def int_value(rank: RankRun, name: str) -> int | None:
    value = rank.env.get(name)
    if value is None or not value.exact or not value.text.strip().isdigit():
        return None
    return int(value.text)


# -- ranks, sizes, ids -------------------------------------------------------------------------


def _size_finding(zh: str, en: str, catalog: Catalog, fix: Text | None = None) -> list[Finding]:
    return [
        finding(
            "launch.rank_size", "warning", Text(zh=zh, en=en), catalog, fix=fix, subject="RANK_SIZE"
        )
    ]


def _sizes(ranks: list[RankRun], table: RankTable | None, catalog: Catalog) -> list[Finding]:
    """RANK_SIZE against the ranks started and the rank table (all warnings: the
    documents state what it means, not that a mismatch stops the job)."""
    texts = {text_value(r, "RANK_SIZE") for r in ranks}
    n = len(ranks)
    if texts == {None}:
        if n < 2:
            return []
        fix = Text(zh=f"export RANK_SIZE={n}", en=f"export RANK_SIZE={n}")
        return _size_finding(
            f"启动了 {n} 个 rank，但没有设置 RANK_SIZE：TF Adapter 与图引擎读它，各进程都按单卡运行。",
            f"{n} ranks are started but RANK_SIZE is not set: TF Adapter and the graph engine "
            "read it, so each process runs as if alone.",
            catalog,
            fix,
        )
    if len(texts) > 1:
        shown = ", ".join(sorted(t or "unset" for t in texts))
        return _size_finding(
            f"各 rank 的 RANK_SIZE 不一致：{shown}。",
            f"The ranks disagree on RANK_SIZE: {shown}.",
            catalog,
        )
    size = int_value(ranks[0], "RANK_SIZE")
    if size is not None and table is not None and table.size and size != table.size:
        return _size_finding(
            f"RANK_SIZE={size}，但 rank table 列出 {table.size} 个设备。",
            f"RANK_SIZE={size} but the rank table lists {table.size} devices.",
            catalog,
            Text(zh="两者须一致。", en="Make them agree."),
        )
    servers = len({d.server for d in table.devices}) if table is not None else 1
    if size is None or size == n or (size > n and servers > 1):
        return []
    waits = "" if size < n else "; the group waits for the missing ranks until it times out"
    return _size_finding(
        f"RANK_SIZE={size}，但该脚本启动 {n} 个 rank。",
        f"RANK_SIZE={size} but this script starts {counted(n, 'rank')}{waits}.",
        catalog,
    )


def _unsure(ranks: list[RankRun]) -> str | None:
    """A file some rank sources or runs that could not be read, if any."""
    return next((u for r in ranks for u in r.unread), None)


def _legacy_rank_id(value: str, shared: bool, catalog: Catalog) -> Finding:
    """One RANK_ID for every rank, or a word: the older launchers' job identifier."""
    lead_zh = "各 rank 的 RANK_ID 都是" if shared else "RANK_ID="
    lead_en = "Every rank gets RANK_ID=" if shared else "RANK_ID="
    return finding(
        "launch.rank_ids",
        "warning",
        Text(
            zh=f"{lead_zh}{value}；RANK_ID 页要求它等于 rank table 中本 rank 的 rank_id（旧启动脚本把它当作作业标识，是否仍被接受取决于所装版本）。",
            en=f"{lead_en}{value}; the RANK_ID page requires each process's own rank_id from "
            "the rank table (older launch scripts used it as a job identifier; whether that "
            "is still accepted depends on the installed release).",
        ),
        catalog,
        fix=Text(
            zh="在循环中 export RANK_ID=<本 rank 的编号>。",
            en="export RANK_ID=<this rank's number> in the loop.",
        ),
        subject="RANK_ID",
    )


def _unread_note(ranks: list[RankRun]) -> tuple[str | None, str, str]:
    """(unread file, zh note, en note) for findings an unread file may overturn."""
    unread = _unsure(ranks)
    if unread is None:
        return None, "", ""
    return (
        unread,
        f"（{unread} 未能读取，可能另有设置）",
        f" ({unread} could not be read and may set it otherwise)",
    )


def _unknown_rank_ids(ranks: list[RankRun], catalog: Catalog) -> list[Finding]:
    who = [i for i, r in enumerate(ranks) if unknown_value(r, "RANK_ID")]
    if not who:
        return []
    written = text_value(ranks[who[0]], "RANK_ID")
    return [
        finding(
            "launch.rank_ids",
            "info",
            Text(
                zh=f"第 {ranks_text(who)} 个 rank 的 RANK_ID={written} 要到运行时才知道；rank 编号不作检查。",
                en=f"RANK_ID={written} is known only at run time (ranks {ranks_text(who)}); "
                "the rank ids are not checked.",
            ),
            catalog,
            subject="RANK_ID",
        )
    ]


def _rank_ids(ranks: list[RankRun], catalog: Catalog) -> list[Finding]:
    texts = [text_value(r, "RANK_ID") for r in ranks]
    if all(t is None for t in texts):
        return []
    if any(unknown_value(r, "RANK_ID") for r in ranks):
        return _unknown_rank_ids(ranks, catalog)
    shared = shared_rank_id(ranks)
    odd = sorted({t for t in texts if t is not None and not t.isdigit()})
    if shared or odd:
        return [_legacy_rank_id(odd[0] if odd else str(texts[0]), shared, catalog)]
    ids = [int(t) for t in texts if t is not None]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if not twice:
        return []
    owners = ranks_text(i for i, t in enumerate(texts) if t is not None and int(t) in twice)
    unread, more_zh, more_en = _unread_note(ranks)
    listed = ", ".join(map(str, twice))
    verb = "are each" if len(twice) > 1 else "is"
    message = Text(
        zh=f"RANK_ID {listed} 被多个 rank 使用（第 {owners} 个进程）{more_zh}。",
        en=f"RANK_ID {listed} {verb} used by several ranks (processes {owners}){more_en}.",
    )
    severity: Severity = "warning" if unread else "error"
    return [finding("launch.rank_ids", severity, message, catalog, subject="RANK_ID")]


def _table_findings(
    missing: list[int], differ: list[tuple[int, str, int]], catalog: Catalog
) -> list[Finding]:
    found = []
    if missing:
        found.append(
            finding(
                "launch.rank_table.mismatch",
                "error",
                Text(
                    zh=f"RANK_ID {ranks_text(missing)} 在 rank table 中没有对应项。",
                    en=f"RANK_ID {ranks_text(missing)} has no entry in the rank table.",
                ),
                catalog,
                subject="RANK_ID",
            )
        )
    if differ:
        who = ranks_text(r for r, _, _ in differ)
        pairs = "; ".join(f"rank {r}: {t} / {e}" for r, t, e in differ[:3])
        pairs += "; …" if len(differ) > 3 else ""
        message = Text(
            zh=f"rank {who} 的 rank table device_id 与 ASCEND_DEVICE_ID 不同（{pairs}）；rank table 的 device_id 优先。",
            en=f"For ranks {who} the rank table's device_id differs from ASCEND_DEVICE_ID "
            f"(table / variable: {pairs}); the table's device_id takes precedence.",
        )
        found.append(
            finding(
                "launch.rank_table.mismatch",
                "warning",
                message,
                catalog,
                subject="ASCEND_DEVICE_ID",
            )
        )
    return found


def _table_devices(ranks: list[RankRun], table: RankTable, catalog: Catalog) -> list[Finding]:
    by_rank = {d.rank_id: d for d in table.devices if d.rank_id is not None}
    missing: list[int] = []
    differ: list[tuple[int, str, int]] = []
    for rank in ranks:
        rank_id = int_value(rank, "RANK_ID")
        if rank_id is None:
            continue
        entry = by_rank.get(rank_id)
        device = int_value(rank, "ASCEND_DEVICE_ID")
        if entry is None:
            missing.append(rank_id)
        elif device is not None and entry.device_id.isdigit() and int(entry.device_id) != device:
            differ.append((rank_id, entry.device_id, device))
    return _table_findings(missing, differ, catalog)


def rank_checks(
    ranks: list[RankRun], table: RankTable | None, catalog: Catalog, *, all_ranks: bool = True
) -> list[Finding]:
    """``all_ranks``: the ranks are every rank the script starts (else RANK_SIZE is not
    compared with their number)."""
    found = (_sizes(ranks, table, catalog) if all_ranks else []) + _rank_ids(ranks, catalog)
    if table is not None and table.devices and not shared_rank_id(ranks):
        found += _table_devices(ranks, table, catalog)
    return found


# -- devices -----------------------------------------------------------------------------------


def _device(
    rank: RankRun, table: RankTable | None, *, shared_rank_id: bool = False
) -> tuple[str, int] | None:
    """(server, physical device) a rank lands on, when the script says: the rank table's
    entry for the rank's RANK_ID first (its device_id takes precedence over
    ASCEND_DEVICE_ID); a device named only by the variables is on this server ("")."""
    rank_id = int_value(rank, "RANK_ID")
    if table is not None and rank_id is not None and not shared_rank_id:
        entry = next((d for d in table.devices if d.rank_id == rank_id), None)
        if entry is not None and entry.device_id.isdigit():
            return entry.server, int(entry.device_id)
    index = int_value(rank, "ASCEND_DEVICE_ID")
    if index is None:
        device = int_value(rank, "DEVICE_ID")
        return None if device is None else ("", device)
    visible = rank.env.get("ASCEND_RT_VISIBLE_DEVICES")
    if visible is None:
        return "", index
    if not visible.exact:
        return None
    ids = read_visible(visible.text).ids
    return ("", ids[index]) if index < len(ids) else None


def _merged(per_rank: list[tuple[int, Finding]]) -> list[Finding]:
    """One finding per problem several ranks share (their values may differ)."""
    groups: dict[tuple[str, str], list[tuple[int, Finding]]] = {}
    for index, f in per_rank:
        shape = re.sub(r"\d+", "#", f.message.en)
        groups.setdefault((f.check, shape), []).append((index, f))
    merged = []
    for group in groups.values():
        first_index, first = group[0]
        message = first.message
        if len(group) > 1:
            others = ranks_text(i for i, _ in group[1:])
            message = Text(
                zh=f"rank {first_index}：{message.zh} rank {others} 同样如此。",
                en=f"Rank {first_index}: {message.en} Likewise ranks {others}.",
            )
        who = ranks_text(i for i, _ in group)
        merged.append(
            Finding(
                first.check,
                first.severity,
                message,
                first.source,
                first.fix,
                f"ranks {who}",
                first.path,
            )
        )
    return merged


def device_checks(
    ranks: list[RankRun], table: RankTable | None, cards: int | None, catalog: Catalog
) -> list[Finding]:
    per_rank = []
    for index, rank in enumerate(ranks):
        env = {n: v.text for n, v in rank.env.items() if v.exact}
        per_rank += [(index, f) for f in device_findings(env, cards, catalog)]
    found = _merged(per_rank)
    shared = shared_rank_id(ranks)
    devices = [_device(r, table, shared_rank_id=shared) for r in ranks]
    known = [d for d in devices if d is not None]
    twice = sorted({d for d in known if known.count(d) > 1})
    if twice:
        owners = [i for i, d in enumerate(devices) if d in twice]
        unread, more_zh, more_en = _unread_note(ranks)
        listed = ", ".join(f"{d} ({server})" if server else str(d) for server, d in twice)
        lead = "Devices" if len(twice) > 1 else "Device"
        verb = "are" if len(twice) > 1 else "is"
        found.append(
            finding(
                "launch.device_ids",
                "warning" if unread else "error",
                Text(
                    zh=f"设备 {listed} 被多个 rank 使用（第 {ranks_text(owners)} 个进程）；每个 rank 需要自己的设备{more_zh}。",
                    en=f"{lead} {listed} {verb} used by several ranks (processes "
                    f"{ranks_text(owners)}); each rank needs its own device{more_en}.",
                ),
                catalog,
                subject="devices",
            )
        )
    return found
