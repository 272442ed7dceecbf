"""Every output folder the job would write, checked on the real file system.

Each produced artifact's path is resolved with the real environment, working
directory, home and device id (``paths`` does the resolving); its folder is then
probed (:func:`ascend_studio.machine.probe_dir`): can this user create and write
it, is its file system read-only or full, is there the room the artifact may need
(``min_free_mb`` in ``artifacts.toml``). Problems are grouped: one finding per
folder or file system at fault, naming every artifact that lands there.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ascend_studio.doctor._model import Finding, Severity, finding
from ascend_studio.doctor._pathfix import blocked_fix, consequence, unwritable_fix
from ascend_studio.machine import DirProbe, probe_dir
from ascend_studio.paths import Resolution
from ascend_studio.schema import Catalog, Text

__all__ = ["PathRow", "path_findings", "path_rows", "size_text"]

_MIB = 1024 * 1024
#: Below this a file system counts as full: the next write fails.
_FULL_BYTES = _MIB


@dataclass(frozen=True)
class PathRow:
    """One artifact's place on this machine."""

    resolution: Resolution
    #: The folder probed: the artifact's folder, or the part of it known before the job runs.
    folder: str | None
    probe: DirProbe | None

    @property
    def id(self) -> str:
        return self.resolution.id


def size_text(count: int) -> str:
    """``1.5 GiB``, ``300 MiB``, ``12 KiB``."""
    if count >= 1024 * _MIB:
        return f"{count / (1024 * _MIB):.1f} GiB"
    if count >= _MIB:
        return f"{count // _MIB} MiB"
    return f"{count // 1024} KiB"


def _folder(res: Resolution) -> str | None:
    """The folder to probe, or None when the path is known only at run time."""
    path = res.path
    if path is None or not path.startswith("/"):
        return None
    folder = path if res.artifact.type == "dir" else posixpath.dirname(path)
    cut = folder.find("${")
    if cut >= 0:
        folder = posixpath.dirname(folder[:cut]) if not folder[:cut].endswith("/") else folder[:cut]
    folder = posixpath.normpath(folder)
    return folder if folder.startswith("/") else None


def path_rows(
    resolutions: Iterable[Resolution], probe: Callable[[str], DirProbe] = probe_dir
) -> list[PathRow]:
    rows: list[PathRow] = []
    probed: dict[str, DirProbe] = {}
    for res in resolutions:
        folder = _folder(res) if res.produced else None
        found = None
        if folder is not None:
            found = probed.get(folder)
            if found is None:
                found = probed[folder] = probe(folder)
        rows.append(PathRow(res, folder, found))
    return rows


def _names(rows: list[PathRow], lang: str) -> str:
    parts = [f"{r.resolution.artifact.name.get(lang)} ({r.resolution.path})" for r in rows]
    return ("；" if lang == "zh" else "; ").join(parts)


def _severity(rows: list[PathRow]) -> Severity:
    return "error" if any(r.resolution.artifact.unwritable == "error" for r in rows) else "warning"


def _group(
    rows: Iterable[PathRow], key: Callable[[PathRow], str | None]
) -> dict[str, list[PathRow]]:
    groups: dict[str, list[PathRow]] = {}
    for row in rows:
        value = key(row)
        if value is not None:
            groups.setdefault(value, []).append(row)
    return groups


def _blocked(
    rows: list[PathRow], catalog: Catalog, cwd: str | None, home: str | None
) -> list[Finding]:
    groups = _group(rows, lambda r: r.probe.blocked_by if r.probe else None)
    found = []
    for where, group in groups.items():
        then = consequence(group)
        found.append(
            finding(
                "doctor.path.blocked",
                _severity(group),
                Text(
                    zh=f"{where} 是文件而不是文件夹，其下的目录建不出来：{_names(group, 'zh')}。{then.zh}",
                    en=f"{where} is a file, not a folder, so nothing can be created under it: "
                    f"{_names(group, 'en')}. {then.en}",
                ),
                catalog,
                fix=blocked_fix(group, where, cwd, home),
                subject=",".join(r.id for r in group),
                path=where,
            )
        )
    return found


