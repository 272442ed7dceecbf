"""Evaluate every rule against a profile."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ascend_studio.profile import Profile
from ascend_studio.rules._conditions import on_one_path
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._index import CatalogIndex, index_for
from ascend_studio.rules._model import (
    SEVERITIES,
    Diagnostic,
    FileSpot,
    Hit,
    Rule,
    placeholders,
    render,
    show,
    txt,
)
from ascend_studio.rules._offer import fix_words, offered_fixes, said
from ascend_studio.rules._reads import Reads
from ascend_studio.rules._registry import surface_rules
from ascend_studio.rules._release_fixes import for_release
from ascend_studio.rules._targets import (
    Combo,
    Variants,
    axis_names,
    candidates,
    group_key,
    only_for,
    prefixed,
    surface_prefix,
)
from ascend_studio.schema import AXES, THROUGH, Axis, Catalog, Surface, Text, shipped_catalog

__all__ = [
    "context_for",
    "diagnose",
    "display",
    "evaluate",
    "findings_of",
    "involved",
    "namespace",
    "ordered",
]

_RANK = {s: i for i, s in enumerate(SEVERITIES)}


def context_for(
    profile: Profile,
    catalog: Catalog | None = None,
    surface: Surface | None = None,
    after_open: Mapping[str, tuple[int, int]] | None = None,
) -> Ctx:
    late = {**profile.after_open, **(after_open or {})}
    return Ctx(profile, index_for(catalog or shipped_catalog()), surface, late)


def evaluate(
    profile: Profile,
    catalog: Catalog | None = None,
    *,
    surface: Surface | None = None,
    after_open: Mapping[str, tuple[int, int]] | None = None,
) -> list[Diagnostic]:
    """All diagnostics for ``profile``: errors first, then warnings, then info.

    The profile says what it is judged for: where the configuration is written
    (``surface``; a caller may say it instead), TF Adapter 2.x, a sess.run
    parameter_map, only the environment, else an NPURunConfig given to NPUEstimator:
    rules that do not hold there stay quiet. A target axis it does not name
    (``profile.target_of``: no product, a scenario graph_run_mode does not name
    either) makes the findings that depend on it said for the values they hold on
    (``_targets``). Findings that combine values the script wrote under conditions
    that need not hold in one run become information naming both (``_conditions``).
    Within a severity the order is the rules' declaration order, so the output is
    stable. Uses the shipped catalog unless another is given.
    ``after_open``: what an imported TF Adapter 2.x script writes after
    ``npu_device.open()`` (``ImportedConfig.after_open``), besides what the profile
    keeps of it (``Profile.after_open``).
    """
    ctx = context_for(profile, catalog, surface, after_open)
    variants = Variants(profile, ctx.ix, ctx.surface, frozenset(ctx.unnamed), dict(ctx.after_open))
    found: list[Diagnostic] = []
    for rule in _may_find(ctx.surface, surface_rules(ctx.surface, ctx.ix.catalog)):
        found.extend(findings_of(rule, ctx, variants))
    return ordered(profile, found)


@lru_cache(maxsize=8)
def _may_find(surface: Surface, rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The rules of ``rules`` that :func:`_judged` does not rule out on ``surface`` at
    once (an environment script's configuration skips most of them), in their order."""
    through = THROUGH[surface]
    return tuple(
        rule
        for rule in rules
        if rule.holds_on & through or (surface == "environment" and _about_environment(rule))
    )


def findings_of(rule: Rule, ctx: Ctx, variants: Variants) -> list[Diagnostic]:
    """One rule's findings, as :func:`evaluate` lists them before :func:`ordered`."""
    found = _judged(rule, ctx, variants)
    if not found:  # most rules find nothing
        return found
    return [d for d in (for_release(rule, d, ctx) for d in found) if d]


def ordered(profile: Profile, found: list[Diagnostic]) -> list[Diagnostic]:
    """The rules' findings in declaration order, as :func:`evaluate` returns them."""
    found = on_one_path(profile, found)
    found.sort(key=lambda d: _RANK[d.severity])
    return found


