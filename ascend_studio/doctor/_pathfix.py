"""What to change when an output folder cannot be made or written: the setting behind it.

A folder's path comes from the winning layer of its chain: an environment
variable (``ASCEND_WORK_PATH=/etc/hostname``), a parameter (``debug_dir``), or the
built-in default under the working directory or HOME. When the place at fault is
that value itself or lies above it, the fix names the setting to change; only a
file the job would have to replace below it (``<cwd>/kernel_meta`` left as a
file) is something to move away. What happens when it cannot be written comes
from the artifact's ``unwritable`` severity: an error when the job fails.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ascend_studio.schema import Text

if TYPE_CHECKING:
    from ascend_studio.doctor._paths import PathRow

__all__ = ["Cause", "blocked_fix", "causes", "consequence", "unwritable_fix"]


@dataclass(frozen=True)
class Cause:
    #: ``env``, ``parameter``, ``cwd`` or ``home``.
    kind: str
    name: str
    value: str


def _at_or_above(where: str, path: str) -> bool:
    where, path = posixpath.normpath(where), posixpath.normpath(path)
    return path == where or path.startswith(where.rstrip("/") + "/")


def _cause(row: PathRow, where: str, cwd: str | None, home: str | None) -> Cause | None:
    layer = row.resolution.winning_layer
    if layer is None:
        return None
    if layer.kind in ("env", "parameter") and layer.raw:
        value = layer.raw.strip('"') if layer.kind == "parameter" else layer.raw
        if value.startswith("/") and _at_or_above(where, value):
            return Cause(layer.kind, layer.name, value)
    if layer.kind == "default" and cwd and _at_or_above(where, cwd):
        return Cause("cwd", "", cwd)
    if layer.kind == "default" and home and _at_or_above(where, home):
        return Cause("home", "HOME", home)
    return None


def causes(
    rows: Sequence[PathRow], where: str, cwd: str | None, home: str | None
) -> tuple[list[Cause], list[PathRow]]:
    """The settings that put ``where`` in the way (each once), and the rows no setting
    explains (a file below the configured place)."""
    found: list[Cause] = []
    rest: list[PathRow] = []
    for row in rows:
        cause = _cause(row, where, cwd, home)
        if cause is None:
            rest.append(row)
        elif cause not in found:
            found.append(cause)
    return found, rest


def _change(cause: Cause, what_zh: str, what_en: str) -> Text:
    if cause.kind == "cwd":
        return Text(
            zh=f"从{what_zh}的文件夹启动作业（工作目录 {cause.value}；doctor --cwd 指定作业的工作目录）",
            en=f"start the job from a {what_en} folder (the working directory is {cause.value}; "
            "doctor --cwd names the job's working directory)",
        )
    label = f"{cause.name} 参数" if cause.kind == "parameter" else cause.name
    label_en = f"the {cause.name} parameter" if cause.kind == "parameter" else cause.name
    return Text(
        zh=f"把 {label}（现为 {cause.value}）改为{what_zh}的文件夹",
        en=f"set {label_en} (now {cause.value}) to a {what_en} folder",
    )


def _join(parts: list[Text], tail: Text | None = None) -> Text:
    items = [*parts, *([tail] if tail is not None else [])]
    zh = "；或".join(p.zh for p in items)
    en = "; or ".join(p.en for p in items)
    return Text(zh=zh + "。", en=en[:1].upper() + en[1:] + ".")


def _work_path(
    rows: Sequence[PathRow], found: list[Cause], what_zh: str, what_en: str
) -> list[Text]:
    """Outputs placed by a default can be moved together with ASCEND_WORK_PATH."""
    if not any(c.kind in ("cwd", "home") for c in found):
        return []
    if not any(
        layer.kind == "env" and layer.name == "ASCEND_WORK_PATH"
        for row in rows
        for layer in row.resolution.layers
    ):
        return []
    return [
        Text(
            zh=f"把 ASCEND_WORK_PATH 设为{what_zh}的文件夹（随它移动的输出会移到那里）",
            en=f"set ASCEND_WORK_PATH to a {what_en} folder (the outputs that follow it move "
            "there)",
        )
    ]


def blocked_fix(rows: Sequence[PathRow], where: str, cwd: str | None, home: str | None) -> Text:
    """A file stands at ``where``: change the setting that names it, or move it away."""
    found, rest = causes(rows, where, cwd, home)
    parts = [_change(c, "其他", "different") for c in found]
    parts += _work_path(rows, found, "其他", "different")
    tail = None
    if rest or not parts:
        tail = Text(
            zh=f"移走文件 {where}（作业要在这里建文件夹）",
            en=f"move the file {where} away (the job makes a folder there)",
        )
    return _join(parts, tail)


def unwritable_fix(
    rows: Sequence[PathRow], where: str, user: str, cwd: str | None, home: str | None
) -> Text:
    found, rest = causes(rows, where, cwd, home)
    parts = [_change(c, "可写", "writable") for c in found]
    parts += _work_path(rows, found, "可写", "writable")
    tail = None
    if rest or not parts:
        tail = Text(zh=f"让用户 {user} 可写 {where}", en=f"make {where} writable for {user}")
    return _join(parts, tail)


def consequence(rows: Sequence[PathRow]) -> Text:
    """What follows for the job: it fails (an error artifact), or the files are lost."""
    if any(r.resolution.artifact.unwritable == "error" for r in rows):
        return Text(zh="作业会因此失败。", en="The job fails because of it.")
    return Text(
        zh="这些文件不会写出；文档没有说作业会因此停止。",
        en="These files are not written; the documents do not say the job stops for it.",
    )
