"""Lines and positions as the editor counts them.

The engine reports 1-based lines and columns counted in characters (code points);
the protocol counts 0-based lines split at ``\\n``, ``\\r\\n`` or ``\\r`` and columns
in the encoding agreed at start-up (UTF-16 unless the editor offers another).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from lsprotocol import types as lsp

__all__ = ["Snapshot", "split_lines", "token_end"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_WORD = re.compile(r"\w+")
_STRING = re.compile(r"""[rbuRBU]{0,2}("[^"\n]*"?|'[^'\n]*'?)""")


def split_lines(text: str) -> list[str]:
    """The protocol's lines of ``text`` (a final line break opens an empty last line)."""
    return _LINE_BREAK.split(text)


def token_end(line: str, start: int) -> int:
    """Where the word or string literal starting at ``start`` ends (exclusive); the end
    of the line's text when something else starts there."""
    for pattern in (_WORD, _STRING):
        found = pattern.match(line, start)
        if found and found.end() > start:
            return found.end()
    return max(len(line.rstrip()), start + 1) if line.strip() else start


@dataclass(frozen=True)
class Snapshot:
    """One version of an open document, as checked and as positions are read from."""

    uri: str
    path: str
    version: int
    text: str
    #: ``utf-16`` (the protocol's default), ``utf-8`` or ``utf-32``.
    encoding: str = "utf-16"

    @cached_property
    def lines(self) -> list[str]:
        return split_lines(self.text)

    def units(self, line: int, column: int) -> int:
        """Column ``column`` (characters, 0-based) of 0-based ``line`` in the editor's units."""
        text = self.lines[line] if 0 <= line < len(self.lines) else ""
        head = text[:column]
        if self.encoding == "utf-32":
            return len(head)
        if self.encoding == "utf-8":
            return len(head.encode("utf-8", "surrogatepass"))
        return len(head.encode("utf-16-le", "surrogatepass")) // 2

    def column(self, position: lsp.Position) -> int:
        """The character column (0-based) of an editor ``position`` on its line."""
        text = self.lines[position.line] if 0 <= position.line < len(self.lines) else ""
        if self.encoding == "utf-32":
            return min(position.character, len(text))
        units = 0
        for index, char in enumerate(text):
            if units >= position.character:
                return index
            units += self._width(char)
        return len(text)

    def _width(self, char: str) -> int:
        if self.encoding == "utf-8":
            return len(char.encode("utf-8", "surrogatepass"))
        return 2 if ord(char) > 0xFFFF else 1

    def position(self, line: int, column: int) -> lsp.Position:
        """The editor position of 0-based ``line`` and character ``column``."""
        line = min(max(line, 0), max(len(self.lines) - 1, 0))
        return lsp.Position(line=line, character=self.units(line, column))

    def span(self, line: int, start: int, end: int) -> lsp.Range:
        return lsp.Range(start=self.position(line, start), end=self.position(line, end))

    def offset(self, line: int, column: int) -> int:
        """The index into :attr:`text` of 0-based ``line`` and character ``column``."""
        starts = self._starts
        line = min(max(line, 0), len(starts) - 1)
        return starts[line] + column

    @cached_property
    def _starts(self) -> list[int]:
        return [0] + [m.end() for m in _LINE_BREAK.finditer(self.text)]
