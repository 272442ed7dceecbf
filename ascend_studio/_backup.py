"""Replace a user's file in place, keeping its true original beside it.

The one way the tool edits a file the user owns (``apply --write``; any other
in-place edit should come here too). Every step is atomic, so a process killed
at any point leaves the file whole (old or new) and the backup whole (or not yet
there):

- the file must be a regular file, not a symbolic link (editing through a link
  would change a file elsewhere, perhaps outside the project), writable (a
  read-only file is refused before a backup is made), and have no other hard link
  (the file is replaced by a new one: another name for it would keep the old
  text); its bytes must still be the ones the edit was computed from;
- the backup ``NAME.orig`` is written once, by the first edit: a temporary file
  is filled, synced and then hard-linked to its name, which fails rather than
  replace anything there (a link planted at ``NAME.orig`` is never followed). A
  later edit keeps it: it holds the original, from before any edit;
- a ``NAME.orig`` that is a link or not a regular file is refused before anything
  is written;
- the file itself is replaced by :func:`ascend_studio._atomic.atomic_write_bytes`;
  when that fails, a backup this edit wrote is removed again (it would be the
  "original" of an edit that never happened), one an earlier edit wrote is kept.

Refusals raise ``OSError`` whose ``strerror`` says why in one line and whose
``filename`` is the path concerned.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ascend_studio._atomic import (
    atomic_write_bytes,
    check_writable_target,
    remove_stale_temporaries,
)

__all__ = ["BACKUP_SUFFIX", "Replaced", "replace_keeping_original"]

BACKUP_SUFFIX = ".orig"


@dataclass(frozen=True)
class Replaced:
    """What :func:`replace_keeping_original` did."""

    path: Path
    #: Where the original is kept (None: no backup asked for).
    backup: Path | None = None
    #: True when this call wrote the backup; False when an earlier edit's was kept.
    backup_written: bool = False


def _refuse(code: int, path: Path, why: str) -> OSError:
    return OSError(code, f"{why}; nothing was written", str(path))


def _regular(path: Path, what: str) -> os.stat_result | None:
    """The status of ``path`` if it is a regular file, None if there is nothing; raise
    for a link or anything else (``what`` names the path's role)."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(status.st_mode):
        target = os.readlink(path)
        raise _refuse(errno.ELOOP, path, f"{what} is a symbolic link (to {target})")
    if not stat.S_ISREG(status.st_mode):
        raise _refuse(errno.EINVAL, path, f"{what} is not a regular file")
    return status


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _keep(original: bytes, backup: Path, mode: int) -> bool:
    """Write ``backup`` if it is not there; True when written, False when one is kept."""
    import tempfile  # only when writing

    if _regular(backup, "the backup") is not None:
        return False
    folder = backup.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{backup.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(original)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        try:
            os.link(tmp, backup)  # atomic, and never onto (or through) an existing name
        except FileExistsError:
            return _regular(backup, "the backup") is None and _keep(original, backup, mode)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                raise
            if _regular(backup, "the backup") is not None:  # no hard links here: rename
                return False
            os.rename(tmp, backup)
        _sync_folder(folder)
        return True
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        remove_stale_temporaries(backup)


def replace_keeping_original(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    expected: bytes | None = None,
    backup: bool = True,
) -> Replaced:
    """Replace the file at ``path`` with ``data``, keeping its original as ``NAME.orig``.

    ``expected``: the bytes the new content was computed from; when the file holds
    others now, nothing is written (its new content would be lost).
    """
    target = Path(path)
    status = _regular(target, "the file")
    if status is None:
        raise _refuse(errno.ENOENT, target, "the file does not exist")
    check_writable_target(target)  # a read-only file: refused before any backup
    if status.st_nlink > 1:
        others = status.st_nlink - 1
        links = "another hard link" if others == 1 else f"{others} other hard links"
        raise _refuse(
            errno.EMLINK,
            target,
            f"the file has {links} (other names for the same file), which an edit here "
            "would leave with the old text; give it a copy of its own first "
            "(cp FILE FILE.tmp && mv FILE.tmp FILE), or edit the name you mean",
        )
    fd = os.open(target, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        current = handle.read()
    if expected is not None and current != expected:
        raise _refuse(errno.EAGAIN, target, "the file changed while the edit was made")
    kept: Path | None = None
    written = False
    if backup:
        kept = target.with_name(target.name + BACKUP_SUFFIX)
        written = _keep(current, kept, stat.S_IMODE(status.st_mode))
    try:
        atomic_write_bytes(target, data)
    except BaseException:
        if kept is not None and written:  # this edit's backup, of an edit not made
            with contextlib.suppress(OSError):
                os.unlink(kept)
        raise
    return Replaced(target, kept, written)
