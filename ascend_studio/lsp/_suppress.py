"""The suppression comment as a code action: ``# ascend-studio: ignore[rule.id]``.

On the finding's line the comment goes at the end of the line, or joins a
suppression comment already there. A line continued with a backslash cannot end
in a comment, so the comment goes alone on the line above (which silences the
next line); in the middle of a continued command there is no such place, and
only the file-wide comment is offered. Profiles (JSON) have no comments.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from ascend_studio.lsp._text import Snapshot

__all__ = ["file_comment", "line_comment"]

#: What every suppression comment holds (``ascend_studio.lint._suppress.MARK``).
MARK = "ascend-studio:"
_IGNORE = re.compile(r"#\s*ascend-studio:\s*(?P<form>ignore-file|ignore)\b(?P<ids>\[[^\]]*\])?")
#: Lines a file-wide comment goes below: a ``#!`` line and a coding declaration.
_HEADER = re.compile(r"^(#!|#.*coding[:=])")


def _joined(snapshot: Snapshot, line: int, form: str, rule_id: str) -> lsp.TextEdit | bool:
    """An edit adding ``rule_id`` to the ``form`` comment on ``line``; True when there is
    no such comment, False when it already silences the id."""
    text = snapshot.lines[line]
    for found in _IGNORE.finditer(text):
        if found.group("form") != form:
            continue
        ids = found.group("ids")
        listed = [part.strip() for part in (ids or "[]")[1:-1].split(",") if part.strip()]
        if ids is None or rule_id in listed or "ALL" in listed:
            return False  # a bare comment silences everything
        new = "[" + ", ".join([*listed, rule_id]) + "]"
        where = snapshot.span(line, found.start("ids"), found.end("ids"))
        return lsp.TextEdit(range=where, new_text=new)
    return True


def _continued(text: str) -> bool:
    return text.rstrip("\r").endswith("\\")


def line_comment(snapshot: Snapshot, line: int, rule_id: str) -> lsp.TextEdit | None:
    """The edit silencing ``rule_id`` on 0-based ``line``, or None where no comment can go."""
    if not 0 <= line < len(snapshot.lines):
        return None
    if MARK in snapshot.lines[line]:
        joined = _joined(snapshot, line, "ignore", rule_id)
        if joined is not True:
            return joined or None
    text = snapshot.lines[line]
    comment = f"# ascend-studio: ignore[{rule_id}]"
    if not _continued(text):
        end = len(text.rstrip())
        return lsp.TextEdit(range=snapshot.span(line, end, len(text)), new_text=f"  {comment}")
    if line > 0 and _continued(snapshot.lines[line - 1]):
        return None
    indent = text[: len(text) - len(text.lstrip())]
    return lsp.TextEdit(range=snapshot.span(line, 0, 0), new_text=f"{indent}{comment}\n")


def file_comment(snapshot: Snapshot, rule_id: str) -> lsp.TextEdit | None:
    """The edit silencing ``rule_id`` in the whole file (None: a comment already does)."""
    for line, text in enumerate(snapshot.lines):
        if MARK in text:
            joined = _joined(snapshot, line, "ignore-file", rule_id)
            if joined is not True:
                return joined or None
    below = 0
    while below < min(2, len(snapshot.lines)) and _HEADER.match(snapshot.lines[below]):
        below += 1
    return lsp.TextEdit(
        range=snapshot.span(below, 0, 0) if below < len(snapshot.lines) else _end(snapshot),
        new_text=f"# ascend-studio: ignore-file[{rule_id}]\n",
    )


def _end(snapshot: Snapshot) -> lsp.Range:
    last = len(snapshot.lines) - 1
    return snapshot.span(last, len(snapshot.lines[last]), len(snapshot.lines[last]))
