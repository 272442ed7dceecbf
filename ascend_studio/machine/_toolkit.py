"""What CANN and TF Adapter an NPU machine has installed: the one reading of it.

``doctor`` reports it and ``--release auto`` names a release from it
(:func:`ascend_studio.schema.release_for_toolkit`); both take this one
:class:`Toolkit`, so they cannot disagree about what is installed. It holds the
toolkit or NNAE the environment points to (:func:`._cann.read_toolkit`), the TF
Adapter packaged as CANN's tfplugin (:func:`._installed.tfplugin_component`) and the
installed ``npu_bridge`` distribution with its own constructors. Its
``npu_config.py`` is parsed, never imported: its keywords identify the TF Adapter
release exactly, where its version number (TensorFlow's, 1.15.0) cannot; the tag its
summary names (``tag version v0.0.33``) says which ``tfa_`` tag it was built from.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from ascend_studio._words import os_reason, say
from ascend_studio.machine._cann import (
    ToolkitInfo,
    read_toolkit,
    toolkit_candidates,
    toolkit_variable_problems,
)
from ascend_studio.machine._infofile import Unread
from ascend_studio.machine._installed import Component, summary_tag, tfplugin_component

__all__ = ["NpuBridge", "Problem", "Toolkit", "detect_toolkit", "signatures"]

#: The biggest npu_config.py read (the real one is about 60 KB).
MAX_BYTES = 1 << 20
_CONFIG = "npu_bridge/estimator/npu/npu_config.py"
_HUGE = "{file}: {why} bytes, larger than the {limit} read of an npu_config.py"
_SYNTAX = "{file}: does not parse (line {line}: {why})"
_UNLISTED = "npu_bridge: the installed Python packages could not be listed ({why})"
_UNREAD = "{file}: {why}; the CANN version was not read from it"


@dataclass(frozen=True)
class Problem:
    """A file that exists but could not be read or parsed, and why, in both languages
    (this layer sits below the catalog's bilingual ``Text``)."""

    en: str
    zh: str

    @classmethod
    def of(cls, text: str, why: OSError | str, **fields: object) -> Problem:
        """``text`` (a message-table key with ``{why}``) said in both languages; an
        OSError's reason comes from the table, else as the system says it."""

        def said(lang: str) -> str:
            reason = os_reason(why, lang) if isinstance(why, OSError) else why
            return say(text, lang, why=reason, **fields)

        return cls(said("en"), said("zh"))


@dataclass(frozen=True)
class NpuBridge:
    """The installed ``npu_bridge`` distribution (TF Adapter 1.x), read from its files."""

    #: Its version: TensorFlow's (1.15.0), not the adapter's.
    version: str | None
    #: Its one-line summary; it names the tag the wheel was built from.
    summary: str
    #: Its ``npu_config.py``.
    config: str
    #: The constructors there: class -> keyword names, in order (None: not read).
    keywords: Mapping[str, tuple[str, ...]] | None = None

    @property
    def tag(self) -> str | None:
        """``v0.0.33`` from ``... tag version v0.0.33``; None when the summary names none."""
        return summary_tag(self.summary)


@dataclass(frozen=True)
class Toolkit:
    """What is installed that names the release, and where it was looked for."""

    #: The toolkit (or NNAE) the environment points to.
    cann: ToolkitInfo | None
    #: The TF Adapter as a CANN package (up to CANN 7).
    tfplugin: Component | None
    npu_bridge: NpuBridge | None
    #: The toolkit folders looked at, in order: (folder as the machine names it, how found).
    looked: tuple[tuple[str, str], ...] = ()
    #: (variable, value, problem) for a toolkit variable that names no folder.
    variable_problems: tuple[tuple[str, str, str], ...] = ()
    #: Files that exist but could not be read or parsed, with why.
    problems: tuple[Problem, ...] = ()

    @property
    def cann_version(self) -> str | None:
        """The CANN version: the toolkit's (or NNAE's), else the tfplugin package's."""
        if self.cann is not None and self.cann.version:
            return self.cann.version
        return self.tfplugin.version if self.tfplugin is not None else None

    @property
    def cann_source(self) -> tuple[str, str, str] | None:
        """Where :attr:`cann_version` was read: (package, file, how the folder was found)."""
        if self.cann is not None and self.cann.version:
            package = "nnae" if "nnae" in self.cann.package.lower() else "toolkit"
            return package, self.cann.found_in, self.cann.how
        if self.tfplugin is not None and self.tfplugin.version:
            return "tfplugin", self.tfplugin.found_in, "default install path"
        return None


def signatures(text: str) -> dict[str, tuple[str, ...]]:
    """Class -> keyword names of each ``__init__`` defined in ``text`` (Python source)."""
    out: dict[str, tuple[str, ...]] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    out[node.name] = tuple(a.arg for a in item.args.args[1:])
    return out


def _keywords(config: Path) -> tuple[dict[str, tuple[str, ...]] | None, Problem | None]:
    """The constructors of ``config`` (an npu_config.py), or why they could not be read."""
    try:
        size = config.stat().st_size
        if size > MAX_BYTES:
            return None, Problem.of(_HUGE, f"{size:,}", file=config, limit=f"{MAX_BYTES:,}")
        text = config.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        return None, Problem.of("{file}: {why}", exc, file=config)
    try:
        return signatures(text), None
    except SyntaxError as exc:
        return None, Problem.of(_SYNTAX, exc.msg, file=config, line=exc.lineno or "?")


def _bridge(paths: Sequence[str] | None) -> tuple[NpuBridge | None, Problem | None]:
    """The installed npu_bridge and a problem reading it (None: none)."""
    from importlib import metadata  # with zipfile and shutil: only when the machine is read

    try:
        if paths is None:
            dists = list(metadata.distributions(name="npu_bridge"))
        else:
            dists = list(metadata.distributions(name="npu_bridge", path=list(paths)))
    except (OSError, ValueError) as exc:  # a broken site-packages entry
        why = exc if isinstance(exc, OSError) else str(exc)
        return None, Problem.of(_UNLISTED, why)
    if not dists:
        return None, None
    dist = dists[0]
    config = Path(str(dist.locate_file(_CONFIG)))
    summary = cast("Any", dist.metadata).get("Summary") or ""  # no warning when absent
    keywords, problem = _keywords(config)
    version = dist.version or None
    return NpuBridge(version, str(summary).strip(), str(config), keywords), problem


def detect_toolkit(
    env: Mapping[str, str] | None = None,
    root: Path = Path("/"),
    *,
    python_paths: Sequence[str] | None = None,
) -> Toolkit:
    """Read what is installed: the CANN toolkit (or NNAE) the environment points to,
    the tfplugin package, and the ``npu_bridge`` distribution (on ``python_paths``,
    default: this Python's) with its constructors. ``root`` is the file system's root
    (a folder holding a fake tree in tests). Never raises for a missing, unreadable or
    odd file: it is left out, and said in ``problems``."""
    env = os.environ if env is None else env
    bridge, problem = _bridge(python_paths)
    unread: list[Unread] = []
    cann = read_toolkit(env, root, unread)
    problems = [_unread_problem(item, root) for item in unread]
    return Toolkit(
        cann=cann,
        tfplugin=tfplugin_component(root, env),
        npu_bridge=bridge,
        looked=tuple(toolkit_candidates(env, root)),
        variable_problems=toolkit_variable_problems(env, root),
        problems=(*problems, *((problem,) if problem else ())),
    )


def _unread_problem(item: Unread, root: Path) -> Problem:
    """A version file that is there but was not read, named as the machine names it."""
    path, en, zh = item
    shown = "/" + str(path.relative_to(root)) if str(root) not in ("", "/") else str(path)
    return Problem(say(_UNREAD, file=shown, why=en), say(_UNREAD, "zh", file=shown, why=zh))
