"""``compress_weight_conf``: the names of the nodes whose weights are compressed,
separated by ``;`` (spaces and line breaks around them do not matter)."""

from __future__ import annotations

from dataclasses import dataclass

from ascend_studio.companion._base import Format, Problem, line_of, problem
from ascend_studio.schema import Text

__all__ = ["COMPRESS_FORMAT", "CompressNodes"]


@dataclass(frozen=True)
class CompressNodes:
    nodes: tuple[str, ...] = ()


def parse(text: str) -> CompressNodes:
    return CompressNodes(tuple(p.strip() for p in text.split(";") if p.strip()))


def write(doc: CompressNodes) -> str:
    return ";".join(doc.nodes) + "\n"


def check(text: str) -> tuple[Problem, ...]:
    doc = parse(text)
    found: list[Problem] = []
    seen: set[str] = set()
    for node in doc.nodes:
        if node in seen:
            found.append(
                problem(
                    line_of(text, node),
                    "duplicate",
                    f"节点 {node} 重复列出。",
                    f"Node {node} is listed twice.",
                    "info",
                )
            )
        seen.add(node)
        if "," in node or any(c.isspace() for c in node):
            found.append(
                problem(
                    line_of(text, node),
                    "separator",
                    f"{node!r} 含逗号或空白：节点之间用英文分号 ; 分隔。",
                    f"{node!r} contains a comma or a space: separate nodes with ';'.",
                )
            )
    if not doc.nodes:
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
