"""Tell, before Qt aborts, that there is no display to open a window on.

Without one, QApplication prints a multi-line plugin error and aborts the
process (SIGABRT, exit 134): on an NPU server reached over SSH that is the first
thing a user sees. This check runs first and is Qt-free.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

__all__ = ["NO_DISPLAY_STATUS", "display_problem"]

#: Exit status when no window can be opened (the CLI's status for unusable input).
NO_DISPLAY_STATUS = 2

_ADVICE = (
    "use the headless commands (ascend-studio --help), connect with `ssh -X`, "
    "or set QT_QPA_PLATFORM=offscreen"
)


def _platform(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The Qt platform plugin asked for (``-platform NAME`` wins over the variable)."""
    for index, arg in enumerate(argv[:-1]):
        if arg in {"-platform", "--platform"}:
            return argv[index + 1]
    return environ.get("QT_QPA_PLATFORM", "")


def display_problem(
    argv: Sequence[str] = (),
    environ: Mapping[str, str] | None = None,
    platform: str = sys.platform,
) -> str | None:
    """One line saying why no window can open, or ``None`` when one can."""
    env = os.environ if environ is None else environ
    if not platform.startswith("linux"):
        return None  # Windows and macOS always have their own platform plugin
    plugin = _platform(argv, env).split(":")[0].split(";")[0]
    x11, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    if plugin.startswith("wayland"):
        missing = "" if wayland else "no Wayland display (WAYLAND_DISPLAY is unset)"
    elif plugin not in {"", "xcb"}:
        missing = ""  # offscreen, vnc, eglfs, linuxfb, minimal: no display server needed
    elif not x11 and (plugin == "xcb" or not wayland):
        missing = "no display to open the window on (DISPLAY is unset)"
    elif x11 and not wayland and not _loadable("libxcb-cursor.so.0"):
        missing = "Qt needs the system library libxcb-cursor0 for X11 (apt install libxcb-cursor0)"
    else:
        missing = ""
    return f"ascend-studio: {missing}: {_ADVICE}" if missing else None


def _loadable(library: str) -> bool:
    """Whether the dynamic loader finds ``library`` (a dlopen: well under a millisecond;
    importing ``ctypes`` takes about 5 ms, so only where the answer is needed)."""
    import ctypes

    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True
