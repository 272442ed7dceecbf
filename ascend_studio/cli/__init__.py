"""Headless commands. Each ``_<name>.py`` module here adds one subcommand.

A module registers itself by defining ``COMMAND`` (its name) and
``register(subparsers)``; :func:`run_cli` discovers them, so adding a command
touches no shared file. A command's module is named after it (``env-file`` would be
``_env_file.py``): running one command imports that module alone, so each command
starts as fast as what it really needs allows.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType
from typing import TYPE_CHECKING, cast

from ascend_studio import __version__
from ascend_studio._argparse import ArgumentParser
from ascend_studio._lang import LANGUAGES, language_of
from ascend_studio._words import counted as _counted

if TYPE_CHECKING:
    from ascend_studio.codegen import ImportResult

__all__ = [
    "SUBCOMMANDS",
    "build_parser",
    "command_index",
    "counted",
    "found_configs",
    "is_command",
    "run_cli",
]

_LANG_HELP = (
    "language of the output, for every command (zh, en); default: the first of "
    "LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set (zh_CN... gives zh), else en"
)


def counted(number: int, noun: str, lang: str = "en") -> str:
    """``1 warning``, ``2 warnings`` (``2 个警告``): every CLI summary counts through this."""
    return _counted(number, noun, lang)


def found_configs(result: ImportResult) -> ImportResult:
    """``result`` without the placeholder a shell importer returns for a file that sets nothing.

    A configuration is found when the importer located it (it has a line): an
    empty or comment-only file then reads as "nothing found" in every format.
    """
    return replace(result, configs=tuple(c for c in result.configs if c.line is not None))


def _module_name(command: str) -> str:
    return f"{__name__}._{command.replace('-', '_')}"


def is_command(word: str) -> bool:
    """Whether ``word`` names a subcommand (found without importing its module)."""
    if not word or not word.replace("-", "").isidentifier() or word.startswith(("-", "_")):
        return False
    try:
        return importlib.util.find_spec(_module_name(word)) is not None
    except (ImportError, ValueError):
        return False


def _all_command_modules() -> list[ModuleType]:
    import pkgutil  # only for the full help: ~15 ms that one command never pays

    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("_"))
    modules = [importlib.import_module(f"{__name__}.{name}") for name in names]
    return [m for m in modules if hasattr(m, "COMMAND")]


def _subcommands() -> tuple[str, ...]:
    import pkgutil

    return tuple(
        sorted(m.name.lstrip("_").replace("_", "-") for m in pkgutil.iter_modules(__path__))
    )


def __getattr__(name: str) -> tuple[str, ...]:
    """``SUBCOMMANDS`` (every command's name) is listed on first use only."""
    if name != "SUBCOMMANDS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = _subcommands()
    globals()["SUBCOMMANDS"] = found
    return found


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of the command ``only`` alone (same options)."""
    parser = ArgumentParser(
        prog="ascend-studio",
        description="Configure TF Adapter NPURunConfig. Without a command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # its own dest: a command's own --lang (default None) would overwrite the same name
    parser.add_argument("--lang", choices=LANGUAGES, dest="global_lang", help=_LANG_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    module = importlib.import_module(_module_name(only)) if only is not None else None
    modules = [module] if module is not None and hasattr(module, "COMMAND") else None
    for module in modules or _all_command_modules():
        module.register(sub)
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
    at = command_index(argv)
    chosen = argv[at] if at < len(argv) and is_command(argv[at]) else None
    parser = build_parser(chosen)
    args = parser.parse_args(argv)
    # the command's --lang, else the one before the command, else the environment's
    args.lang = language_of(getattr(args, "lang", None) or args.global_lang)
    handler = cast("Callable[[argparse.Namespace], int] | None", getattr(args, "handler", None))
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return handler(args)
    except BrokenPipeError:  # e.g. `ascend-studio params | head`
        return 0
