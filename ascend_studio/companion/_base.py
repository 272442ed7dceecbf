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
    "MAX_PROBLEMS",
    "Comment",
    "Format",
    "Problem",
    "Raw",
    "capped",
    "line_of",
    "load_json",
    "problem",
    "token",
    "value_token",
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


#: A word of file text as messages show it: names, keys, modes, paths.
_TOKEN = re.compile(r"[^\s=:,;\"'\[\]{}()]{1,40}")


_SHORT_VALUE = re.compile(r"[A-Za-z0-9_.+-]{1,16}")


def value_token(text: str) -> str:
    """A value a finding names (a mode, a state, a dtype): quoted when it is a short
    word, else only its length (a long value may be a credential)."""
    stripped = text.strip()
    if _SHORT_VALUE.fullmatch(stripped):
        return repr(stripped)
    return f"(a value of {len(stripped)} characters)" if stripped else "''"


def token(text: str) -> str:
    """The part of a file's text a finding names, quoted: its first word (up to a
    blank, ``=``, ``:`` or a bracket), at most 40 characters, ``…`` when cut.

    A message never repeats more of a file than that: a file a path parameter
    points to may hold anything (credentials, a CI job's environment), and
    findings end up in logs, annotations and SARIF reports.
    """
    stripped = text.strip()
    match = _TOKEN.search(stripped)
    if match is None:
        return "(…)" if stripped else "''"
    word = match.group()
    shown = repr(word)
    return shown if word == stripped else f"{shown}…"


#: Problems listed per file; the rest are counted in one more line.
MAX_PROBLEMS = 50


def capped(found: tuple[Problem, ...], limit: int = MAX_PROBLEMS) -> tuple[Problem, ...]:
    """The first ``limit`` problems and, if there were more, one line counting them."""
    if len(found) <= limit:
        return found
    more = len(found) - limit
    summary = problem(
        0,
        "more",
        f"该文件还有 {more} 个问题未列出（只列出前 {limit} 个）。",
        f"{more} more problems in this file are not listed (the first {limit} are).",
        "info",
    )
    return (*found[:limit], summary)


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
        why = type(exc).__name__
        return None, (
            problem(0, "json", f"不是合法的 JSON（{why}）。", f"Not valid JSON ({why})."),
        )
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
