"""Path names the system refuses as too long, said in one line.

Linux refuses a path of ``PATH_MAX`` (4096) bytes or more, and a name (one part of
the path) longer than ``NAME_MAX`` (255 bytes on the usual file systems), with
ENAMETOOLONG. Python 3.11's ``Path.exists()``, ``is_dir()`` and ``is_file()`` raise
it rather than answer False, so it can surface from anywhere a command looks at a
path: the command line ends on it with this line and exit status 2, never a
traceback, and the path is shortened so the line stays readable.
"""

from __future__ import annotations

import os

from ascend_studio._words import printable, say

__all__ = ["NAME_MAX", "PATH_MAX", "too_long"]

PATH_MAX = 4096
NAME_MAX = 255
#: Characters of a path shown at each end of a shortened one.
_SHOWN = 40
_PATH = "the path is {size} bytes; the system takes paths under {limit} (PATH_MAX)"
_NAME = "one name in it is {size} bytes; file systems take names of at most {limit} (NAME_MAX)"


def _shortened(path: str) -> str:
    text = printable(path)
    if len(text) <= 2 * _SHOWN + 3:
        return text
    return f"{text[:_SHOWN]}...{text[-_SHOWN:]}"


def too_long(path: str | bytes | os.PathLike[str] | None, lang: str = "en") -> str:
    """One line naming ``path`` (shortened) and the limit it passes, in ``lang``."""
    if path is None:
        return say("a file name is too long for the system (ENAMETOOLONG)", lang)
    raw = os.fsencode(path)
    text = os.fsdecode(raw)
    size = len(raw)
    longest = max((len(part) for part in raw.split(b"/")), default=0)
    if size >= PATH_MAX:
        why = say(_PATH, lang, size=f"{size:,}", limit=f"{PATH_MAX:,}")
    elif longest > NAME_MAX:
        why = say(_NAME, lang, size=f"{longest:,}", limit=NAME_MAX)
    else:
        why = say("the system refuses it as too long (ENAMETOOLONG)", lang)
    return say("file name too long: {path}: {why}", lang, path=_shortened(text), why=why)
