"""Quick fixes and "fix all safe" from the findings' fixes (fixes as data).

A finding carries its fixes, preferred first, each a list of edits on the profile
with an applicability (safe, unsafe, display-only). A quick fix carries one out
through the apply machinery ``validate --fix`` uses (libcst for Python, in place for
shell, a profile rewritten in its canonical form): only the lines it changes are
edited. "Fix all safe" is ``validate --fix`` on the editor's text: every finding's
chosen safe fix, in rounds, except what the settings deselect or a comment silences.
Unsafe fixes are offered one by one, never in "fix all", and say so in their title.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types as lsp

from ascend_studio.lsp._edits import text_edits

if TYPE_CHECKING:
    from ascend_studio.lint._check import Finding
    from ascend_studio.lint._settings import Settings
    from ascend_studio.lsp._check import Outcome
    from ascend_studio.lsp._text import Snapshot
    from ascend_studio.rules import Fix
    from ascend_studio.schema import Catalog

__all__ = [
    "FIX_ALL",
    "SOURCE_FIX_ALL",
    "finding_of",
    "fix_all_text",
    "fixed_text",
    "has_safe_fixes",
]

#: The command behind "Fix all safe problems in this file" (arguments: the document's URI).
FIX_ALL = "ascend-studio.fixAll"
#: The code action kind editors run on save (``editor.codeActionsOnSave`` in VS Code).
SOURCE_FIX_ALL = "source.fixAll.ascend-studio"


def finding_of(
    outcome: Outcome | None, shown: Sequence[lsp.Diagnostic], diagnostic: lsp.Diagnostic
) -> Finding | None:
    """The finding of ``outcome`` the editor's ``diagnostic`` shows: the one at the index
    its ``data`` names, when the diagnostic published for it (``shown``) is the same."""
    data = diagnostic.data
    if outcome is None or outcome.checked is None or not isinstance(data, dict):
        return None
    index = data.get("index")
    findings = outcome.checked.findings
    if not isinstance(index, int) or not 0 <= index < min(len(findings), len(shown)):
        return None
    published = shown[index]
    same = published.code == diagnostic.code and published.range.start == diagnostic.range.start
    return findings[index] if same and findings[index].rule_id == diagnostic.code else None


def _is_profile(name: str) -> bool:
    return name.lower().endswith(".json")


def fixed_text(
    snapshot: Snapshot, name: str, finding: Finding, fix: Fix, catalog: Catalog
) -> str | None:
    """The document's text with ``fix`` carried out; None when it cannot be written."""
    from ascend_studio.apply import ApplyError
    from ascend_studio.profile import ProfileError, dump_profile, parse_profile
    from ascend_studio.rules import apply_fix

    try:
        if _is_profile(name):
            profile = parse_profile(snapshot.text, name)
            return dump_profile(apply_fix(profile, fix))
        from ascend_studio.apply._fixes import apply_fixes

        after, _ = apply_fixes(
            snapshot.text, name, finding.config_number or 1, [fix], catalog=catalog
        )
        return after
    except (ApplyError, ProfileError, ValueError):
        return None


def has_safe_fixes(outcome: Outcome | None) -> bool:
    from ascend_studio.rules import chosen_fix

    if outcome is None or outcome.checked is None:
        return False
    return any(chosen_fix(f) is not None for f in outcome.checked.findings)


def fix_all_text(
    snapshot: Snapshot, name: str, settings: Settings, catalog: Catalog
) -> tuple[str, int] | None:
    """``validate --fix`` on the editor's text (safe fixes only): the new text and how
    many findings it fixed; None when the file cannot be fixed."""
    from ascend_studio.apply import ApplyError
    from ascend_studio.lint._fixrun import _fix_profile, _fix_script
    from ascend_studio.profile import ProfileError

    fix = _fix_profile if _is_profile(name) else _fix_script
    try:
        done = fix(Path(name), snapshot.text, settings, catalog, False)
    except (ApplyError, ProfileError, ValueError):
        return None
    return done.after, len(done.applied)


def fix_actions(
    snapshot: Snapshot,
    name: str,
    finding: Finding,
    diagnostic: lsp.Diagnostic,
    *,
    lang: str,
    catalog: Catalog,
) -> list[lsp.CodeAction]:
    """One quick fix per fix of ``finding`` that can be written (display-only ones are
    the message's own words); the first safe one is the preferred action."""
    actions: list[lsp.CodeAction] = []
    preferred = False
    for fix in finding.fixes:
        if fix.applicability == "display":
            continue
        after = fixed_text(snapshot, name, finding, fix, catalog)
        edits = [] if after is None else text_edits(snapshot, after)
        if not edits:
            continue
        title = fix.title.get(lang)
        if fix.applicability == "unsafe":
            title += "（会改变行为）" if lang == "zh" else " (changes behaviour)"
        first_safe = fix.applicability == "safe" and not preferred
        preferred = preferred or first_safe
        actions.append(
            lsp.CodeAction(
                title=title,
                kind=lsp.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                is_preferred=first_safe or None,
                edit=lsp.WorkspaceEdit(changes={snapshot.uri: edits}),
            )
        )
    return actions
