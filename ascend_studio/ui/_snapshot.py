"""Everything the views render for one profile, computed once per change.

Pure data (no Qt): the window takes a snapshot after each edit and hands each
view its part, so views never ask the engine themselves.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ascend_studio.schema import Catalog
from ascend_studio.ui._core import (
    Effective,
    Engine,
    Evaluation,
    Finding,
    Severity,
    Unavailable,
    param_unavailable,
    release_unavailable,
    unavailable_here,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ascend_studio.profile import Profile, Value
    from ascend_studio.rules import Unknown

__all__ = [
    "DEFAULT_RELEASE",
    "DEFAULT_TARGET",
    "ENV_SECTION",
    "UNKNOWN_SECTION",
    "CategoryCounts",
    "RowState",
    "Snapshot",
    "UnknownState",
    "take_snapshot",
]

#: The navigation/form key of the environment-variables section.
ENV_SECTION = "__env__"
#: The navigation/form key of the section of names the catalog does not know.
UNKNOWN_SECTION = "__unknown__"
#: The target of a new profile (``target_of(Profile())``: no product named, training by
#: graph_run_mode's default; a test keeps them equal): the form shows it before the
#: profile document is imported.
DEFAULT_TARGET = (None, "training")
#: The TF Adapter release a document made in the app targets until the user picks another.
DEFAULT_RELEASE = "newest"
_ORDER: dict[Severity, int] = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True, slots=True)
class RowState:
    value: Value | None = None
    findings: tuple[Finding, ...] = ()
    effective: Effective | None = None
    unavailable: Unavailable | None = None
    #: For a sub-config holder: how many of its fields are set.
    fields_set: int = 0


@dataclass(frozen=True, slots=True)
class UnknownState:
    """A keyword, key or value the catalog does not know, and the findings about it."""

    entry: Unknown
    findings: tuple[Finding, ...] = ()


@dataclass(frozen=True, slots=True)
class CategoryCounts:
    set_count: int = 0
    problems: int = 0
    worst: Severity | None = None
    #: Findings per severity: the badges show each, so 1 error + 1 info is not "✖ 2".
    errors: int = 0
    warnings: int = 0
    infos: int = 0


@dataclass(frozen=True)
class Snapshot:
    profile: Profile
    findings: tuple[Finding, ...]
    rows: dict[str, RowState] = field(default_factory=dict)
    categories: dict[str, CategoryCounts] = field(default_factory=dict)
    #: ``NAME -> findings`` for the profile's environment variables.
    env_findings: dict[str, list[Finding]] = field(default_factory=dict)
    #: The evaluation the findings come from, handed on to the previews' exporters.
    evaluation: Evaluation | None = None
    #: What the profile keeps that the catalog does not know, in profile order.
    unknown: tuple[UnknownState, ...] = ()

    def problem_paths(self) -> set[str]:
        return {path for finding in self.findings for path in finding.params}

    def unknown_keys(self) -> set[str]:
        return {state.entry.key for state in self.unknown}

    def safe_fixes(self) -> int:
        """How many findings "Fix all safe" would fix now (their preferred fix is safe)."""
        return sum(1 for f in self.findings if f.fixes and f.fixes[0].applicability == "safe")

    def unavailable_paths(self) -> set[str]:
        return {path for path, row in self.rows.items() if unavailable_here(row.unavailable)}


def take_snapshot(catalog: Catalog, engine: Engine, profile: Profile) -> Snapshot:
    evaluation = engine.evaluate(profile)
    findings = evaluation.findings
    by_path: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        for path in finding.params:
            by_path[path].append(finding)
    unknown = tuple(
        UnknownState(entry, tuple(by_path.get(entry.key, ()))) for entry in engine.unknown(profile)
    )
    return Snapshot(
        profile,
        findings,
        _rows(catalog, engine, profile, by_path),
        _categories(catalog, profile, findings, unknown),
        {p[4:]: f for p, f in by_path.items() if p.startswith("env:")},
        evaluation,
        unknown,
    )


def _rows(
    catalog: Catalog, engine: Engine, profile: Profile, by_path: dict[str, list[Finding]]
) -> dict[str, RowState]:
    from ascend_studio.profile import target_of

    target = target_of(profile)
    states: dict[str, RowState] = {}
    effective = engine.effectives(profile, (param.path for param in catalog.params))
    fields = _fields_set(profile.values)
    release = _release_id(profile, catalog)
    for param in catalog.params:
        path = param.path
        lacking = release_unavailable(param, catalog, release)
        states[path] = RowState(
            value=profile.values.get(path),
            findings=tuple(by_path.get(path, ())),
            effective=effective.get(path),
            unavailable=lacking or param_unavailable(param, target.product, target.scenario),
            fields_set=fields.get(path, 0) if param.kind == "subconfig" else 0,
        )
    return states


def _release_id(profile: Profile, catalog: Catalog) -> str | None:
    """The release the profile names, as an id; None when it names none (or no public one)."""
    if profile.release is None:
        return None
    try:
        return catalog.history.resolve(profile.release).id
    except ValueError:
        return None


def _fields_set(paths: Iterable[str]) -> dict[str, int]:
    """How many of ``paths`` lie under each holder (``a`` and ``a.b`` for ``a.b.c``), in
    one pass over the values: asking each sub-config in turn went over every value
    once per sub-config."""
    counts: dict[str, int] = defaultdict(int)
    for path in paths:
        end = path.find(".")
        while end != -1:
            counts[path[:end]] += 1
            end = path.find(".", end + 1)
    return counts


def _categories(
    catalog: Catalog,
    profile: Profile,
    findings: tuple[Finding, ...],
    unknown: tuple[UnknownState, ...] = (),
) -> dict[str, CategoryCounts]:
    """Per category (and the environment section): values set, and the findings that
    name one of its parameters (a finding naming two categories' counts in both). One
    pass over the values and one over the findings: a pass over every finding for
    each category was a tenth of an edit's refresh with a full profile."""
    keys = [UNKNOWN_SECTION] + [c.id for c in catalog.categories] + [ENV_SECTION]
    category_of = {p.path: p.category for p in catalog.params}
    category_of.update(dict.fromkeys((u.entry.key for u in unknown), UNKNOWN_SECTION))
    set_counts = dict.fromkeys(keys, 0)
    for path in profile.values:
        key = category_of.get(path)
        if key in set_counts and key != UNKNOWN_SECTION:
            set_counts[key] += 1
    set_counts[ENV_SECTION] = len(profile.env)
    set_counts[UNKNOWN_SECTION] = len(unknown)
    severities: dict[str, list[Severity]] = {key: [] for key in keys}
    for finding in findings:
        named = {
            ENV_SECTION if path.startswith("env:") else category_of.get(path)
            for path in finding.params
        }
        for key in named:
            if key in severities:
                severities[key].append(finding.severity)
    out: dict[str, CategoryCounts] = {}
    for key in keys:
        mine = severities[key]
        worst = min(iter(mine), key=_ORDER.__getitem__, default=None)
        out[key] = CategoryCounts(
            set_counts[key],
            len(mine),
            worst,
            errors=mine.count("error"),
            warnings=mine.count("warning"),
            infos=mine.count("info"),
        )
    return out
