"""What the file system says about a folder: there, creatable, writable, room left.

Read-only: nothing is created or written to find out. A folder that does not
exist yet is judged by its nearest existing ancestor (the stack creates missing
folders with ``mkdir -p``), the way the kernel would judge the ``mkdir``:
permission (``access(2)`` with the real user, which also reports a read-only
file system), then the free space of the file system it would land on.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["DirProbe", "mount_of", "probe_dir"]

_MOUNTS = Path("/proc/self/mounts")


@dataclass(frozen=True)
class DirProbe:
    """One folder as this user sees it now."""

    path: str
    exists: bool
    #: The nearest existing ancestor (the folder itself when it exists).
    existing: str | None
    #: A file (or anything not a folder) where a folder of the path must be.
    blocked_by: str | None
    #: This user can create the folder (if missing) and write files in it.
    writable: bool
    #: The file system it lands on is mounted read-only.
    read_only: bool
    #: Bytes an unprivileged user may still write there (``f_bavail``).
    free_bytes: int | None
    total_bytes: int | None
    mount: str | None = None
    fs_type: str | None = None


def _unescape(field: str) -> str:
    """``/proc/mounts`` writes a blank as ``\\040``."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def _mount_table() -> tuple[tuple[str, str], ...]:
    try:
        text = _MOUNTS.read_text("utf-8", "replace")
    except OSError:
        return ()
    rows = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            rows.append((_unescape(parts[1]), parts[2]))
    return tuple(rows)


def mount_of(path: str) -> tuple[str | None, str | None]:
    """(mount point, file system type) holding ``path``; the last mount wins."""
    best: tuple[str | None, str | None] = (None, None)
    for point, kind in _mount_table():
        inside = path == point or path.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best[0] or ""):
            best = (point, kind)
    return best


def _nearest(path: str) -> tuple[str | None, str | None]:
    """(nearest existing ancestor, a non-folder blocking the way)."""
    current = path
    while True:
        if os.path.lexists(current):
            if os.path.isdir(current):
                return current, None
            return None, current
        parent = os.path.dirname(current)
        if parent == current:
            return None, None
        current = parent


def probe_dir(path: str) -> DirProbe:
    """Probe the folder ``path`` (absolute, normalised by the caller)."""
    exists = os.path.isdir(path)
    existing, blocked = _nearest(path)
    if existing is None:
        return DirProbe(path, exists, None, blocked, False, False, None, None)
    writable = os.access(existing, os.W_OK | os.X_OK)
    try:
        stat = os.statvfs(existing)
    except OSError:
        return DirProbe(path, exists, existing, blocked, writable, False, None, None)
    read_only = bool(stat.f_flag & os.ST_RDONLY)
    real = os.path.realpath(existing)
    mount, kind = mount_of(real)
    return DirProbe(
        path=path,
        exists=exists,
        existing=existing,
        blocked_by=blocked,
        writable=writable and not read_only,
        read_only=read_only,
        free_bytes=stat.f_bavail * stat.f_frsize,
        total_bytes=stat.f_blocks * stat.f_frsize,
        mount=mount,
        fs_type=kind,
    )
