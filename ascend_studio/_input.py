"""Reading the user's files: regular files only, at most :data:`MAX_INPUT_BYTES`.

Every command and view that reads a script, env file or profile goes through
:func:`read_input`, so ``/dev/zero`` cannot fill memory, a FIFO cannot hang the
app, and a directory or device gives the same clear one-line message.
"""

from __future__ import annotations

import os
import stat

__all__ = ["MAX_INPUT_BYTES", "MAX_INPUT_TEXT", "InputError", "read_input"]

#: The largest file read (20 MB): far above any training script or profile.
MAX_INPUT_BYTES = 20 * 1024 * 1024
#: The same limit as it appears in messages.
MAX_INPUT_TEXT = "20 MB"

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class InputError(OSError):
    """The file cannot be read; ``problem`` is one line without the path."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_input(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a regular file of at most 20 MB; anything else raises :class:`InputError`.

    The file is opened without blocking (opening a FIFO for reading would wait
    for a writer) and checked with ``fstat`` on the open descriptor, so it
    cannot be swapped for something else between the check and the read.
    """
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror or exc}") from exc
    except ValueError as exc:  # e.g. a NUL character in the name
        raise InputError(name, f"cannot read: {exc}") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(name, f"is {_kind(info.st_mode)}; only regular files are read")
        if info.st_size > MAX_INPUT_BYTES:
            raise InputError(name, _too_large(info.st_size))
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_INPUT_BYTES and (chunk := os.read(fd, 1 << 20)):
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_INPUT_BYTES:  # the file grew while being read
            raise InputError(name, _too_large(size))
        return b"".join(chunks)
    except InputError:
        raise
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)


def _too_large(size: int) -> str:
    return (
        f"is {size / (1024 * 1024):.1f} MB; files larger than {MAX_INPUT_TEXT} are not read "
        "(no script or profile is that large)"
    )
