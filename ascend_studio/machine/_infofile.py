"""Reading the ``key=value`` files the Ascend packages install (never executed).

``ascend_toolkit_install.info``, ``version.info`` and ``version.cfg`` are plain
``key=value`` lines; ``version.cfg`` wraps its values in brackets
(``toolkit_running_version=[7.6.0.1.220:8.0.0]``: internal number, then the
public CANN version). A file that is missing, unreadable, huge or not text reads
as empty: what is installed is reported, never guessed. A caller that reports what
it could not read passes a list to ``read_info``: a file that is there but could not
be read is added to it (a missing one is not).
"""

from __future__ import annotations

import os
from pathlib import Path

from ascend_studio._input import InputError, read_bounded

__all__ = ["Unread", "bracketed_version", "read_info"]

#: A file that is there but was not read: (its path, why, in English and Chinese).
Unread = tuple[Path, str, str]

#: Larger than any install-info file; a bigger one is not what we look for.
_MAX_BYTES = 64 * 1024


def read_info(path: Path, unread: list[Unread] | None = None) -> dict[str, str]:
    """The ``key=value`` pairs of ``path``; ``{}`` when it cannot be read (and, when
    the file is there, ``unread`` gets it with the reason)."""
    try:
        raw = read_bounded(path, _MAX_BYTES)
    except InputError as exc:  # missing, unreadable, not a regular file, too large
        if unread is not None and os.path.lexists(path):
            unread.append((path, exc.problem_in("en"), exc.problem_in("zh")))
        return {}
    if b"\0" in raw:
        if unread is not None:
            unread.append((path, "not a text file", "不是文本文件"))
        return {}
    found: dict[str, str] = {}
    for line in raw.decode("utf-8", "replace").splitlines():
        text = line.strip()
        if not text or text.startswith("#") or "=" not in text:
            continue
        key, _, value = text.partition("=")
        found.setdefault(key.strip(), value.strip())
    return found


def bracketed_version(value: str) -> tuple[str | None, str | None]:
    """``[7.6.0.1.220:8.0.0]`` -> ``("8.0.0", "7.6.0.1.220")``: (public, internal)."""
    text = value.strip().strip("[]").strip()
    if not text:
        return None, None
    inner, sep, public = text.partition(":")
    if not sep:
        return text, None
    return (public.strip() or None), (inner.strip() or None)
