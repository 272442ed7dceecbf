"""Range findings say what the value must be ("must be >= 1"), not "not in range >= 1"."""

from __future__ import annotations

import re

import pytest
from rule_cases import CASES, script_facts

from ascend_studio.profile import Profile
from ascend_studio.rules import Diagnostic, evaluate
from ascend_studio.schema import shipped_catalog


def _range_finding(values: dict[str, int]) -> Diagnostic:
    found = evaluate(Profile(values=dict(values)), shipped_catalog())
    return next(d for d in found if d.rule_id.startswith("range."))


def test_a_lower_bound_reads_must_be() -> None:
    d = _range_finding({"iterations_per_loop": 0})
    assert "iterations_per_loop=0: the value must be >= 1;" in d.message.en
    assert "not in range" not in d.message.en
    assert d.fix is not None and d.fix.en == "Set iterations_per_loop=1."
    assert "取值必须满足 >= 1" in d.message.zh


def test_an_interval_reads_must_be_in() -> None:
    d = _range_finding({"local_rank_id": 9})
    assert "the value must be in [0, 7]" in d.message.en
    assert d.fix is not None and d.fix.en == "Set local_rank_id=7."


#: A unit follows a number, a bound or a range ("600 s", "[0, 7] s"), never a word
#: ("∞ (never times out) ms" read as a duration).
_UNIT_EN = re.compile(r"(\S+) (ms|s|MB|KB)\b")
_UNIT_ZH = re.compile(r"(\S+?) ?(毫秒|秒)")
_AFTER = re.compile(r"[\d\]}]$")


@pytest.mark.parametrize(("rule_id", "firing", "quiet"), CASES, ids=[c[0] for c in CASES])
def test_no_message_puts_a_unit_after_a_word(rule_id: str, firing: Profile, quiet: Profile) -> None:
    for surface in ("estimator", "session", "environment"):
        for d in evaluate(firing, surface=surface, **script_facts(rule_id)):  # type: ignore[arg-type]
            texts = [d.message.en, *([d.fix.en] if d.fix else [])]
            for text in texts:
                for before, unit in _UNIT_EN.findall(text):
                    assert _AFTER.search(before) or before in ("in", "of"), (unit, text)
            for text in [d.message.zh, *([d.fix.zh] if d.fix else [])]:
                for before, _ in _UNIT_ZH.findall(text):
                    assert not before.endswith(("）", ")")), text
