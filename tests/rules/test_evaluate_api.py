"""Small contracts of evaluate(): did-you-mean fixes, and reuse of a repeated evaluation."""

from __future__ import annotations

from ascend_studio.profile import ExtraKwarg, Profile
from ascend_studio.rules import evaluate


def _fix(profile: Profile, rule_id: str) -> tuple[str, str]:
    (diag,) = [d for d in evaluate(profile) if d.rule_id == rule_id]
    assert diag.fix is not None
    return diag.fix.zh, diag.fix.en


def test_unknown_kwarg_with_a_close_name() -> None:
    p = Profile(extra_kwargs=(ExtraKwarg(owner="NPURunConfig", name="precison_mode", expr="'x'"),))
    zh, en = _fix(p, "profile.unknown_kwarg")
    assert en == "Remove it, or use the close name 'precision_mode'."
    assert "precision_mode" in zh


def test_unknown_kwarg_without_a_close_name() -> None:
    p = Profile(extra_kwargs=(ExtraKwarg(owner="NPURunConfig", name="zzzzqqq", expr="1"),))
    zh, en = _fix(p, "profile.unknown_kwarg")
    assert en == "Remove it."
    assert zh == "删除该项。"


def test_unknown_param_suggestion() -> None:
    zh, en = _fix(Profile(values={"iteration_per_loop": 2}), "profile.unknown_param")
    assert "iterations_per_loop" in zh
    assert en == "Remove it, or use the close name 'iterations_per_loop'."


def test_unpacked_arguments_are_not_unknown_keywords() -> None:
    """``NPURunConfig(**extra)`` kept from a script: the names are unknown, not wrong, so
    no "has no parameter **; raises TypeError" error."""
    p = Profile(
        extra_kwargs=(
            ExtraKwarg(owner="NPURunConfig", name="**", expr="extra"),
            ExtraKwarg(owner="DumpConfig", name="*", expr="args"),
        )
    )
    assert not [d for d in evaluate(p) if d.rule_id == "profile.unknown_kwarg"]
    mixed = p.model_copy(
        update={
            "extra_kwargs": (
                *p.extra_kwargs,
                ExtraKwarg(owner="NPURunConfig", name="precison_mode", expr="'x'"),
            )
        }
    )
    fired = [d for d in evaluate(mixed) if d.rule_id == "profile.unknown_kwarg"]
    assert [d.params for d in fired] == [("NPURunConfig.precison_mode",)]


def test_type_fixes_fit_any_parameter() -> None:
    """A bool given for hccl_timeout (seconds) must not be told to become "0 or 1"."""
    zh, en = _fix(Profile(values={"hccl_timeout": True}), "type.bool_for_int")
    assert "0 or 1" not in en and "True counts as 1" in en and "True" in zh
    zh, en = _fix(Profile(values={"iterations_per_loop": 1.0}), "type.mismatch")
    assert en == "Give iterations_per_loop a value of type int."


def test_repeated_evaluation_of_one_profile_is_reused_but_never_shared() -> None:
    p = Profile(values={"iteration_per_loop": 2})
    first = evaluate(p)
    first.clear()  # a caller mutating its list must not change the next answer
    again = evaluate(p)
    assert again and again == evaluate(Profile(values={"iteration_per_loop": 2}))
    assert again is not evaluate(p)
