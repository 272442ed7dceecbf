"""Small contracts of evaluate(): did-you-mean fixes, and reuse of a repeated evaluation."""

from __future__ import annotations

from ascend_studio.profile import ExtraKwarg, Profile
from ascend_studio.rules import evaluate


def _fix(profile: Profile, rule_id: str) -> tuple[str, str]:
    (diag,) = [d for d in evaluate(profile) if d.rule_id == rule_id]
    assert diag.fix is not None
    return diag.fix.zh, diag.fix.en


def test_unknown_kwarg_with_a_close_name() -> None:
    """A close name that takes the value: renaming is the fix offered first (unsafe: the
    value starts to act), removing the other one (safe: the keyword only raises)."""
    p = Profile(
        extra_kwargs=(ExtraKwarg(owner="NPURunConfig", name="precison_mode", expr="'force_fp16'"),)
    )
    zh, en = _fix(p, "profile.unknown_kwarg")
    assert en == "Rename precison_mode to precision_mode; or remove precison_mode."
    assert zh == "将 precison_mode 改名为 precision_mode；或删除 precison_mode。"
    found = next(d for d in evaluate(p) if d.rule_id == "profile.unknown_kwarg")
    assert [f.applicability for f in found.fixes] == ["unsafe", "safe"]


def test_a_close_name_that_takes_other_values_is_named_not_offered() -> None:
    p = Profile(extra_kwargs=(ExtraKwarg(owner="NPURunConfig", name="aoe_mod", expr='"RL,GA"'),))
    _zh, en = _fix(p, "profile.unknown_kwarg")
    assert en == (
        "Remove aoe_mod. The close name aoe_mode does not take this value (it takes '1', '2', '4')."
    )


def test_a_keyword_some_releases_had_is_fixed_for_the_release() -> None:
    """auto_tune_mode is no misspelling: NPURunConfig had it until 2022-11."""
    p = Profile(
        release="7.0.0",
        extra_kwargs=(ExtraKwarg(owner="NPURunConfig", name="auto_tune_mode", expr='"RL,GA"'),),
    )
    _zh, en = _fix(p, "release.retired_keyword")
    assert en == "Remove auto_tune_mode; or remove auto_tune_mode and set aoe_mode='2'."


def test_unknown_kwarg_without_a_close_name() -> None:
    p = Profile(extra_kwargs=(ExtraKwarg(owner="NPURunConfig", name="zzzzqqq", expr="1"),))
    zh, en = _fix(p, "profile.unknown_kwarg")
    assert en == "Remove zzzzqqq."
    assert zh == "删除 zzzzqqq。"


def test_unknown_param_suggestion() -> None:
    zh, en = _fix(Profile(values={"iteration_per_loop": 2}), "profile.unknown_param")
    assert "iterations_per_loop" in zh
    assert en == "Rename iteration_per_loop to iterations_per_loop; or remove iteration_per_loop."


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
    """A bool given for hccl_timeout (seconds) must not be told to become "0 or 1": the
    fix writes the number the bool counts as."""
    zh, en = _fix(Profile(values={"hccl_timeout": True}), "type.bool_for_int")
    assert en == "Set hccl_timeout=1." and "hccl_timeout=1" in zh
    zh, en = _fix(Profile(values={"iterations_per_loop": 1.0}), "type.mismatch")
    assert en == "Set iterations_per_loop=1."
    zh, en = _fix(Profile(values={"iterations_per_loop": 1.5}), "type.mismatch")
    assert en == "Give iterations_per_loop a value of type int."  # no lossless conversion


def test_repeated_evaluation_of_one_profile_is_reused_but_never_shared() -> None:
    p = Profile(values={"iteration_per_loop": 2})
    first = evaluate(p)
    first.clear()  # a caller mutating its list must not change the next answer
    again = evaluate(p)
    assert again and again == evaluate(Profile(values={"iteration_per_loop": 2}))
    assert again is not evaluate(p)
