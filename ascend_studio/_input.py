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

from ascend_studio._words import os_reason, say

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
    """The file cannot be read; ``problem`` is one line without the path (English),
    :meth:`problem_in` the same in either language; ``kind`` says which sort of
    refusal it is (``system``, ``not_regular``, ``too_large``, ``unreadable``) for
    callers that word it themselves."""

    def __init__(
        self, path: str, problem: str, kind: str = "unreadable", zh: str | None = None
    ) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem
        self.kind = kind
        self._zh = zh if zh is not None else problem

    def problem_in(self, lang: str) -> str:
        return self._zh if lang == "zh" else self.problem


def _said(name: str, kind: str, text: str, **fields: object) -> InputError:
    """The error whose problem is the message table's ``text``, ``fields`` filled."""
    return InputError(name, say(text, "en", **fields), kind, say(text, "zh", **fields))


def _unreadable(name: str, exc: OSError) -> InputError:
    text = "cannot read: {reason}"
    english, chinese = (
        say(text, reason=os_reason(exc)),
        say(text, "zh", reason=os_reason(exc, "zh")),
    )
    return InputError(name, english, "unreadable", chinese)


def _not_regular(name: str, mode: int) -> InputError:
    kind = _kind(mode)
    if kind == "not a regular file":
        return _said(name, "not_regular", kind)
    text = "is {kind}; only regular files are read"
    return InputError(
        name, say(text, kind=kind), "not_regular", say(text, "zh", kind=say(kind, "zh"))
    )


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def system_folder(path: str | os.PathLike[str], real_folder: str | None = None) -> str | None:
    """``/proc``, ``/sys`` or ``/dev`` when ``path`` (links resolved) lies inside one.

    ``real_folder``: the folder ``path`` is in, links resolved, when the caller knows it
    (a batch resolves each folder once, not every part of every file's path again)."""
    try:
        real = _real_path(os.fspath(path), real_folder)
    except (OSError, ValueError):
        return None
    return next((top for top in SYSTEM_FOLDERS if real == top or real.startswith(top + "/")), None)


def _real_path(name: str, real_folder: str | None) -> str:
    """``os.path.realpath(name)``; from ``real_folder`` when the name in it is no link."""
    if real_folder is not None:
        tail = os.path.basename(name)
        if tail not in ("", ".", "..") and not os.path.islink(name):
            return os.path.join(real_folder, tail)
    return os.path.realpath(name)


def file_kind(path: str | os.PathLike[str], lang: str = "en") -> str | None:
    """Why ``path`` is not a file to read, said in ``lang`` as what it is ("is a
    directory", "no such file", "is under /proc..."); None for a regular file. A name
    the system refuses as too long raises its OSError, which the command line says in
    its own one line (``_pathname``)."""
    top = system_folder(path)
    if top is not None:
        return say(_SYSTEM, lang, top=top)
    try:
        mode = os.stat(os.fspath(path)).st_mode
    except FileNotFoundError:
        return say("no such file" if not os.path.islink(path) else "a link to nothing", lang)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise
        return say("cannot read: {reason}", lang, reason=os_reason(exc, lang))
    except ValueError as exc:  # e.g. a NUL character in the name
        return say("cannot read: {reason}", lang, reason=exc)
    if stat.S_ISREG(mode):
        return None
    text = "is {kind}; only regular files are read"
    return say(text, lang, kind=say(_kind(mode), lang))


_SYSTEM = "is under {top}: kernel and device files are never read, only regular files"


def read_input(path: str | os.PathLike[str], real_folder: str | None = None) -> bytes:
    """The bytes of a regular file of at most 20 MB; anything else raises :class:`InputError`
    (``real_folder``: see :func:`system_folder`)."""
    return read_bounded(path, MAX_INPUT_BYTES, real_folder)


def read_bounded(path: str | os.PathLike[str], limit: int, real_folder: str | None = None) -> bytes:
    """The bytes of the regular file ``path`` if it holds at most ``limit`` bytes;
    anything else raises :class:`InputError`.

    A file under ``/proc``, ``/sys`` or ``/dev`` (links resolved) is refused before
    it is opened. The file is opened without blocking (opening a FIFO for reading
    would wait for a writer) and checked with ``fstat`` on the open descriptor, so
    it cannot be swapped for something else between the check and the read.
    """
    name = os.fspath(path)
    top = system_folder(name, real_folder)
    if top is not None:
        raise _said(name, "system", _SYSTEM, top=top)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise _unreadable(name, exc) from exc
    except ValueError as exc:  # e.g. a NUL character in the name
        raise _said(name, "unreadable", "cannot read: {reason}", reason=exc) from exc
    try:
        return _read_open(name, fd, limit)
    finally:
        os.close(fd)


def _read_open(name: str, fd: int, limit: int) -> bytes:
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(name, info.st_mode)
        if info.st_size > limit:
            raise _too_large(name, info.st_size, limit)
        chunks: list[bytes] = []
        size = 0
        # the size it says, and one byte more to see the end: one read of the whole file
        # (a fixed 1 MiB request made Python allocate 1 MiB for every file, twice)
        while size <= limit and (
            chunk := os.read(fd, min(max(info.st_size + 1 - size, 1 << 16), limit + 1 - size))
        ):
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # the file grew while being read
            raise _too_large(name, size, limit)
        return b"".join(chunks)
    except InputError:
        raise
    except OSError as exc:
        raise _unreadable(name, exc) from exc


def _too_large(name: str, size: int, limit: int) -> InputError:
    if limit != MAX_INPUT_BYTES:
        text = "is larger than {limit}; a file of its kind is far smaller, so it is not read"
        return _said(name, "too_large", text, limit=_size(limit))
    text = (
        "is {size} MB; files larger than {limit} are not read (no script or profile is that large)"
    )
    return _said(name, "too_large", text, size=f"{size / (1024 * 1024):.1f}", limit=MAX_INPUT_TEXT)


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):g} MiB"
    return f"{count / 1024:g} KiB"
