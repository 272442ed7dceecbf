"""Timeouts and output files across the ranks (``launch-check``)."""

from __future__ import annotations

import posixpath
from pathlib import Path

from ascend_studio.doctor._launch_ranks import ranks_text, text_value
from ascend_studio.doctor._model import Finding, finding
from ascend_studio.doctor._shrun import RankRun
from ascend_studio.paths import Context, Environment, load_artifacts, resolve
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, Text

__all__ = ["hccl_checks", "output_checks"]

_TIMEOUTS = ("HCCL_EXEC_TIMEOUT", "HCCL_CONNECT_TIMEOUT")


# -- timeouts ----------------------------------------------------------------------------------


def _entry_profile(rank: RankRun) -> Profile | None:
    """The configuration of the Python script the rank starts, read like ``validate``."""
    from ascend_studio.codegen import import_file  # the importers: only when a script is found

    for launched in reversed(rank.launched):
        script = next((w for w in launched.words if w.endswith(".py")), None)
        if script is None:
            continue
        where = script if script.startswith("/") else posixpath.join(launched.cwd or "", script)
        if not Path(where).is_file():
            return None
        result = import_file(where)
        found = [c for c in result.configs if c.line is not None and result.dialect == "python"]
        return found[0].profile_as_written() if found else None
    return None


def hccl_checks(ranks: list[RankRun], catalog: Catalog) -> list[Finding]:
    from ascend_studio.rules import evaluate  # the rule engine: only for launch scripts with ranks

    found = []
    for name in _TIMEOUTS:
        values = {text_value(r, name) for r in ranks}
        if len(values) > 1:
            shown = ", ".join(sorted(v or "unset" for v in values))
            found.append(
                finding(
                    "launch.hccl_timeout",
                    "warning",
                    Text(
                        zh=f"各 rank 的 {name} 不一致（{shown}）：超时最短的 rank 先放弃，其余 rank 随后等待失败。",
                        en=f"The ranks disagree on {name} ({shown}): the rank with the shortest "
                        "timeout gives up first and the others then fail waiting for it.",
                    ),
                    catalog,
                    fix=Text(
                        zh=f"在循环外为所有 rank 设置同一个 {name}。",
                        en=f"Set one {name} for every rank, outside the loop.",
                    ),
                    subject=name,
                )
            )
    profile = _entry_profile(ranks[0]) or Profile()
    env = {n: v.text for n, v in ranks[0].env.items() if v.exact}
    seen: set[str] = set()
    for d in evaluate(profile.model_copy(update={"env": env}), catalog):
        about = [p for p in d.params if p == "hccl_timeout" or p.startswith("env:HCCL_")]
        if about and d.rule_id + d.message.en not in seen:
            seen.add(d.rule_id + d.message.en)
            found.append(
                Finding(d.rule_id, d.severity, d.message, d.source, d.fix, ",".join(d.params))
            )
    return found


# -- output files ------------------------------------------------------------------------------


def _collisions(ranks: list[RankRun], catalog: Catalog) -> list[Finding]:
    owners: dict[str, list[int]] = {}
    for index, rank in enumerate(ranks):
        for write in rank.writes:
            if write.op != ">>" and write.exact:
                owners.setdefault(write.path, []).append(index)
    return [
        finding(
            "launch.output_collision",
            "warning",
            Text(
                zh=f"第 {ranks_text(who)} 个 rank 都把输出重定向到同一个文件 {path}，互相覆盖。",
                en=f"Ranks {ranks_text(who)} all redirect their output to the same file {path}, "
                "overwriting each other.",
            ),
            catalog,
            fix=Text(
                zh="文件名中加入 ${ASCEND_DEVICE_ID} 或 rank 编号。",
                en="Put ${ASCEND_DEVICE_ID} or the rank number in the file name.",
            ),
            subject=f"ranks {ranks_text(who)}",
            path=path,
        )
        for path, who in owners.items()
        if len(set(who)) > 1
    ]


def _shared_artifacts(ranks: list[RankRun], catalog: Catalog) -> list[Finding]:
    chosen = [
        a for a in load_artifacts().artifacts if a.one_per_process and a.scope == "tf_adapter"
    ]
    profile = _entry_profile(ranks[0]) or Profile()
    where: dict[tuple[str, str], list[int]] = {}
    for index, rank in enumerate(ranks):
        env = Environment.build(process={n: v.text for n, v in rank.env.items()})
        cwd = rank.cwd if rank.cwd and rank.cwd.startswith("/") else None
        if cwd is None:
            continue
        context = Context(cwd=cwd, pid=index + 1)
        for res in resolve(profile, env, context, catalog, chosen):
            if res.produced and res.path is not None:
                where.setdefault((res.id, res.path), []).append(index)
    found = []
    for (art_id, path), who in where.items():
        if len(who) > 1:
            name = load_artifacts().get(art_id).name
            found.append(
                finding(
                    "launch.output_collision",
                    "warning",
                    Text(
                        zh=f"第 {ranks_text(who)} 个 rank 都把{name.zh}写到同一个 {path}，互相覆盖。",
                        en=f"Ranks {ranks_text(who)} all write {name.en} to the same {path}, "
                        "overwriting each other.",
                    ),
                    catalog,
                    fix=Text(
                        zh="设置 ASCEND_WORK_PATH（其下按进程分目录），或让每个 rank 从自己的目录启动。",
                        en="Set ASCEND_WORK_PATH (it separates processes), or start each rank "
                        "from its own folder.",
                    ),
                    subject=art_id,
                    path=path,
                )
            )
    return found


def output_checks(ranks: list[RankRun], catalog: Catalog) -> list[Finding]:
    if len(ranks) < 2:
        return []
    return _collisions(ranks, catalog) + _shared_artifacts(ranks, catalog)
