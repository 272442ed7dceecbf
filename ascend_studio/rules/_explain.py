"""The "why" of one parameter: the rules that involve it and its neighbours.

Used by the app's details panel and ``ascend-studio validate --explain``-style
output: which rules concern the parameter, which fire now, and which other
parameters (with their current values) it affects or is affected by.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ascend_studio.profile import Profile
from ascend_studio.rules._catalog_checks import family_ns
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._effective import EffectiveValue, effective_value
from ascend_studio.rules._evaluate import context_for, diagnose, display, involved
from ascend_studio.rules._model import Diagnostic, Kind, Rule, Severity, render
from ascend_studio.rules._registry import surface_rules
from ascend_studio.schema import Catalog, Parameter, Text

__all__ = ["Explanation", "Involved", "RuleLink", "explain"]

Role = Literal["affected", "affects", "both", "self"]


@dataclass(frozen=True)
class Involved:
    """Another parameter (or ``env:NAME``) a rule ties to the explained one."""

    path: str
    #: The set value (or env string); None when unset.
    value: object
    #: How messages quote it, default included ("unset" when nothing applies).
    shown: str


@dataclass(frozen=True)
class RuleLink:
    """A rule that reads a parameter, and whether it fires."""

    rule_id: str
    severity: Severity
    kind: Kind
    #: The message with current values ("…" where a quiet rule has nothing to say).
    message: Text
    source: str
    fires: bool
    #: affected: the others influence this parameter; affects: this one influences
    #: them; both: a symmetric constraint; self: a check of this parameter alone.
    role: Role
    others: tuple[Involved, ...]
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True)
class Explanation:
    """Everything said about one parameter of a profile."""

    path: str
    parameter: Parameter | None
    effective: EffectiveValue
    rules: tuple[RuleLink, ...]
    #: Parameters whose behaviour this one changes, with their current values.
    affects: tuple[Involved, ...]
    #: Parameters that change this one's behaviour, with their current values.
    affected_by: tuple[Involved, ...]
    #: Diagnostics that currently concern this parameter.
    diagnostics: tuple[Diagnostic, ...]

    @property
    def firing(self) -> tuple[RuleLink, ...]:
        return tuple(link for link in self.rules if link.fires)


def _involved(ctx: Ctx, path: str) -> Involved:
    if path.startswith("env:"):
        value: object = ctx.env.get(path[4:])
    else:
        value = ctx.raw(path)
    return Involved(path, value, display(ctx, path))


def _role(rule: Rule, path: str) -> Role:
    others = [p for p in rule.params if p != path]
    if not others:
        return "self"
    targeted = path in rule.flagged
    other_targeted = any(p in rule.flagged for p in others)
    if targeted and other_targeted:
        return "both"
    return "affected" if targeted else "affects"


def _link(rule: Rule, ctx: Ctx, path: str) -> RuleLink:
    found = tuple(d for d in diagnose(rule, ctx) if path in d.params)
    if found:
        message = found[0].message
    else:
        # A quiet rule is worded as a rule, not as a claim about the current
        # values (those are in ``others``): values stay "…".
        message = render(rule.message, family_ns(ctx.ix, path, rule.id) if rule.scan else {})
    others = tuple(_involved(ctx, p) for p in rule.params if p != path)
    role = _role(rule, path) if rule.params else "self"
    source = found[0].source if found else ctx.ix.catalog.cite(rule.source.replace("{param}", path))
    return RuleLink(
        rule.id, rule.severity, rule.kind, message, source, bool(found), role, others, found
    )


def explain(profile: Profile, path: str, catalog: Catalog | None = None) -> Explanation:
    """Everything the rules know about ``path`` (a parameter path or ``env:NAME``)."""
    ctx = context_for(profile, catalog)
    rules = surface_rules(ctx.surface, ctx.ix.catalog)
    # A rule judging each set parameter on its own says the same of ``path`` when
    # asked for ``path`` alone (``Rule.per_param``), without going over every value.
    alone = context_for(profile, catalog)
    alone.only = frozenset((path,))
    links = tuple(
        _link(r, alone if r.per_param else ctx, path) for r in rules if involved(r, ctx.ix, path)
    )
    affects: dict[str, Involved] = {}
    affected_by: dict[str, Involved] = {}
    for link in links:
        for other in link.others:
            if link.role in ("affects", "both"):
                affects.setdefault(other.path, other)
            if link.role in ("affected", "both"):
                affected_by.setdefault(other.path, other)
    return Explanation(
        path=path,
        parameter=ctx.ix.param(path),
        effective=effective_value(profile, path, catalog),
        rules=links,
        affects=tuple(affects.values()),
        affected_by=tuple(affected_by.values()),
        diagnostics=tuple(d for link in links for d in link.diagnostics),
    )
