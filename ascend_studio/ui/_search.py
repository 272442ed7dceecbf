"""Which rows a search and the filters select (no Qt: plain data in, paths out).

Search matches names, zh and en labels, descriptions, enum values and
environment-variable names in both languages, whatever the UI language; every
whitespace-separated term must match. A matching sub-config field brings its
holder along so it is shown in context.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ascend_studio.schema import SUBCONFIG_PATHS, Catalog

if TYPE_CHECKING:
    from ascend_studio.profile import Profile

__all__ = ["FILTERS", "Selection", "select"]

#: Filter ids, in toolbar order.
FILTERS: tuple[str, ...] = ("modified", "problems", "unavailable", "deprecated")
_HOLDERS = frozenset(SUBCONFIG_PATHS.values())


@dataclass(frozen=True)
class Selection:
    """Rows to show (``None``: all, no search or filter active) and the env section."""

    paths: frozenset[str] | None
    show_env: bool = True
    filters: frozenset[str] = field(default_factory=frozenset)
    #: The parameters that match (``paths`` adds their sub-config holders for context).
    matched: frozenset[str] = field(default_factory=frozenset)
    #: Whether the section of names the catalog does not know is shown (when it has any).
    show_unknown: bool = True


def _matches(catalog: Catalog, query: str) -> set[str]:
    terms = query.split()
    found: set[str] | None = None
    for term in terms:
        hits = {p.path for p in catalog.search(term)}
        found = hits if found is None else found & hits
    return found or set()


def _env_matches(catalog: Catalog, query: str, profile: Profile) -> bool:
    terms = [t.casefold() for t in query.split()]
    texts = [name.casefold() for name in profile.env]
    for env in catalog.env_vars:
        texts.append(f"{env.name}\n{env.purpose.zh}\n{env.purpose.en}".casefold())
    return all(any(term in text for text in texts) for term in terms)


def _with_holders(paths: Iterable[str]) -> set[str]:
    out = set(paths)
    for path in list(out):
        parts = path.split(".")
        for depth in range(1, len(parts)):
            holder = ".".join(parts[:depth])
            if holder in _HOLDERS:
                out.add(holder)
    return out


def select(
    catalog: Catalog,
    query: str,
    filters: Iterable[str],
    *,
    profile: Profile,
    problem_paths: set[str],
    unavailable_paths: set[str],
    unknown_keys: frozenset[str] = frozenset(),
) -> Selection:
    active = frozenset(filters)
    unknown = active - set(FILTERS)
    if unknown:
        raise ValueError(f"unknown filters: {', '.join(sorted(unknown))}")
    query = query.strip()
    if not query and not active:
        return Selection(None)
    chosen = _matches(catalog, query) if query else {p.path for p in catalog.params}
    show_env = _env_matches(catalog, query, profile) if query else True
    terms = [t.casefold() for t in query.split()]
    show_unknown = all(any(t in key.casefold() for key in unknown_keys) for t in terms)
    if "modified" in active:
        set_paths = set(profile.values)
        chosen = {
            p for p in chosen if p in set_paths or any(v.startswith(p + ".") for v in set_paths)
        }
        show_env = show_env and bool(profile.env)
    if "problems" in active:
        chosen &= problem_paths
        show_env = show_env and any(p.startswith("env:") for p in problem_paths)
        show_unknown = show_unknown and bool(unknown_keys & problem_paths)
    if "unavailable" in active or "deprecated" in active:
        show_env = show_unknown = False
    if "unavailable" in active:
        chosen &= unavailable_paths
    if "deprecated" in active:
        chosen &= {p.path for p in catalog.params if p.deprecated or p.no_effect}
    shown = _with_holders(chosen) if query or active else chosen
    return Selection(frozenset(shown), show_env, active, frozenset(chosen), show_unknown)
