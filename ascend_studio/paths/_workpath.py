"""ASCEND_WORK_PATH checks and the recommended machine segment.

The documented rules: a path may hold ASCII letters, digits, ``_``, ``-``, ``.``
and Chinese characters (plus ``/`` between segments); the folder needs read,
write and execute permission for the job's user; the last segment must tell
machines apart, ideally as ``machineID_vmID_dockerID``. Filesystem findings are
warnings only: the job usually runs on another machine than this tool.
"""

from __future__ import annotations

import ipaddress
import os
import posixpath
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from ascend_studio.schema import Text

__all__ = [
    "MachineIdError",
    "WorkPathIssue",
    "is_allowed_char",
    "machine_segment",
    "parse_machine_segment",
    "validate_work_path",
]

_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
_HOST_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
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
            en="The path contains “.” or “..” segments, which hide where it really points.",
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
        en=f"Cannot tell whether the last segment “{last}” identifies the machine uniquely; the recommended form is machineIP_vmID_containerID, e.g. 172.16.1.12_01_03.",
    )
    return WorkPathIssue("machine_form", "warning", message)


def _permission_issues(path: str) -> list[WorkPathIssue]:
    found: list[WorkPathIssue] = []
    for flag, code, zh, en in (
        (os.R_OK, "no_read", "读", "read"),
        (os.W_OK, "no_write", "写", "write"),
        (os.X_OK, "no_exec", "执行", "execute"),
    ):
        if not os.access(path, flag):
            message = Text(
                zh=f"本机当前用户对该目录没有{zh}权限。",
                en=f"On this machine, the current user lacks {en} permission on the folder.",
            )
            found.append(WorkPathIssue(code, "warning", message))
    return found


def _filesystem_issues(path: str) -> list[WorkPathIssue]:
    if os.path.isdir(path):
        return _permission_issues(path)
    if os.path.exists(path):
        message = Text(
            zh="该路径在本机上存在，但不是目录。",
            en="On this machine the path exists but is not a folder.",
        )
        return [WorkPathIssue("not_dir", "warning", message)]
    message = Text(
        zh="该目录在本机上不存在（目标机器可能不同）。文档一处说会自动创建，一处要求事先存在，建议提前创建。",
        en="The folder does not exist on this machine (the target may differ). The docs say both that it is created automatically and that it must exist; create it beforehand.",
    )
    found = [WorkPathIssue("missing", "warning", message)]
    parent = posixpath.dirname(path.rstrip("/")) or "."
    while parent not in ("", "/") and not os.path.exists(parent):
        parent = posixpath.dirname(parent)
    if os.path.isdir(parent or "/") and not os.access(parent or "/", os.W_OK | os.X_OK):
        message = Text(
            zh=f"本机上最近的已有上级目录 {parent or '/'} 不可写，无法在其中创建。",
            en=f"The nearest existing parent {parent or '/'} is not writable here, so the folder cannot be created in it.",
        )
        found.append(WorkPathIssue("parent_not_writable", "warning", message))
    return found


def validate_work_path(path: str, *, check_filesystem: bool = True) -> list[WorkPathIssue]:
    """Every problem with ``path`` as an ASCEND_WORK_PATH value, errors first."""
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
    if check_filesystem:
        found += _filesystem_issues(path)
    return sorted(found, key=lambda issue: issue.severity != "error")


# -- the machine segment ----------------------------------------------------------


class MachineIdError(ValueError):
    """A machine, VM or container id that cannot go into the segment."""

    def __init__(self, message: Text) -> None:
        super().__init__(message.en)
        self.message = message


def _machine_id(raw: str) -> str:
    """An IP (IPv6 ``:`` become ``-``) or a host name, normalized."""
    text = raw.strip()
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        pass
    else:
        return address.compressed.replace(":", "-")
    host = text.lower().rstrip(".")
    labels = host.split(".")
    numeric = all(label.isdigit() for label in labels)  # a malformed IP, not a name
    if host and len(host) <= 253 and not numeric and all(map(_HOST_LABEL.fullmatch, labels)):
        return host
    raise MachineIdError(
        Text(
            zh=f"“{raw}” 既不是 IP 地址也不是合法的主机名。",
            en=f"“{raw}” is neither an IP address nor a valid host name.",
        )
    )


def _sub_id(raw: str, what_zh: str, what_en: str) -> str:
    text = raw.strip()
    if all(is_allowed_char(c) and c != "_" for c in text):
        return text
    raise MachineIdError(
        Text(
            zh=f"{what_zh} “{raw}” 含有不允许的字符（只允许字母、数字、- . 和中文；“_” 用作分隔符）。",
            en=f"{what_en} “{raw}” has characters that are not allowed (letters, digits, - . and Chinese only; “_” is the separator).",
        )
    )


def machine_segment(machine_id: str, vm_id: str | None = None, docker_id: str | None = None) -> str:
    """The recommended last segment, ``machineID_vmID_dockerID``.

    Missing trailing parts are left out (a physical machine is just its IP); a
    missing VM id before a container id leaves an empty slot (``ip__c1``) so the
    segment always reads back unambiguously. Raises :class:`MachineIdError`.
    """
    parts = [
        _machine_id(machine_id),
        _sub_id(vm_id or "", "虚拟机 ID", "VM id"),
        _sub_id(docker_id or "", "容器 ID", "Container id"),
    ]
    while parts[-1] == "":
        parts.pop()
    return "_".join(parts)


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
