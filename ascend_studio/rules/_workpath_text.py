"""ASCEND_WORK_PATH as text: the documented characters and the machine segment.

The documented rules (CANN environment variable page "ASCEND_WORK_PATH"): a path
may hold ASCII letters, digits, ``_``, ``-``, ``.`` and Chinese characters (plus
``/`` between segments), and its last segment must tell machines apart, ideally
as ``machineID_vmID_dockerID``. These checks need no filesystem, so the rules use
them too; the path inspector adds the filesystem findings.
"""

from __future__ import annotations

import ipaddress
import unicodedata
from dataclasses import dataclass
from typing import Literal

from ascend_studio.schema import Text

__all__ = [
    "WorkPathIssue",
    "is_allowed_char",
    "is_chinese",
    "parse_machine_segment",
    "text_issues",
]

_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
_ALLOWED_EN = "letters a-z A-Z, digits 0-9, _ - . and Chinese characters"
_ALLOWED_ZH = "大小写字母 a-z A-Z、数字 0-9、_ - . 和中文字符"


def is_chinese(char: str) -> bool:
    """A CJK ideograph (unified, any extension, or compatibility)."""
    return unicodedata.name(char, "").startswith(
        ("CJK UNIFIED IDEOGRAPH", "CJK COMPATIBILITY IDEOGRAPH")
    )


def is_allowed_char(char: str) -> bool:
    """One character of a segment, as the ASCEND_WORK_PATH docs allow."""
    return char in _ASCII_WORD or is_chinese(char)


@dataclass(frozen=True, slots=True)
class WorkPathIssue:
    """One problem with a working path, in words."""

    #: Stable id: empty, bad_char, relative, dot_segment, no_machine_segment,
    #: machine_form, missing, not_dir, no_read, no_write, no_exec, parent_not_writable.
    code: str
    severity: Literal["error", "warning"]
    message: Text
    #: The offending characters, in order of first appearance (bad_char only).
    chars: tuple[str, ...] = ()
    #: Index of the first offending character in the path.
    position: int | None = None


def _describe(char: str) -> str:
    name = unicodedata.name(char, "")
    code = f"U+{ord(char):04X}"
    return f"{char!r} ({code} {name})" if name else f"{char!r} ({code})"


def _char_issue(path: str) -> WorkPathIssue | None:
    bad = [(i, c) for i, c in enumerate(path) if c != "/" and not is_allowed_char(c)]
    if not bad:
        return None
    chars = tuple(dict.fromkeys(c for _, c in bad))
    listed = ", ".join(_describe(c) for c in chars)
    message = Text(
        zh=f"含有不允许的字符：{listed}。只允许{_ALLOWED_ZH}。",
        en=f"Characters not allowed: {listed}. Only {_ALLOWED_EN} may be used.",
    )
    return WorkPathIssue("bad_char", "error", message, chars, bad[0][0])


def _shape_issues(path: str) -> list[WorkPathIssue]:
    found: list[WorkPathIssue] = []
    if not path.startswith("/"):
        message = Text(
            zh="相对路径：每个进程按自己的当前目录解析，建议使用绝对路径。",
            en="Relative path: each process resolves it against its own working directory; prefer an absolute path.",
        )
        found.append(WorkPathIssue("relative", "warning", message))
    if any(part in (".", "..") for part in path.split("/")[:-1]):
        message = Text(
            zh="路径中含有 “.” 或 “..” 段，实际位置不直观。",
            en="The path contains '.' or '..' segments, which hide where it really points.",
        )
        found.append(WorkPathIssue("dot_segment", "warning", message))
    return found


def _machine_issue(path: str) -> WorkPathIssue | None:
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if last in ("", ".", ".."):
        message = Text(
            zh="缺少能唯一标识本机的最后一段目录名。",
            en="There is no last segment to identify the machine.",
        )
        return WorkPathIssue("no_machine_segment", "error", message)
    if parse_machine_segment(last) is not None:
        return None
    message = Text(
        zh=f"无法确认最后一段 “{last}” 能唯一标识机器；建议采用 机器IP_虚拟机ID_容器ID 的形式，如 172.16.1.12_01_03。",
        en=f"Cannot tell whether the last segment '{last}' identifies the machine uniquely; the recommended form is machineIP_vmID_containerID, e.g. 172.16.1.12_01_03.",
    )
    return WorkPathIssue("machine_form", "warning", message)


def text_issues(path: str) -> list[WorkPathIssue]:
    """Problems of ``path`` as text (no filesystem), in check order."""
    if not path.strip():
        message = Text(zh="路径为空。", en="The path is empty.")
        return [WorkPathIssue("empty", "error", message)]
    found: list[WorkPathIssue] = []
    bad = _char_issue(path)
    if bad is not None:
        found.append(bad)
    found += _shape_issues(path)
    machine = _machine_issue(path)
    if machine is not None:
        found.append(machine)
    return found


def parse_machine_segment(segment: str) -> tuple[str, str, str] | None:
    """``(machine, vm, container)`` when ``segment`` has the recommended form."""
    parts = segment.split("_")
    if not 1 <= len(parts) <= 3:
        return None
    head = parts[0]
    try:
        ipaddress.ip_address(head if "-" not in head else head.replace("-", ":"))
    except ValueError:
        return None
    if any(not all(is_allowed_char(c) for c in p) for p in parts[1:]):
        return None
    padded = [*parts, "", ""]
    return padded[0], padded[1], padded[2]
