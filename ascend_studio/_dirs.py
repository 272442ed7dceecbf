"""The app's user folders (cache, settings, state), as ``platformdirs`` names them.

``platformdirs`` takes about 7 ms to import on the 2-core test machine, paid by
every start of the app and every command. On Linux its answer for the three
folders the app uses is the XDG base-directory rule: ``$XDG_CACHE_HOME``,
``$XDG_CONFIG_HOME`` or ``$XDG_STATE_HOME`` when it is an absolute path, else
``~/.cache``, ``~/.config`` or ``~/.local/state``, then the app's name. This
module answers the plain case itself (Linux, the variable absolute, or unset and
``$HOME`` absolute) and asks ``platformdirs`` for everything else (macOS, Windows,
no usable ``$HOME``). The tests hold both answers equal.

Looked up on every call, so tests and users can redirect them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal

__all__ = ["APP_ID", "user_cache_dir", "user_config_dir", "user_state_dir"]

APP_ID = "ascend-studio"

Kind = Literal["cache", "config", "state"]

#: The XDG variable and the default under ``$HOME`` of each kind of folder.
_XDG: dict[Kind, tuple[str, str]] = {
    "cache": ("XDG_CACHE_HOME", ".cache"),
    "config": ("XDG_CONFIG_HOME", ".config"),
    "state": ("XDG_STATE_HOME", ".local/state"),
}


def user_cache_dir() -> Path:
    return _user_dir("cache")


def user_config_dir() -> Path:
    return _user_dir("config")


def user_state_dir() -> Path:
    return _user_dir("state")


def _user_dir(kind: Kind) -> Path:
    plain = _xdg_dir(kind)
    if plain is not None:
        return plain
    import platformdirs  # every case the XDG rule alone does not settle

    ask = {
        "cache": platformdirs.user_cache_dir,
        "config": platformdirs.user_config_dir,
        "state": platformdirs.user_state_dir,
    }[kind]
    return Path(ask(APP_ID, appauthor=False))


def _xdg_dir(kind: Kind) -> Path | None:
    """The folder by the XDG rule, or None where that is not the whole answer."""
    if not sys.platform.startswith("linux"):
        return None
    variable, default = _XDG[kind]
    base = os.environ.get(variable, "")
    if not base:
        if not os.path.isabs(os.environ.get("HOME", "")):
            return None
        base = os.path.join(os.path.expanduser("~"), default)
    elif not os.path.isabs(base):
        return None  # platformdirs' versions disagree on a relative one: theirs is the answer
    return Path(os.path.join(base, APP_ID))
