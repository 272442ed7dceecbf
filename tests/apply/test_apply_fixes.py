"""Fixes carried into scripts by the apply machinery: only the edited lines change,
renames keep their place, nothing the tool did not mean to touch goes."""

from __future__ import annotations

import ast
from pathlib import Path

from fix_scripts import ESTIMATOR_TRAINER, SESSION_TRAINER

from ascend_studio.apply import apply_fixes, apply_text, fix_text
from ascend_studio.codegen import export_text, import_python
from ascend_studio.lint._fixrun import selector_for
from ascend_studio.lint._settings import CommandLine, settings_for
from ascend_studio.profile import SESSION_OWNER, ExtraKwarg, dump_profile, parse_profile
from ascend_studio.rules import Fix, RemoveKey, RenameKey, SetEnv, evaluate
from ascend_studio.schema import shipped_catalog


def _changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    old, new = before.splitlines(), after.splitlines()
    assert len(old) == len(new)
    return [(a, b) for a, b in zip(old, new, strict=True) if a != b]


def test_the_unknown_keyword_is_removed_and_nothing_else() -> None:
    fixed = fix_text(ESTIMATOR_TRAINER, "train.py")
    assert [(n, d.rule_id) for n, d, _ in fixed.applied] == [(1, "release.retired_keyword")]
    assert fixed.after == ESTIMATOR_TRAINER.replace('                auto_tune_mode="RL,GA",\n', "")


def test_the_misspelt_key_is_renamed_in_its_line_keeping_its_value() -> None:
    safe = fix_text(SESSION_TRAINER, "train.py")
    assert safe.unchanged  # renaming makes the dump mode act: unsafe
    assert any(d.rule_id == "profile.unknown_key" for _, d in safe.remaining)
    config = import_python(SESSION_TRAINER).configs[0]
    finding = next(
        d for d in evaluate(config.profile_as_written()) if d.rule_id == "profile.unknown_key"
    )
    rename = finding.fixes[0]
    assert rename.title.en == 'Rename parameter_map["sump_mode"] to parameter_map["dump_mode"]'
    after, _notes = apply_fixes(SESSION_TRAINER, "train.py", 1, [rename])
    assert _changed_lines(SESSION_TRAINER, after) == [
        (
            'custom_op.parameter_map["sump_mode"].s = tf.compat.as_bytes(os.getenv("DUMP_MODE"))',
            'custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes(os.getenv("DUMP_MODE"))',
        )
    ]
    again = import_python(after).configs[0].profile_as_written()
    assert again.values["dump_config.dump_mode"].expr == 'os.getenv("DUMP_MODE")'  # type: ignore[union-attr]


def test_a_keyword_renamed_in_place() -> None:
    script = "config = NPURunConfig(iterations_per_loop=10, precison_mode='force_fp16', x=1)\n"
    after, _ = apply_fixes(
        script,
        "t.py",
        1,
        [Fix((RenameKey("NPURunConfig.precison_mode", "precision_mode"),), "unsafe")],
    )
    assert (
        after == "config = NPURunConfig(iterations_per_loop=10, precision_mode='force_fp16', x=1)\n"
    )


def test_a_removal_that_empties_a_block_leaves_pass() -> None:
    script = (
        "cfg = tf.ConfigProto()\n"
        "op = cfg.graph_options.rewrite_options.custom_optimizers.add()\n"
        "op.name = 'NpuOptimizer'\n"
        "op.parameter_map['iterations_per_loop'].i = 10\n"
        "if autotune:\n"
        "    # tune the operators\n"
        "    op.parameter_map['auto_tune_mdoe'].s = tf.compat.as_bytes('RL,GA')\n"
        "print('done')\n"
    )
    fix = Fix((RemoveKey("parameter_map.auto_tune_mdoe"),), "safe")  # a key nobody reads
    after, _ = apply_fixes(script, "t.py", 1, [fix])
    ast.parse(after)
    assert "    # tune the operators\n    pass\nprint('done')\n" in after


def test_comment_lines_after_a_removed_keyword_stay() -> None:
    script = (
        "config = NPURunConfig(\n"
        "    hcom_parallel=False,\n"
        '    auto_tune_mode="RL,GA",  # its own comment goes with it\n'
        "    # precision_mode='allow_mix_precision',   kept by the user on purpose\n"
        "    iterations_per_loop=1)\n"
    )
    after, _ = apply_fixes(
        script, "t.py", 1, [Fix((RemoveKey("NPURunConfig.auto_tune_mode"),), "safe")]
    )
    assert after == (
        "config = NPURunConfig(\n"
        "    hcom_parallel=False,\n"
        "    # precision_mode='allow_mix_precision',   kept by the user on purpose\n"
        "    iterations_per_loop=1)\n"
    )


