"""inf and nan are refused: JSON has no spelling for them (Python writes the
non-standard ``Infinity``) and exported code has no literal for them."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from ascend_studio.profile import Profile, ProfileError, load_profile


@pytest.mark.parametrize("spelling", ["Infinity", "-Infinity", "NaN"])
def test_loading_a_non_finite_value_names_it(tmp_path: Path, spelling: str) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"values": {"keep_checkpoint_every_n_hours": ' + spelling + "}}")
    with pytest.raises(ProfileError, match=r"keep_checkpoint_every_n_hours: .* not a finite"):
        load_profile(path)


def test_non_finite_in_an_unknown_field_is_refused_too() -> None:
    with pytest.raises(ValueError, match=r"later\.limits\.1: inf is not a finite number"):
        Profile.model_validate({"later": {"limits": [1.0, math.inf]}})


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_edits_refuse_non_finite_floats(value: float) -> None:
    with pytest.raises(ValueError, match="not a finite number"):
        Profile(values={"keep_checkpoint_every_n_hours": value})
    with pytest.raises(ValueError, match="keep_checkpoint_every_n_hours"):
        Profile().with_value("keep_checkpoint_every_n_hours", value)


def test_finite_floats_are_kept() -> None:
    p = Profile().with_value("keep_checkpoint_every_n_hours", 1e308)
    assert p.values == {"keep_checkpoint_every_n_hours": 1e308}
