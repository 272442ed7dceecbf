"""Findings as the target TF Adapter release allows: no fix or advice proposes what it
lacks, and with no release named advice says from which release what it proposes exists.

A fix is data (edits on the profile, ``_fix``) and words (the fix text, or a rule's
hint naming a parameter): both are checked. Only TF Adapter 1.x's releases are known
here; on the tf2 surface nothing changes.
"""

from __future__ import annotations

from dataclasses import replace

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import Fix, MoveKey, RenameKey, SetValue
from ascend_studio.rules._index import CatalogIndex
from ascend_studio.rules._model import Diagnostic, Rule, txt
from ascend_studio.rules._offer import fix_words
from ascend_studio.schema import Text

__all__ = ["for_release", "versioned_in"]


def for_release(rule: Rule, diag: Diagnostic, ctx: Ctx) -> Diagnostic | None:
    """``diag`` as the target release allows (see the module docstring); None: advice
    that only proposes what the release lacks is not given."""
    if ctx.surface == "tf2":  # the release facts are TF Adapter 1.x's
        return diag
    if ctx.release is not None and diag.fixes:
        kept = tuple(f for f in diag.fixes if not _lacking(f, ctx))
        if len(kept) < len(diag.fixes):
            if not kept and rule.kind == "advice":
                return None
            dropped = sorted({p for f in diag.fixes for p in _set_paths(f) if not ctx.exists(p)})
            words = fix_words(kept, None, diag.hint) if kept else _note(dropped, ctx)
            return replace(diag, fixes=kept, fix=words)
    return _by_words(rule, diag, ctx)


def _by_words(rule: Rule, diag: Diagnostic, ctx: Ctx) -> Diagnostic | None:
    """The same for a fix given in words only (a rule's hint naming a parameter)."""
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
    return replace(diag, fix=_note(lacking, ctx), fixes=(), hint=None)


def _set_paths(fix: Fix) -> list[str]:
    """The catalog parameters a fix gives a value."""
    found: list[str] = []
    for edit in fix.edits:
        if isinstance(edit, SetValue):
            found.append(edit.path)
        elif isinstance(edit, RenameKey | MoveKey):
            found.append(edit.new)
    return found


def _lacking(fix: Fix, ctx: Ctx) -> bool:
    return any(not ctx.exists(path) for path in _set_paths(fix))


def _note(lacking: list[str], ctx: Ctx) -> Text:
    assert ctx.release is not None
    label = f"{ctx.release.short} ({ctx.release.month})"
    return txt(
        f"（建议的 {', '.join(lacking)} 在 TF Adapter {label} 中不存在，未给出修改建议。）",
        f"(The fix would use {', '.join(lacking)}, which TF Adapter {label} does not have.)",
    )


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
    return list(ix.versioned_named_in(text))