def _missing(rows: list[PathRow], catalog: Catalog) -> list[Finding]:
    found = []
    for row in rows:
        probe, art = row.probe, row.resolution.artifact
        if probe is None or probe.exists or probe.blocked_by or not art.must_exist:
            continue
        found.append(
            finding(
                "doctor.path.missing",
                art.unwritable,
                Text(
                    zh=f"{art.name.zh} 的目录 {row.folder} 不存在；该目录必须事先建好。",
                    en=f"The folder of {art.name.en}, {row.folder}, does not exist; it must "
                    "exist before the job starts.",
                ),
                catalog,
                fix=Text(zh=f"mkdir -p {row.folder}", en=f"mkdir -p {row.folder}"),
                subject=row.id,
                path=row.folder,
            )
        )
    return found


def _unwritable(
    rows: list[PathRow], catalog: Catalog, user: str, cwd: str | None, home: str | None
) -> list[Finding]:
    def key(row: PathRow) -> str | None:
        p = row.probe
        if p is None or p.writable or p.read_only or p.blocked_by or p.existing is None:
            return None
        return p.existing

    found = []
    for where, group in _group(rows, key).items():
        at_cwd = where == cwd
        lead_zh = f"工作目录 {where}" if at_cwd else where
        lead_en = f"The working directory {where}" if at_cwd else where
        then = consequence(group)
        found.append(
            finding(
                "doctor.cwd.not_writable" if at_cwd else "doctor.path.not_writable",
                _severity(group),
                Text(
                    zh=f"{lead_zh} 对用户 {user} 不可写，下面这些建不出来或写不进去：{_names(group, 'zh')}。{then.zh}",
                    en=f"{lead_en} is not writable by {user}, so these cannot be created or "
                    f"written: {_names(group, 'en')}. {then.en}",
                ),
                catalog,
                fix=unwritable_fix(group, where, user, cwd, home),
                subject=",".join(r.id for r in group),
                path=where,
            )
        )
    return found


def _mounts(rows: list[PathRow], test: Callable[[DirProbe], bool]) -> dict[str, list[PathRow]]:
    return _group(
        rows, lambda r: (r.probe.mount or r.probe.existing) if r.probe and test(r.probe) else None
    )


def _read_only(rows: list[PathRow], catalog: Catalog) -> list[Finding]:
    return [
        finding(
            "doctor.path.read_only",
            _severity(group),
            Text(
                zh=f"{where} 所在文件系统以只读方式挂载：{_names(group, 'zh')}。",
                en=f"The file system at {where} is mounted read-only: {_names(group, 'en')}.",
            ),
            catalog,
            fix=Text(
                zh="改用可写文件系统上的位置（如设置 ASCEND_WORK_PATH）。",
                en="Use a place on a writable file system (for example through ASCEND_WORK_PATH).",
            ),
            subject=",".join(r.id for r in group),
            path=where,
        )
        for where, group in _mounts(rows, lambda p: p.read_only).items()
    ]


def _free(row: PathRow) -> int:
    probe = row.probe
    return probe.free_bytes if probe is not None and probe.free_bytes is not None else 1 << 62


def _full(usable: list[PathRow], catalog: Catalog) -> list[Finding]:
    full = [r for r in usable if _free(r) < _FULL_BYTES]
    found = []
    for where, group in _mounts(full, lambda p: True).items():
        left = size_text(_free(group[0]))
        found.append(
            finding(
                "doctor.path.full",
                _severity(group),
                Text(
                    zh=f"{where} 所在文件系统已满（剩余 {left}）：{_names(group, 'zh')}。",
                    en=f"The file system at {where} is full ({left} left): {_names(group, 'en')}.",
                ),
                catalog,
                fix=Text(
                    zh="清理空间，或改用其他文件系统。",
                    en="Free some space, or use another file system.",
                ),
                subject=",".join(r.id for r in group),
                path=where,
            )
        )
    return found


