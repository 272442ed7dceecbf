"""A TF Adapter release chosen from what the user typed or what the machine has.

``auto`` reads the installed CANN packages and ``npu_bridge`` (:mod:`._toolkit`) and
maps them onto the public releases of the catalog: the installed constructors, when
they match a release exactly, decide; else the CANN version's public tag line; else
no release is named. Every step is said in ``notes``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ascend_studio.schema import Catalog, Release, UnknownReleaseError

__all__ = ["AUTO", "Resolved", "auto_release", "release_problem", "resolve_release"]

AUTO = "auto"


@dataclass(frozen=True)
class Resolved:
    """A release choice made: the release (None: none could be named) and how."""

    release: Release | None
    notes: tuple[str, ...] = ()


def resolve_release(text: str, catalog: Catalog) -> Resolved:
    """``text`` as a release; ``auto`` reads the machine. UnknownReleaseError (one line)
    for a name no public release has."""
    if text.strip().casefold() == AUTO:
        return auto_release(catalog)
    return Resolved(catalog.history.resolve(text))


def auto_release(catalog: Catalog, env: dict[str, str] | None = None) -> Resolved:
    """What the machine has installed, as a release, with what was found and why."""
    from ascend_studio.machine._toolkit import detect_toolkit

    toolkit = detect_toolkit(dict(os.environ) if env is None else env)
    notes = [f"--release auto: {problem}" for problem in toolkit.problems]
    history = catalog.history
    bridge = toolkit.npu_bridge
    if bridge is not None and toolkit.keywords is not None:
        matches = history.matching(toolkit.keywords)
        where = f"npu_bridge {bridge.version or '?'} at {bridge.path}"
        if matches:
            chosen = matches[-1]
            same = ", ".join(r.id for r in matches)
            notes.append(
                f"--release auto: {where}: its constructors are exactly those of {same}; "
                f"checking for {chosen.id} ({chosen.short}, {chosen.date})"
            )
            return Resolved(chosen, tuple(notes))
        notes.append(f"--release auto: {where}: its constructors match no public release")
    version = toolkit.cann_version
    if version is not None:
        item = next(f for f in toolkit.found if f.version == version)
        chosen_cann = history.for_cann(version)
        where = f"CANN {item.package} {version} ({item.path}, found by {item.via})"
        if chosen_cann is not None:
            notes.append(
                f"--release auto: {where}: the newest public TF Adapter release of its line is "
                f"{chosen_cann.id} ({chosen_cann.date}); checking for it"
            )
            return Resolved(chosen_cann, tuple(notes))
        notes.append(
            f"--release auto: {where}: no public TF Adapter release is tagged for this CANN "
            f"version (public tags: {', '.join(history.cann_lines())}); no release is named, so "
            "findings say which releases they hold for"
        )
        return Resolved(None, tuple(notes))
    looked = ", ".join(str(p) for p in toolkit.searched[:4])
    notes.append(
        f"--release auto: no CANN package and no npu_bridge found (looked at {looked}, ..., "
        "$ASCEND_TOOLKIT_HOME and $ASCEND_HOME_PATH); no release is named"
    )
    return Resolved(None, tuple(notes))


def release_problem(text: str, catalog: Catalog) -> str | None:
    """Why ``text`` names no release (None: it does, or it is ``auto``)."""
    if text.strip().casefold() == AUTO:
        return None
    try:
        catalog.history.resolve(text)
    except UnknownReleaseError as exc:
        return str(exc)
    return None
