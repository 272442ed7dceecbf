"""Reading the user's files: regular files only, never a kernel or device file.

Every command and view that reads a file the user names (a script, env file,
profile, rank table, hosts list, a script another script sources) goes through
:func:`read_input` or :func:`read_bounded`, so ``/dev/zero`` cannot fill memory,
a FIFO or ``/proc/kmsg`` cannot hang the app, ``/proc/self/environ`` is never
read, and a directory or device gives the same clear one-line message.
"""

from __future__ import annotations

import errno
import os
import stat

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_INPUT_TEXT",
    "SYSTEM_FOLDERS",
    "InputError",
    "file_kind",
    "read_bounded",
    "read_input",
    "system_folder",
]

#: The largest file read (20 MB): far above any training script or profile.
MAX_INPUT_BYTES = 20 * 1024 * 1024
#: The same limit as it appears in messages.
MAX_INPUT_TEXT = "20 MB"
#: Never read, links resolved first: their files say size 0, reading one may block
#: (``/proc/kmsg``), consume kernel data or hand over secrets (``/proc/self/environ``).
SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class InputError(OSError):
    """The file cannot be read; ``problem`` is one line without the path, ``kind``
    says which sort of refusal it is (``system``, ``not_regular``, ``too_large``,
    ``unreadable``) for callers that word it themselves."""

    def __init__(self, path: str, problem: str, kind: str = "unreadable") -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem
        self.kind = kind


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def system_folder(path: str | os.PathLike[str]) -> str | None:
    """``/proc``, ``/sys`` or ``/dev`` when ``path`` (links resolved) lies inside one."""
    try:
        real = os.path.realpath(os.fspath(path))
    except (OSError, ValueError):
        return None
    return next((top for top in SYSTEM_FOLDERS if real == top or real.startswith(top + "/")), None)


def file_kind(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is not a file to read, said as what it is ("is a directory",
    "does not exist", "is under /proc..."); None for a regular file. A name the
    system refuses as too long raises its OSError, which the command line says in
    its own one line (``_pathname``)."""
    top = system_folder(path)
    if top is not None:
        return _system(top)
    try:
        mode = os.stat(os.fspath(path)).st_mode
    except FileNotFoundError:
        return "no such file" if not os.path.islink(path) else "a link to nothing"
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise
        return f"cannot read: {exc.strerror or exc}"
    except ValueError as exc:  # e.g. a NUL character in the name
        return f"cannot read: {exc}"
    return None if stat.S_ISREG(mode) else f"is {_kind(mode)}; only regular files are read"


def _system(top: str) -> str:
    return f"is under {top}: kernel and device files are never read, only regular files"


def read_input(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a regular file of at most 20 MB; anything else raises :class:`InputError`."""
    return read_bounded(path, MAX_INPUT_BYTES)


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path`` if it holds at most ``limit`` bytes;
    anything else raises :class:`InputError`.

    A file under ``/proc``, ``/sys`` or ``/dev`` (links resolved) is refused before
    it is opened. The file is opened without blocking (opening a FIFO for reading
    would wait for a writer) and checked with ``fstat`` on the open descriptor, so
    it cannot be swapped for something else between the check and the read.
    """
    name = os.fspath(path)
    top = system_folder(name)
    if top is not None:
        raise InputError(name, _system(top), "system")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror or exc}") from exc
    except ValueError as exc:  # e.g. a NUL character in the name
        raise InputError(name, f"cannot read: {exc}") from exc
    try:
        return _read_open(name, fd, limit)
    finally:
        os.close(fd)


def _read_open(name: str, fd: int, limit: int) -> bytes:
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            problem = f"is {_kind(info.st_mode)}; only regular files are read"
            raise InputError(name, problem, "not_regular")
        if info.st_size > limit:
            raise InputError(name, _too_large(info.st_size, limit), "too_large")
        chunks: list[bytes] = []
        size = 0
        while size <= limit and (chunk := os.read(fd, min(1 << 20, limit + 1 - size))):
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # the file grew while being read
            raise InputError(name, _too_large(size, limit), "too_large")
        return b"".join(chunks)
    except InputError:
        raise
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror or exc}") from exc


def _too_large(size: int, limit: int) -> str:
    if limit != MAX_INPUT_BYTES:
        return (
            f"is larger than {_size(limit)}; a file of its kind is far smaller, so it is not read"
        )
    return (
        f"is {size / (1024 * 1024):.1f} MB; files larger than {MAX_INPUT_TEXT} are not read "
        "(no script or profile is that large)"
    )


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):g} MiB"
    return f"{count / 1024:g} KiB"
