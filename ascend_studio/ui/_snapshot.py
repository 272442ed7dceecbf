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
    #: What every row's availability was judged on: the catalog (the form's view of
    #: it), the product, the scenario and the release id. The next snapshot on the
    #: same basis keeps each row whose value, findings and effective value are the same.
    basis: tuple[object, ...] = ()

    def problem_paths(self) -> set[str]:
        return {path for finding in self.findings for path in finding.params}

    def unknown_keys(self) -> set[str]:
        return {state.entry.key for state in self.unknown}

    def safe_fixes(self) -> int:
        """How many findings "Fix all safe" would fix now (their preferred fix is safe)."""
        return sum(1 for f in self.findings if f.fixes and f.fixes[0].applicability == "safe")

    def unavailable_paths(self) -> set[str]:
        return {path for path, row in self.rows.items() if unavailable_here(row.unavailable)}


def take_snapshot(
    catalog: Catalog, engine: Engine, profile: Profile, before: Snapshot | None = None
) -> Snapshot:
    """What the views show of ``profile``; ``before``, the previous snapshot, lends the
    rows whose state did not change (the same objects: views skip them at once)."""
    evaluation = engine.evaluate(profile)
    findings = evaluation.findings
    by_path: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        for path in finding.params:
            by_path[path].append(finding)
    unknown = tuple(
        UnknownState(entry, tuple(by_path.get(entry.key, ()))) for entry in engine.unknown(profile)
    )
    from ascend_studio.profile import target_of

    target = target_of(profile)
    release = _release_id(profile, catalog)
    basis = (catalog, target.product, target.scenario, release)
    same = (
        before is not None
        and len(before.basis) == len(basis)
        and before.basis[0] is catalog  # the object: a catalog compares field by field
        and before.basis[1:] == basis[1:]
    )
    rows = _rows(
        catalog,
        engine,
        profile,
        by_path,
        kept=before.rows if before is not None and same else {},
        judged=(target.product, target.scenario, release),
    )
    return Snapshot(
        profile,
        findings,
        rows,
        _categories(catalog, profile, findings, unknown),
        {p[4:]: f for p, f in by_path.items() if p.startswith("env:")},
        evaluation,
        unknown,
        basis,
    )


def _rows(
    catalog: Catalog,
    engine: Engine,
    profile: Profile,
    by_path: dict[str, list[Finding]],
    *,
    kept: dict[str, RowState],
    judged: tuple[str | None, str | None, str | None],
) -> dict[str, RowState]:
    """Each row's state; a row of ``kept`` (judged on the same basis) whose value,
    findings, effective value and count of fields set are unchanged is reused, so
    only the rows an edit reaches are made (and repainted) again."""
    states: dict[str, RowState] = {}
    effective = engine.effectives(profile, (param.path for param in catalog.params))
    fields = _fields_set(profile.values)
    product, scenario, release = judged
    values = profile.values
    for param in catalog.params:
        path = param.path
        value = values.get(path)
        found = tuple(by_path.get(path, ()))
        shown = effective.get(path)
        count = fields.get(path, 0) if param.kind == "subconfig" else 0
        prior = kept.get(path)
        if prior is not None and _unchanged(prior, value, found, shown, count):
            states[path] = prior
            continue
        unavailable = prior.unavailable if prior is not None else None
        if prior is None:
            lacking = release_unavailable(param, catalog, release)
            unavailable = lacking or param_unavailable(param, product, scenario)
        states[path] = RowState(value, found, shown, unavailable, count)
    return states


def _unchanged(
    row: RowState,
    value: Value | None,
    findings: tuple[Finding, ...],
    effective: Effective | None,
    fields_set: int,
) -> bool:
    """The row would show the same: the same value object (``1`` and ``True`` are two
    settings), the same findings and effective value, as many fields set."""
    return (
        row.value is value
        and row.fields_set == fields_set
        and row.findings == findings
        and (row.effective is effective or row.effective == effective)
    )


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
