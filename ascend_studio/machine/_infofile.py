"""Reading the ``key=value`` files the Ascend packages install (never executed).

``ascend_toolkit_install.info``, ``version.info`` and ``version.cfg`` are plain
``key=value`` lines; ``version.cfg`` wraps its values in brackets
(``toolkit_running_version=[7.6.0.1.220:8.0.0]``: internal number, then the
public CANN version). A file that is missing, unreadable, huge or not text reads
as empty: what is installed is reported, never guessed.
"""

from __future__ import annotations

from pathlib import Path

from ascend_studio._input import InputError, read_bounded

__all__ = ["bracketed_version", "read_info"]

#: Larger than any install-info file; a bigger one is not what we look for.
_MAX_BYTES = 64 * 1024


def read_info(path: Path) -> dict[str, str]:
    """The ``key=value`` pairs of ``path``; ``{}`` when it cannot be read."""
    try:
        raw = read_bounded(path, _MAX_BYTES)
    except InputError:  # missing, not a regular file, too large: nothing read
        return {}
    if b"\0" in raw:
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