def _about_environment(rule: Rule) -> bool:
    return "environment" in rule.holds_on or any(p.startswith("env:") for p in rule.params)


def _judged(rule: Rule, ctx: Ctx, variants: Variants) -> list[Diagnostic]:
    """One rule's findings on the configuration's surface and for its named target."""
    through = THROUGH[ctx.surface]
    if not rule.holds_on & through:
        if ctx.surface != "environment" or not _about_environment(rule):
            return []  # the fact is about a surface this configuration does not use
        prefix = surface_prefix(rule.holds_on)
        return [prefixed(d, prefix) for d in _for_targets(rule, ctx, variants)]
    return _for_targets(rule, ctx, variants)


def _for_targets(rule: Rule, ctx: Ctx, variants: Variants) -> list[Diagnostic]:
    ctx.reads = set()
    found = diagnose(rule, ctx)
    if not ctx.reads or not variants.unnamed:
        return found  # asked for no target the profile leaves unnamed
    read = [a for a in AXES if a in ctx.reads and a in variants.unnamed]
    if not read or any(d.rule_id == "internal.rule_failed" for d in found):
        return found
    return _merged(rule, variants, read)


def _merged(rule: Rule, variants: Variants, axes: list[Axis]) -> list[Diagnostic]:
    """The rule asked for every combination of the unnamed ``axes``, findings merged."""
    combos = list(variants.combos(axes))
    groups: dict[tuple[object, ...], tuple[Ctx, Hit, list[Combo]]] = {}
    for combo in combos:
        ctx = variants.ctx(combo)
        for hit in rule.hits(ctx):
            key = group_key(rule, hit, namespace(rule, ctx, hit), axes)
            groups.setdefault(key, (ctx, hit, []))[2].append(combo)
    out: list[Diagnostic] = []
    for ctx, hit, held in groups.values():
        values: dict[Axis, list[str]] = {a: [] for a in axes}
        for combo in held:
            for axis, value in combo:
                if value not in values[axis]:
                    values[axis].append(value)
        names: dict[str, object] = {a: axis_names(ctx.ix, a, v) for a, v in values.items()}
        diag = _diagnostic(rule, Hit(hit.params, {**hit.ns, **names}), ctx)
        if len(held) == len(combos):
            out.append(diag)
        elif diag.value:  # about nothing the file sets: about a target it did not choose
            out.append(_only(diag, ctx.ix, values))
    return out


def _only(d: Diagnostic, ix: CatalogIndex, values: Mapping[Axis, list[str]]) -> Diagnostic:
    shown = {a: v for a, v in values.items() if len(v) < len(candidates(ix, a))}
    return prefixed(d, only_for(ix, shown or dict(values)))


def diagnose(rule: Rule, ctx: Ctx) -> list[Diagnostic]:
    """One rule's diagnostics; a rule that crashes reports itself instead."""
    try:
        if ctx.watch is None or ctx.watch.items is None:
            return [_diagnostic(rule, hit, ctx) for hit in rule.hits(ctx)]
        return _per_param(rule, ctx, ctx.watch)
    except Exception as exc:  # a rule bug must not take the editor down
        message = txt(
            f"规则 {rule.id} 内部出错：{exc!r}", f"Rule {rule.id} failed internally: {exc!r}"
        )
        return [Diagnostic("internal.rule_failed", "warning", rule.params, message, rule.id)]


def _per_param(rule: Rule, ctx: Ctx, watch: Reads) -> list[Diagnostic]:
    """:func:`diagnose`'s findings, what making each reads noted for the parameter it
    is about (``Reads.items``)."""
    found: list[Diagnostic] = []
    for hit in rule.hits(ctx):
        mine = watch.item(hit.params[0]) if hit.params else None
        if mine is None:
            found.append(_diagnostic(rule, hit, ctx))
            continue
        outer, watch.log = watch.log, mine
        try:
            found.append(_diagnostic(rule, hit, ctx))
        finally:
            watch.log = outer
    return found


