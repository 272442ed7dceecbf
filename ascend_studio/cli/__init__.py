"""Headless commands. Each ``_<name>.py`` module here adds one subcommand.

A module registers itself by defining ``COMMAND`` (its name) and
``register(subparsers)``; :func:`run_cli` discovers them, so adding a command
touches no shared file.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType
from typing import cast

from ascend_studio import __version__
from ascend_studio.codegen import ImportResult

__all__ = ["SUBCOMMANDS", "build_parser", "counted", "found_configs", "run_cli"]


def counted(number: int, noun: str) -> str:
    """``1 warning``, ``2 warnings``: every CLI summary counts through this."""
    return f"{number} {noun if number == 1 else noun + 's'}"


def found_configs(result: ImportResult) -> ImportResult:
    """``result`` without the placeholder a shell importer returns for a file that sets nothing.

    A configuration is found when the importer located it (it has a line): an
    empty or comment-only file then reads as "nothing found" in every format.
    """
    return replace(result, configs=tuple(c for c in result.configs if c.line is not None))


def _command_modules() -> list[ModuleType]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("_"))
    modules = [importlib.import_module(f"{__name__}.{name}") for name in names]
    return [m for m in modules if hasattr(m, "COMMAND")]


SUBCOMMANDS: tuple[str, ...] = tuple(
    sorted(m.name.lstrip("_").replace("_", "-") for m in pkgutil.iter_modules(__path__))
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ascend-studio",
        description="Configure TF Adapter NPURunConfig. Without a command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _command_modules():
        module.register(sub)
    return parser


def run_cli(argv: list[str]) -> int:
    """Run one headless command; returns the process exit status."""
    for stream in (sys.stdout, sys.stderr):
        # A file name that is not UTF-8 (Linux hands it over with lone surrogates)
        # or any other unencodable text is printed escaped, never a crash.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = cast("Callable[[argparse.Namespace], int] | None", getattr(args, "handler", None))
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return handler(args)
    except BrokenPipeError:  # e.g. `ascend-studio params | head`
        return 0
