"""A plainly valid profile file is read without pydantic's validator, into exactly
the object the validator makes; anything else still goes through the validator."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_studio.profile import Expr, Profile, ProfileError, load_profile, parse_profile
from ascend_studio.profile._plain import _CHECKS, plain_profile

ROOT = Path(__file__).resolve().parents[2]
PROFILES = sorted((ROOT / "tests" / "codegen" / "profiles").glob("*.json"))


def _shape(value: object) -> object:
    """``value`` with every leaf tagged by its type (``1 == True == 1.0`` in Python)."""
    if isinstance(value, Profile | Expr):
        return _shape({**vars(value), "__extra__": value.model_extra, "__type__": type(value)})
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return (type(value), [_shape(v) for v in value])
    return (type(value), value)


def _validated(data: dict[str, Any]) -> Profile | None:
    try:
        return Profile.model_validate(data)
    except ValueError:
        return None


def _agrees(data: dict[str, Any]) -> Profile | None:
    """The plain road either declines or gives what the validator gives."""
    plain = plain_profile(json.loads(json.dumps(data)))
    if plain is not None:
        validated = _validated(json.loads(json.dumps(data)))
        assert validated is not None, data
        assert plain == validated
        assert _shape(plain) == _shape(validated)
        assert plain.model_fields_set == validated.model_fields_set
    return plain


def test_every_field_of_the_model_has_a_plain_check() -> None:
    assert set(_CHECKS) == set(Profile.model_fields)


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.name)
def test_the_shipped_example_profiles_take_the_plain_road(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    data.pop("format", None)
    assert _agrees(data) is not None


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
)
VALUES = st.one_of(
    SCALARS,
    st.fixed_dictionaries({"expr": st.text(max_size=8)}),
    st.fixed_dictionaries({"bytes": st.text(max_size=8)}),
    st.fixed_dictionaries({"bytes_hex": st.sampled_from(["00ff", "zz", ""])}),
    st.dictionaries(st.sampled_from(["expr", "bytes", "other"]), SCALARS, max_size=2),
    st.lists(SCALARS, max_size=2),
)
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)  # no lone surrogates
PLAIN_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    TEXT,
    st.fixed_dictionaries({"expr": TEXT.filter(bool)}),
    st.fixed_dictionaries({"bytes": TEXT}),
)


def _mostly(valid: st.SearchStrategy[Any], odd: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Valid three times in four: a document then often has one odd field only."""
    return st.one_of(valid, valid, valid, odd)


FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "schema_version": _mostly(st.just(1), st.sampled_from([1.0, "1", True])),
    "product": _mostly(
        st.sampled_from(["atlas_a2", "ascend910"]),
        st.sampled_from(["bad id", "", "x" * 70, 3, "\ud800"]),
    ),
    "scenario": _mostly(
        st.sampled_from(["training", "inference"]), st.sampled_from(["Training", None, 1])
    ),
    "values": _mostly(
        st.dictionaries(TEXT, PLAIN_VALUES, max_size=4),
        st.one_of(
            st.dictionaries(st.text(max_size=6), VALUES, max_size=4),
            st.lists(SCALARS, max_size=1),
        ),
    ),
    "env": _mostly(
        st.dictionaries(TEXT, st.none() | TEXT, max_size=3),
        st.one_of(
            st.dictionaries(st.text(max_size=6), st.one_of(st.none(), SCALARS), max_size=3),
            st.lists(st.text(max_size=3), max_size=1),
        ),
    ),
    "env_verbatim": _mostly(
        st.lists(TEXT, max_size=3),
        st.one_of(st.text(max_size=3), st.lists(SCALARS, min_size=1, max_size=2)),
    ),
    "extra_kwargs": _mostly(
        st.lists(st.fixed_dictionaries({"owner": TEXT, "name": TEXT, "expr": TEXT}), max_size=2),
        st.lists(
            st.dictionaries(
                st.sampled_from(["owner", "name", "expr", "other"]),
                st.one_of(st.text(max_size=6), SCALARS),
                max_size=4,
            ),
            min_size=1,
            max_size=2,
        ),
    ),
    "file_contents": _mostly(
        st.dictionaries(TEXT, TEXT, max_size=2),
        st.dictionaries(st.text(max_size=6), st.one_of(st.text(max_size=6), SCALARS), max_size=2),
    ),
    "notes": _mostly(TEXT, SCALARS),
    "unknown_later_field": SCALARS,
}
DOCUMENTS = st.fixed_dictionaries({}, optional=FIELDS)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(DOCUMENTS)
def test_the_plain_road_declines_or_gives_what_the_validator_gives(data: dict[str, Any]) -> None:
    try:
        json.dumps(data)
    except (ValueError, UnicodeEncodeError):
        return
    _agrees(data)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(TEXT, PLAIN_VALUES), st.dictionaries(TEXT, st.none() | TEXT, max_size=3))
