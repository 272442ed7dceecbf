"""``apply`` into TF Adapter 2.x scripts: ``global_options()`` assignments, ``open``, loop size."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from ascend_studio.apply import apply_file, apply_python, write_applied
from ascend_studio.codegen import import_python
from ascend_studio.profile import Profile

SCRIPT = textwrap.dedent(
    """\
    import os
    import npu_device as npu  # the TF2 adapter


    def npu_config(flags):
        opts = npu.global_options()
        opts.precision_mode = "allow_mix_precision"   # keep this comment
        if flags.dump:
            opts.dump_config.enable_dump = True
            opts.dump_config.dump_path = flags.dump_path
        opts.fusion_switch_file = '/home/fusion.cfg'
        npu.open(1).as_default()


    npu_config(None)
    """
)


def profile_of(text: str) -> Profile:
    (config,) = import_python(text).configs
    assert config.profile.surface == "tf2"
    return config.profile


def applied(text: str, profile: Profile) -> str:
    result = apply_python(text, profile)
    assert profile_of(result.after).values == profile.values, result.notes
    return result.after


def test_a_changed_value_is_rewritten_in_place() -> None:
    after = applied(SCRIPT, profile_of(SCRIPT).with_value("precision_mode", "force_fp32"))
    assert after == SCRIPT.replace('"allow_mix_precision"   #', '"force_fp32"   #')


def test_a_new_option_follows_the_last_unconditional_assignment() -> None:
    profile = profile_of(SCRIPT).with_value("overflow_flag", 0).with_value("aoe_mode", "2")
    after = applied(SCRIPT, profile)
    assert after == SCRIPT.replace(
        "    opts.fusion_switch_file = '/home/fusion.cfg'\n",
        "    opts.fusion_switch_file = '/home/fusion.cfg'\n"
        '    opts.aoe_config.aoe_mode = "2"\n'
        "    opts.overflow_flag = 0\n",
    )


def test_a_removed_value_loses_its_assignment() -> None:
    after = applied(SCRIPT, profile_of(SCRIPT).without_value("fusion_switch_file"))
    assert "fusion_switch_file" not in after
    assert after.count("\n") == SCRIPT.count("\n") - 1


def test_device_and_loop_size() -> None:
    profile = profile_of(SCRIPT).with_value("session_device_id", 4)
    profile = profile.with_value("iterations_per_loop", 10)
    after = applied(SCRIPT, profile)
    assert "    npu.open(4).as_default()\n" in after
    assert "    npu.set_npu_loop_size(10)\n" in after
    assert after.index("set_npu_loop_size") < after.index("npu.open(4)")
    removed = applied(after, profile_of(after).without_value("iterations_per_loop"))
    assert "set_npu_loop_size" not in removed


def test_open_without_a_device_gets_the_keyword() -> None:
    text = "import npu_device\nnpu_device.global_options().precision_mode = 'force_fp32'\nnpu_device.open().as_default()\n"
    after = applied(text, profile_of(text).with_value("session_device_id", 2))
    assert after.endswith("npu_device.open(device_id=2).as_default()\n")


def test_the_script_s_own_spelling_of_global_options_is_used() -> None:
    text = "import npu_device\nnpu_device.global_options().precision_mode = 'force_fp32'\n"
    after = applied(text, profile_of(text).with_value("dump_config.dump_path", "/d"))
    assert after == text + 'npu_device.global_options().dump_config.dump_path = "/d"\n'


def test_no_unconditional_assignment_to_follow_is_said_not_guessed() -> None:
    text = (
        "import npu_device\nif x:\n    npu_device.global_options().precision_mode = 'force_fp32'\n"
    )
    result = apply_python(text, profile_of(text).with_value("overflow_flag", 0))
    assert result.after == text
    assert any("add it by hand" in n.message.en for n in result.notes)


def test_a_parameter_tf2_does_not_have_is_reported() -> None:
    result = apply_python(SCRIPT, profile_of(SCRIPT).with_value("hccl_timeout", 600))
    assert result.after == SCRIPT
    assert any("no global_options() option" in n.message.en for n in result.notes)


def test_write_keeps_a_backup(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT, encoding="utf-8")
    result = apply_file(profile_of(SCRIPT).with_value("precision_mode", "force_fp32"), script)
    done = write_applied(result, script)
    assert done.backup is not None and done.backup.read_text(encoding="utf-8") == SCRIPT
    assert '"force_fp32"' in script.read_text(encoding="utf-8")


@pytest.mark.parametrize("value", ["must_keep_origin_dtype", "force_fp16"])
def test_only_the_changed_line_differs(value: str) -> None:
    after = applied(SCRIPT, profile_of(SCRIPT).with_value("precision_mode", value))
    changed = [a for a, b in zip(after.splitlines(), SCRIPT.splitlines(), strict=True) if a != b]
    assert len(changed) == 1


LATE = textwrap.dedent(
    """\
    import npu_device as npu


    def init():
        opts = npu.global_options()
        opts.precision_mode = "allow_mix_precision"

        # open the device
        npu.open().as_default()
        opts.op_debug_level = 1


    init()
    """
)


def test_a_new_option_goes_above_open_not_after_a_late_assignment() -> None:
    profile = profile_of(LATE).with_value("dump_config.dump_path", "/d")
    after = applied(LATE, profile)
    assert after == LATE.replace(
        '    opts.precision_mode = "allow_mix_precision"\n',
        '    opts.precision_mode = "allow_mix_precision"\n    opts.dump_config.dump_path = "/d"\n',
    )


@pytest.mark.parametrize(
    "script",
    [
        "import npu_device\n\n# device\nnpu_device.open().as_default()\n",
        "import npu_device\nnpu_device.open().as_default()\n"
        "npu_device.global_options().precision_mode = 'force_fp32'\n",
        "import npu_device as npu\n\n\ndef main():\n    npu.open()\n"
        "    npu.global_options().precision_mode = 'force_fp32'\n",
    ],
)
def test_with_only_late_or_no_assignments_the_option_goes_right_above_open(script: str) -> None:
    profile = profile_of(script).with_value("dump_config.dump_path", "/d")
    after = applied(script, profile)
    lines = after.splitlines()
    new = next(i for i, line in enumerate(lines) if "dump_path" in line)
    assert ".open(" in lines[new + 1]
    assert lines[new].lstrip().endswith('global_options().dump_config.dump_path = "/d"')
    (config,) = import_python(after).configs
    assert "dump_config.dump_path" not in config.after_open


def test_a_late_value_rewritten_in_place_is_pointed_out() -> None:
    result = apply_python(LATE, profile_of(LATE).with_value("op_debug_level", 2))
    assert "opts.op_debug_level = 2\n" in result.after
    late = [n for n in result.notes if "after npu_device.open() on line 9" in n.message.en]
    assert late and late[0].severity == "warning"
