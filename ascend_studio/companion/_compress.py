"""``compress_weight_conf``: the names of the nodes whose weights are compressed,
separated by ``;`` (spaces and line breaks around them do not matter)."""

from __future__ import annotations

from dataclasses import dataclass

from ascend_studio.companion._base import Format, Problem, problem, token
from ascend_studio.schema import Text

__all__ = ["COMPRESS_FORMAT", "CompressNodes"]


@dataclass(frozen=True)
class CompressNodes:
    """A compression nodes file as read."""

    nodes: tuple[str, ...] = ()


def parse(text: str) -> CompressNodes:
    return CompressNodes(tuple(p.strip() for p in text.split(";") if p.strip()))


def write(doc: CompressNodes) -> str:
    return ";".join(doc.nodes) + "\n"


def _placed(text: str) -> list[tuple[str, int]]:
    """Each node with the line it is written on, in one pass over the text."""
    out: list[tuple[str, int]] = []
    line = 1
    for part in text.split(";"):
        node = part.strip()
        if node:
            out.append((node, line + part[: part.index(node)].count("\n")))
        line += part.count("\n")
    return out


def check(text: str) -> tuple[Problem, ...]:
    found: list[Problem] = []
    seen: set[str] = set()
    placed = _placed(text)
    for node, line in placed:
        if node in seen:
            found.append(
                problem(
                    line,
                    "duplicate",
                    f"节点 {token(node)} 重复列出。",
                    f"Node {token(node)} is listed twice.",
                    "info",
                )
            )
        seen.add(node)
        if "," in node or any(c.isspace() for c in node):
            found.append(
                problem(
                    line,
                    "separator",
                    f"{token(node)} 含逗号或空白：节点之间用英文分号 ; 分隔。",
                    f"{token(node)} contains a comma or a space: separate nodes with ';'.",
                )
            )
    if not placed:
        found.append(
            problem(0, "empty", "文件没有列出任何节点。", "The file lists no node.", "info")
        )
    return tuple(found)


COMPRESS_FORMAT: Format[CompressNodes] = Format(
    kind="compress_list",
    label=Text.of("权重压缩节点列表", "Weight compression nodes"),
    suffix=".cfg",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: ";" in text and "{" not in text and "=" not in text,
    template=Text.of("conv1;fc6\n", "conv1;fc6\n"),
    source="npu_config.py NPURunConfig docstring (compress_weight_conf); hiascend CANN 6.0.1 "
    "session options (tfmigr_tfadapi_0019)",
)