def display(ctx: Ctx, path: str) -> str:
    """How a parameter or ``env:NAME`` is quoted in messages, default included."""
    if path.startswith("env:"):
        value = ctx.env.get(path[4:])  # shell text shown as written
        return "unset" if value is None else repr(value)
    if path in ctx.values:
        return show(ctx.values[path])
    return show(ctx.ix.defaults.get(path))


_NAMES: dict[str, frozenset[str]] = {}


def _names(rule: Rule) -> frozenset[str]:
    """The placeholders a rule's message and fix use (computed once per rule)."""
    found = _NAMES.get(rule.id)
    if found is None:
        found = _NAMES[rule.id] = (
            placeholders(rule.message) | placeholders(rule.fix) | placeholders(rule.also)
        )
    return found


def namespace(rule: Rule, ctx: Ctx, hit: Hit | None = None) -> dict[str, object]:
    """Template values: what the hit supplies, else target names and current values."""
    extra = hit.ns if hit is not None else {}
    ns: dict[str, object] = {}
    for name in _names(rule):
        if name in extra:
            ns[name] = extra[name]
        elif name == "product":
            ns[name] = ctx.ix.product_name(ctx.product)
        elif name == "scenario":
            ns[name] = ctx.ix.catalog.scenario_words(ctx.scenario)
        elif name in ctx.ix.facts or name.startswith("env:") or name in rule.params:
            ns[name] = display(ctx, name)
    if "scenario" in ns and ctx.scenario_by_default:
        ns["scenario"] = _by_default(ns["scenario"])
    if ctx.surface == "tf2" and isinstance(ns.get("param"), str):
        option = ctx.ix.catalog.tf2.for_key(str(ns["param"]))
        if option is not None:  # named as a TF2 script spells it: aoe_config.aoe_mode
            ns["param"] = option.path
    return ns


_BY_DEFAULT = txt(
    "（graph_run_mode 未设置，默认为 1）", " (graph_run_mode is not set; it defaults to 1)"
)


def _by_default(name: object) -> object:
    """The scenario as a message names it, saying graph_run_mode's default names it."""
    if not isinstance(name, Text):
        return name
    return txt(name.zh + _BY_DEFAULT.zh, name.en + _BY_DEFAULT.en)


def _offending(ctx: Ctx, params: tuple[str, ...]) -> Mapping[str, object]:
    values: dict[str, object] = {}
    for path in params:
        if path.startswith("env:"):
            if path[4:] in ctx.env:
                values[path] = ctx.env[path[4:]]
        elif path in ctx.values:
            values[path] = ctx.values[path]
    return values


def _ordered(rule: Rule, hit: Hit) -> tuple[str, ...]:
    if rule.scan is not None:
        return hit.params
    first = rule.flagged
    return (*first, *(p for p in hit.params if p not in first))


def _diagnostic(rule: Rule, hit: Hit, ctx: Ctx) -> Diagnostic:
    ns = namespace(rule, ctx, hit)
    param = hit.ns.get("param")
    source = rule.source.replace("{param}", str(param)) if param else rule.source
    params = _ordered(rule, hit)
    source = ctx.ix.catalog.cite(source)  # ids of the sources table -> titles and locations
    spot = hit.ns.get("at")
    fixes = offered_fixes(rule, ctx, hit)
    hint = render(rule.fix, ns) if rule.fix is not None and not fixes else None
    also = render(rule.also, ns) if rule.also is not None and fixes else None
    return Diagnostic.made(
        rule_id=rule.id,
        severity=rule.severity,
        params=params,
        message=render(rule.message, ns),
        source=source,
        fix=fix_words(fixes, hint, also),
        value=_offending(ctx, params) or None,
        location=spot if isinstance(spot, FileSpot) else None,
        fixes=fixes,
        hint=said(also if fixes else hint),
    )


def involved(rule: Rule, ix: CatalogIndex, path: str) -> bool:
    if rule.involves is not None:
        return rule.involves(ix, path)
    return path in rule.params
