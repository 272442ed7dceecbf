"""Parse a script that may not be valid Python 3, salvaging what can be read.

Old TF 1.x training scripts are often Python 2. When ``ast.parse`` fails, the
offending line is rewritten with a Python 2 fix (``print x``, ``except E, e``,
``0777``, ``<>``, ``ur""``, ``10L``) or replaced by ``pass``, and parsing is
retried a bounded number of times. Every skipped or rewritten line is
reported; the input is never executed.
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass

from ascend_studio.codegen._pyobjs import source_lines

__all__ = ["Parsed", "SyntaxProblem", "parse_script"]

MAX_ATTEMPTS = 25

#: (pattern, replacement): compiled by ``re`` (and kept in its cache) at the first file
#: that does not parse, not at every start.
_PY2_FIXES: tuple[tuple[str, str], ...] = (
    (r"^(\s*except\s+[\w.()\s,]+?),\s*(\w+)\s*:", r"\1 as \2:"),
    (r"^(\s*)print\b(?!\s*\()(.*)$", r"\1pass"),
    (r"^(\s*)exec\b(?!\s*\()(.*)$", r"\1pass"),
    (r"^(\s*raise\s+[\w.]+)\s*,\s*(.+)$", r"\1(\2)"),
    (r"\b0([0-7]+)\b", r"0o\1"),
    (r"\b(\d+)[lL]\b", r"\1"),
    (r"<>", "!="),
    (r"\bur(['\"])", r"r\1"),
)
_PY2_HINTS = r"^\s*(print\s+[^(\s=]|exec\s+['\"]|except\s+[\w.]+\s*,)|<>|`"


@dataclass(frozen=True)
class SyntaxProblem:
    """Where and why a script does not parse."""

    line: int | None
    column: int | None
    message: str
    action: str  # "rewritten", "skipped", "fatal"
    python2: bool = False


@dataclass(frozen=True)
class Parsed:
    """A script's syntax tree (None when it does not parse) and its text."""

    tree: ast.Module | None
    text: str
    problems: tuple[SyntaxProblem, ...]


def _parse(text: str) -> ast.Module:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. invalid escape sequences in old scripts
        return ast.parse(text)


def _fixed(line: str) -> str:
    """``line`` with its Python 2 forms rewritten; its line end kept (``.`` in the
    patterns runs over a lone CR, which would join it with the next line)."""
    ending = line[len(line.rstrip("\r\n")) :]
    body = line[: len(line) - len(ending)]
    for pattern, replacement in _PY2_FIXES:
        body = re.sub(pattern, replacement, body)
    return body + ending


def _blank(line: str) -> str:
    indent = line[: len(line) - len(line.lstrip(" \t"))]
    ending = line[len(line.rstrip("\r\n")) :]
    return f"{indent}pass{ending}"


def parse_script(text: str) -> Parsed:
    """Parse ``text``; on a syntax error, salvage line by line (bounded)."""
    try:
        return Parsed(_parse(text), text, ())
    except SyntaxError as exc:
        first = exc
    except (ValueError, RecursionError, MemoryError) as exc:
        return Parsed(
            None, text, (SyntaxProblem(None, None, str(exc) or type(exc).__name__, "fatal"),)
        )
    lines = source_lines(text)
    problems: list[SyntaxProblem] = []
    touched: dict[int, int] = {}
    error: SyntaxError = first
    for _ in range(MAX_ATTEMPTS):
        lineno = error.lineno or 0
        if not 1 <= lineno <= len(lines) or touched.get(lineno, 0) >= 2:
            break
        original = lines[lineno - 1]
        step = touched.get(lineno, 0)
        candidate = _fixed(original) if step == 0 else _blank(original)
        if candidate == original:
            candidate = _blank(original)
            step = 1
        touched[lineno] = step + 1
        lines[lineno - 1] = candidate
        python2 = bool(re.search(_PY2_HINTS, original))
        action = "rewritten" if candidate.strip() != "pass" else "skipped"
        problems.append(SyntaxProblem(lineno, error.offset, error.msg, action, python2))
        patched = "".join(lines)
        try:
            return Parsed(_parse(patched), patched, tuple(problems))
        except SyntaxError as exc:
            error = exc
        except (ValueError, RecursionError, MemoryError):
            break
    fatal = SyntaxProblem(
        first.lineno, first.offset, first.msg, "fatal", bool(re.search(_PY2_HINTS, text))
    )
    return Parsed(None, text, (fatal,))
