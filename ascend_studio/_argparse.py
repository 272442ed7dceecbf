"""argparse with the terminal's width read from ``os``, not ``shutil``.

argparse makes a help formatter for every argument it adds (to check the
argument's metavar) and each one asks ``shutil.get_terminal_size()`` for the width;
importing ``shutil`` costs every command about 4 ms that only a help text could
ever use (:mod:`ascend_studio._terminal` reads the width as it does); argparse
leaves 2 of the columns free.
"""

from __future__ import annotations

import argparse
from typing import Any

from ascend_studio._terminal import terminal_columns

__all__ = ["ArgumentParser", "HelpFormatter", "terminal_columns"]


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