def test_a_key_written_twice_is_removed_everywhere() -> None:
    script = (
        "cfg = tf.ConfigProto()\n"
        "op = cfg.graph_options.rewrite_options.custom_optimizers.add()\n"
        "op.name = 'NpuOptimizer'\n"
        "op.parameter_map['op_select_implmode'].s = tf.compat.as_bytes('high_precision')\n"
        "op.parameter_map['iterations_per_loop'].i = 10\n"
        "op.parameter_map['op_select_implmode'].s = tf.compat.as_bytes('high_precision')\n"
    )
    after, _ = apply_fixes(script, "t.py", 1, [Fix((RemoveKey("op_select_implmode"),), "unsafe")])
    assert "op_select_implmode" not in after


def test_a_fix_that_cannot_be_written_changes_nothing_and_is_named() -> None:
    """An environment variable set by a Python script: the fix unsets it in the profile,
    but apply writes no environment into Python, so the fix is reported as not written."""
    script = (
        "import os\n"
        "os.environ['ENABLE_HF32_EXECUTION'] = '1'\n"
        "config = NPURunConfig(iterations_per_loop=1)\n"
    )
    fixed = fix_text(script, "t.py", prepare=lambda p: p.with_target("atlas_training"))
    assert fixed.unchanged
    assert [d.rule_id for _, d, _ in fixed.failed] == ["env.hf32.product"]
    assert not fixed.applied


def test_a_shell_fix_unsets_the_variable_in_place() -> None:
    script = "#!/bin/bash\nexport ENABLE_HF32_EXECUTION=1\nexport RANK_SIZE=1\npython3 train.py\n"
    from ascend_studio.profile import Profile

    fixed = fix_text(script, "env.sh", prepare=lambda p: p.with_target("atlas_training"))
    assert [d.rule_id for _, d, _ in fixed.applied] == ["env.hf32.product"]
    assert fixed.after == script.replace(
        "export ENABLE_HF32_EXECUTION=1", "unset ENABLE_HF32_EXECUTION"
    )
    assert Profile  # the profile type is what prepare receives


def test_a_suppression_comment_keeps_its_finding_unfixed() -> None:
    script = (
        "config = NPURunConfig(\n"
        '    auto_tune_mode="RL,GA",  # ascend-studio: ignore[profile.unknown_kwarg]\n'
        ")\n"
    )
    settings = settings_for(Path("t.py").absolute(), CommandLine())
    fixed = fix_text(script, "t.py", select=selector_for("t.py", settings, shipped_catalog()))
    assert fixed.unchanged


def test_unknown_keys_survive_import_profile_and_export() -> None:
    profile = import_python(SESSION_TRAINER).configs[0].profile
    kept = [x for x in profile.extra_kwargs if x.owner == SESSION_OWNER]
    assert kept == [
        ExtraKwarg(
            owner=SESSION_OWNER,
            name="sump_mode",
            expr='tf.compat.as_bytes(os.getenv("DUMP_MODE"))',
            attr="s",
        )
    ]
    sess = export_text(profile, "sess")
    line = 'custom_op.parameter_map["sump_mode"].s = tf.compat.as_bytes(os.getenv("DUMP_MODE"))'
    assert line in sess.splitlines()
    again = import_python(sess).configs[0].profile
    assert [x for x in again.extra_kwargs if x.owner == SESSION_OWNER] == kept
    assert line in export_text(profile, "py")  # listed, as a comment, in the estimator export
    assert parse_profile(dump_profile(profile)).extra_kwargs == profile.extra_kwargs
    # applying the profile unchanged leaves the key where it is
    assert apply_text(SESSION_TRAINER, profile, "train.py").unchanged


def test_setting_an_env_variable_into_a_python_script_is_not_written() -> None:
    fix = Fix((SetEnv("JOB_ID", "7"),), "unsafe")
    after, notes = apply_fixes(ESTIMATOR_TRAINER, "train.py", 1, [fix])
    assert after == ESTIMATOR_TRAINER and notes
