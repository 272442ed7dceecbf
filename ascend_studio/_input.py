"""Reading the user's files: regular files only, at most :data:`MAX_INPUT_BYTES`.

Every command and view that reads a script, env file or profile goes through
:func:`read_input`, so ``/dev/zero`` cannot fill memory, a FIFO cannot hang the
app, and a directory or device gives the same clear one-line message.
"""

from __future__ import annotations

import os
import stat

from ascend_studio._words import os_reason, say

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
    """The file cannot be read; ``problem`` is one line without the path (English),
    :meth:`problem_in` the same in either language."""

    def __init__(self, path: str, problem: str, zh: str | None = None) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem
        self._zh = zh if zh is not None else problem

    def problem_in(self, lang: str) -> str:
        return self._zh if lang == "zh" else self.problem


def _said(name: str, text: str, **fields: object) -> InputError:
    """The error whose problem is the message table's ``text``, ``fields`` filled."""
    return InputError(name, say(text, "en", **fields), say(text, "zh", **fields))


def _unreadable(name: str, exc: OSError) -> InputError:
    text = "cannot read: {reason}"
    english, chinese = (
        say(text, reason=os_reason(exc)),
        say(text, "zh", reason=os_reason(exc, "zh")),
    )
    return InputError(name, english, chinese)


def _not_regular(name: str, mode: int) -> InputError:
    kind = next((kind for test, kind in _KINDS if test(mode)), "not a regular file")
    if kind == "not a regular file":
        return _said(name, kind)
    return InputError(
        name,
        say("is {kind}; only regular files are read", kind=kind),
        say("is {kind}; only regular files are read", "zh", kind=say(kind, "zh")),
    )


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
        raise _unreadable(name, exc) from exc
    except ValueError as exc:  # e.g. a NUL character in the name
        raise _said(name, "cannot read: {reason}", reason=exc) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(name, info.st_mode)
        if info.st_size > MAX_INPUT_BYTES:
            raise _too_large(name, info.st_size)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_INPUT_BYTES and (chunk := os.read(fd, 1 << 20)):
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_INPUT_BYTES:  # the file grew while being read
            raise _too_large(name, size)
        return b"".join(chunks)
    except InputError:
        raise
    except OSError as exc:
        raise _unreadable(name, exc) from exc
    finally:
        os.close(fd)


def _too_large(name: str, size: int) -> InputError:
    text = (
        "is {size} MB; files larger than {limit} are not read (no script or profile is that large)"
    )
    return _said(name, text, size=f"{size / (1024 * 1024):.1f}", limit=MAX_INPUT_TEXT)
