"""The terminal's width, read from ``os`` as ``shutil.get_terminal_size()`` reads it.

Importing ``shutil`` (with ``bz2``, ``lzma`` and ``fnmatch``) only to format a help
text cost every command about 4 ms; the width here follows
``shutil.get_terminal_size``: ``$COLUMNS`` when it is a positive number, else the
terminal of the standard output, else 80 columns.
"""

from __future__ import annotations

import os
import sys

__all__ = ["terminal_columns"]


def terminal_columns() -> int:
    """The terminal's width in columns, as ``shutil.get_terminal_size().columns`` gives it."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80
