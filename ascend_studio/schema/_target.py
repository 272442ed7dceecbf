"""A TF Adapter release chosen from what the user typed or what the machine has.

``auto`` reads the installed CANN packages and ``npu_bridge``
(:func:`ascend_studio.machine.detect_toolkit`) and :func:`release_for_toolkit` maps
that one reading onto the public releases of the catalog: the installed
constructors, when they match a release exactly, decide (the tag npu_bridge's
summary names picks among equal ones); else that tag; else the CANN version's public
tag line; else no release is named. Every step is said in ``notes`` (zh/en).
``doctor`` decides with the same function on the same reading, so the release it
reports is the one ``--release auto`` takes on that machine.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ascend_studio._words import say
from ascend_studio.schema._models import Text
from ascend_studio.schema._release_models import Release
from ascend_studio.schema._releases import UnknownReleaseError

if TYPE_CHECKING:
    from ascend_studio.machine import Toolkit
    from ascend_studio.schema._catalog import Catalog

__all__ = [
    "AUTO",
    "Resolved",
    "auto_release",
    "release_for_toolkit",
    "release_problem",
    "resolve_release",
]

AUTO = "auto"


@dataclass(frozen=True)
class Resolved:
    """A release choice made: the release (None: none could be named) and how (zh/en)."""

    release: Release | None
    notes: tuple[Text, ...] = ()


def resolve_release(text: str, catalog: Catalog) -> Resolved:
    """``text`` as a release; ``auto`` reads the machine. UnknownReleaseError (one line)
    for a name no public release has."""
    if text.strip().casefold() == AUTO:
        return auto_release(catalog)
    return Resolved(catalog.history.resolve(text))


def auto_release(
    catalog: Catalog,
    env: dict[str, str] | None = None,
    *,
    root: Path = Path("/"),
    python_paths: Sequence[str] | None = None,
) -> Resolved:
    """What this machine has installed, as a release, with what was found and why
    (``root`` and ``python_paths`` as :func:`ascend_studio.machine.detect_toolkit`)."""
    from ascend_studio.machine._toolkit import detect_toolkit

    live = dict(os.environ) if env is None else env
    return release_for_toolkit(catalog, detect_toolkit(live, root, python_paths=python_paths))


def release_for_toolkit(catalog: Catalog, toolkit: Toolkit) -> Resolved:
    """The release ``toolkit`` (one reading of a machine) names, and how it was decided."""
    notes = [Text.of(p.zh, p.en) for p in toolkit.problems]
    for step in (_by_constructors, _by_cann):
        chosen = step(catalog, toolkit, notes)
        if chosen is not None:
            return Resolved(chosen, tuple(notes))
    if toolkit.cann_version is None and toolkit.npu_bridge is None:
        looked = ", ".join(folder for folder, _ in toolkit.looked[:3])
        notes.append(
            Text.of(
                f"没有找到 CANN 软件包，也没有 npu_bridge（查找过 {looked}...，先查 "
                "$ASCEND_TOOLKIT_HOME 与 $ASCEND_HOME_PATH）；不指定目标版本",
                f"no CANN package and no npu_bridge found (looked in {looked}..., "
                "$ASCEND_TOOLKIT_HOME and $ASCEND_HOME_PATH first); no release is named",
            )
        )
    return Resolved(None, tuple(notes))


def _tagged(catalog: Catalog, tag: str | None) -> Release | None:
    """The release of the ``v0.0.N`` tag npu_bridge's summary names, if public."""
    if tag is None:
        return None
    prefix = f"tfa_{tag}_"
    found = [r for r in catalog.releases if r.id.removeprefix("hicann-").startswith(prefix)]
    return found[-1] if found else None


def _by_constructors(catalog: Catalog, toolkit: Toolkit, notes: list[Text]) -> Release | None:
    bridge = toolkit.npu_bridge
    if bridge is None:
        return None
    where = f"npu_bridge {bridge.version or '?'} at {bridge.config}"
    where_zh = f"npu_bridge {bridge.version or '?'}（{bridge.config}）"
    tagged = _tagged(catalog, bridge.tag)
    matches = catalog.history.matching(bridge.keywords) if bridge.keywords is not None else []
    if matches:
        chosen = tagged if tagged in matches else matches[-1]
        same = ", ".join(r.id for r in matches)
        by_tag = chosen is tagged and len(matches) > 1
        notes.append(
            Text.of(
                f"{where_zh}：其构造参数与 {same} 完全一致；按 {chosen.id}（{chosen.short}，"
                f"{chosen.date}）检查" + ("（其摘要所写的标签）" if by_tag else ""),
                f"{where}: its constructors are exactly those of {same}; "
                f"checking for {chosen.id} ({chosen.short}, {chosen.date})"
                + (" (the tag its summary names)" if by_tag else ""),
            )
        )
        return chosen
    if tagged is not None:
        notes.append(
            Text.of(
                f"{where_zh}：其摘要写明标签 {tagged.id}；按它检查",
                f"{where}: its summary names tag {tagged.id}; checking for it",
            )
        )
        return tagged
    notes.append(
        Text.of(
            f"{where_zh}：其构造参数与任何公开版本都不一致",
            f"{where}: its constructors match no public release",
        )
    )
    return None


def _by_cann(catalog: Catalog, toolkit: Toolkit, notes: list[Text]) -> Release | None:
    version, source = toolkit.cann_version, toolkit.cann_source
    if version is None or source is None:
        return None
    package, path, how = source
    chosen = catalog.history.for_cann(version)
    where = f"CANN {package} {version} ({path}, found by {how})"
    where_zh = f"CANN {package} {version}（{path}，经由 {say(how, 'zh')} 找到）"
    if chosen is not None:
        notes.append(
            Text.of(
                f"{where_zh}：该版本线最新的公开 TF Adapter 版本是 {chosen.id}（{chosen.date}）；"
                "按它检查",
                f"{where}: the newest public TF Adapter release of its line is "
                f"{chosen.id} ({chosen.date}); checking for it",
            )
        )
        return chosen
    lines = ", ".join(catalog.history.cann_lines())
    notes.append(
        Text.of(
            f"{where_zh}：没有为该 CANN 版本打标签的公开 TF Adapter 版本（公开标签：{lines}）；"
            "不指定版本，结论会说明它们适用于哪些版本",
            f"{where}: no public TF Adapter release is tagged for this CANN version "
            f"(public tags: {lines}); no release is named, so findings say which releases "
            "they hold for",
        )
    )
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
