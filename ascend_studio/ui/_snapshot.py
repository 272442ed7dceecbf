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
)

if TYPE_CHECKING:
    from ascend_studio.profile import Profile, Value

__all__ = [
    "DEFAULT_TARGET",
    "ENV_SECTION",
    "CategoryCounts",
    "RowState",
    "Snapshot",
    "take_snapshot",
]

#: The navigation/form key of the environment-variables section.
ENV_SECTION = "__env__"
#: The target of a new profile (``Profile()``'s product and scenario; a test keeps them
#: equal): the form shows it before the profile document is imported.
DEFAULT_TARGET = ("atlas_a2", "training")
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

    def problem_paths(self) -> set[str]:
        return {path for finding in self.findings for path in finding.params}

    def unavailable_paths(self) -> set[str]:
        return {path for path, row in self.rows.items() if row.unavailable is not None}


def take_snapshot(catalog: Catalog, engine: Engine, profile: Profile) -> Snapshot:
    evaluation = engine.evaluate(profile)
    findings = evaluation.findings
    by_path: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        for path in finding.params:
            by_path[path].append(finding)
    return Snapshot(
        profile,
        findings,
        _rows(catalog, engine, profile, by_path),
        _categories(catalog, profile, findings),
        {p[4:]: f for p, f in by_path.items() if p.startswith("env:")},
        evaluation,
    )


def _rows(
    catalog: Catalog, engine: Engine, profile: Profile, by_path: dict[str, list[Finding]]
) -> dict[str, RowState]:
    states: dict[str, RowState] = {}
    effective = engine.effectives(profile, (param.path for param in catalog.params))
    for param in catalog.params:
        path = param.path
        fields_set = 0
        if param.kind == "subconfig":
            fields_set = sum(1 for p in profile.values if p.startswith(path + "."))
        states[path] = RowState(
            value=profile.values.get(path),
            findings=tuple(by_path.get(path, ())),
            effective=effective.get(path),
            unavailable=param_unavailable(param, profile.product, profile.scenario),
            fields_set=fields_set,
        )
    return states


def _categories(
    catalog: Catalog, profile: Profile, findings: tuple[Finding, ...]
) -> dict[str, CategoryCounts]:
    out: dict[str, CategoryCounts] = {}
    for key in [c.id for c in catalog.categories] + [ENV_SECTION]:
        if key == ENV_SECTION:
            set_count = len(profile.env)
            mine = [f for f in findings if any(p.startswith("env:") for p in f.params)]
        else:
            in_cat = {p.path for p in catalog.in_category(key)}
            set_count = sum(1 for p in profile.values if p in in_cat)
            mine = [f for f in findings if in_cat.intersection(f.params)]
        worst = min((f.severity for f in mine), key=_ORDER.__getitem__, default=None)
        severities = [f.severity for f in mine]
        out[key] = CategoryCounts(
            set_count,
            len(mine),
            worst,
            errors=severities.count("error"),
            warnings=severities.count("warning"),
            infos=severities.count("info"),
        )
    return out
