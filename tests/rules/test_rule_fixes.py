"""Every rule's fix, applied to the rule's own firing case (``rule_cases.py``), settles
the finding and brings no new error; every rule without a mechanical fix is listed as
such in ``docs/fixes.md``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rule_cases import CASES, FIX_CASES

from ascend_studio.profile import Profile
from ascend_studio.rules import RULES, RULES_BY_ID, Diagnostic, apply_fix, evaluate

ROOT = Path(__file__).resolve().parents[2]
FIXED = [
    (rule_id, FIX_CASES.get(rule_id, firing), quiet)
    for rule_id, firing, quiet in CASES
    if RULES_BY_ID[rule_id].fixes is not None
]


def _errors(found: list[Diagnostic]) -> set[tuple[str, tuple[str, ...]]]:
    return {(d.rule_id, d.params) for d in found if d.severity == "error"}


def _listed_without_fix() -> set[str]:
    text = (ROOT / "docs" / "fixes.md").read_text("utf-8")
    section = text.split("## Rules without a mechanical fix", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([\w.]+)` \|", section, re.M))


def test_every_rule_has_fixes_or_is_listed_without() -> None:
    without = {rule.id for rule in RULES if rule.fixes is None}
    assert _listed_without_fix() == without


@pytest.mark.parametrize(("rule_id", "firing", "quiet"), FIXED, ids=[c[0] for c in FIXED])
def test_the_fix_settles_its_finding_and_adds_no_error(
    rule_id: str, firing: Profile, quiet: Profile
) -> None:
    found = evaluate(firing)
    finding = next(d for d in found if d.rule_id == rule_id)
    assert finding.fixes, f"{rule_id} has fixes but offers none on its firing case"
    for fix in finding.fixes:
        again = evaluate(apply_fix(firing, fix))
        same = [d for d in again if d.rule_id == rule_id and d.params[:1] == finding.params[:1]]
        assert not same, f"{fix.title.en}: {rule_id} still fires"
        assert _errors(again) <= _errors(found), f"{fix.title.en}: a new error"


@pytest.mark.parametrize(("rule_id", "firing", "quiet"), FIXED, ids=[c[0] for c in FIXED])
def test_the_fix_words_are_complete_in_both_languages(
    rule_id: str, firing: Profile, quiet: Profile
) -> None:
    finding = next(d for d in evaluate(firing) if d.rule_id == rule_id)
    assert finding.fix is not None
    for fix in finding.fixes:
        title = fix.title
        assert title.zh != title.en
        for text in (title.zh, title.en, finding.fix.zh, finding.fix.en):
            assert "{" not in text.replace('{"', "") and "…" not in text, text
        assert title.en.split()[0] in {"Set", "Remove", "Rename", "Move", "Unset"}
