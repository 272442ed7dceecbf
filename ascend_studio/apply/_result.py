"""What applying a profile to a script gives: the new text, a diff and notes."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Literal

from ascend_studio._words import say
from ascend_studio.schema import Text

__all__ = [
    "ApplyError",
    "ApplyNote",
    "ApplyResult",
    "NoSuchConfig",
    "ScriptChanged",
    "note",
    "unified_diff",
]

NoteSeverity = Literal["warning", "info"]


class ApplyError(ValueError):
    """The script is not changed: it does not parse, changed since import, no such config.

    ``str()`` is the English; :meth:`text` says it in the user's language when the
    raiser gave the Chinese too (``zh``)."""

    def __init__(self, message: str, zh: str | None = None) -> None:
        super().__init__(message)
        self.zh = zh

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" and self.zh else str(self)


class NoSuchConfig(ApplyError):
    """The configuration number asked for is not in the script."""


class ScriptChanged(ApplyError):
    """The script's bytes differ from those recorded when it was imported."""


@dataclass(frozen=True)
class ApplyNote:
    severity: NoteSeverity
    message: Text
    line: int | None = None
    #: The parameter path or ``env:NAME`` concerned.
    path: str | None = None

    def text(self, lang: str = "en") -> str:
        where = ""
        if self.line is not None:
            where = f"第 {self.line} 行：" if lang.startswith("zh") else f"line {self.line}: "
        return f"[{say(self.severity, lang)}] {where}{self.message.get(lang)}"


def note(
    severity: NoteSeverity, zh: str, en: str, line: int | None = None, path: str | None = None
) -> ApplyNote:
    return ApplyNote(severity, Text.of(zh, en), line, path)


def unified_diff(before: str, after: str, name: str) -> str:
    """``diff -u`` text between the script as it is and as it would be written."""
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"a/{name}",
        tofile=f"b/{name}",
    )
    out = []
    for line in lines:
        out.append(
            line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n"
        )
    return "".join(out)


@dataclass(frozen=True)
class ApplyResult:
    before: str
    after: str
    notes: tuple[ApplyNote, ...] = ()
    #: Parameter paths and ``env:NAME`` entries written into the script.
    changed: tuple[str, ...] = ()

    @property
    def unchanged(self) -> bool:
        return self.before == self.after

    def diff(self, name: str = "script") -> str:
        return unified_diff(self.before, self.after, name)
