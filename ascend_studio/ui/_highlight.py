"""Small syntax highlighters for the previews (Python, shell, JSON, env files).

Rule-based and line-local on purpose: previews are short, regenerated on every
edit, and must stay cheap; exact lexing is not needed to make them readable.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

__all__ = ["RuleHighlighter", "highlighter_for"]


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
        (r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?", CONSTANT),
        (_STRINGS, STRING),
        (r"(^|\s)#.*$", COMMENT),
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
_LANGUAGE = {
    "py": "py",
    "sess": "py",
    "sh": "sh",
    "docker": "sh",
    "env-file": "env",
    "json": "json",
    "k8s": "yaml",
}


class RuleHighlighter(QSyntaxHighlighter):
    """Applies (regex, format) rules in order; later rules win where they overlap."""

    def __init__(self, rules: list[tuple[str, QTextCharFormat]], document: QTextDocument) -> None:
        super().__init__(document)
        self.rules = [(re.compile(pattern), fmt) for pattern, fmt in rules]

    def highlightBlock(self, text: str) -> None:
        for pattern, fmt in self.rules:
            for match in pattern.finditer(text):
                self.setFormat(match.start(), match.end() - match.start(), fmt)


def highlighter_for(fmt: str, document: QTextDocument) -> RuleHighlighter:
    return RuleHighlighter(_RULES[_LANGUAGE.get(fmt, "sh")], document)
