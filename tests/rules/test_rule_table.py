"""Every rule fires on its table profile and stays quiet on the near miss."""

from __future__ import annotations

import pytest
from rule_cases import CASES, script_facts

from ascend_studio.profile import Profile
from ascend_studio.rules import RULES, RULES_BY_ID, Diagnostic, evaluate
from ascend_studio.schema import SURFACES, THROUGH, Surface


def _surface(rule_id: str) -> Surface:
    """A surface the rule holds on: an NPURunConfig for NPUEstimator when it can be."""
    holds = RULES_BY_ID[rule_id].holds_on
    return next(s for s in ("estimator", *SURFACES) if holds & THROUGH[s])  # type: ignore[misc]


def _found(profile: Profile, rule_id: str) -> list[Diagnostic]:
    found = evaluate(profile, surface=_surface(rule_id), **script_facts(rule_id))
    assert not [d for d in found if d.rule_id == "internal.rule_failed"], found
    return found


def _ids(profile: Profile, rule_id: str) -> list[str]:
    return [d.rule_id for d in _found(profile, rule_id)]


#: Catalog families no shipped entry triggers (each shipped format has its own rule);
#: tests/test_synthetic_parameters.py fires them on a synthetic catalog.
SYNTHETIC_ONLY = {"format.invalid"}


def test_table_covers_every_rule() -> None:
    tested = [rule_id for rule_id, _, _ in CASES]
    assert len(tested) == len(set(tested)), "a rule id appears twice in the table"
    assert set(tested) == {r.id for r in RULES} - SYNTHETIC_ONLY


def test_there_are_at_least_100_rules() -> None:
    assert len(RULES) >= 100


@pytest.mark.parametrize(("rule_id", "firing", "quiet"), CASES, ids=[c[0] for c in CASES])
def test_rule_fires_and_stays_quiet(rule_id: str, firing: Profile, quiet: Profile) -> None:
    assert rule_id in _ids(firing, rule_id)
    assert rule_id not in _ids(quiet, rule_id)


@pytest.mark.parametrize(("rule_id", "firing", "quiet"), CASES, ids=[c[0] for c in CASES])
def test_diagnostic_is_complete(rule_id: str, firing: Profile, quiet: Profile) -> None:
    diagnostic = next(d for d in _found(firing, rule_id) if d.rule_id == rule_id)
    rule = RULES_BY_ID[rule_id]
    assert diagnostic.severity == rule.severity
    assert diagnostic.params, "a diagnostic must name what it is about"
    assert diagnostic.source and "{" not in diagnostic.source
    for text in (diagnostic.message.zh, diagnostic.message.en):
        assert "{" not in text.replace('{"', "").replace("{}", ""), text
        assert "…" not in text, f"unfilled template value in {text!r}"
    if diagnostic.fix is not None:
        assert "…" not in diagnostic.fix.en and "…" not in diagnostic.fix.zh


def test_every_rule_has_a_source_and_bilingual_message() -> None:
    for rule in RULES:
        assert rule.source.strip(), rule.id
        assert rule.message.zh.strip() and rule.message.en.strip(), rule.id
        assert rule.message.zh != rule.message.en, rule.id
