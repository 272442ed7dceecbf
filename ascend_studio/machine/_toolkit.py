"""What CANN and TF Adapter an NPU machine has installed, for naming its release.

Built on the machine readers ``doctor`` uses (:func:`._cann.read_toolkit` for the
toolkit or NNAE the environment points to, :func:`._installed.tfplugin_component` for
the TF Adapter packaged as CANN's tfplugin), plus what only the release needs: the
installed ``npu_bridge``'s own constructors. Its ``npu_config.py`` is parsed, never
imported: its keywords identify the TF Adapter release exactly, where its version
number (TensorFlow's, 1.15.0) cannot; the tag its summary names (``tag version
v0.0.33``) says which ``tfa_`` tag it was built from.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ascend_studio.machine._cann import read_toolkit, toolkit_candidates, under
from ascend_studio.machine._installed import tfplugin_component

__all__ = ["Found", "Toolkit", "detect_toolkit", "signatures"]

#: The biggest npu_config.py read (the real one is about 60 KB).
MAX_BYTES = 1 << 20
_CONFIG = "npu_bridge/estimator/npu/npu_config.py"


@dataclass(frozen=True)
class Found:
    """One installed package that says which release is there."""

    #: ``toolkit``, ``nnae``, ``tfplugin`` (CANN packages) or ``npu_bridge`` (the wheel).
    package: str
    path: Path
    #: Its version: the CANN version of a CANN package, TensorFlow's for npu_bridge.
    version: str | None
    #: How it was found: the variable that led to it, or the default install path.
    via: str
    fields: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Toolkit:
    """What :func:`detect_toolkit` found, and where it looked."""

    found: tuple[Found, ...]
    #: The folders and files looked at, in order (found or not).
    searched: tuple[Path, ...]
    #: The installed npu_config.py's constructors: class -> keyword names, in order.
    keywords: Mapping[str, tuple[str, ...]] | None = None
    #: Files that exist but could not be read or parsed, with why.
    problems: tuple[str, ...] = ()

    @property
    def cann_version(self) -> str | None:
        """The CANN version of the first package found (toolkit or NNAE, then tfplugin)."""
        for package in ("toolkit", "nnae", "tfplugin"):
            for item in self.found:
                if item.package == package and item.version:
                    return item.version
        return None

    @property
    def npu_bridge(self) -> Found | None:
        return next((f for f in self.found if f.package == "npu_bridge"), None)


def signatures(text: str) -> dict[str, tuple[str, ...]]:
    """Class -> keyword names of each ``__init__`` defined in ``text`` (Python source)."""
    out: dict[str, tuple[str, ...]] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    out[node.name] = tuple(a.arg for a in item.args.args[1:])
    return out


def _cann(env: Mapping[str, str], root: Path) -> list[Found]:
    found = []
    toolkit = read_toolkit(env, root)
    if toolkit is not None:
        package = "nnae" if "nnae" in toolkit.package.lower() else "toolkit"
        fields = {"package_name": toolkit.package, "innerversion": toolkit.inner_version or ""}
        found.append(Found(package, Path(toolkit.found_in), toolkit.version, toolkit.how, fields))
    plugin = tfplugin_component(root, env)
    if plugin is not None:
        found.append(
            Found("tfplugin", Path(plugin.found_in), plugin.version, "default install path")
        )
    return found


def _bridge(paths: Sequence[str] | None) -> tuple[Found | None, str | None, str | None]:
    """The installed npu_bridge: (what was found, npu_config.py's text, a problem)."""
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
    summary = cast("Any", dist.metadata).get("Summary") or ""  # no warning when absent
    found = Found(
        "npu_bridge", config, dist.version, "installed distribution", {"summary": summary}
    )
    try:
        if config.stat().st_size > MAX_BYTES:
            raise OSError(f"larger than {MAX_BYTES} bytes")
        return found, config.read_text(encoding="utf-8", errors="replace"), None
    except OSError as exc:
        return found, None, f"{config}: {exc.strerror or exc}"


def detect_toolkit(
    env: Mapping[str, str] | None = None,
    root: Path = Path("/"),
    *,
    python_paths: Sequence[str] | None = None,
) -> Toolkit:
    """Read what is installed: the CANN toolkit (or NNAE) the environment points to,
    the tfplugin package, and the ``npu_bridge`` distribution (on ``python_paths``,
    default: this Python's) with its constructors. Never raises for a missing,
    unreadable or odd file: it is left out, and said in ``problems``."""
    env = os.environ if env is None else env
    found = _cann(env, root)
    searched = [under(root, folder) for folder, _ in toolkit_candidates(env, root)]
    problems: list[str] = []
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
