"""Read environment values out of a shell env script or an ``env`` dump.

A minimal, never-executing reader: ``export A=B``, ``A=B``, ``declare -x A="B"``
(``export -p``) and ``unset A`` lines are understood; anything else is reported
and skipped. ``$VAR`` references are kept as written, since only the target
shell knows their values. Bad input never raises.

This stands in until the codegen package ships its shell importer.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["EnvScript", "parse_env_script", "read_env_script"]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_RAW_ASSIGN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)")


@dataclass
class EnvScript:
    """What a script sets (``None``: unsets) and what was skipped, by line."""

    values: dict[str, str | None] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """Join backslash continuations; keep the first physical line number."""
    out: list[tuple[int, str]] = []
    pending, start = "", 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not pending:
            start = number
        if line.endswith("\\") and not line.endswith("\\\\"):
            pending += line[:-1]
            continue
        out.append((start, pending + line))
        pending = ""
    if pending:
        out.append((start, pending))
    return out


def _tokens(line: str) -> list[str] | None:
    try:
        return shlex.split(line, comments=True, posix=True)
    except ValueError:
        return None


def _assignments(words: list[str]) -> list[tuple[str, str]] | None:
    pairs = []
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not _NAME.fullmatch(name):
            return None
        pairs.append((name, value))
    return pairs


def _parse_line(line: str, script: EnvScript, number: int) -> None:
    words = _tokens(line)
    if words is None:
        raw = _RAW_ASSIGN.fullmatch(line)
        if raw:  # an `env` dump line whose value has stray quotes
            script.values[raw.group(1)] = raw.group(2)
        else:
            script.problems.append(f"line {number}: unbalanced quotes, skipped")
        return
    if not words:
        return
    if words[0] == "unset":
        names = [w for w in words[1:] if not w.startswith("-")]
        script.values.update(dict.fromkeys(names))
        return
    exported = words[0] in ("export", "declare", "typeset")
    body = [w for w in words[1:] if not w.startswith("-")] if exported else words
    pairs = _assignments([w for w in body if "=" in w or not exported])
    if pairs is None:
        raw = None if exported else _RAW_ASSIGN.fullmatch(line.strip())
        if raw:  # `env` output: VALUE may contain unquoted spaces
            script.values[raw.group(1)] = raw.group(2)
        else:
            script.problems.append(f"line {number}: not a variable assignment, skipped")
        return
    script.values.update(pairs)


def parse_env_script(text: str) -> EnvScript:
    """Parse script text; later lines win, as they would in the shell."""
    script = EnvScript()
    for number, line in _logical_lines(text):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            _parse_line(stripped, script, number)
    return script


def read_env_script(path: str | Path) -> EnvScript:
    """Parse a file; an unreadable file is reported as a problem, not raised."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        return EnvScript(problems=[f"{path}: cannot read: {exc.strerror or exc}"])
    return parse_env_script(text)
