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

_ADVICE = {
    "en": (
        "use the headless commands (ascend-studio --help), connect with `ssh -X`, "
        "or set QT_QPA_PLATFORM=offscreen"
    ),
    "zh": "请改用命令行子命令（ascend-studio --help），或用 `ssh -X` 连接，或设置 QT_QPA_PLATFORM=offscreen",
}
#: Why no window can open, in both languages.
_MISSING = {
    "wayland": (
        "no Wayland display (WAYLAND_DISPLAY is unset)",
        "没有 Wayland 显示（未设置 WAYLAND_DISPLAY）",
    ),
    "x11": (
        "no display to open the window on (DISPLAY is unset)",
        "没有可打开窗口的显示（未设置 DISPLAY）",
    ),
    "cursor": (
        "Qt needs the system library libxcb-cursor0 for X11 (apt install libxcb-cursor0)",
        "Qt 在 X11 上需要系统库 libxcb-cursor0（apt install libxcb-cursor0）",
    ),
}


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
    lang: str = "en",
) -> str | None:
    """One line saying why no window can open (in ``lang``), or ``None`` when one can."""
    env = os.environ if environ is None else environ
    if not platform.startswith("linux"):
        return None  # Windows and macOS always have their own platform plugin
    missing = _missing(_platform(argv, env).split(":")[0].split(";")[0], env)
    if missing is None:
        return None
    zh = lang == "zh"
    reason = _MISSING[missing][1 if zh else 0]
    return f"ascend-studio: {reason}{'：' if zh else ': '}{_ADVICE['zh' if zh else 'en']}"


def _missing(plugin: str, env: Mapping[str, str]) -> str | None:
    """What is missing for ``plugin`` (a ``_MISSING`` key), or None."""
    x11, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    if plugin.startswith("wayland"):
        return None if wayland else "wayland"
    if plugin not in {"", "xcb"}:
        return None  # offscreen, vnc, eglfs, linuxfb, minimal: no display server needed
    if not x11 and (plugin == "xcb" or not wayland):
        return "x11"
    if x11 and not wayland and not _loadable("libxcb-cursor.so.0"):
        return "cursor"
    return None


def _loadable(library: str) -> bool:
    """Whether the dynamic loader finds ``library`` (a dlopen: well under a millisecond;
    importing ``ctypes`` takes about 5 ms, so only where the answer is needed)."""
    import ctypes

    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True
