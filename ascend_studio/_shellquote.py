"""Quoting a value as one POSIX shell word: shared by the exporters and the path engine.

Below both (the core layers contract keeps ``codegen`` and ``paths`` independent),
like :mod:`ascend_studio._atomic`.
"""

from __future__ import annotations

import re

__all__ = ["shell_quote"]

_SAFE = re.compile(r"[A-Za-z0-9_@%+=:,./-]+")
#: Reserved words: harmless after ``A=``, but shellcheck (SC1010) and readers take
#: ``export A=then`` for a misplaced keyword, so they are quoted too.
_RESERVED = frozenset(
    [
        "if",
        "then",
        "else",
        "elif",
        "fi",
        "do",
        "done",
        "case",
        "esac",
        "while",
        "until",
        "for",
        "in",
        "function",
        "select",
        "time",
    ]
)


def shell_quote(value: str) -> str:
    """One shell word whose value is exactly ``value`` (any text without NUL)."""
    if "\0" in value:
        raise ValueError("a shell word cannot hold a NUL character")
    plain = _SAFE.fullmatch(value) and not value.startswith("=")  # `A==x` reads as a typo
    if plain and value not in _RESERVED:
        return value
    return "'" + value.replace("'", "'\\''") + "'"
