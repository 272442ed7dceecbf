"""Rule diagnostics as comments in exported code.

Diagnostics come from :mod:`ascend_studio.rules`, evaluated once by the caller and
handed to every exporter (an exporter never runs the rules); this module only decides
where each one is shown (next to the first parameter it concerns that the
output contains, otherwise in the header) and how it reads as a comment.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from ascend_studio._words import say

if TYPE_CHECKING:
    from ascend_studio.rules import Diagnostic

__all__ = ["Placed", "Recent", "comment_lines", "place"]

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class Recent(Generic[_K, _V]):
    """Answers kept for what the latest exports read, and nothing older.

    :meth:`turn` starts an export: answers it and the export before it used are kept,
    the others let go. The app's previews write the document again on each edit from
    the objects the edit left alone, so nearly every answer is used again by the
    next export; what an edit replaced is dropped two exports later, and the memory
    kept is two exports' worth however long the user types."""

    def __init__(self) -> None:
        self._now: dict[_K, _V] = {}
        self._before: dict[_K, _V] = {}

    def turn(self) -> None:
        self._before, self._now = self._now, {}

    def get(self, key: _K) -> _V | None:
        found = self._now.get(key)
        if found is None:
            found = self._before.get(key)
            if found is not None:
                self._now[key] = found
        return found

    def put(self, key: _K, value: _V) -> None:
        self._now[key] = value

    def clear(self) -> None:
        self._now, self._before = {}, {}

    def __len__(self) -> int:
        return len(self._now.keys() | self._before.keys())


@dataclass
class Placed:
    """Diagnostics by the parameter path they concern, and those about no one path."""

    by_path: dict[str, list[Diagnostic]] = field(default_factory=dict)
    general: list[Diagnostic] = field(default_factory=list)


def place(diagnostics: Sequence[Diagnostic], shown: Collection[str]) -> Placed:
    """Attach each diagnostic to the first of its parameters that the output shows
    (every export starts here: the comment lines' answers start a turn)."""
    _WRITTEN.turn()
    placed = Placed()
    for diag in diagnostics:
        target = next((p for p in diag.params if p in shown), None)
        if target is None:
            placed.general.append(diag)
        else:
            placed.by_path.setdefault(target, []).append(diag)
    return placed


#: A diagnostic quotes the offending value; past this many characters the comment
#: is cut (the value itself is in the code below it), so no comment line outgrows
#: what a reader such as docker's env-file parser accepts.
COMMENT_LIMIT = 1000


def _one_line(text: str) -> str:
    """One comment line: whitespace runs collapsed, other unprintables escaped, cut
    to :data:`COMMENT_LIMIT` characters."""
    flat = " ".join(text.split())
    if len(flat) > COMMENT_LIMIT:
        flat = flat[: COMMENT_LIMIT - 1] + "…"
    if flat.isprintable():  # nearly always: no per-character pass
        return flat
    return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in flat)


#: comment_lines' answers by (diagnostic, language, indent), the diagnostic kept with
#: its answer so that no other object takes its id meanwhile: the app's evaluation
#: keeps the diagnostics an edit leaves alone (the same objects), and the previews
#: wrote all of them again on each edit.
_WRITTEN: Recent[tuple[int, str, str], tuple[Diagnostic, tuple[str, ...]]] = Recent()


def comment_lines(diag: Diagnostic, lang: str, indent: str = "") -> list[str]:
    """The diagnostic as comment lines (its message, then its fix if it has one)."""
    known = _WRITTEN.get((id(diag), lang, indent))
    if known is not None:  # the diagnostic is kept with it, alive: no other has its id
        return list(known[1])
    lines = _comment_lines(diag, lang, indent)
    _WRITTEN.put((id(diag), lang, indent), (diag, tuple(lines)))
    return lines


def _comment_lines(diag: Diagnostic, lang: str, indent: str) -> list[str]:
    severity = say(diag.severity, lang)
    lines = [f"{indent}# {severity} [{diag.rule_id}]: {_one_line(diag.message.get(lang))}"]
    if diag.fix is not None:
        lines.append(f"{indent}#   {say('fix', lang)}: {_one_line(diag.fix.get(lang))}")
    return lines
