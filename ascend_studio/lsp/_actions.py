"""Code actions on the server's own diagnostics: the findings' quick fixes, "fix all
safe" (as a command in the list, and as the ``source.fixAll`` action editors run on
save), and silencing a finding on its line or in the file (the suppression comments
``validate`` honours). Fixes are computed from the last check, and only when it
checked the text the editor holds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lsprotocol import types as lsp

from ascend_studio.lsp._diagnostics import SOURCE
from ascend_studio.lsp._edits import text_edits
from ascend_studio.lsp._fixes import (
    FIX_ALL,
    SOURCE_FIX_ALL,
    finding_of,
    fix_actions,
    fix_all_text,
    has_safe_fixes,
)
from ascend_studio.lsp._lookup import dialect_of
from ascend_studio.lsp._suppress import file_comment, line_comment
from ascend_studio.lsp._text import Snapshot

if TYPE_CHECKING:
    from ascend_studio.lsp._check import Outcome
    from ascend_studio.schema import Catalog

__all__ = ["ActionContext", "code_actions"]

_TITLES = {
    "line": ("Silence {rule} on this line", "在此行忽略 {rule}"),
    "file": ("Silence {rule} in this file", "在本文件中忽略 {rule}"),
    "all": ("Fix all safe problems in this file", "修复本文件中所有安全的问题"),
}


@dataclass(frozen=True)
class ActionContext:
    snapshot: Snapshot
    #: The name the document is checked under (tells its kind).
    name: str
    #: The last check, when it checked this very text (else no fixes are offered).
    outcome: Outcome | None
    #: The diagnostics last published for the document, in the check's order.
    shown: Sequence[lsp.Diagnostic]
    lang: str
    catalog: Catalog


def _title(which: str, lang: str, rule: str = "") -> str:
    english, chinese = _TITLES[which]
    return (chinese if lang == "zh" else english).format(rule=rule)


def _action(
    title: str, snapshot: Snapshot, edit: lsp.TextEdit, diagnostic: lsp.Diagnostic
) -> lsp.CodeAction:
    return lsp.CodeAction(
        title=title,
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        edit=lsp.WorkspaceEdit(changes={snapshot.uri: [edit]}),
    )


def _suppressions(ctx: ActionContext, diagnostic: lsp.Diagnostic) -> list[lsp.CodeAction]:
    rule, snapshot = diagnostic.code, ctx.snapshot
    if not isinstance(rule, str) or rule in {"config", "not_checked"}:
        return []
    if dialect_of(ctx.name) == "profile":  # JSON has no comments
        return []
    found = []
    on_line = line_comment(snapshot, diagnostic.range.start.line, rule)
    if on_line is not None:
        found.append(_action(_title("line", ctx.lang, rule), snapshot, on_line, diagnostic))
    in_file = file_comment(snapshot, rule)
    if in_file is not None:
        found.append(_action(_title("file", ctx.lang, rule), snapshot, in_file, diagnostic))
    return found


def _fixes(ctx: ActionContext, diagnostic: lsp.Diagnostic) -> list[lsp.CodeAction]:
    finding = finding_of(ctx.outcome, ctx.shown, diagnostic)
    if finding is None or not finding.fixes:
        return []
    return fix_actions(
        ctx.snapshot, ctx.name, finding, diagnostic, lang=ctx.lang, catalog=ctx.catalog
    )


def _fix_all_source(ctx: ActionContext) -> list[lsp.CodeAction]:
    settings = None if ctx.outcome is None else ctx.outcome.settings
    if settings is None or not has_safe_fixes(ctx.outcome):
        return []
    fixed = fix_all_text(ctx.snapshot, ctx.name, settings, ctx.catalog)
    edits = [] if fixed is None else text_edits(ctx.snapshot, fixed[0])
    if not edits:
        return []
    return [
        lsp.CodeAction(
            title=_title("all", ctx.lang),
            kind=SOURCE_FIX_ALL,
            edit=lsp.WorkspaceEdit(changes={ctx.snapshot.uri: edits}),
        )
    ]


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Whether the editor asked for actions of ``kind`` (``only`` holds their prefixes)."""
    return not only or any(kind == k or kind.startswith(f"{k}.") for k in only)


def code_actions(ctx: ActionContext, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    """The actions for the diagnostics of ours that the editor passes in ``params``."""
    only = [str(k) for k in params.context.only or ()]
    actions: list[lsp.CodeAction] = []
    if _wanted(only, lsp.CodeActionKind.QuickFix):
        ours = [d for d in params.context.diagnostics if d.source == SOURCE]
        for diagnostic in ours:
            actions += _fixes(ctx, diagnostic)
        for diagnostic in ours:
            actions += _suppressions(ctx, diagnostic)
        if ours and has_safe_fixes(ctx.outcome):
            command = lsp.Command(
                title=_title("all", ctx.lang), command=FIX_ALL, arguments=[ctx.snapshot.uri]
            )
            actions.append(
                lsp.CodeAction(
                    title=command.title, kind=lsp.CodeActionKind.QuickFix, command=command
                )
            )
    if only and _wanted(only, SOURCE_FIX_ALL):  # asked for by name: on save, say
        actions += _fix_all_source(ctx)
    return actions
