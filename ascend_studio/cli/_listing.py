"""The list of commands, found and summarised without importing any of them.

Each command module declares ``COMMAND = "name"`` and ``SUMMARY = "one line"`` at
the start of a line, ``SUMMARY`` as one plain string literal (no quote or
backslash inside): they are read from the module's source text. A module whose
source cannot be read (a frozen bundle) or that spells them otherwise is
imported instead, which is correct and slow; ``tests/cli/test_cli_startup.py``
holds every command module to the fast way.

``ascend-studio --help`` prints :func:`quick_help`: the text argparse would print
for the top-level parser (``tests/cli/test_cli_startup.py`` compares them),
formatted here without importing argparse, whose import with ``re`` costs more
than the interpreter's own start. Where argparse would wrap in a way this does
not (a word longer than a line, a hyphenated word at a line's end, a narrow
terminal), it returns None and argparse prints the help.
"""

from __future__ import annotations

import importlib
import importlib.util
import os

TYPE_CHECKING = False  # ``typing`` itself is not imported: nothing here needs it at run time
if TYPE_CHECKING:
    from types import ModuleType

__all__ = [
    "DESCRIPTION",
    "LANG_HELP",
    "OPTIONS",
    "command_summary",
    "commands",
    "module_name",
    "quick_help",
    "source_declares",
]

PROG = "ascend-studio"
DESCRIPTION = "Configure TF Adapter NPURunConfig. Without a command, opens the app."
LANG_HELP = (
    "language of the output, for every command (zh, en); default: the first of "
    "LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set (zh_CN... gives zh), else en"
)
#: The top-level parser's options, as argparse lists them: (invocation, help).
OPTIONS = (
    ("-h, --help", "show this help message and exit"),
    ("--version", "show program's version number and exit"),
    ("--lang {zh,en}", LANG_HELP),
)
_USAGE = f"usage: {PROG} [-h] [--version] [--lang {{zh,en}}] COMMAND ..."
_COMMAND_LINE = "COMMAND = "
_SUMMARY_LINE = 'SUMMARY = "'


def module_name(command: str) -> str:
    return f"ascend_studio.cli._{command.replace('-', '_')}"


def _private_modules() -> list[str]:
    """The package's private modules, from its folder (``pkgutil`` imports ``inspect``
    for that), or through ``pkgutil`` when it has no folder (a frozen bundle)."""
    from ascend_studio import cli

    try:
        files = [name for folder in cli.__path__ for name in os.listdir(folder)]
    except OSError:
        files = []
    names = {name[:-3] for name in files if name.endswith(".py")}
    if not names:
        import pkgutil

        names = {m.name for m in pkgutil.iter_modules(cli.__path__)}
    return sorted(name for name in names if name.startswith("_") and name != "__init__")


def source_declares(module: str) -> tuple[bool, str | None] | None:
    """Whether a module's source declares ``COMMAND``, and its ``SUMMARY`` text, read
    without importing it; None when the source cannot be read."""
    try:
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(".py"):
            return None
        with open(origin, encoding="utf-8") as source:
            lines = [line.rstrip() for line in source if line.startswith(("COMMAND", "SUMMARY"))]
    except (ImportError, ValueError, OSError, UnicodeDecodeError):
        return None
    command = any(line.startswith(_COMMAND_LINE) for line in lines)
    given = [line[len(_SUMMARY_LINE) :] for line in lines if line.startswith(_SUMMARY_LINE)]
    plain = [t[:-1] for t in given if t.endswith('"') and '"' not in t[:-1] and "\\" not in t]
    return command, plain[0] if plain else None


def command_summary(command: str) -> str | None:
    """A command's one-line help; None when its module is a helper, not a command."""
    module = module_name(command)
    declared = source_declares(module)
    if declared is not None and (not declared[0] or declared[1] is not None):
        return declared[1]
    loaded = importlib.import_module(module)
    if not hasattr(loaded, "COMMAND"):
        return None
    summary = getattr(loaded, "SUMMARY", None)
    return summary if isinstance(summary, str) else _registered_help(loaded)


def _registered_help(module: ModuleType) -> str:
    """The help a command module without ``SUMMARY`` registers itself with."""
    import argparse

    sub = argparse.ArgumentParser().add_subparsers()
    module.register(sub)
    return next((a.help or "" for a in sub._choices_actions), "")


def commands() -> list[tuple[str, str]]:
    """Every command, in name order, with its summary."""
    found = []
    for name in _private_modules():
        command = name.lstrip("_").replace("_", "-")
        summary = command_summary(command)
        if summary is not None:
            found.append((command, summary))
    return found


def _wrapped(text: str, width: int) -> list[str] | None:
    """``textwrap.wrap(text, width)`` for text whose lines break at spaces only; None
    when textwrap could break otherwise (a long word, a hyphenated word at a line's end)."""
    if not text.isascii() or "%" in text:
        return None  # argparse reads whitespace as ASCII and expands % in help texts
    lines: list[str] = []
    for word in text.split():
        if len(word) > width:
            return None
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        elif lines and "-" in word:
            return None  # textwrap might put the part before the hyphen on this line
        else:
            lines.append(word)
    return lines


def _entry(name: str, help_text: str | None, indent: int, at: int, width: int) -> list[str] | None:
    """One argument's lines: its name, then its help from column ``at`` (argparse's layout)."""
    if help_text is None:
        return [" " * indent + name]
    lines = _wrapped(help_text, max(width - at, 11))
    if not lines:
        return None
    if len(name) <= at - indent - 2:
        head = [" " * indent + name.ljust(at - indent - 2) + "  " + lines[0]]
    else:
        head = [" " * indent + name, " " * at + lines[0]]
    return head + [" " * at + line for line in lines[1:]]


def quick_help(columns: int) -> str | None:
    """The top-level help for a terminal ``columns`` wide, or None (argparse's turn)."""
    width = columns - 2  # as argparse's formatter takes the width
    listed = commands()
    longest = max([len(inv) for inv, _ in OPTIONS] + [len(n) for n, _ in listed] + [7])
    at = min(longest + 4, 24, max(width - 20, 4))  # argparse's help column
    description = _wrapped(DESCRIPTION, max(width, 11))
    if len(_USAGE) > width or description is None:
        return None
    entries = [_entry("COMMAND", None, 2, at, width)]
    entries += [_entry(name, summary, 4, at, width) for name, summary in listed]
    options = [_entry(inv, text, 2, at, width) for inv, text in OPTIONS]
    if any(e is None for e in entries + options):
        return None
    blocks = [[_USAGE], description, ["positional arguments:"], ["options:"]]
    blocks[2] += [line for e in entries for line in e or ()]
    blocks[3] += [line for e in options for line in e or ()]
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"
