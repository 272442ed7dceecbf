"""Windows line endings in a shell script: an error only where bash or the reader fails.

bash keeps the ``\\r`` of each line. It runs a script of plain assignments (every
value then ends in ``\\r``) and stops at the first line where a reserved word or
``((`` carries it (``then\\r`` is no ``then``). The C++ and Python integer readers
skip the trailing ``\\r`` (``safe_strto64``, ``int()``); a value that must match
exactly (a path, a mode, a name) does not. So: an error naming the first line bash
stops at, or the first such value; otherwise a warning with the fix.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ascend_studio.schema import Catalog

__all__ = ["CrlfFinding", "crlf_finding", "windows_endings"]

#: Reserved words bash must read exactly; with a ``\r`` after them they are words.
_RESERVED = frozenset({"do", "then", "else", "elif", "fi", "done", "esac", "{", "}", "in"})
_INT = re.compile(r"\s*[+-]?\d+\s*")


@dataclass(frozen=True)
class CrlfFinding:
    severity: str  # "error" or "warning"
    line: int
    zh: str
    en: str
    path: str | None = None


def _bash_stops(lines: list[str]) -> int | None:
    """The first line (1-based) bash rejects because of its ``\\r``."""
    for number, line in enumerate(lines, start=1):
        if not line.endswith("\r"):
            continue
        code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
        words = code.replace(";", " ").split()
        if not words:
            continue
        last = words[-1].rstrip("\r")
        if last == "in" and words[0] not in ("case", "for", "select"):
            continue
        if "((" in code or last in _RESERVED:
            return number
    return None


def _exact_value(
    env: Mapping[str, tuple[str | None, bool, int]], lines: list[str], catalog: Catalog
) -> tuple[str, int] | None:
    """The first variable of the catalog whose value must match exactly and gets a ``\\r``."""
    for name, (value, _, line) in sorted(env.items(), key=lambda item: item[1][2]):
        var = catalog.env_var(name)
        if var is None or value is None or not 0 < line <= len(lines):
            continue
        if not lines[line - 1].endswith("\r"):
            continue
        if var.path_like or (value and not _INT.fullmatch(value)):
            return name, line
    return None


def windows_endings(text: str) -> bool:
    """Saved with Windows line endings: most lines end in CRLF (a CRLF inside one
    quoted value does not make a Windows file, and bash keeps it there)."""
    crlf = text.count("\r\n")
    return crlf > 0 and 2 * crlf >= text.count("\n")


def crlf_finding(
    text: str,
    env: Mapping[str, tuple[str | None, bool, int]],
    catalog: Catalog,
    name: str,
) -> CrlfFinding | None:
    """What Windows line endings do to this script, or None when it has none."""
    if not windows_endings(text):
        return None
    lines = text.split("\n")
    count = text.count("\r\n")
    fix_zh = f"请先转换：sed -i 's/\\r$//' {name}（或 dos2unix {name}）。以下按转换后的内容读取。"
    fix_en = f"Convert it: sed -i 's/\\r$//' {name} (or dos2unix {name}). Read here as converted."
    stop = _bash_stops(lines)
    if stop is not None:
        return CrlfFinding(
            "error",
            stop,
            f"该脚本使用 Windows 换行符（CRLF，{count} 行）：bash 把行尾的 \\r 当作内容，"
            f"在第 {stop} 行（关键字或 (( 后带 \\r）报语法错误并停止。{fix_zh}",
            f"This script has Windows line endings (CRLF, {count} lines): bash keeps each "
            f"\\r, so line {stop} (a reserved word or (( followed by \\r) is a syntax error "
            f"and bash stops there. {fix_en}",
        )
    exact = _exact_value(env, lines, catalog)
    if exact is not None:
        var, line = exact
        return CrlfFinding(
            "error",
            line,
            f"该脚本使用 Windows 换行符（CRLF）：{var} 的值以 \\r 结尾，读取它的代码按原样使用"
            f"（路径、模式名不再匹配）。{fix_zh}",
            f"This script has Windows line endings (CRLF): the value of {var} ends in \\r, "
            f"and what reads it uses it as is (a path or a mode no longer matches). {fix_en}",
            f"env:{var}",
        )
    first = text.count("\n", 0, text.find("\r\n")) + 1
    return CrlfFinding(
        "warning",
        first,
        f"该脚本使用 Windows 换行符（CRLF，{count} 行）：bash 能运行它，每个值末尾带 \\r；"
        f"整数读取时会跳过 \\r，但其他工具未必。{fix_zh}",
        f"This script has Windows line endings (CRLF, {count} lines): bash runs it and every "
        f"value ends in \\r; the integer readers skip it, other tools may not. {fix_en}",
    )
