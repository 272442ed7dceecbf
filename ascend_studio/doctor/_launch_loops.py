"""What ``launch-check`` could not expand or follow, said as ``info`` findings.

A loop whose count only the run knows, a count taken from ``--cards``, a loop
that runs more passes than are expanded, a device loop inside another loop,
and every file the walk did not read (and why): each is said once, so no
finding is drawn silently from a rank count that may be wrong.
"""

from __future__ import annotations

import posixpath

from ascend_studio.doctor._model import Finding, finding
from ascend_studio.doctor._shloop import MAX_PASSES
from ascend_studio.doctor._shmodel import Expansion
from ascend_studio.schema import Catalog, Text

__all__ = ["count_known", "loop_findings", "loop_header"]


def count_known(out: Expansion) -> bool:
    """Every pass of every device loop was expanded: the ranks are all the ranks."""
    return not out.capped and out.unknown_loop is None


def loop_header(out: Expansion) -> str | None:
    """The loop as written; nested device loops joined (``for s in 0 1; for d in ...``)."""
    if out.loop is None:
        return None
    return "; ".join(loop.header for loop in out.nest) or out.loop.header


def _no_loop() -> Text:
    return Text(
        zh="未找到设置 RANK_ID、ASCEND_DEVICE_ID 或 DEVICE_ID 的按设备循环：该脚本启动单个进程，或循环写法本检查无法跟踪。",
        en="No per-device loop setting RANK_ID, ASCEND_DEVICE_ID or DEVICE_ID was "
        "found: the script starts one process, or builds its loop in a way this "
        "check cannot follow.",
    )


def _count_texts(out: Expansion, cards: int | None) -> list[Text]:
    texts = []
    unknown = out.unknown_loop
    if unknown is not None and not out.ranks:
        texts.append(
            Text(
                zh=f"第 {unknown.line} 行的循环次数要到运行时才知道；用 --cards N 按 N 张卡展开。",
                en=f"How many times the loop at line {unknown.line} runs is known only at "
                "run time; give --cards N to expand it for N cards.",
            )
        )
    elif unknown is not None:
        texts.append(
            Text(
                zh=f"第 {unknown.line} 行的循环次数要到运行时才知道，它启动的 rank 未展开；rank 数不作检查。",
                en=f"How many times the loop at line {unknown.line} runs is known only at run "
                "time, so the ranks it starts are not shown; the number of ranks is not checked.",
            )
        )
    if out.assumed_count:
        texts.append(
            Text(
                zh=f"循环次数要到运行时才知道，按 --cards {cards} 展开。",
                en=f"The loop's count is known only at run time; expanded for --cards {cards}.",
            )
        )
    if out.capped:
        texts.append(
            Text(
                zh=f"循环超过 {MAX_PASSES} 次，只展开了前 {MAX_PASSES} 次；rank 的实际数目未知，不作检查。",
                en=f"The loop runs more than {MAX_PASSES} times; only the first {MAX_PASSES} "
                "passes are expanded, so the real number of ranks is not known and not checked.",
            )
        )
    return texts


def _enclosing(out: Expansion) -> list[Text]:
    around, loop = out.enclosing, out.loop
    if around is None or loop is None:
        return []
    return [
        Text(
            zh=f"第 {loop.line} 行的按设备循环位于第 {around.line} 行的循环（{around.header}）之内，"
            "后者每个取值都会再运行它一次；这里只展示其中一次的 rank。",
            en=f"The per-device loop at line {loop.line} is inside the loop at line "
            f"{around.line} (`{around.header}`), which runs it again for each of its values; "
            "the ranks of one pass are shown.",
        )
    ]


def _notes(out: Expansion, catalog: Catalog) -> list[Finding]:
    seen: set[str] = set()
    found = []
    for file, line, text in out.notes:
        where = f"{posixpath.basename(file)}:{line}"
        if f"{where} {text.en}" in seen:
            continue
        seen.add(f"{where} {text.en}")
        found.append(
            finding(
                "launch.unknown",
                "info",
                Text(zh=f"{where}：{text.zh}", en=f"{where}: {text.en}"),
                catalog,
                subject=posixpath.basename(file),
            )
        )
    return found


def loop_findings(out: Expansion, catalog: Catalog, cards: int | None) -> list[Finding]:
    if out.loop is None:
        no_loop = finding("launch.no_loop", "info", _no_loop(), catalog, subject="script")
        return [no_loop, *_notes(out, catalog)]
    texts = _count_texts(out, cards) + _enclosing(out)
    found = [finding("launch.unknown", "info", t, catalog, subject="loop") for t in texts]
    return found + _notes(out, catalog)
