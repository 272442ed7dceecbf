"""ASCEND_WORK_PATH checks and the recommended machine segment.

The documented rules: a path may hold ASCII letters, digits, ``_``, ``-``, ``.``
and Chinese characters (plus ``/`` between segments); the folder needs read,
write and execute permission for the job's user; the last segment must tell
machines apart, ideally as ``machineID_vmID_dockerID``. The text checks live with
the rules (:mod:`ascend_studio.rules._workpath_text`, which report them as
diagnostics too); this module adds the filesystem findings, warnings only: the
job usually runs on another machine than this tool.
"""

from __future__ import annotations

import ipaddress
import os
import posixpath
import re

from ascend_studio.rules._workpath_text import (
    WorkPathIssue,
    is_allowed_char,
    is_chinese,
    parse_machine_segment,
    text_issues,
)
from ascend_studio.schema import Text

__all__ = [
    "MachineIdError",
    "WorkPathIssue",
    "is_allowed_char",
    "is_chinese",
    "machine_segment",
    "parse_machine_segment",
    "validate_work_path",
]

_HOST_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")


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
    found = text_issues(path)
    if check_filesystem and path.strip():
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
            en=f"'{raw}' is neither an IP address nor a valid host name.",
        )
    )


def _sub_id(raw: str, what_zh: str, what_en: str) -> str:
    text = raw.strip()
    if all(is_allowed_char(c) and c != "_" for c in text):
        return text
    raise MachineIdError(
        Text(
            zh=f"{what_zh} “{raw}” 含有不允许的字符（只允许字母、数字、- . 和中文；“_” 用作分隔符）。",
            en=f"{what_en} '{raw}' has characters that are not allowed (letters, digits, - . and Chinese only; '_' is the separator).",
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
