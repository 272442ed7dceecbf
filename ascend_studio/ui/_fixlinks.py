"""Findings as rich text whose fixes are links: one click applies the fix.

The form's rows, the rows of names the catalog does not know and the diagnostics
list all show a finding the same way: the message, then each fix the rules offer
as a link (``fix:<finding>:<fix>``) with a note when it changes what the job does,
then what no edit can do (the hint); a finding without a mechanical fix says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from ascend_studio.ui._core import Finding
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._texts import escape

__all__ = ["SEVERITY_COLOR", "SEVERITY_ICON", "fix_html", "fix_of", "link_of"]

SEVERITY_ICON = {"error": "✖", "warning": "⚠", "info": "ℹ"}
SEVERITY_COLOR = {"error": "#b3261e", "warning": "#9a5b00", "info": "#1f5f99"}
LINK_COLOR = "#0b57d0"


def link_of(finding: int, fix: int) -> str:
    return f"fix:{finding}:{fix}"


def fix_of(href: str, findings: Sequence[Finding]) -> tuple[Finding, int] | None:
    """The finding and fix index a link names, if it names one of ``findings``'."""
    kind, _, rest = href.partition(":")
    first, _, second = rest.partition(":")
    if kind != "fix" or not first.isdigit() or not second.isdigit():
        return None
    index, number = int(first), int(second)
    if index >= len(findings) or number >= len(findings[index].fixes):
        return None
    return findings[index], number


def fix_html(finding: Finding, index: int, lang: Language) -> str:
    """The fix part of a finding: its fixes as links, then its hint (or "no automatic fix")."""
    links = []
    for number, fix in enumerate(finding.fixes):
        if fix.applicability == "display":
            continue
        title = escape(fix.title.get(lang))
        link = f'<a href="{link_of(index, number)}" style="color:{LINK_COLOR};">{title}</a>'
        if fix.applicability == "unsafe":
            link += f' <span style="color:#6a737d;">({escape(tr("changes behaviour"))})</span>'
        links.append(link)
    said = finding.hint if finding.hint is not None or finding.fixes else finding.fix
    hint = escape(said.get(lang)) if said is not None else ""
    if not links:
        if not hint:
            return ""
        return (
            f"<i>→ {hint}</i> "
            + f'<span style="color:#6a737d;">({escape(tr("no automatic fix"))})</span>'
        )
    text = "→ " + f" {escape(tr('or'))} ".join(links)
    return text + (f" <i>{hint}</i>" if hint else "")
