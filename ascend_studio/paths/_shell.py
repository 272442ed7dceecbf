"""POSIX sh quoting for the env scripts this package writes.

Kept here until the codegen package ships its shell exporter; then that
exporter's quoting function replaces this one.
"""

from __future__ import annotations

import re

__all__ = ["sh_quote"]

_SAFE = re.compile(r"[A-Za-z0-9_@%+=:,./-]+")


def sh_quote(text: str) -> str:
    """Quote ``text`` as one word for any POSIX shell.

    Single quotes keep every byte literal (``$``, backslash, newline, non-ASCII);
    an embedded single quote is closed, escaped and reopened.
    """
    if _SAFE.fullmatch(text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"
