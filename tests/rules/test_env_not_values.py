"""What is not a value: an empty ASCEND_DEVICE_ID/DEVICE_ID (the C++ reader takes it
for unset and falls back), and a value set only in an ``if`` arm that cannot run."""

from __future__ import annotations

import pytest

from ascend_studio.codegen import import_text
from ascend_studio.profile import Profile
from ascend_studio.rules import evaluate


def _ids(text: str, name: str = "env.sh") -> set[str]:
    (config,) = import_text(text, name).configs
    return {d.rule_id for d in evaluate(config.profile, surface=config.surface)}


def test_an_empty_ascend_device_id_falls_back_to_device_id() -> None:
    ids = _ids("export ASCEND_DEVICE_ID=\nexport DEVICE_ID=1\n")
    assert "env.ascend_device_id.invalid" not in ids
    assert "env.device_id.shadowed" not in ids  # DEVICE_ID is what the reader uses


def test_an_empty_device_id_is_unset_but_an_empty_rank_size_is_not() -> None:
    assert "env.device_id.invalid" not in _ids("export DEVICE_ID=\n")
    assert "env.rank_size.invalid" in _ids("export RANK_SIZE=\n")  # int('') raises


def test_a_bad_value_is_still_an_error() -> None:
    assert "env.ascend_device_id.invalid" in _ids("export ASCEND_DEVICE_ID=abc\n")
    profile = Profile(env={"ASCEND_DEVICE_ID": "", "DEVICE_ID": "x"})
    assert "env.device_id.invalid" in {d.rule_id for d in evaluate(profile)}


@pytest.mark.parametrize(
    "condition",
    ["false", "[ 1 -eq 0 ]", "[[ a == b ]]", 'test "x" != "x"', "[ -n '' ]"],
)
def test_a_value_set_only_in_an_arm_that_cannot_run_is_not_a_value(condition: str) -> None:
    text = f"if {condition}; then\n  export ASCEND_DEVICE_ID=abc\nfi\nexport RANK_SIZE=1\n"
    (config,) = import_text(text, "env.sh").configs
    assert "ASCEND_DEVICE_ID" not in config.profile.env
    assert config.profile.env["RANK_SIZE"] == "1"


def test_the_other_arms_still_run() -> None:
    text = (
        "if false; then\n  export ASCEND_DEVICE_ID=abc\n"
        'elif [ -n "$X" ]; then\n  export DEVICE_ID=2\n'
        "else\n  export JOB_ID=10087\nfi\n"
        "if true; then\n  export RANK_SIZE=8\nelse\n  export RANK_SIZE=x\nfi\n"
        'if [ "$1" = a ]; then\n  export CM_WORKER_SIZE=4\nfi\n'
    )
    env = import_text(text, "env.sh").configs[0].profile.env
    assert env == {"DEVICE_ID": "2", "JOB_ID": "10087", "RANK_SIZE": "8", "CM_WORKER_SIZE": "4"}
