"""argparse with the terminal's width read from ``os``, not ``shutil``, speaking Chinese
when asked.

argparse makes a help formatter for every argument it adds (to check the
argument's metavar) and each one asks ``shutil.get_terminal_size()`` for the width;
importing ``shutil`` costs every command about 4 ms that only a help text could
ever use (:mod:`ascend_studio._terminal` reads the width as it does); argparse
leaves 2 of the columns free.

argparse writes its own messages ("usage:", "the following arguments are required")
through gettext's ``_``, looked up in its module when a parser is built, prints help
or fails. Within :class:`speaking` ``("zh")`` that hook answers from
:mod:`ascend_studio._words_argparse` (gettext itself would pick a language from the
environment and a compiled catalog on disk, not from ``--lang``), and
:class:`HelpFormatter` shows our own help texts in Chinese
(:mod:`ascend_studio._words_help`), wrapped by display width (a Han character takes
two columns). English loads neither table.
"""

from __future__ import annotations

import argparse
from typing import Any

from ascend_studio._terminal import terminal_columns

__all__ = ["ArgumentParser", "HelpFormatter", "speaking", "terminal_columns", "wrap_wide"]

#: English -> the language spoken now (empty: English).
_SAID: dict[str, str] = {}


def _said(text: str) -> str:
    return _SAID.get(text, text) if _SAID else text


def _said_plural(singular: str, plural: str, number: int) -> str:
    return _said(singular if number == 1 else plural)


class speaking:  # used as ``with speaking(lang):``, like a function
    """argparse's messages and our help texts in ``lang`` while inside (restored after)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._saved: tuple[object, object, dict[str, str]] | None = None

    def __enter__(self) -> speaking:
        self._saved = (vars(argparse)["_"], vars(argparse)["ngettext"], dict(_SAID))
        if self.lang == "zh":
            from ascend_studio._words_argparse import ARGPARSE_ZH
            from ascend_studio._words_help import HELP_ZH

            _SAID.update(ARGPARSE_ZH)
            _SAID.update(HELP_ZH)
            setattr(argparse, "_", _said)  # noqa: B010 (argparse's gettext hook, by name)
            setattr(argparse, "ngettext", _said_plural)  # noqa: B010
        return self

    def __exit__(self, *exc: object) -> None:
        if self._saved is not None:
            hook, plural, said = self._saved
            _SAID.clear()
            _SAID.update(said)
            setattr(argparse, "_", hook)  # noqa: B010
            setattr(argparse, "ngettext", plural)  # noqa: B010


def _width_of(char: str) -> int:
    return 2 if "\u2e80" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef" else 1


_CLOSING = "，。：；）、！？”"
_OPENING = "（“"


def _pieces(text: str) -> list[str]:
    """Words, spaces and single wide characters; a closing mark stays with what it
    follows and an opening one with what follows it (no line starts with "，")."""
    pieces: list[str] = []
    for char in text:
        last = pieces[-1][-1] if pieces else ""
        if last and (char in _CLOSING or last in _OPENING):
            pieces[-1] += char
        elif (
            not last or 2 in (_width_of(char), _width_of(last)) or char.isspace() != last.isspace()
        ):
            pieces.append(char)
        else:
            pieces[-1] += char
    return pieces


def wrap_wide(text: str, width: int) -> list[str]:
    """``text`` in lines at most ``width`` columns wide, a wide character counting two;
    breaks between wide characters and at spaces, as a Chinese text is broken."""
    lines: list[str] = [""]
    used = 0
    for piece in _pieces(" ".join(text.split())):
        size = sum(_width_of(c) for c in piece)
        if piece.isspace():
            if used and used + 1 <= width:
                lines[-1] += " "
                used += 1
            continue
        if used and used + size > width:
            lines[-1] = lines[-1].rstrip()
            lines.append("")
            used = 0
        lines[-1] += piece
        used += size
    return [line.rstrip() for line in lines if line.strip()]


def _is_wide(text: str) -> bool:
    return any(_width_of(c) == 2 for c in text)


class _Section(argparse.HelpFormatter._Section):
    """A section whose Chinese heading ends in the full-width colon the rest of the
    Chinese text uses ("选项：", not argparse's "选项:")."""

    def format_help(self) -> str:
        text: str = super().format_help()
        heading = self.heading
        if isinstance(heading, str) and _is_wide(heading):
            text = text.replace(f"{heading}:\n", f"{heading}：\n", 1)
        return text


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, told the width instead of asking ``shutil`` for it, showing
    help texts in the language :class:`speaking` set."""

    _Section = _Section  # type: ignore[assignment]  # the heading's colon in Chinese

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

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        return _said(text) if text else text

    def add_text(self, text: str | None) -> None:
        super().add_text(_said(text) if text and text is not argparse.SUPPRESS else text)

    def start_section(self, heading: str | None) -> None:
        super().start_section(_said(heading) if heading else heading)

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None) -> str:
        text = super()._format_usage(usage, actions, groups, prefix)
        shown = _said("usage: ") if prefix is None else prefix
        extra = sum(_width_of(c) for c in shown) - len(shown)  # "用法：" is 6 columns wide
        if not extra:
            return text
        first, *rest = text.split("\n")
        return "\n".join([first, *(" " * extra + line if line.strip() else line for line in rest)])

    def _split_lines(self, text: str, width: int) -> list[str]:
        if _is_wide(text):
            return wrap_wide(text, width)
        return super()._split_lines(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if _is_wide(text):
            return "\n".join(indent + line for line in wrap_wide(text, width - len(indent)))
        return super()._fill_text(text, width, indent)


class ArgumentParser(argparse.ArgumentParser):
    """A parser (and subcommand parsers made from it) formatting with :class:`HelpFormatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
