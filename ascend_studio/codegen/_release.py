"""What an export for the profile's target release leaves out, and says it left out.

An export for a named release never writes what that release lacks: a keyword its
constructors do not take (the call would raise TypeError), a key its C++ does not
read (it would be ignored), a retired keyword kept verbatim from an older script.
The header names each, with the release that has it. With no release named (or
one that is not public), everything is written as set.
"""

from __future__ import annotations

from typing import Literal

from ascend_studio._words import say
from ascend_studio.profile import ExtraKwarg, Profile
from ascend_studio.schema import Catalog, Release, UnknownReleaseError

__all__ = [
    "Surface",
    "extra_lacking",
    "key_lacking",
    "keyword_lacking",
    "omitted_lines",
    "target_release",
]

#: constructor: NPURunConfig(...) code; session: a sess.run parameter_map.
Surface = Literal["constructor", "session"]


def target_release(profile: Profile, catalog: Catalog) -> Release | None:
    if profile.release is None:
        return None
    try:
        return catalog.history.resolve(profile.release)
    except UnknownReleaseError:
        return None


def keyword_lacking(path: str, catalog: Catalog, release: Release | None) -> bool:
    """The constructors of ``release`` do not take ``path`` (False when unknown)."""
    return release is not None and catalog.history.has_keyword(path, release.id) is False


def key_lacking(path: str, catalog: Catalog, release: Release | None) -> bool:
    """The C++ of ``release`` does not read the parameter's key, and NPUEstimator does
    not write it either (False when unknown)."""
    if release is None or not catalog.has(path) or catalog.param(path).session is None:
        return False
    return catalog.history.has_param(catalog.param(path), release.id, "session") is False


def extra_lacking(extra: ExtraKwarg, catalog: Catalog, release: Release | None) -> str | None:
    """The path of a keyword kept verbatim that some release had, but not ``release``."""
    if release is None:
        return None
    history = catalog.history
    for fact in history.keywords():
        if (fact.owner, fact.name) == (extra.owner, extra.name):
            return None if history.holds(fact, release.id) else fact.path
    return None


def _why(path: str, catalog: Catalog, lang: str) -> str:
    history = catalog.history
    fact = history.keyword(path)
    if fact is None and catalog.has(path) and (session := catalog.param(path).session):
        key = history.key(session.key)
        span = key.read if key is not None else None
        if span is None:
            return say("read by no public release", lang)
        return say("read {where}", lang, where=history.where(span).get(lang))
    if fact is None:
        return say("not in this release", lang)
    return say("exists {where}", lang, where=history.where(fact).get(lang))


def omitted_lines(
    profile: Profile, catalog: Catalog, surface: Surface, lang: str = "en"
) -> list[str]:
    """Header lines (in ``lang``) naming what the export for the target release leaves out."""
    release = target_release(profile, catalog)
    if release is None:
        return []
    lacking = keyword_lacking if surface == "constructor" else key_lacking
    left = [path for path in profile.values if lacking(path, catalog, release)]
    for extra in profile.extra_kwargs:
        path = extra_lacking(extra, catalog, release)
        if path is not None:
            left.append(path)
    if not left:
        return []
    head = say(
        "# Not written: TF Adapter {release} does not have",
        lang,
        release=f"{release.short} ({release.month})",
    )
    return [head, *(f"#   {path}: {_why(path, catalog, lang)}" for path in left)]
