"""Find companion files the way the runtime does, and lay them out for export.

The runtime opens a relative path from its working directory; a script is
usually run from its own folder, so that folder is tried next. A file that is
not found is not an error: it may live only on the NPU machine.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from ascend_studio.profile import Expr, Profile
from ascend_studio.schema import Catalog, Text, shipped_catalog

__all__ = ["MAX_BYTES", "FileRead", "plan_companions", "read_companions"]

#: Larger files are not read (no companion format comes near this).
MAX_BYTES = 1 << 20
Status = Literal["read", "kept", "not_found", "unreadable", "runtime"]


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


def _read(param: str, given: str, bases: Sequence[Path]) -> tuple[FileRead, str | None]:
    for path in _candidates(given, bases):
        if not path.is_file():
            continue
        try:
            if path.stat().st_size > MAX_BYTES:
                return FileRead(param, given, "unreadable", path, "larger than 1 MiB"), None
            text = path.read_bytes().decode("utf-8-sig")
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
    param: str, value: object, bases: Sequence[Path], script_dir: Path | None
) -> tuple[FileRead, str | None]:
    if isinstance(value, Expr):
        beside = _beside_script(value.expr, script_dir)
        if beside is None:
            return FileRead(param, value.expr, "runtime"), None
        found, text = _read(param, str(beside), [])
        return replace(found, given=value.expr), text
    if not isinstance(value, str):
        return FileRead(param, repr(value), "runtime"), None
    return _read(param, value, bases)


def read_companions(
    profile: Profile,
    bases: Sequence[Path],
    script_dir: Path | None = None,
    catalog: Catalog | None = None,
) -> tuple[Profile, tuple[FileRead, ...]]:
    """``profile`` with the text of every companion file found, and what happened.

    ``bases`` are the folders a relative path is tried from, in order (the working
    directory, then the script's folder). ``script_dir`` resolves the expression
    our own Python export writes for a file beside the script. Text the profile
    already keeps wins.
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
        found, text = _one(param, value, bases, script_dir)
        reads.append(found)
        if text is not None:
            texts[param] = text
    if texts == profile.file_contents:
        return profile, tuple(reads)
    return profile.model_copy(update={"file_contents": texts}), tuple(reads)


HERE = "os.path.dirname(os.path.abspath(__file__))"
_BESIDE = re.compile(
    r"os\.path\.join\(\s*os\.path\.dirname\(\s*os\.path\.abspath\(\s*__file__\s*\)\s*\)\s*,"
    r'\s*("(?:[^"\\]|\\.)*")\s*\)$'
)


def _name(param: str, suffix: str, value: object, taken: set[str]) -> str:
    given = value if isinstance(value, str) else ""
    name = posixpath.basename(given.replace("\\", "/")) or f"{param}{suffix}"
    stem, dot, ext = name.rpartition(".")
    candidate, n = name, 2
    while candidate in taken:
        candidate = f"{stem}_{n}.{ext}" if dot else f"{name}_{n}"
        n += 1
    taken.add(candidate)
    return candidate


def plan_companions(
    profile: Profile, folder: Path, *, python: bool, catalog: Catalog | None = None
) -> tuple[Profile, tuple[tuple[str, Path, str], ...]]:
    """The companion files to write into ``folder`` beside an export of ``profile``.

    Returns the profile to export (for Python code each bundled path becomes an
    expression resolving from the snippet's own folder; other formats get the
    bare file name) and (parameter, target, text) per file.
    """
    taken: set[str] = set()
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