def test_plain_values_are_taken_plainly(values: dict[str, Any], env: dict[str, Any]) -> None:
    """The road is really taken (not always declined) for ordinary documents."""
    assert _agrees({"product": "atlas_a2", "values": values, "env": env}) is not None


@pytest.mark.parametrize(
    "document",
    [
        {"values": {"a": {"expr": ""}}},  # an empty expression is invalid
        {"values": {"a": {"bytes_hex": "00ff"}}},  # valid, but left to the validator
        {"values": {"a": math.inf}},
        {"values": {"a": "\ud800"}},
        {"notes": "\udfff"},
        {"product": "two words"},
        {"scenario": "Training"},
        {"env": {"A": 1}},
        {"extra_kwargs": [{"owner": "NPURunConfig", "name": "x"}]},
        {"later": 1},  # kept by pydantic as an unknown field
        {"values": {"a": 2**64}},
        {"values": {"a": [1]}},
        {"values": {"a": {"other": 1}}},
        {"values": {"a": {"expr": "x", "bytes": "y"}}},
        {"values": ["a"]},
        {"env_verbatim": "ABC"},
        {"file_contents": {"a": 1}},
        {"schema_version": 1.0},
    ],
)
def test_what_the_plain_road_declines(document: dict[str, Any]) -> None:
    assert plain_profile(document) is None


def test_errors_are_still_the_validators(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"product": "two words", "values": {"a": {"expr": ""}}}', "utf-8")
    with pytest.raises(ProfileError, match=r"product: .*not a product id"):
        load_profile(path)


def test_bytes_and_expressions_come_back_as_their_types() -> None:
    profile = parse_profile(
        json.dumps({"values": {"a": {"bytes": "./aipp.cfg"}, "b": {"expr": "args.mode"}}})
    )
    assert profile.values == {"a": b"./aipp.cfg", "b": Expr(expr="args.mode")}
    assert profile.model_dump(mode="json")["values"] == {
        "a": {"bytes": "./aipp.cfg"},
        "b": {"expr": "args.mode"},
    }


def test_a_plain_profile_behaves_like_a_validated_one() -> None:
    data = json.loads((ROOT / "tests" / "codegen" / "profiles" / "full.json").read_text("utf-8"))
    data.pop("format", None)
    plain = plain_profile(json.loads(json.dumps(data)))
    validated = Profile.model_validate(data)
    assert plain is not None
    assert plain.model_dump(mode="json") == validated.model_dump(mode="json")
    assert plain.with_value("notes_x", 1) == validated.with_value("notes_x", 1)
    assert plain.with_target("atlas_a2", "inference") == validated.with_target(
        "atlas_a2", "inference"
    )
    with pytest.raises(ValueError, match="frozen"):
        plain.notes = "changed"  # type: ignore[misc]


def test_reading_a_profile_builds_no_validator() -> None:
    code = (
        "import sys\n"
        "from ascend_studio.profile import load_profile\n"
        f"load_profile({str(PROFILES[0])!r})\n"
        "print('pydantic.plugin._loader' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "False"
