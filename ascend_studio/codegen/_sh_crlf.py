"""Windows line endings in a shell script: an error only where bash or the reader fails.

bash keeps the ``\\r`` of each line. It runs a script of plain assignments (every
value then ends in ``\\r``); a reserved word that carries it (``then\\r``) is an
ordinary word, and bash stops where its grammar then fails, which may be far below
(``_sh_crlf_parse``: the line ``bash -n`` names). The C++ and Python integer readers
skip the trailing ``\\r`` (``safe_strto64``, ``int()``); a value that must match
exactly (a path, a mode, a name) does not. So: an error naming the line bash
stops at, or the first such value; otherwise a warning with the fix.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ascend_studio.codegen._sh_crlf_parse import BashStop, bash_stop
from ascend_studio.schema import Catalog

__all__ = ["CrlfFinding", "crlf_finding", "windows_endings"]

#: An integer as the C++ and Python readers accept it (surrounding blanks skipped).
_INT = re.compile(r"\s*[+-]?\d+\s*")


@dataclass(frozen=True)
class CrlfFinding:
    """A shell line that Windows line endings break, and how badly."""

    severity: str  # "error" or "warning"
    line: int
    zh: str
    en: str
    path: str | None = None


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


#: What a construct is called, in Chinese and English ({line}: where it starts).
_CONSTRUCTS = {
    "for": ("第 {line} 行的 for 循环", "the for loop of line {line}"),
    "select": ("第 {line} 行的 select 循环", "the select loop of line {line}"),
    "while": ("第 {line} 行的 while 循环", "the while loop of line {line}"),
    "until": ("第 {line} 行的 until 循环", "the until loop of line {line}"),
    "if": ("第 {line} 行的 if", "the if of line {line}"),
    "case": ("第 {line} 行的 case", "the case of line {line}"),
    "{": ("第 {line} 行的 { 语句组", "the { group of line {line}"),
    "(": ("第 {line} 行的 ( 子 shell", "the ( subshell of line {line}"),
    "function": ("第 {line} 行的函数", "the function of line {line}"),
    "[[": ("第 {line} 行的 [[ ... ]]", "the [[ ... ]] of line {line}"),
    "((": ("第 {line} 行的 (( ... ))", "the (( ... )) of line {line}"),
}


def _construct(stop: BashStop) -> tuple[str, str]:
    """(zh, en) naming what the error is about."""
    if stop.construct == "closing":
        return "该关键字前面没有它能结束的结构", "a reserved word that closes nothing open"
    if stop.construct == ";;":
        return ";; 不在 case 分支中", ";; outside a case arm"
    zh, en = _CONSTRUCTS.get(stop.construct, ("第 {line} 行的结构", "the construct of line {line}"))
    return zh.format(line=stop.opened), en.format(line=stop.opened)


def _stop_words(stop: BashStop, count: int) -> tuple[str, str]:
    """Where bash stops, as ``bash -n`` says it, and why, in Chinese and English."""
    head_zh = (
        f"该脚本使用 Windows 换行符（CRLF，{count} 行）：bash 把行尾的 \\r 当作内容，"
        "行尾的关键字因此只是普通单词；"
    )
    head_en = (
        f"This script has Windows line endings (CRLF, {count} lines): bash keeps each \\r, "
        "so a reserved word at a line's end is an ordinary word;"
    )
    what_zh, what_en = _construct(stop)
    if stop.token is None and stop.construct == "[[":
        return (
            f"{head_zh}bash 在第 {stop.line} 行报条件表达式语法错误并停止（{what_zh}）。",
            f"{head_en} bash stops at line {stop.line}: syntax error in conditional "
            f"expression ({what_en}).",
        )
    if stop.token is None:
        return (
            f"{head_zh}bash 读到文件末尾（第 {stop.line} 行）报 unexpected end of file 并停止："
            f"{what_zh}没有结束（结束它的关键字带 \\r）。",
            f"{head_en} bash stops at the end of the file (line {stop.line}): unexpected end "
            f"of file, {what_en} is never closed (its closing word carries the \\r).",
        )
    token = stop.token.replace("\r", "\\r")
    return (
        f"{head_zh}bash 在第 {stop.line} 行报语法错误（unexpected token `{token}`）并停止"
        f"（{what_zh}）。",
        f"{head_en} bash stops at line {stop.line}: syntax error near unexpected token "
        f"`{token}` ({what_en}).",
    )


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
    stop = bash_stop(text)
    if stop is not None:
        zh, en = _stop_words(stop, count)
        return CrlfFinding("error", min(stop.line, len(lines)), f"{zh}{fix_zh}", f"{en} {fix_en}")
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
