"""Code actions on the server's own diagnostics: silence a finding on its line or in
the file (the suppression comments ``validate`` honours)."""

from __future__ import annotations

from lsprotocol import types as lsp

from ascend_studio.lsp._diagnostics import SOURCE
from ascend_studio.lsp._lookup import dialect_of
from ascend_studio.lsp._suppress import file_comment, line_comment
from ascend_studio.lsp._text import Snapshot

__all__ = ["code_actions"]

_TITLES = {
    "line": ("Silence {rule} on this line", "在此行忽略 {rule}"),
    "file": ("Silence {rule} in this file", "在本文件中忽略 {rule}"),
}


def _title(which: str, rule: str, lang: str) -> str:
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


def _suppressions(
    snapshot: Snapshot, diagnostic: lsp.Diagnostic, lang: str
) -> list[lsp.CodeAction]:
    rule = diagnostic.code
    if not isinstance(rule, str) or rule in {"config", "not_checked"}:
        return []
    found = []
    on_line = line_comment(snapshot, diagnostic.range.start.line, rule)
    if on_line is not None:
        found.append(_action(_title("line", rule, lang), snapshot, on_line, diagnostic))
    in_file = file_comment(snapshot, rule)
    if in_file is not None:
        found.append(_action(_title("file", rule, lang), snapshot, in_file, diagnostic))
    return found


def code_actions(
    snapshot: Snapshot, name: str, params: lsp.CodeActionParams, lang: str
) -> list[lsp.CodeAction]:
    """The actions for the diagnostics of ours the editor passes in ``params``."""
    ours = [d for d in params.context.diagnostics if d.source == SOURCE]
    wanted = params.context.only
    if wanted and not any(
        k == lsp.CodeActionKind.QuickFix or str(k).startswith("quickfix") for k in wanted
    ):
        return []
    actions: list[lsp.CodeAction] = []
    commented = dialect_of(name) != "profile"
    for diagnostic in ours:
        if commented:
            actions += _suppressions(snapshot, diagnostic, lang)
    return actions
