"""Range findings say what the value must be ("must be >= 1"), not "not in range >= 1"."""

from __future__ import annotations

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
