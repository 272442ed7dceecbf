"""What CANN and TF Adapter an NPU machine has installed, read from its files.

Nothing is run or imported: the CANN packages' install-info files are read as text
and the installed ``npu_bridge``'s ``npu_config.py`` is parsed (its constructors'
keywords identify the TF Adapter release exactly, where its version number, the
TensorFlow version 1.15.0, cannot).

Where CANN records its version (public installation guide, "File Paths",
https://www.hiascend.com/document/detail/en/canncommercial/800/softwareinst/instg/instg_0044.html):
``<toolkit>/latest/<arch>-linux/ascend_toolkit_install.info`` (``version=8.0.RC3``,
``innerversion=...``, ``arch=``, ``path=``), ``/usr/local/Ascend/nnae/latest/
ascend_nnae_install.info``, and for a non-root install the same under ``$HOME/Ascend``.
CANN 8.5 and later install into ``/usr/local/Ascend/cann`` (or ``cann-<version>``)
with the same file; up to CANN 7 the TF Adapter itself was a CANN package,
``/usr/local/Ascend/tfplugin/latest/ascend_tfplugin_install.info``. ``set_env.sh``
exports ``ASCEND_TOOLKIT_HOME`` and ``ASCEND_HOME_PATH`` (the toolkit's ``latest``).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Found", "Toolkit", "detect_toolkit", "read_info", "signatures"]

#: The biggest install-info or npu_config.py file read (the real ones are far smaller).
MAX_BYTES = 1 << 20
_TOOLKIT = "ascend_toolkit_install.info"
_NNAE = "ascend_nnae_install.info"
_TFPLUGIN = "ascend_tfplugin_install.info"
_CONFIG = "npu_bridge/estimator/npu/npu_config.py"


@dataclass(frozen=True)
class Found:
    """One file that says what is installed."""

    #: ``toolkit``, ``nnae``, ``tfplugin`` (a CANN package) or ``npu_bridge`` (the wheel).
    package: str
    path: Path
    #: Its ``version=`` (CANN packages) or the distribution's version (npu_bridge).
    version: str | None
    #: How it was found: the variable that led to it, or ``default path``.
    via: str
    fields: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Toolkit:
    """What :func:`detect_toolkit` found, and where it looked."""

    found: tuple[Found, ...]
    #: Every file looked for, in order (found or not).
    searched: tuple[Path, ...]
    #: The installed npu_config.py's constructors: class -> keyword names, in order.
    keywords: Mapping[str, tuple[str, ...]] | None = None
    #: Files that exist but could not be read or parsed, with why.
    problems: tuple[str, ...] = ()

    @property
    def cann_version(self) -> str | None:
        """The CANN version of the first package found (toolkit, nnae, then tfplugin)."""
        for package in ("toolkit", "nnae", "tfplugin"):
            for item in self.found:
                if item.package == package and item.version:
                    return item.version
        return None

    @property
    def npu_bridge(self) -> Found | None:
        return next((f for f in self.found if f.package == "npu_bridge"), None)


def read_info(text: str) -> dict[str, str]:
    """``key=value`` lines of an install-info file (blank and other lines ignored)."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() and not key.lstrip().startswith("#"):
            out.setdefault(key.strip(), value.strip())
    return out


def signatures(text: str) -> dict[str, tuple[str, ...]]:
    """Class -> keyword names of each ``__init__`` defined in ``text`` (Python source)."""
    out: dict[str, tuple[str, ...]] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    out[node.name] = tuple(a.arg for a in item.args.args[1:])
    return out


def _arches() -> list[str]:
    machine = os.uname().machine.lower() if hasattr(os, "uname") else ""
    first = {"arm64": "aarch64", "amd64": "x86_64"}.get(machine, machine)
    return list(dict.fromkeys([first, "aarch64", "x86_64"]))


def _candidates(env: Mapping[str, str], root: Path) -> Iterable[tuple[str, Path, str]]:
    """(package, file, via) in the order they are tried."""
    for name in ("ASCEND_TOOLKIT_HOME", "ASCEND_HOME_PATH"):
        named = env.get(name)
        if named:
            base = root / named.lstrip("/") if root != Path("/") else Path(named)
            for arch in _arches():
                yield "toolkit", base / f"{arch}-linux" / _TOOLKIT, f"${name}"
    ascend = root / "usr/local/Ascend"
    homes = [ascend / "ascend-toolkit/latest", ascend / "cann"]
    user = env.get("HOME")
    if user:
        homes.append(root / user.lstrip("/") / "Ascend/ascend-toolkit/latest")
    for home in homes:
        for arch in _arches():
            yield "toolkit", home / f"{arch}-linux" / _TOOLKIT, "default path"
    yield "nnae", ascend / "nnae/latest" / _NNAE, "default path"
    yield "tfplugin", ascend / "tfplugin/latest" / _TFPLUGIN, "default path"


def _read(path: Path) -> str:
    if path.stat().st_size > MAX_BYTES:
        raise OSError(f"larger than {MAX_BYTES} bytes")
    return path.read_text(encoding="utf-8", errors="replace")


def _bridge(paths: Sequence[str] | None) -> tuple[Found | None, str | None, str | None]:
    """The installed npu_bridge distribution: (what was found, npu_config.py text, problem)."""
    from importlib import metadata  # with zipfile and shutil: only when the machine is read

    try:
        if paths is None:
            dists = list(metadata.distributions(name="npu_bridge"))
        else:
            dists = list(metadata.distributions(name="npu_bridge", path=list(paths)))
    except (OSError, ValueError) as exc:  # a broken site-packages entry
        return None, None, f"npu_bridge: {exc}"
    if not dists:
        return None, None, None
    dist = dists[0]
    config = Path(str(dist.locate_file(_CONFIG)))
    found = Found("npu_bridge", config, dist.version, "installed distribution")
    try:
        return found, _read(config), None
    except OSError as exc:
        return found, None, f"{config}: {exc.strerror or exc}"


def detect_toolkit(
    env: Mapping[str, str] | None = None,
    root: Path = Path("/"),
    *,
    python_paths: Sequence[str] | None = None,
) -> Toolkit:
    """Read what is installed: the CANN packages' install-info files (from ``env``'s
    toolkit variables, then the default paths under ``root``) and the ``npu_bridge``
    distribution (on ``python_paths``, default: this Python's). Never raises for a
    missing, unreadable or odd file: it is left out, and said in ``problems``."""
    env = os.environ if env is None else env
    found: list[Found] = []
    searched: list[Path] = []
    problems: list[str] = []
    seen: set[Path] = set()
    for package, path, via in _candidates(env, root):
        searched.append(path)
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        try:
            fields = read_info(_read(path))
        except OSError as exc:
            problems.append(f"{path}: {exc.strerror or exc}")
            continue
        found.append(Found(package, path, fields.get("version") or None, via, fields))
    bridge, text, problem = _bridge(python_paths)
    problems += [problem] if problem else []
    keywords = None
    if bridge is not None:
        found.append(bridge)
        searched.append(bridge.path)
        if text is not None:
            try:
                keywords = signatures(text)
            except SyntaxError as exc:
                problems.append(f"{bridge.path}: does not parse ({exc.msg})")
    return Toolkit(tuple(found), tuple(searched), keywords, tuple(problems))
