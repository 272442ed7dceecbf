"""Evaluate every rule against a profile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ascend_studio.profile import Profile
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
from ascend_studio.rules._registry import surface_rules
from ascend_studio.schema import Catalog, shipped_catalog

__all__ = ["context_for", "diagnose", "display", "evaluate", "involved", "namespace"]

_RANK = {s: i for i, s in enumerate(SEVERITIES)}
_SCENARIOS = {"training": txt("训练", "training"), "inference": txt("在线推理", "online inference")}


def context_for(profile: Profile, catalog: Catalog | None = None) -> Ctx:
    return Ctx(profile, index_for(catalog or shipped_catalog()))


def evaluate(profile: Profile, catalog: Catalog | None = None) -> list[Diagnostic]:
    """All diagnostics for ``profile``: errors first, then warnings, then info.

    Within a severity the order is the rules' declaration order, so the output is
    stable. Uses the shipped catalog unless another is given. Callers that need the
    result twice (the app's form and its previews) pass it on instead of asking again.
    """
    ctx = context_for(profile, catalog)
    found: list[Diagnostic] = []
    for rule in surface_rules(ctx.surface):
        found.extend(d for d in (for_release(rule, d, ctx) for d in diagnose(rule, ctx)) if d)
    found.sort(key=lambda d: _RANK[d.severity])
    return found


def diagnose(rule: Rule, ctx: Ctx) -> list[Diagnostic]:
    """One rule's diagnostics; a rule that crashes reports itself instead."""
    try:
        return [_diagnostic(rule, hit, ctx) for hit in rule.hits(ctx)]
    except Exception as exc:  # a rule bug must not take the editor down
        message = txt(
            f"规则 {rule.id} 内部出错：{exc!r}", f"Rule {rule.id} failed internally: {exc!r}"
        )
        return [Diagnostic("internal.rule_failed", "warning", rule.params, message, rule.id)]


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
        found = _NAMES[rule.id] = placeholders(rule.message) | placeholders(rule.fix)
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
            ns[name] = _SCENARIOS.get(ctx.scenario, txt(ctx.scenario, ctx.scenario))
        elif name in ctx.ix.facts or name.startswith("env:") or name in rule.params:
            ns[name] = display(ctx, name)
    if ctx.surface == "tf2" and isinstance(ns.get("param"), str):
        option = ctx.ix.catalog.tf2.for_key(str(ns["param"]))
        if option is not None:  # named as a TF2 script spells it: aoe_config.aoe_mode
            ns["param"] = option.path
    return ns


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
    return Diagnostic(
        rule_id=rule.id,
        severity=rule.severity,
        params=params,
        message=render(rule.message, ns),
        source=source,
        fix=render(rule.fix, ns) if rule.fix is not None else None,
        value=_offending(ctx, params) or None,
        location=spot if isinstance(spot, FileSpot) else None,
    )


def for_release(rule: Rule, diag: Diagnostic, ctx: Ctx) -> Diagnostic | None:
    """``diag`` as the target release allows: a fix (or advice) that proposes a parameter
    the release lacks is not given; with no release named, advice says from which
    release what it proposes exists."""
    if ctx.surface == "tf2":  # the release facts are TF Adapter 1.x's
        return diag
    named = (
        [p for p in versioned_in(ctx.ix, diag.fix.en) if p not in diag.params] if diag.fix else []
    )
    if not named or diag.fix is None:
        return diag
    if ctx.release is None:
        return _advice_spans(diag, named, ctx) if rule.kind == "advice" else diag
    lacking = [p for p in named if not ctx.exists(p)]
    if not lacking:
        return diag
    if rule.kind == "advice":
        return None  # advice to use what the release does not have: no advice
    label = f"{ctx.release.short} ({ctx.release.month})"
    note = txt(
        f"（建议的 {', '.join(lacking)} 在 TF Adapter {label} 中不存在，未给出修改建议。）",
        f"(The fix would use {', '.join(lacking)}, which TF Adapter {label} does not have.)",
    )
    return replace(diag, fix=note)


def _advice_spans(diag: Diagnostic, named: list[str], ctx: Ctx) -> Diagnostic:
    """Advice naming no release: what it proposes, with the releases that have it."""
    assert diag.fix is not None
    history = ctx.ix.catalog.history
    spans = [(p, history.where(f)) for p in named if (f := history.keyword(p)) is not None]
    zh = "；".join(f"{p} {w.zh}可用" for p, w in spans)
    en = "; ".join(f"{p} exists {w.en}" for p, w in spans)
    return replace(diag, fix=txt(f"{diag.fix.zh}（{zh}。）", f"{diag.fix.en} ({en}.)"))


def versioned_in(ix: CatalogIndex, text: str) -> list[str]:
    """Catalog parameters named in ``text`` that not every release has."""
    return [path for path, pattern in ix.versioned_names().items() if pattern.search(text)]


def involved(rule: Rule, ix: CatalogIndex, path: str) -> bool:
    if rule.involves is not None:
        return rule.involves(ix, path)
    return path in rule.params
