"""Companion files for the commands that read a script or profile (validate, import).

Not a command itself: it reads the files path parameters point to (relative
paths from the working directory first, then from the script's folder) and says
how a diagnostic's location inside such a file is shown.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ascend_studio._input import InputError, read_bounded
from ascend_studio._shellquote import shell_quote
from ascend_studio._words import say
from ascend_studio.companion import FileRead, read_companions
from ascend_studio.profile import Profile
from ascend_studio.rules import Diagnostic

__all__ = ["attach", "location_json", "location_text", "not_a_configuration", "reads_json"]


def attach(
    profile: Profile, script: str, *, valid_only: bool = False
) -> tuple[Profile, tuple[FileRead, ...]]:
    """``profile`` with its companion files read, as the runtime would find them
    (``valid_only``: a profile to save keeps only texts that are valid files)."""
    folder = Path(script).resolve().parent
    return read_companions(profile, [Path.cwd(), folder], folder, valid_only=valid_only)


def _file_of(param: str, profile: Profile, reads: Sequence[FileRead]) -> str:
    for read in reads:
        if read.param == param and read.path is not None:
            return str(read.path)
    value = profile.values.get(param)
    return value if isinstance(value, str) else param


def location_text(d: Diagnostic, profile: Profile, reads: Sequence[FileRead]) -> str | None:
    """``debug.cfg:3`` (or the file alone for a whole-file finding), else None."""
    if d.location is None:
        return None
    name = _file_of(d.location.param, profile, reads)
    return f"{name}:{d.location.line}" if d.location.line else name


def location_json(
    d: Diagnostic, profile: Profile, reads: Sequence[FileRead]
) -> dict[str, Any] | None:
    if d.location is None:
        return None
    return {
        "param": d.location.param,
        "file": _file_of(d.location.param, profile, reads),
        "line": d.location.line or None,
    }


def reads_json(reads: Sequence[FileRead]) -> list[dict[str, Any]]:
    return [
        {
            "param": r.param,
            "given": r.given,
            "status": r.status,
            "path": None if r.path is None else str(r.path),
            "message": {"zh": r.text("zh"), "en": r.text("en")},
        }
        for r in reads
    ]


#: Files read as scripts whatever they hold (the others may be a companion file).
_SCRIPT_SUFFIXES = frozenset({".py", ".sh", ".bash", ".env"})


def not_a_configuration(file: str, lang: str) -> str | None:
    """Why ``file`` is not checked here when it is a companion file (``debug.cfg``):
    the command that checks it; None for anything else."""
    if Path(file).suffix.lower() in _SCRIPT_SUFFIXES:
        return None
    kind = _companion_kind(file)
    if kind is None:
        return None
    command = f"ascend-studio file check {shell_quote(file)}"
    text = "{file} is the file {param} points to, not a configuration: check it with {command}"
    return say(text, lang, file=file, param=kind, command=command)


def _companion_kind(file: str) -> str | None:
    """The parameter whose companion file ``file`` reads as, if it reads as one."""
    from ascend_studio.companion import MAX_BYTES, detect, param_for

    try:
        text = read_bounded(file, MAX_BYTES).decode("utf-8-sig")
    except (InputError, UnicodeDecodeError):  # the readers say why, when they read it
        return None
    if _profile_like(text):
        return None
    found = detect(text)
    return param_for(found) if found else None


#: Keys of a profile document (``docs/`` profile format); no companion file has them.
_PROFILE_KEYS = frozenset({"format", "product", "scenario", "values", "env", "file_contents"})


def _profile_like(text: str) -> bool:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # nested too deeply: the profile reader says so
        return False
    return isinstance(data, dict) and bool(_PROFILE_KEYS & set(data))
