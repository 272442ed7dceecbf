"""Find companion files the way the runtime does, and lay them out for export.

The runtime opens a relative path from its working directory; a script is
usually run from its own folder, so that folder is tried next. A file that is
not found is not an error: it may live only on the NPU machine.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from ascend_studio._input import system_folder
from ascend_studio.profile import Expr, Profile
from ascend_studio.schema import Catalog, Text, shipped_catalog

__all__ = ["MAX_BYTES", "FileRead", "plan_companions", "read_companions"]

#: Larger files are not read (no companion format comes near this).
MAX_BYTES = 1 << 20
Status = Literal["read", "kept", "not_found", "unreadable", "runtime", "refused"]


@dataclass(frozen=True)
class FileRead:
    """What became of one parameter's file: read from ``path``, or why not."""

    param: str
    given: str
    status: Status
    path: Path | None = None
    reason: str = ""

    def text(self, lang: str = "en") -> str:
        return self.message.get(lang)

    @property
    def message(self) -> Text:
        where = str(self.path) if self.path else self.given
        if self.status == "read":
            return Text.of(f"{self.param}：已读取 {where}", f"{self.param}: read {where}")
        if self.status == "kept":
            return Text.of(
                f"{self.param}：使用配置中保存的文件内容（{self.given}）",
                f"{self.param}: using the file text kept in the profile ({self.given})",
            )
        if self.status == "runtime":
            return Text.of(
                f"{self.param}：路径 {self.given} 要到运行时才知道，未读取文件",
                f"{self.param}: the path {self.given} is known only at run time; not read",
            )
        if self.status == "unreadable":
            return Text.of(
                f"{self.param}：无法读取 {where}（{self.reason}）",
                f"{self.param}: cannot read {where} ({self.reason})",
            )
        if self.status == "refused":
            return Text.of(
                f"{self.param}：未读取 {where}：{_REASONS_ZH.get(self.reason, self.reason)}",
                f"{self.param}: not read {where}: {self.reason}",
            )
        return Text.of(
            f"{self.param}：找不到文件 {self.given}（也可能只在 NPU 机器上），未检查其内容",
            f"{self.param}: file {self.given} not found (it may exist only on the NPU "
            "machine); its contents were not checked",
        )


def _candidates(given: str, bases: Sequence[Path]) -> list[Path]:
    path = Path(given)
    if path.is_absolute():
        return [path]
    return list(dict.fromkeys(base / path for base in bases))


SYSTEM_FILE = "a system file (/proc, /sys, /dev), never read"
IN_GIT = "inside a .git folder, never read"
NOT_A_FILE = "not a regular file"
OUTSIDE = "outside the folders being checked (--read-outside reads it)"
NOT_VALID = "not a valid file of its kind, so its text is not kept"
_REASONS_ZH = {
    SYSTEM_FILE: "系统文件（/proc、/sys、/dev），从不读取",
    IN_GIT: "位于 .git 目录内，从不读取",
    NOT_A_FILE: "不是普通文件",
    OUTSIDE: "在所检查的目录之外（--read-outside 可读取）",
    NOT_VALID: "不是该类型的有效文件，其内容不予保存",
}


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _refusal(real: Path, within: Sequence[Path] | None) -> str | None:
    """Why the file at ``real`` (links resolved) is not read, or None."""
    if system_folder(real) is not None:  # kernel and device files: never read
        return SYSTEM_FILE
    if ".git" in real.parts:
        return IN_GIT
    if within is not None and not any(_inside(real, folder) for folder in within):
        return OUTSIDE
    try:
        if not stat.S_ISREG(real.stat().st_mode):
            return NOT_A_FILE
    except OSError:
        return None  # the read reports it
    return None


