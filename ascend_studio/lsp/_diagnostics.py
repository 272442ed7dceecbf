"""Findings as the editor shows them: ranges, severities, rule ids, links, related places.

A finding inside a file the script names (an ``op_debug_config`` file, say) is
shown where the script names that file, with the file's own line as a related
place. Diagnostics carry what the code actions need (rule id, parameters) in
``data``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp

from ascend_studio._words import say
from ascend_studio.lsp._text import Snapshot, token_end

if TYPE_CHECKING:
    from ascend_studio.lint._check import Finding, Place
    from ascend_studio.lsp._check import Outcome
    from ascend_studio.schema import Catalog

__all__ = ["SOURCE", "diagnostics", "doc_link", "file_uri"]

#: The ``source`` every diagnostic carries (what editors show beside the rule id).
SOURCE = "ascend-studio"
_SEVERITY = {
    "error": lsp.DiagnosticSeverity.Error,
    "warning": lsp.DiagnosticSeverity.Warning,
    "info": lsp.DiagnosticSeverity.Information,
}
_DEPRECATED = ("status.deprecated",)


def file_uri(path: str) -> str:
    return Path(path).absolute().as_uri()


def doc_link(citations: str | None, catalog: Catalog) -> tuple[str, str] | None:
    """(title, address) of the first citation's public page or repository that has one."""
    from ascend_studio.schema._sources import split_citations

    for citation in split_citations(citations or ""):
        source = catalog.cited_source(citation)
        if source is not None and source.url:
            return source.title, source.url
    return None


@cache
def _rule_sources() -> dict[str, str]:
    from ascend_studio.rules import RULES

    return {rule.id: rule.source for rule in RULES}


def rule_link(rule_id: str, params: Sequence[str], catalog: Catalog) -> tuple[str, str] | None:
    """The public page a rule's fact comes from (its own citations, not the rendered text)."""
    raw = _rule_sources().get(rule_id)
    if raw is None:
        return None
    return doc_link(raw.replace("{param}", params[0]) if params else raw, catalog)


def _same_file(path: str, snapshot: Snapshot) -> bool:
    return Path(path).absolute() == Path(snapshot.path).absolute()


def _range(snapshot: Snapshot, line: int, column: int) -> lsp.Range:
    """The word or string literal at 1-based ``line``/``column``."""
    index = min(max(line - 1, 0), max(len(snapshot.lines) - 1, 0))
    text = snapshot.lines[index] if snapshot.lines else ""
    start = min(max(column - 1, 0), len(text))
    return snapshot.span(index, start, token_end(text, start))


def _message(f: Finding, lang: str) -> str:
    text = f.message.get(lang)
    if f.fix is not None:
        text += f"\n{say('fix', lang)}: {f.fix.get(lang)}"
    return text


def _related(
    f: Finding, snapshot: Snapshot, lang: str
) -> tuple[Place | None, list[lsp.DiagnosticRelatedInformation]]:
    """Where to show ``f`` when it is in another file (else None), and its related places."""
    shown_here = _same_file(f.path, snapshot)
    anchor = (
        None if shown_here else next((p for p in f.related if _same_file(p.path, snapshot)), None)
    )
    found: list[lsp.DiagnosticRelatedInformation] = []
    if not shown_here:
        where = lsp.Location(
            uri=file_uri(f.path),
            range=lsp.Range(
                start=lsp.Position(line=max(f.line - 1, 0), character=0),
                end=lsp.Position(line=max(f.line - 1, 0), character=0),
            ),
        )
        found.append(lsp.DiagnosticRelatedInformation(location=where, message=f.message.get(lang)))
    for place in f.related:
        if place is anchor or not _same_file(place.path, snapshot):
            continue
        location = lsp.Location(uri=snapshot.uri, range=_range(snapshot, place.line, place.column))
        found.append(lsp.DiagnosticRelatedInformation(location=location, message=place.param))
    return anchor, found


def _diagnostic(
    f: Finding, index: int, snapshot: Snapshot, lang: str, catalog: Catalog
) -> lsp.Diagnostic:
    anchor, related = _related(f, snapshot, lang)
    line, column = (f.line, f.column) if anchor is None else (anchor.line, anchor.column)
    if anchor is None and not _same_file(f.path, snapshot):
        line, column = 1, 1
    href = rule_link(f.rule_id, f.params, catalog)
    # which finding of the check it is, for its quick fixes
    data: dict[str, Any] = {"rule": f.rule_id, "index": index}
    return lsp.Diagnostic(
        range=_range(snapshot, line, column),
        message=_message(f, lang),
        severity=_SEVERITY[f.severity],
        code=f.rule_id,
        code_description=None if href is None else lsp.CodeDescription(href=href[1]),
        source=SOURCE,
        related_information=related or None,
        tags=[lsp.DiagnosticTag.Deprecated] if f.rule_id in _DEPRECATED else None,
        data=data,
    )


def _problem(outcome: Outcome) -> lsp.Diagnostic:
    snapshot, problem = outcome.snapshot, outcome.problem or ""
    first = snapshot.lines[0] if snapshot.lines else ""
    not_checked = outcome.settings is not None  # read, but too large to check
    return lsp.Diagnostic(
        range=snapshot.span(0, 0, len(first)),
        message=f"Not checked: {problem}",
        severity=lsp.DiagnosticSeverity.Information
        if not_checked
        else lsp.DiagnosticSeverity.Error,
        code="config" if not not_checked else "not_checked",
        source=SOURCE,
    )


def diagnostics(outcome: Outcome, lang: str, catalog: Catalog) -> list[lsp.Diagnostic]:
    if outcome.problem is not None:
        return [_problem(outcome)]
    if outcome.checked is None:
        return []
    return [
        _diagnostic(f, index, outcome.snapshot, lang, catalog)
        for index, f in enumerate(outcome.checked.findings)
    ]
