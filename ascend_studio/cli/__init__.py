"""Headless commands. Each ``_<name>.py`` module here adds one subcommand.

A module registers itself by defining ``COMMAND`` (its name), ``SUMMARY`` (its
one-line help, read from the source by :mod:`._listing`) and
``register(subparsers)``; :func:`run_cli` discovers them, so adding a command
touches no shared file. A command's module is named after it (``env-file`` would
be ``_env_file.py``): running one command imports that module alone, and the list
of commands (``--help``) imports none of them, so each command starts as fast as
what it really needs allows.
"""

from __future__ import annotations

import importlib
import sys

from ascend_studio import __version__
from ascend_studio.cli._listing import (
    DESCRIPTION,
    LANG_HELP,
    commands,
    module_name,
    source_declares,
)

TYPE_CHECKING = False  # ``typing`` itself is not imported: the list of commands needs none
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from ascend_studio._argparse import ArgumentParser
    from ascend_studio.codegen import ImportResult

__all__ = [
    "SUBCOMMANDS",
    "build_parser",
    "command_index",
    "counted",
    "found_configs",
    "given_language",
    "is_command",
    "run_cli",
]


def counted(number: int, noun: str, lang: str = "en") -> str:
    """``1 warning``, ``2 warnings`` (``2 个警告``): every CLI summary counts through this."""
    from ascend_studio._words import counted as _counted

    return _counted(number, noun, lang)


def found_configs(result: ImportResult) -> ImportResult:
    """``result`` without the placeholder a shell importer returns for a file that sets nothing.

    A configuration is found when the importer located it (it has a line): an
    empty or comment-only file then reads as "nothing found" in every format.
    """
    from dataclasses import replace

    return replace(result, configs=tuple(c for c in result.configs if c.line is not None))


def is_command(word: str) -> bool:
    """Whether ``word`` names a subcommand (found without importing its module)."""
    if not word or not word.replace("-", "").isidentifier() or word.startswith(("-", "_")):
        return False
    try:
        if importlib.util.find_spec(module_name(word)) is None:
            return False
    except (ImportError, ValueError):
        return False
    declared = source_declares(module_name(word))
    return declared is None or declared[0]  # no source to read: its import will tell


def __getattr__(name: str) -> tuple[str, ...]:
    """``SUBCOMMANDS`` (every command's name) is listed on first use only."""
    if name != "SUBCOMMANDS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = tuple(command for command, _ in commands())
    globals()["SUBCOMMANDS"] = found
    return found


def _top_parser() -> tuple[ArgumentParser, argparse._SubParsersAction[ArgumentParser]]:
    from ascend_studio._argparse import ArgumentParser
    from ascend_studio._lang import LANGUAGES

    parser = ArgumentParser(prog="ascend-studio", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # its own dest: a command's own --lang (default None) would overwrite the same name
    parser.add_argument("--lang", choices=LANGUAGES, dest="global_lang", help=LANG_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    return parser, sub


def command_list() -> ArgumentParser:
    """The top-level parser: every command by name and summary, none of them built."""
    parser, sub = _top_parser()
    for command, summary in commands():
        sub.add_parser(command, help=summary, add_help=False)
    return parser


def build_parser(only: str | None = None) -> ArgumentParser:
    """The parser of every command, or of the command ``only`` alone (same options); a
    helper module's name (``is_command`` cannot tell without a source) gets the list."""
    parser, sub = _top_parser()
    for command in [only] if only is not None else [c for c, _ in commands()]:
        module = importlib.import_module(module_name(command))
        if hasattr(module, "COMMAND"):
            module.register(sub)
        elif only is not None:
            return command_list()
    return parser


def command_index(argv: list[str]) -> int:
    """Where the command word is: after a leading ``--lang X`` (or ``--lang=X``)."""
    at = 0
    while at < len(argv):
        if argv[at] == "--lang":
            at += 2
        elif argv[at].startswith("--lang="):
            at += 1
        else:
            break
    return at


def given_language(argv: list[str]) -> str | None:
    """The ``--lang`` the command line gives, read before parsing it (argparse's own
    messages, a usage error's among them, are then in that language): the last one
    before ``--``, so a command's own ``--lang`` wins over one before the command."""
    found = None
    for at, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and at + 1 < len(argv):
            found = argv[at + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def _quick_help(argv: list[str]) -> bool:
    """``--help`` alone: printed without argparse when it formats the same text."""
    if argv not in (["--help"], ["-h"]):
        return False
    from ascend_studio._lang import env_language

    if env_language() == "zh":
        return False  # argparse's help, in Chinese
    from ascend_studio._terminal import terminal_columns
    from ascend_studio.cli._listing import quick_help

    text = quick_help(terminal_columns())
    if text is not None:
        sys.stdout.write(text)
    return text is not None


def run_cli(argv: list[str]) -> int:
    """Run one headless command; returns the process exit status."""
    for stream in (sys.stdout, sys.stderr):
        # A file name that is not UTF-8 (Linux hands it over with lone surrogates)
        # or any other unencodable text is printed escaped, never a crash.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    if argv == ["--version"]:
        print(f"ascend-studio {__version__}")
        return 0
    if _quick_help(argv):
        return 0
    from ascend_studio._argparse import speaking
    from ascend_studio._lang import language_of

    at = command_index(argv)
    chosen = argv[at] if at < len(argv) and is_command(argv[at]) else None
    with speaking(language_of(given_language(argv))):
        parser = build_parser(chosen) if chosen is not None else command_list()
        args = parser.parse_args(argv)
        # the command's --lang, else the one before the command, else the environment's
        args.lang = language_of(getattr(args, "lang", None) or args.global_lang)
        handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
        if handler is None:
            parser.print_help(sys.stderr)
            return 2
    from ascend_studio._startup import release_collection

    release_collection()  # the start's objects out of the collector's scans (__main__.py)
    try:
        return handler(args)
    except BrokenPipeError:  # e.g. `ascend-studio params | head`
        return 0
    except OSError as exc:
        import errno

        if exc.errno != errno.ENAMETOOLONG:
            raise
        from ascend_studio._pathname import too_long

        print(f"ascend-studio {chosen}: {too_long(exc.filename, args.lang)}", file=sys.stderr)
        return 2
