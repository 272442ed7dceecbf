"""Every rule fires on its table profile and stays quiet on the near miss."""

from __future__ import annotations

import pytest
from rule_cases import CASES

from ascend_studio.profile import Profile
from ascend_studio.rules import RULES, RULES_BY_ID, evaluate


def _ids(profile: Profile) -> list[str]:
    found = evaluate(profile)
    assert not [d for d in found if d.rule_id == "internal.rule_failed"], found
    return [d.rule_id for d in found]


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
    assert rule_id in _ids(firing)
    assert rule_id not in _ids(quiet)


@pytest.mark.parametrize(("rule_id", "firing", "quiet"), CASES, ids=[c[0] for c in CASES])
def test_diagnostic_is_complete(rule_id: str, firing: Profile, quiet: Profile) -> None:
    diagnostic = next(d for d in evaluate(firing) if d.rule_id == rule_id)
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
