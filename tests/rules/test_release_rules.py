"""The release rules judge what they can know: literals, and the keywords whose type
changed between releases; an expression or a type every release shares is not theirs."""

from __future__ import annotations

from ascend_studio.profile import Expr, Profile
from ascend_studio.rules import evaluate


def _ids(values: dict[str, object], release: str | None) -> list[str]:
    return [d.rule_id for d in evaluate(Profile(values=values, release=release))]


def test_a_value_known_only_when_the_job_runs_is_not_judged() -> None:
    """precision_mode=FLAGS.precision_mode was reported as rejected (the kept expression
    compared with the release's list)."""
    found = _ids({"precision_mode": Expr(expr="FLAGS.precision_mode")}, "7.0.0")
    assert "release.value" not in found
    assert "release.value" in _ids({"precision_mode": "mixed"}, "7.0.0")


def test_a_type_every_release_shares_is_the_catalogs_to_judge() -> None:
    """keep_checkpoint_every_n_hours=1000000.0 (the default is the int 10000 in every
    release, the keyword takes floats) is not a release finding, and the catalog's own
    type check still runs with a release named."""
    found = _ids({"keep_checkpoint_every_n_hours": 1000000.0}, "7.0.0")
    assert "release.type" not in found
    assert "type.mismatch" in _ids({"aoe_mode": 2}, "7.0.0")


def test_jit_compile_takes_the_type_of_its_release() -> None:
    assert "release.type" in _ids({"jit_compile": "auto"}, "r1.11.0")
    assert "release.type" not in _ids({"jit_compile": False}, "r1.11.0")
    assert "type.mismatch" not in _ids({"jit_compile": False}, "r1.11.0")
    assert "type.mismatch" in _ids({"jit_compile": False}, "7.0.0")


def test_a_parameter_map_member_is_judged_once_by_the_release_that_reads_it() -> None:
    """jit_compile=True on a hand-written parameter_map is parameter_map["jit_compile"].b:
    the member rules judge it, not the catalog's type or value checks for a string."""

    def ids(release: str | None) -> list[str]:
        profile = Profile(values={"jit_compile": True}, surface="sess", release=release)
        return [d.rule_id for d in evaluate(profile) if d.severity != "info"]

    assert ids("r1.10.0") == []
    assert ids("7.0.0") == ["release.member_fails"]
    assert ids("r3.2.0") == ["release.member_fails"]
    assert ids(None) == []
    # through NPURunConfig the constructor takes the type of its release, as before
    assert "release.type" not in _ids({"jit_compile": True}, "r1.10.0")
