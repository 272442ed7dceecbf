"""Writes under conditions are conditional, not one merged configuration.

See ``ascend_studio/codegen/_branch.py`` for the representation: the profile keeps
the unconditional value (else the first conditional one), alternatives are
reported, and findings combining values from conditions that need not hold in
the same run are information, not errors.
"""

from __future__ import annotations

from pathlib import Path

from ascend_studio.cli import run_cli
from ascend_studio.codegen import ExportOptions, export_text, import_text
from ascend_studio.rules import evaluate

HEAD = """import tensorflow as tf
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
"""
PM = 'custom_op.parameter_map["{}"].{} = {}\n'


def _write(key: str, field: str, value: str, indent: str = "") -> str:
    return indent + PM.format(key, field, value)


def _severities(text: str) -> dict[str, str]:
    (config,) = import_text(text, "train.py").configs
    found = evaluate(config.profile_as_written())
    return {d.rule_id: d.severity for d in found}


def _kinds(text: str) -> list[str]:
    return [item.kind for item in import_text(text, "train.py").report.items]


FLAGS = (
    HEAD
    + "if args.data_dump_flag:\n"
    + _write("enable_dump", "b", "True", "    ")
    + _write("dump_path", "s", 'tf.compat.as_bytes("/d")', "    ")
    + "if args.over_dump:\n"
    + _write("enable_dump_debug", "b", "True", "    ")
    + _write("dump_path", "s", 'tf.compat.as_bytes("/o")', "    ")
)


def test_independent_flag_blocks_are_not_an_error() -> None:
    found = _severities(FLAGS)
    assert found["dump.both_enabled"] == "info"
    assert "error" not in found.values()


def test_the_info_names_both_conditions() -> None:
    (config,) = import_text(FLAGS, "train.py").configs
    found = evaluate(config.profile)
    (both,) = [d for d in found if d.rule_id == "dump.both_enabled"]
    assert "lines 5 and 8" in both.message.en


def test_alternatives_are_not_set_more_than_once() -> None:
    kinds = _kinds(FLAGS)
    assert "conflict" not in kinds
    assert "conditional" in kinds
    (config,) = import_text(FLAGS, "train.py").configs
    assert config.profile.values["dump_config.dump_path"] == "/d"  # the first branch


def test_if_elif_else_arms_are_alternatives() -> None:
    text = (
        HEAD
        + "if mode == 'dump':\n"
        + _write("enable_dump", "b", "True", "    ")
        + "elif mode == 'overflow':\n"
        + _write("enable_dump_debug", "b", "True", "    ")
        + "else:\n"
        + _write("enable_dump", "b", "False", "    ")
    )
    assert _severities(text).get("dump.both_enabled") == "info"
    assert "conflict" not in _kinds(text)


def test_writes_that_happen_together_still_conflict() -> None:
    text = HEAD + _write("enable_dump", "b", "True") + "if debug:\n"
    text += _write("enable_dump_debug", "b", "True", "    ")
    assert _severities(text)["dump.both_enabled"] == "error"
    same = HEAD + _write("enable_dump", "b", "True") + _write("enable_dump_debug", "b", "True")
    assert _severities(same)["dump.both_enabled"] == "error"


def test_set_twice_on_one_path_is_still_last_wins() -> None:
    text = HEAD + _write("op_debug_level", "i", "1") + _write("op_debug_level", "i", "2")
    assert "conflict" in _kinds(text)
    assert import_text(text, "t.py").configs[0].profile.values["op_debug_level"] == 2


def test_an_unconditional_value_is_kept_over_a_conditional_one() -> None:
    text = HEAD + "if fast:\n" + _write("op_debug_level", "i", "4", "    ")
    text += _write("op_debug_level", "i", "1")
    (config,) = import_text(text, "t.py").configs
    assert config.profile.values["op_debug_level"] == 1


def test_a_conditional_wrong_field_does_not_erase_a_value() -> None:
    text = HEAD + _write("precision_mode", "s", 'tf.compat.as_bytes("allow_mix_precision")')
    text += "if x:\n" + _write("precision_mode", "i", "3", "    ")
    result = import_text(text, "t.py")
    assert result.configs[0].profile.values["precision_mode"] == "allow_mix_precision"
    assert "wrong_field" in [i.kind for i in result.report.items]


def test_constant_false_blocks_are_skipped_and_reported() -> None:
    text = HEAD + "DEBUG = False\nif False:\n" + _write("enable_dump", "b", "True", "    ")
    text += "if DEBUG:\n" + _write("enable_dump_debug", "b", "True", "    ")
    result = import_text(text, "t.py")
    values = result.configs[0].profile.values if result.configs else {}
    assert "dump_config.enable_dump" not in values
    assert "dump_config.enable_dump_debug" not in values
    notes = [i.message.en for i in result.report.items if i.kind == "ignored"]
    assert any("if False (line 6) is always False" in n for n in notes)
    assert any("if DEBUG (line 8) is always False" in n for n in notes)


def test_environment_writes_in_branches_are_alternatives() -> None:
    text = (
        "import os\nif args.rank:\n    os.environ['RANK_SIZE'] = '8'\n"
        "else:\n    os.environ['RANK_SIZE'] = '1'\n"
    )
    result = import_text(text, "t.py")
    assert "conflict" not in [i.kind for i in result.report.items]
    assert result.configs[0].profile.env == {"RANK_SIZE": "8"}


def test_validate_exits_0_on_flag_blocks(tmp_path: Path) -> None:
    path = tmp_path / "train.py"
    path.write_text(FLAGS, encoding="utf-8")
    assert run_cli(["validate", str(path)]) == 0


def test_an_export_header_names_each_condition_once_with_what_it_set() -> None:
    (config,) = import_text(FLAGS, "train.py").configs
    header = export_text(config.profile, "sess").split("\n\n")[0].splitlines()
    assert (
        "#   if args.data_dump_flag (line 5): dump_config.dump_path, dump_config.enable_dump"
        in (header)
    )
    assert "#   if args.over_dump (line 8): dump_config.enable_dump_debug" in header
    zh = export_text(config.profile, "sess", ExportOptions(lang="zh"))
    assert "#   if args.over_dump（第 8 行）：dump_config.enable_dump_debug" in zh.splitlines()