def _read_bounded(real: Path) -> bytes | None:
    """The file's bytes, or None when it holds more than :data:`MAX_BYTES` (the size
    a file reports is not trusted: it is read up to the limit)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(real, flags)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    return None if len(data) > MAX_BYTES else data


def _read(
    param: str, given: str, bases: Sequence[Path], within: Sequence[Path] | None = None
) -> tuple[FileRead, str | None]:
    for path in _candidates(given, bases):
        if not os.path.lexists(path):
            continue
        real = Path(os.path.realpath(path))
        refused = _refusal(real, within)
        if refused is not None:
            return FileRead(param, given, "refused", path, refused), None
        if not real.exists():
            continue  # a link to nothing
        try:
            data = _read_bounded(real)
            if data is None:
                return FileRead(param, given, "unreadable", path, "larger than 1 MiB"), None
            text = data.decode("utf-8-sig")
        except OSError as exc:
            return FileRead(param, given, "unreadable", path, exc.strerror or str(exc)), None
        except UnicodeDecodeError:
            return FileRead(param, given, "unreadable", path, "not UTF-8 text"), None
        return FileRead(param, given, "read", path), text
    return FileRead(param, given, "not_found"), None


def _beside_script(expr: str, script_dir: Path | None) -> Path | None:
    """The file an exported ``os.path.join(<the script's folder>, "name")`` names."""
    match = _BESIDE.match(expr.strip())
    return None if match is None or script_dir is None else script_dir / json.loads(match[1])


def _one(
    param: str,
    value: object,
    bases: Sequence[Path],
    script_dir: Path | None,
    within: Sequence[Path] | None,
) -> tuple[FileRead, str | None]:
    if isinstance(value, Expr):
        beside = _beside_script(value.expr, script_dir)
        if beside is None:
            return FileRead(param, value.expr, "runtime"), None
        found, text = _read(param, str(beside), [], within)
        return replace(found, given=value.expr), text
    if not isinstance(value, str):
        return FileRead(param, repr(value), "runtime"), None
    return _read(param, value, bases, within)


def _valid(param: str, text: str, catalog: Catalog | None) -> bool:
    """``text`` reads as the file ``param`` names (its format's shape, no error)."""
    from ascend_studio.companion._registry import file_formats

    fmt = file_formats(catalog).get(param)
    if fmt is None:
        return False
    return fmt.looks_like(text) and not any(p.severity == "error" for p in fmt.check(text))


def read_companions(
    profile: Profile,
    bases: Sequence[Path],
    script_dir: Path | None = None,
    catalog: Catalog | None = None,
    *,
    within: Sequence[Path] | None = None,
    valid_only: bool = False,
) -> tuple[Profile, tuple[FileRead, ...]]:
    """``profile`` with the text of every companion file found, and what happened.

    ``bases`` are the folders a relative path is tried from, in order (the working
    directory, then the script's folder). ``script_dir`` resolves the expression
    our own Python export writes for a file beside the script. Text the profile
    already keeps wins.

    Only regular files are read, never a kernel or device file (``/proc``,
    ``/sys``, ``/dev``) nor one inside a ``.git`` folder, links resolved first;
    with ``within``, only files inside those folders (a batch run over a
    repository reads nothing from outside it). With ``valid_only`` (a profile to
    be saved), a text that is not a valid file of its kind is not kept: a path
    parameter may name any file, and a saved or printed profile would carry it.
    """
    catalog = catalog if catalog is not None else shipped_catalog()
    if not any(catalog.has(p) and catalog.param(p).file_format for p in profile.values):
        return profile, ()  # names no file: the formats' modules are not even imported
    from ascend_studio.companion._registry import file_formats

    texts = dict(profile.file_contents)
    reads: list[FileRead] = []
    for param in file_formats(catalog):
        value = profile.values.get(param)
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        if param in texts:
            shown = value.expr if isinstance(value, Expr) else str(value)
            reads.append(FileRead(param, shown, "kept"))
            continue
        found, text = _one(param, value, bases, script_dir, _resolved(within))
        if text is not None and valid_only and not _valid(param, text, catalog):
            found, text = replace(found, status="refused", reason=NOT_VALID), None
        reads.append(found)
        if text is not None:
            texts[param] = text
    if texts == profile.file_contents:
        return profile, tuple(reads)
    return profile.model_copy(update={"file_contents": texts}), tuple(reads)


def _resolved(folders: Sequence[Path] | None) -> list[Path] | None:
    return None if folders is None else [Path(os.path.realpath(f)) for f in folders]


HERE = "os.path.dirname(os.path.abspath(__file__))"
_BESIDE = re.compile(
    r"os\.path\.join\(\s*os\.path\.dirname\(\s*os\.path\.abspath\(\s*__file__\s*\)\s*\)\s*,"
    r'\s*("(?:[^"\\]|\\.)*")\s*\)$'
)


def _usable(name: str) -> bool:
    """A plain file name: not empty, ``.`` or ``..``, no NUL or control character."""
    return name not in ("", ".", "..") and name.isprintable() and "\0" not in name


def _name(param: str, suffix: str, value: object, taken: set[str]) -> str:
    given = value if isinstance(value, str) else ""
    name = posixpath.basename(given.replace("\\", "/"))
    name = name if _usable(name) else f"{param}{suffix}"
    stem, dot, ext = name.rpartition(".")
    candidate, n = name, 2
    while candidate in taken:
        candidate = f"{stem}_{n}.{ext}" if dot else f"{name}_{n}"
        n += 1
    taken.add(candidate)
    return candidate


def plan_companions(
    profile: Profile,
    folder: Path,
    *,
    python: bool,
    catalog: Catalog | None = None,
    reserved: tuple[str, ...] = (),
) -> tuple[Profile, tuple[tuple[str, Path, str], ...]]:
    """The companion files to write into ``folder`` beside an export of ``profile``.

    Returns the profile to export (for Python code each bundled path becomes an
    expression resolving from the snippet's own folder; other formats get the
    bare file name) and (parameter, target, text) per file. A name that is not a
    plain file name (``..``, a NUL) becomes the parameter's; names in ``reserved``
    (the export's own file) are never given to a companion.
    """
    taken: set[str] = set(reserved)
    planned: list[tuple[str, Path, str]] = []
    from ascend_studio.companion._registry import file_formats

    values = dict(profile.values)
    formats = file_formats(catalog)
    for param, text in profile.file_contents.items():
        if param not in formats or param not in values:
            continue
        name = _name(param, formats[param].suffix, values[param], taken)
        planned.append((param, folder / name, text))
        values[param] = Expr(expr=f"os.path.join({HERE}, {json.dumps(name)})") if python else name
    if not planned:
        return profile, ()
    return profile.model_copy(update={"values": values}), tuple(planned)
