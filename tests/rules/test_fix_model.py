"""Fixes as data: edits on a profile, words made from them, applicability, fix runs."""

from __future__ import annotations

from ascend_studio.profile import Expr, ExtraKwarg, Profile
from ascend_studio.rules import (
    Fix,
    MoveKey,
    RemoveKey,
    RenameKey,
    SetEnv,
    SetValue,
    UnsetEnv,
    apply_fix,
    chosen_fix,
    evaluate,
    fix_json,
    fix_profile,
)

SESSION_KEY = ExtraKwarg(
    owner="parameter_map",
    name="sump_mode",
    expr='tf.compat.as_bytes(os.getenv("DUMP_MODE"))',
    attr="s",
)


def test_the_words_are_made_from_the_edits_in_both_languages() -> None:
    fix = Fix(
        (SetValue("precision_mode_v2", "mixed_float16"), RemoveKey("precision_mode")), "unsafe"
    )
    assert fix.title.en == "Set precision_mode_v2='mixed_float16' and remove precision_mode"
    assert fix.title.zh == "设置 precision_mode_v2='mixed_float16'，并删除 precision_mode"
    three = Fix((UnsetEnv("A"), SetEnv("B", "1"), RemoveKey("NPURunConfig.x")), "safe")
    assert three.title.en == "Unset A, set the environment variable B=1 and remove x"
    renamed = Fix((RenameKey("parameter_map.sump_mode", "dump_config.dump_mode"),), "unsafe")
    assert renamed.title.en == 'Rename parameter_map["sump_mode"] to dump_config.dump_mode'
    moved = Fix((MoveKey("dump_path", "dump_config.dump_path"),), "unsafe")
    assert moved.title.en == "Move dump_path into dump_config"


def test_a_fix_needs_an_edit() -> None:
    try:
        Fix((), "safe")
    except ValueError:
        return
    raise AssertionError("an empty fix was made")


def test_removing_a_sub_config_removes_its_fields() -> None:
    profile = Profile(
        values={"dump_config.enable_dump": True, "dump_config.dump_path": "/d", "x": 1}
    )
    assert apply_fix(profile, Fix((RemoveKey("dump_config"),), "unsafe")).values == {"x": 1}


def test_renaming_a_kept_key_keeps_its_value_as_written() -> None:
    profile = Profile(extra_kwargs=(SESSION_KEY,))
    after = apply_fix(
        profile, Fix((RenameKey("parameter_map.sump_mode", "dump_config.dump_mode"),), "unsafe")
    )
    assert after.extra_kwargs == ()
    assert after.values == {"dump_config.dump_mode": Expr(expr='os.getenv("DUMP_MODE")')}
    literal = Profile(extra_kwargs=(ExtraKwarg(owner="DumpConfig", name="dump_mod", expr="'all'"),))
    after = apply_fix(
        literal, Fix((RenameKey("DumpConfig.dump_mod", "dump_config.dump_mode"),), "unsafe")
    )
    assert after.values == {"dump_config.dump_mode": "all"}


def test_env_edits_set_and_unset_for_the_job() -> None:
    profile = Profile(env={"AOE_MODE": "2"})
    after = apply_fix(profile, Fix((UnsetEnv("AOE_MODE"), SetEnv("JOB_ID", "7")), "safe"))
    assert after.env == {"AOE_MODE": None, "JOB_ID": "7"}  # None: ``unset AOE_MODE``


def test_json_names_each_edit() -> None:
    fix = Fix((SetValue("aoe_mode", Expr(expr="args.mode")), UnsetEnv("AOE_MODE")), "unsafe")
    assert fix_json(fix) == {
        "applicability": "unsafe",
        "title": {"zh": fix.title.zh, "en": fix.title.en},
        "edits": [
            {"op": "set_value", "path": "aoe_mode", "value": {"expr": "args.mode"}},
            {"op": "unset_env", "name": "AOE_MODE"},
        ],
    }


def test_a_fix_run_applies_the_safe_fixes_only_unless_asked() -> None:
    profile = Profile(
        values={"hcom_parallel": 1, "precision_mode": "force_fp16", "precision_mode_v2": "fp16"}
    )
    safe = fix_profile(profile)
    assert safe.profile.values["hcom_parallel"] is True  # int_for_bool: safe
    assert "precision_mode" in safe.profile.values  # both_modes: unsafe, left
    assert {d.rule_id for d, _ in safe.applied} == {"type.int_for_bool"}
    assert any(d.rule_id == "precision.both_modes" for d in safe.remaining)
    every = fix_profile(profile, unsafe=True)
    assert "precision_mode" not in every.profile.values
    assert not [d for d in every.remaining if d.severity == "error"]


def test_a_fix_run_leaves_what_the_selection_excludes() -> None:
    profile = Profile(values={"hcom_parallel": 1})
    kept = fix_profile(profile, select=lambda d: d.rule_id != "type.int_for_bool")
    assert kept.profile == profile and not kept.applied


def test_display_fixes_are_never_chosen() -> None:
    class Found:
        fixes = (Fix((SetEnv("JOB_ID", "10087"),), "display"),)

    assert chosen_fix(Found(), unsafe=True) is None


def test_a_did_you_mean_is_offered_only_when_the_close_name_takes_the_value() -> None:
    profile = Profile(extra_kwargs=(ExtraKwarg(owner="DumpConfig", name="dump_pth", expr="'/d'"),))
    found = next(d for d in evaluate(profile) if d.rule_id == "profile.unknown_kwarg")
    first = found.fixes[0]
    assert first.edits == (RenameKey("DumpConfig.dump_pth", "dump_config.dump_path", "dump_path"),)
    assert first.title.en == "Rename DumpConfig.dump_pth to dump_path"
    taken = Profile(
        values={"dump_config.dump_path": "/x"},
        extra_kwargs=(ExtraKwarg(owner="DumpConfig", name="dump_pth", expr="'/d'"),),
    )
    found = next(d for d in evaluate(taken) if d.rule_id == "profile.unknown_kwarg")
    assert [f.edits for f in found.fixes] == [(RemoveKey("DumpConfig.dump_pth"),)]
