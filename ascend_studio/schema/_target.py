"""A TF Adapter release chosen from what the user typed or what the machine has.

``auto`` reads the installed CANN packages and ``npu_bridge``
(:func:`ascend_studio.machine.detect_toolkit`) and maps them onto the public releases
of the catalog: the installed constructors, when they match a release exactly, decide
(the tag npu_bridge's summary names picks among equal ones); else that tag; else the
CANN version's public tag line; else no release is named. Every step is said in
``notes``, in both languages (the English text is a key of the command line's message
table, :mod:`ascend_studio._words_cli`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ascend_studio._words import say
from ascend_studio.schema._models import Text
from ascend_studio.schema._release_models import Release
from ascend_studio.schema._releases import UnknownReleaseError

if TYPE_CHECKING:
    from ascend_studio.machine import Toolkit
    from ascend_studio.schema._catalog import Catalog

__all__ = ["AUTO", "Resolved", "auto_release", "release_problem", "resolve_release"]

AUTO = "auto"
#: What ``auto`` says, English keys of the message table (``{via}``: how a folder was found).
_NOTHING_FOUND = (
    "no CANN package and no npu_bridge found (looked in {looked}..., $ASCEND_TOOLKIT_HOME "
    "and $ASCEND_HOME_PATH first); no release is named"
)
_BRIDGE = "npu_bridge {version} at {path}: "
_SAME = _BRIDGE + (
    "its constructors are exactly those of {same}; checking for {release} ({short}, {date})"
)
_SAME_NAMED = _SAME + " (the tag its summary names)"
_TAGGED = _BRIDGE + "its summary names tag {release}; checking for it"
_NO_MATCH = _BRIDGE + "its constructors match no public release"
_CANN = "CANN {package} {version} ({path}, found by {via}): "
_LINE = _CANN + (
    "the newest public TF Adapter release of its line is {release} ({date}); checking for it"
)
_UNTAGGED = (
    _CANN + "no public TF Adapter release is tagged for this CANN version (public tags: "
    "{lines}); no release is named, so findings say which releases they hold for"
)
#: What npu_bridge's summary says it was built from ("... tag version v0.0.33").
_TAG = re.compile(r"tag version (v\d+(?:\.\d+)+)")


@dataclass(frozen=True)
class Resolved:
    """A release choice made: the release (None: none could be named) and how."""

    release: Release | None
    notes: tuple[Text, ...] = ()


def _note(english: str, **fields: object) -> Text:
    """``--release auto: ...`` in both languages (a field given as a Text in each)."""
    zh = {k: v.zh if isinstance(v, Text) else v for k, v in fields.items()}
    en = {k: v.en if isinstance(v, Text) else v for k, v in fields.items()}
    head = "--release auto"
    return Text.of(f"{head}：{say(english, 'zh', **zh)}", f"{head}: {say(english, 'en', **en)}")


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
    notes = [Text.of(f"--release auto：{p}", f"--release auto: {p}") for p in toolkit.problems]
    for step in (_by_constructors, _by_cann):
        chosen = step(catalog, toolkit, notes)
        if chosen is not None:
            return Resolved(chosen, tuple(notes))
    if toolkit.cann_version is None and toolkit.npu_bridge is None:
        looked = ", ".join(str(p) for p in toolkit.searched[:3])
        notes.append(_note(_NOTHING_FOUND, looked=looked))
    return Resolved(None, tuple(notes))


def _tagged(catalog: Catalog, summary: str) -> Release | None:
    """The release of the ``tag version v0.0.N`` npu_bridge's summary names, if public."""
    match = _TAG.search(summary)
    if match is None:
        return None
    prefix = f"tfa_{match.group(1)}_"
    found = [r for r in catalog.releases if r.id.removeprefix("hicann-").startswith(prefix)]
    return found[-1] if found else None


def _by_constructors(catalog: Catalog, toolkit: Toolkit, notes: list[Text]) -> Release | None:
    bridge = toolkit.npu_bridge
    if bridge is None:
        return None
    where = {"version": bridge.version or "?", "path": bridge.path}
    tagged = _tagged(catalog, bridge.fields.get("summary", ""))
    matches = catalog.history.matching(toolkit.keywords) if toolkit.keywords is not None else []
    if matches:
        chosen = tagged if tagged in matches else matches[-1]
        same = ", ".join(r.id for r in matches)
        named = chosen is tagged and len(matches) > 1
        notes.append(
            _note(
                _SAME_NAMED if named else _SAME,
                **where,
                same=same,
                release=chosen.id,
                short=chosen.short,
                date=chosen.date,
            )
        )
        return chosen
    if tagged is not None:
        notes.append(_note(_TAGGED, **where, release=tagged.id))
        return tagged
    notes.append(_note(_NO_MATCH, **where))
    return None


def _by_cann(catalog: Catalog, toolkit: Toolkit, notes: list[Text]) -> Release | None:
    version = toolkit.cann_version
    if version is None:
        return None
    item = next(f for f in toolkit.found if f.version == version)
    chosen = catalog.history.for_cann(version)
    where = {"package": item.package, "version": version, "path": item.path}
    via = {"via": Text.of(say(item.via, "zh"), item.via)}
    if chosen is not None:
        notes.append(_note(_LINE, **where, **via, release=chosen.id, date=chosen.date))
        return chosen
    lines = ", ".join(catalog.history.cann_lines())
    notes.append(_note(_UNTAGGED, **where, **via, lines=lines))
    return None


def release_problem(text: str, catalog: Catalog, lang: str = "en") -> str | None:
    """Why ``text`` names no release, in ``lang`` (None: it does, or it is ``auto``)."""
    if text.strip().casefold() == AUTO:
        return None
    try:
        catalog.history.resolve(text)
    except UnknownReleaseError as exc:
        return exc.text(lang)
    return None
