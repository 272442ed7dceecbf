"""Pieces every companion-file format shares: problems, comment lines, JSON help.

A companion file is a file a parameter points to (``op_debug_config="debug.cfg"``).
Each format is data (:class:`Format`) plus one parser/writer pair. Line-based
formats keep comments and blank lines as items, one item per line, so a
document's item index is its line number minus one and writing a parsed
document keeps the user's comments. JSON has no comments: JSON formats keep
only the data.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from ascend_studio.schema import Text

__all__ = [
    "Comment",
    "Format",
    "Problem",
    "Raw",
    "line_of",
    "load_json",
    "problem",
]

Severity = Literal["error", "warning", "info"]
D = TypeVar("D")


@dataclass(frozen=True)
class Problem:
    """Something wrong at one line of a companion file (line 0: the whole file)."""

    line: int
    code: str
    message: Text
    severity: Severity = "warning"


def problem(line: int, code: str, zh: str, en: str, severity: Severity = "warning") -> Problem:
    return Problem(line, code, Text.of(zh, en), severity)


@dataclass(frozen=True)
class Comment:
    """A comment or blank line, kept as written (without surrounding spaces)."""

    text: str


@dataclass(frozen=True)
class Raw:
    """A line the format does not understand, kept so that nothing is lost."""

    text: str


@dataclass(frozen=True)
class Format(Generic[D]):
    """One companion format: what it is called, how to read, write and check it."""

    kind: str
    label: Text
    suffix: str
    parse: Callable[[str], D]
    write: Callable[[D], str]
    check: Callable[[str], tuple[Problem, ...]]
    #: Does this text look like this format? (for ``file check`` without ``--kind``)
    looks_like: Callable[[str], bool]
    #: A commented example to start from, its comments in each language.
    template: Text
    source: str


_LINE_COMMENT = re.compile(r'("(?:[^"\\]|\\.)*")|//[^\n]*')


def _strip_line_comments(text: str) -> str:
    return _LINE_COMMENT.sub(lambda m: m.group(1) or "", text)


def load_json(text: str) -> tuple[object, tuple[Problem, ...]]:
    """The JSON value of ``text`` (None when unreadable) and what is wrong with it.

    ``//`` comments (the reference pages annotate their samples with them) are
    read past for the editor, reported as an error: the readers (nlohmann::json in
    the graph engine) take strict JSON and reject the file.
    """
    try:
        return json.loads(text), ()
    except json.JSONDecodeError as exc:
        first = exc
    except (ValueError, RecursionError) as exc:
        return None, (problem(0, "json", "不是合法的 JSON。", f"Not valid JSON ({exc!r})."),)
    try:
        data = json.loads(_strip_line_comments(text))
    except (ValueError, RecursionError):
        where = f"{first.msg} (line {first.lineno}, column {first.colno})"
        return None, (
            problem(
                first.lineno,
                "json",
                f"不是合法的 JSON：{where}。",
                f"Not valid JSON: {where}.",
            ),
        )
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "//" in t)
    return data, (
        problem(
            line,
            "json_comment",
            "JSON 不允许 // 注释，运行时的 JSON 读取会拒绝整个文件；请删除注释。",
            "JSON has no // comments: the runtime's JSON reader rejects the whole file; "
            "remove the comments.",
            "error",
        ),
    )


def line_of(text: str, needle: str, after: int = 0) -> int:
    """The 1-based line where ``needle`` first occurs after line ``after`` (0 if absent)."""
    for number, line in enumerate(text.splitlines(), 1):
        if number > after and needle in line:
            return number
    return 0