def _low(usable: list[PathRow], catalog: Catalog) -> list[Finding]:
    low = [r for r in usable if _FULL_BYTES <= _free(r) < r.resolution.artifact.min_free_mb * _MIB]
    found = []
    for where, group in _mounts(low, lambda p: True).items():
        left = size_text(_free(group[0]))
        wants = size_text(max(r.resolution.artifact.min_free_mb for r in group) * _MIB)
        found.append(
            finding(
                "doctor.path.low_space",
                "warning",
                Text(
                    zh=f"{where} 所在文件系统只剩 {left}，少于 {wants}（这些产物一次运行可能写到的量）：{_names(group, 'zh')}。",
                    en=f"The file system at {where} has {left} left, less than {wants} (what "
                    f"one run may write there): {_names(group, 'en')}.",
                ),
                catalog,
                fix=Text(
                    zh="清理空间，或把这些产物移到更大的文件系统。",
                    en="Free some space, or move these to a larger file system.",
                ),
                subject=",".join(r.id for r in group),
                path=where,
            )
        )
    return found


def _space(rows: list[PathRow], catalog: Catalog) -> list[Finding]:
    usable = [r for r in rows if r.probe and r.probe.writable and r.probe.free_bytes is not None]
    return [*_full(usable, catalog), *_low(usable, catalog)]


def _root_cwd(rows: list[PathRow], catalog: Catalog, cwd: str | None) -> list[Finding]:
    if cwd != "/":
        return []
    here = [
        r
        for r in rows
        if r.folder is not None and r.folder.count("/") <= 1 and r.probe and r.probe.writable
    ]
    if not here:
        return []
    return [
        finding(
            "doctor.cwd.root",
            "warning",
            Text(
                zh=f"作业从根目录 / 启动，这些文件会写到 / 下：{_names(here, 'zh')}。以普通用户运行时算子编译会因无法建立 //kernel_meta 而失败。",
                en=f"The job would start from /, so these land directly under /: "
                f"{_names(here, 'en')}. Run as an ordinary user, operator compilation fails "
                "because //kernel_meta cannot be created.",
            ),
            catalog,
            fix=Text(
                zh="先 cd 到作业自己的目录再启动，或设置 ASCEND_WORK_PATH。",
                en="cd to the job's own folder before starting it, or set ASCEND_WORK_PATH.",
            ),
            subject="cwd",
            path="/",
        )
    ]


def _nfs_cache(rows: list[PathRow], catalog: Catalog) -> list[Finding]:
    found = []
    for row in rows:
        probe = row.probe
        if row.id == "kernel_cache" and probe is not None and probe.fs_type == "nfs":
            found.append(
                finding(
                    "doctor.cache.no_locks",
                    "warning",
                    Text(
                        zh=f"算子编译缓存 {row.resolution.path} 位于 NFS（{probe.mount}）上；缓存需要文件锁，NFSv3 等不支持文件锁的存储建议改用本地目录。",
                        en=f"The operator build cache {row.resolution.path} is on NFS "
                        f"({probe.mount}); the cache needs file locks, and storage without them "
                        "(such as NFSv3) should be replaced by a local folder.",
                    ),
                    catalog,
                    fix=Text(
                        zh="把 ASCEND_CACHE_PATH 指向本地磁盘。",
                        en="Point ASCEND_CACHE_PATH at a local disk.",
                    ),
                    subject=row.id,
                    path=row.folder,
                )
            )
    return found


def path_findings(
    rows: list[PathRow], catalog: Catalog, *, user: str, cwd: str | None, home: str | None = None
) -> list[Finding]:
    """Every problem with the folders of ``rows``, one finding per folder or file system."""
    return [
        *_blocked(rows, catalog, cwd, home),
        *_missing(rows, catalog),
        *_unwritable(rows, catalog, user, cwd, home),
        *_read_only(rows, catalog),
        *_space(rows, catalog),
        *_root_cwd(rows, catalog, cwd),
        *_nfs_cache(rows, catalog),
    ]
