"""Small syntax highlighters for the previews (Python, shell, JSON, env files).

Rule-based and line-local on purpose: previews are short, regenerated on every
edit, and must stay cheap; exact lexing is not needed to make them readable.
Shell is the exception: whether ``$HOME`` expands depends on the quotes around
it, so it gets a small quote-aware scan (:class:`ShellHighlighter`).
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

__all__ = ["RuleHighlighter", "ShellHighlighter", "highlighter_for"]


def _fmt(color: str, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(color))
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setFontItalic(italic)
    return fmt


KEYWORD = _fmt("#7a1fa2", bold=True)
STRING = _fmt("#0b7a3e")
NUMBER = _fmt("#b35c00")
COMMENT = _fmt("#6a737d", italic=True)
NAME = _fmt("#1f5f99")
CONSTANT = _fmt("#b35c00", bold=True)

_STRINGS = r"""("([^"\\]|\\.)*"|'([^'\\]|\\.)*')"""
_RULES: dict[str, list[tuple[str, QTextCharFormat]]] = {
    "py": [
        (r"\b(import|from|as|def|class|return|if|else|elif|for|in|not|and|or|with)\b", KEYWORD),
        (r"\b(True|False|None)\b", CONSTANT),
        (r"\b\w+(?==)", NAME),
        (r"\b\d+(\.\d+)?\b", NUMBER),
        (_STRINGS, STRING),
        (r"#.*$", COMMENT),
    ],
    "sh": [
        (r"^\s*(export|unset|set|source|\.)\b", KEYWORD),
        (r"\b[A-Za-z_][A-Za-z0-9_]*(?==)", NAME),
    ],
    "env": [
        (r"^[A-Za-z_][A-Za-z0-9_]*(?==)", NAME),
        (r"(?<==).*$", STRING),
        (r"^\s*#.*$", COMMENT),
    ],
    "json": [
        (r'"([^"\\]|\\.)*"(?=\s*:)', NAME),
        (r':\s*"([^"\\]|\\.)*"', STRING),
        (r"\b(true|false|null)\b", CONSTANT),
        (r"-?\b\d+(\.\d+)?\b", NUMBER),
    ],
    "yaml": [
        (r"^\s*-?\s*[A-Za-z_][\w-]*(?=:)", NAME),
        (_STRINGS, STRING),
        (r"#.*$", COMMENT),
    ],
}


class RuleHighlighter(QSyntaxHighlighter):
    """Applies (regex, format) rules in order; later rules win where they overlap."""

    def __init__(self, rules: list[tuple[str, QTextCharFormat]], document: QTextDocument) -> None:
        super().__init__(document)
        self.rules = [(re.compile(pattern), fmt) for pattern, fmt in rules]
        #: The formats each line's text gets, found once: a change in one edit block
        #: highlights every line from its first changed line to its last again (a
        #: language switch: ~340 lines, of which ~70 changed).
        self._found: dict[str, tuple[tuple[int, int, QTextCharFormat], ...]] = {}

    def highlightBlock(self, text: str) -> None:
        found = self._found.get(text)
        if found is None:
            found = tuple(
                (match.start(), match.end() - match.start(), fmt)
                for pattern, fmt in self.rules
                for match in pattern.finditer(text)
            )
            if len(self._found) > 4096:
                self._found.clear()
            self._found[text] = found
        for start, length, fmt in found:
            self.setFormat(start, length, fmt)


_VARIABLE = re.compile(r"\$(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)")
_OUTSIDE, _IN_SINGLE, _IN_DOUBLE = 0, 1, 2


class ShellHighlighter(RuleHighlighter):
    """Shell quoting done right: nothing expands in '...' (where a backslash is just
    a character), "..." is a string whose $NAME / ${NAME} still expand, and # starts
    a comment only outside quotes. An unclosed quote carries over to the next line."""

    def highlightBlock(self, text: str) -> None:
        super().highlightBlock(text)  # keywords and NAME= assignments
        state = max(self.previousBlockState(), _OUTSIDE)
        i = 0
        while i < len(text):
            if state == _IN_SINGLE:
                i, state = self._single(text, i)
            elif state == _IN_DOUBLE:
                i, state = self._double(text, i)
            else:
                i, state = self._outside(text, i)
        self.setCurrentBlockState(state)

    def _single(self, text: str, start: int) -> tuple[int, int]:
        close = text.find("'", start)
        end = len(text) if close < 0 else close + 1
        self.setFormat(start, end - start, STRING)
        return end, _IN_SINGLE if close < 0 else _OUTSIDE

    def _double(self, text: str, start: int) -> tuple[int, int]:
        i = start
        while i < len(text) and text[i] != '"':
            i += 2 if text[i] == "\\" else 1
        end = min(i + 1, len(text))
        self.setFormat(start, end - start, STRING)
        self._variables(text, start, end)
        return end, _IN_DOUBLE if i >= len(text) else _OUTSIDE

    def _outside(self, text: str, i: int) -> tuple[int, int]:
        char = text[i]
        if char == "\\":
            return i + 2, _OUTSIDE
        if char == "'":
            self.setFormat(i, 1, STRING)
            return i + 1, _IN_SINGLE
        if char == '"':
            self.setFormat(i, 1, STRING)
            return i + 1, _IN_DOUBLE
        if char == "#" and (i == 0 or text[i - 1].isspace()):
            self.setFormat(i, len(text) - i, COMMENT)
            return len(text), _OUTSIDE
        match = _VARIABLE.match(text, i) if char == "$" else None
        if match is not None:
            self.setFormat(i, match.end() - i, CONSTANT)
            return match.end(), _OUTSIDE
        return i + 1, _OUTSIDE

    def _variables(self, text: str, start: int, end: int) -> None:
        """Colour $NAME / ${NAME} in text[start:end] unless the $ is escaped."""
        for match in _VARIABLE.finditer(text, start, end):
            backslashes = len(text[start : match.start()]) - len(
                text[start : match.start()].rstrip("\\")
            )
            if backslashes % 2 == 0:
                self.setFormat(match.start(), match.end() - match.start(), CONSTANT)


def highlighter_for(language: str, document: QTextDocument) -> RuleHighlighter:
    """The highlighter for an export format's ``language`` (its descriptor names it);
    an unknown language (or "plain") is shown uncoloured."""
    if language == "sh":
        return ShellHighlighter(_RULES["sh"], document)
    return RuleHighlighter(_RULES.get(language, []), document)
