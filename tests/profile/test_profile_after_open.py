"""``Profile.after_open``: the TF Adapter 2.x options a script assigns after
``npu_device.open()``, kept so that the app and a saved profile judge them as the
script is judged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ascend_studio.profile import Profile, ProfileError, dump_profile, parse_profile
from ascend_studio.profile._plain import plain_profile
from ascend_studio.profile._validate import validated_profile
from ascend_studio.rules import evaluate

LATE = {"surface": "tf2", "values": {"op_debug_level": 1}, "after_open": {"op_debug_level": [7, 6]}}


def _late(profile: Profile) -> list[str]:
    return [d.message.en for d in evaluate(profile) if d.rule_id == "tf2.option.after_open"]


def test_saved_and_read_back_both_roads() -> None:
    profile = parse_profile(json.dumps(LATE))
    assert profile.after_open == {"op_debug_level": (7, 6)}
    assert plain_profile(json.loads(json.dumps(LATE))) == validated_profile(LATE) == profile
    assert json.loads(dump_profile(profile))["after_open"] == {"op_debug_level": [7, 6]}
    assert "after_open" not in json.loads(dump_profile(Profile()))  # left out while empty


def test_the_profile_alone_gives_the_finding() -> None:
    profile = parse_profile(json.dumps(LATE))
    (message,) = _late(profile)
    assert "set on line 7, after npu_device.open() on line 6" in message
    assert _late(profile.with_value("op_debug_level", 0))  # the line is still after open()
    unset = profile.without_value("op_debug_level")
    assert unset.after_open == {} and not _late(unset)


@pytest.mark.parametrize(
    "late",
    [{"op_debug_level": [7]}, {"op_debug_level": [0, 6]}, {"op_debug_level": [True, 6]},
     {"op_debug_level": ["7", 6]}, {"op_debug_level": [7.0, 6]}, ["op_debug_level"]],
)  # fmt: skip
def test_what_is_not_two_line_numbers_is_refused(late: Any) -> None:
    data = {**LATE, "after_open": late}
    assert plain_profile(json.loads(json.dumps(data))) is None
    with pytest.raises(ProfileError, match="after_open"):
        parse_profile(json.dumps(data))
