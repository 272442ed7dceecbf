"""``--release``: the TF Adapter release a command judges or writes for (every command adds it).

A release is named by a public ref (``r1.15.0``, ``master``, a ``tfa_v0.0.N_<CANN>``
tag), a CANN version of a tagged release (``7.0.0`` = the newest public ref of that
line), ``newest``, or ``auto``: read what the machine has installed
(:func:`ascend_studio.machine.detect_toolkit`) and say what was found and how it
decided. Where a command-line, file and project choice meet, the command line wins,
then what the file names, then ``[tool.ascend-studio]`` overrides and table.
"""

from __future__ import annotations

import argparse
import sys

from ascend_studio._words import printable
from ascend_studio.schema import (
    AUTO,
    Catalog,
    Resolved,
    UnknownReleaseError,
    auto_release,
    release_problem,
    resolve_release,
)

__all__ = [
    "AUTO",
    "Resolved",
    "UnknownReleaseError",
    "add_release_argument",
    "auto_release",
    "print_notes",
    "release_from_args",
    "release_problem",
    "resolve_release",
]
HELP = (
    "the TF Adapter release to check or write for: a public ref (r1.15.0, master, "
    "tfa_v0.0.20_7.0.0.alpha003), a CANN version of a tagged release (6.3.RC1, 7.0.0, "
    "9.0.0), newest, or auto (read the installed toolkit and npu_bridge); default: the "
    "file's, else [tool.ascend-studio], else none (findings say which releases they hold for)"
)


def add_release_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--release", metavar="RELEASE", help=HELP)


def print_notes(resolved: Resolved, command: str, lang: str) -> None:
    """What ``auto`` found and how it decided, on stderr (the words ``doctor`` reports)."""
    for note in resolved.notes:
        shown = printable(note.get(lang))  # paths read from the machine
        print(f"ascend-studio {command}: --release auto: {shown}", file=sys.stderr)


def release_from_args(args: argparse.Namespace, catalog: Catalog, command: str) -> str | None:
    """``--release`` resolved to a release id (None: not given, or auto found none); what
    ``auto`` found is said on stderr. ValueError (one line) for a name no release has."""
    text = getattr(args, "release", None)
    if not text:
        return None
    try:
        resolved = resolve_release(text, catalog)
    except UnknownReleaseError as exc:
        raise ValueError(f"--release: {exc.text(getattr(args, 'lang', None) or 'en')}") from None
    except ValueError as exc:
        raise ValueError(f"--release: {exc}") from None
    print_notes(resolved, command, getattr(args, "lang", None) or "en")
    return resolved.release.id if resolved.release else None
