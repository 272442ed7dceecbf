"""argparse with the terminal's width read from ``os``, not ``shutil``.

argparse makes a help formatter for every argument it adds (to check the
argument's metavar) and each one asks ``shutil.get_terminal_size()`` for the width;
importing ``shutil`` (with ``bz2``, ``lzma`` and ``fnmatch``) costs every command
about 4 ms that only a help text could ever use. The width here follows
``shutil.get_terminal_size``: ``$COLUMNS`` when it is a positive number, else the
terminal of the standard output, else 80 columns; argparse leaves 2 of them free.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

__all__ = ["ArgumentParser", "HelpFormatter", "terminal_columns"]


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


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, told the width instead of asking ``shutil`` for it."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = terminal_columns() - 2  # what argparse does with shutil's answer
        super().__init__(prog, indent_increment, max_help_position, width)


class ArgumentParser(argparse.ArgumentParser):
    """A parser (and subcommand parsers made from it) formatting with :class:`HelpFormatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
