"""Atomic file writes: a reader sees the old file or the new one, never half.

Only regular files are written. The policy for what is already at the path:

- nothing: a new file is created (permissions from the umask);
- a regular file that its owner may write: replaced, its permissions kept;
- a read-only regular file: refused (replacing it would defeat the protection);
- a symbolic link: followed; the file it finally points to is replaced in its own
  directory and the link is kept; a link to nothing is refused;
- anything else (a directory, a device such as ``/dev/full``, a FIFO, a socket):
  refused, since a rename would silently put a regular file in its place.

A refusal raises ``OSError`` whose ``strerror`` is one line saying why and whose
``filename`` is the path; nothing is written. Temporary files a killed write left
behind are removed by :func:`remove_stale_temporaries`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from pathlib import Path

__all__ = [
    "atomic_write_bytes",
    "atomic_write_text",
    "check_writable_target",
    "remove_stale_temporaries",
]

_KINDS = (
    (stat.S_ISDIR, errno.EISDIR, "is a directory"),
    (stat.S_ISCHR, errno.EINVAL, "is a character device"),
    (stat.S_ISBLK, errno.EINVAL, "is a block device"),
    (stat.S_ISFIFO, errno.EINVAL, "is a FIFO (named pipe)"),
    (stat.S_ISSOCK, errno.EINVAL, "is a socket"),
)


def _refuse(code: int, target: Path, why: str) -> OSError:
    return OSError(code, f"{why}, not a regular file; nothing was written", str(target))


def check_writable_target(path: str | os.PathLike[str]) -> tuple[Path, os.stat_result | None]:
    """The file a write to ``path`` replaces (links followed) and its status, or raise.

    Raises ``OSError`` (see the module policy) for anything but a missing or a
    writable regular file.
    """
    target = Path(path)
    if target.is_symlink():
        resolved = Path(os.path.realpath(target))
        if not resolved.exists() and not resolved.is_symlink():
            raise OSError(
                errno.ENOENT,
                f"is a symbolic link to {resolved}, which does not exist; nothing was written",
                str(target),
            )
        target = resolved
    try:
        status = target.stat()
    except FileNotFoundError:
        return target, None
    except OSError as exc:  # a loop of links, a name too long...
        raise OSError(exc.errno, exc.strerror, str(path)) from exc
    for test, code, why in _KINDS:
        if test(status.st_mode):
            raise _refuse(code, Path(path), why)
    if not stat.S_ISREG(status.st_mode):
        raise _refuse(errno.EINVAL, Path(path), "is not a file")
    if not status.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise OSError(
            errno.EACCES, "is read-only; make it writable first, nothing was written", str(path)
        )
    return target, status


#: A temporary file whose writing process is gone is stale once this old (seconds);
#: the margin covers a writer in another PID namespace sharing the folder.
DEAD_WRITER_AFTER_S = 60
#: One without a process id in its name (older versions) only after a day.
UNKNOWN_WRITER_AFTER_S = 24 * 3600


def _temp_prefix(target: Path) -> str:
    """``.NAME.PID.``: the writer's process id tells a live write from a dead one."""
    return f".{target.name}.{os.getpid()}."


def process_alive(pid: int) -> bool | None:
    """Whether process ``pid`` exists; ``None`` where that cannot be told cheaply
    (Windows, where ``os.kill(pid, 0)`` would end the process). Callers decide what
    an unknown means for them."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError included: it exists, owned by someone else
        return True
    return True


def remove_stale_temporaries(target: str | os.PathLike[str]) -> list[Path]:
    """Delete temporary files that an interrupted write of ``target`` left behind.

    Only files named as :func:`atomic_write_bytes` names them (``.NAME.PID.xxxx.tmp``
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
                stale = age > DEAD_WRITER_AFTER_S and process_alive(int(pid)) is False
            else:
                stale = age > UNKNOWN_WRITER_AFTER_S
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except (OSError, ValueError):
            continue
    return removed


def atomic_write_text(path: str | os.PathLike[str], text: str, *, mode: int | None = None) -> Path:
    """Write ``text`` (UTF-8, line ends as given) to ``path``: :func:`atomic_write_bytes`."""
    return atomic_write_bytes(path, text.encode("utf-8"), mode=mode)


def atomic_write_bytes(
    path: str | os.PathLike[str], data: bytes, *, mode: int | None = None
) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    Raises ``OSError`` naming the path when the directory is missing or not
    writable, or when the path holds something the module policy refuses; the
    existing file is then left untouched. Returns ``path`` (a followed link stays
    the path given).
    """
    import tempfile  # only when writing: reading commands never pay for it

    given = Path(path)
    target, status = check_writable_target(given)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=".tmp", dir=directory)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(given)) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp_name, mode)
        elif status is not None:
            os.chmod(tmp_name, status.st_mode & 0o7777)
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
    return given
