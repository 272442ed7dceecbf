"""Atomic file writes: a reader sees the old file or the new one, never half."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from pathlib import Path

__all__ = ["atomic_write_text", "remove_stale_temporaries"]

#: A temporary file whose writing process is gone is stale once this old (seconds);
#: the margin covers a writer in another PID namespace sharing the folder.
DEAD_WRITER_AFTER_S = 60
#: One without a process id in its name (older versions) only after a day.
UNKNOWN_WRITER_AFTER_S = 24 * 3600


def _temp_prefix(target: Path) -> str:
    """``.NAME.PID.``: the writer's process id tells a live write from a dead one."""
    return f".{target.name}.{os.getpid()}."


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def remove_stale_temporaries(target: str | os.PathLike[str]) -> list[Path]:
    """Delete temporary files that an interrupted write of ``target`` left behind.

    Only files named as :func:`atomic_write_text` names them (``.NAME.PID.xxxx.tmp``
    beside ``target``), that are regular files, and whose writing process no longer
    exists (and that are a minute old) are removed; one without a process id only once
    it is a day old. A write under way in a live process is never touched. Returns
    what was removed.
    """
    path = Path(target)
    directory = path.parent if str(path.parent) else Path(".")
    pattern = re.compile(rf"^\.{re.escape(path.name)}\.(?:(\d+)\.)?[A-Za-z0-9_]+\.tmp$")
    removed: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        match = pattern.match(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        pid = match.group(1)
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
            if pid:
                stale = age > DEAD_WRITER_AFTER_S and not _process_alive(int(pid))
            else:
                stale = age > UNKNOWN_WRITER_AFTER_S
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except (OSError, ValueError):
            continue
    return removed


def atomic_write_text(path: str | os.PathLike[str], text: str, *, mode: int | None = None) -> Path:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and a rename.

    Raises ``OSError`` with the target path in the message when the directory is
    missing or not writable; the existing file is then left untouched.
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=".tmp", dir=directory)
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write {target}: {exc.strerror}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp_name, mode)
        elif target.exists():
            os.chmod(tmp_name, target.stat().st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp_name, 0o666 & ~umask)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    remove_stale_temporaries(target)
    return target
