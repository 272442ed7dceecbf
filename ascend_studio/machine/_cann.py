"""Which CANN toolkit (or NNAE) is installed, read from the files its installer writes.

The one install this process's environment points to, with the file its version
was read from and how the folder was found: what ``doctor`` reports.

Where the installer records the version (CANN software installation guide,
"File Paths": https://www.hiascend.com/document/detail/en/canncommercial/800/softwareinst/instg/instg_0044.html
and, from 8.5, .../canncommercial/850/softwareinst/instg/instg_0044.html):

- Toolkit: ``<install>/ascend-toolkit/latest/<arch>-linux/ascend_toolkit_install.info``
  (8.5 and later: ``<install>/cann/<arch>-linux/ascend_toolkit_install.info``), with
  ``package_name``, ``version``, ``innerversion``, ``arch`` and ``path`` lines;
- NNAE (the training runtime without the development tools):
  ``<install>/nnae/latest/ascend_nnae_install.info``;
- ``<install>`` is ``/usr/local/Ascend`` for root and ``${HOME}/Ascend`` otherwise.

The toolkit's ``set_env.sh`` exports ``ASCEND_TOOLKIT_HOME`` (the ``latest``
folder) and ``ASCEND_HOME_PATH`` (the same); a toolkit installed elsewhere is
found through them first. ``latest/version.cfg`` lists each component as
``toolkit_running_version=[<internal>:<public>]``; it is the fallback when no
install-info file is there. Older toolkits name the architecture folder
``arm64-linux``; any ``*-linux`` folder is read.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ascend_studio.machine._infofile import Unread, bracketed_version, read_info

__all__ = [
    "DEFAULT_HOMES",
    "ToolkitInfo",
    "read_toolkit",
    "toolkit_candidates",
    "toolkit_variable_problems",
    "under",
]

INSTALL_GUIDE = (
    "https://www.hiascend.com/document/detail/en/canncommercial/800/softwareinst/instg/"
    "instg_0044.html"
)

#: Install folders tried after the environment, root's defaults first (``~`` is HOME).
DEFAULT_HOMES: tuple[str, ...] = (
    "/usr/local/Ascend/ascend-toolkit/latest",
    "/usr/local/Ascend/cann",
    "/usr/local/Ascend/nnae/latest",
    "~/Ascend/ascend-toolkit/latest",
    "~/Ascend/cann",
    "~/Ascend/nnae/latest",
)
#: Variables naming the toolkit folder, in the order they are trusted.
HOME_VARIABLES: tuple[str, ...] = ("ASCEND_TOOLKIT_HOME", "ASCEND_HOME_PATH")
#: version.cfg keys that carry the toolkit's version, best first.
_CFG_KEYS = ("toolkit_running_version", "runtime_running_version", "compiler_running_version")


@dataclass(frozen=True)
class ToolkitInfo:
    """The installed toolkit (or NNAE) and where its version was read."""

    #: The public CANN version (``8.0.RC3``); None when only an internal number was found.
    version: str | None
    #: ``Ascend-cann-toolkit``, ``Ascend-cann-nnae``... as the file says.
    package: str
    #: The toolkit folder as the machine names it (``/usr/local/Ascend/ascend-toolkit/latest``).
    home: str
    #: The file the version was read from, as the machine names it.
    found_in: str
    #: How the folder was found: a variable's name, or ``default install path``.
    how: str
    arch: str | None = None
    inner_version: str | None = None


def under(root: Path, path: str) -> Path:
    """``path`` (as the machine names it) inside ``root`` (``/`` on a real machine)."""
    if str(root) in ("", "/"):
        return Path(path)
    return root / path.lstrip("/")


def _expand(path: str, env: Mapping[str, str]) -> str | None:
    if path.startswith("~"):
        home = env.get("HOME") or ""
        if path != "~" and not path.startswith("~/"):
            return None  # ~user: another user's home, not looked up
        if not home.startswith("/"):
            return None
        path = home.rstrip("/") + path[1:]
    return os.path.normpath(path) if path.startswith("/") else None


def toolkit_candidates(env: Mapping[str, str], root: Path) -> list[tuple[str, str]]:
    """Every folder looked at, in order, as (folder as the machine names it, how found)."""
    found: list[tuple[str, str]] = []
    for name in HOME_VARIABLES:
        value = _expand((env.get(name) or "").strip(), env)
        if value is not None:
            found.append((value, name))
    for default in DEFAULT_HOMES:
        value = _expand(default, env)
        if value is not None:
            found.append((value, "default install path"))
    seen: set[str] = set()
    unique = []
    for folder, how in found:
        if folder not in seen:
            seen.add(folder)
            unique.append((folder, how))
    return unique


def toolkit_variable_problems(
    env: Mapping[str, str], root: Path
) -> tuple[tuple[str, str, str], ...]:
    """(variable, value, problem) for each toolkit variable that names no folder:
    ``not absolute``, ``does not exist``, ``a file``, ``not a folder``."""
    found = []
    for name in HOME_VARIABLES:
        value = (env.get(name) or "").strip()
        if not value:
            continue
        path = _expand(value, env)
        if path is None:
            found.append((name, value, "not absolute"))
            continue
        place = under(root, path)
        if not place.exists():
            found.append((name, value, "does not exist"))
        elif not place.is_dir():
            found.append((name, value, "a file" if place.is_file() else "not a folder"))
    return tuple(found)


def _arch_dirs(home: Path) -> Iterator[Path]:
    try:
        entries = sorted(home.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name.endswith("-linux") and entry.is_dir():
            yield entry


def _from_install_info(
    home: str, how: str, root: Path, unread: list[Unread] | None = None
) -> ToolkitInfo | None:
    place = under(root, home)
    files = [d / "ascend_toolkit_install.info" for d in _arch_dirs(place)]
    files += [place / "ascend_nnae_install.info", place / "ascend_toolkit_install.info"]
    for file in files:
        info = read_info(file, unread)
        if info.get("version"):
            shown = home.rstrip("/") + "/" + str(file.relative_to(place))
            package = info.get("package_name") or file.name.removesuffix("_install.info")
            return ToolkitInfo(
                version=info["version"],
                package=package,
                home=home,
                found_in=shown,
                how=how,
                arch=info.get("arch") or None,
                inner_version=info.get("innerversion") or None,
            )
    return None


def _from_version_cfg(
    home: str, how: str, root: Path, unread: list[Unread] | None = None
) -> ToolkitInfo | None:
    info = read_info(under(root, home) / "version.cfg", unread)
    for key in _CFG_KEYS:
        public, inner = bracketed_version(info.get(key, ""))
        if public or inner:
            return ToolkitInfo(
                version=public,
                package="Ascend-cann-toolkit",
                home=home,
                found_in=home.rstrip("/") + "/version.cfg",
                how=how,
                inner_version=inner,
            )
    return None


def read_toolkit(
    env: Mapping[str, str], root: Path, unread: list[Unread] | None = None
) -> ToolkitInfo | None:
    """The toolkit this environment would use, or None when none is installed.

    ``env`` is the environment the job sees; ``root`` is the file system's root
    (``Path("/")``; a folder holding a fake tree in tests). Nothing is executed.
    A version file that is there but cannot be read goes to ``unread`` (when given)
    and the search goes on: "not installed" is never said for "not readable".
    """
    for home, how in toolkit_candidates(env, root):
        found = _from_install_info(home, how, root, unread) or _from_version_cfg(
            home, how, root, unread
        )
        if found is not None:
            return found
    return None
