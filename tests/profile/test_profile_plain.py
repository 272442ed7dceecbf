"""A plainly valid profile document is checked without pydantic, into exactly the
object pydantic makes; anything else still goes through pydantic. Both the JSON
form (files) and the Python form (the importers' and the app's dicts, holding
Expr, ExtraKwarg and bytes) are checked, and both roads must give equal objects
with equal types, equal unknown fields and equal ``model_fields_set``."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from writable_fields import ENV_NAMES, ENV_TEXT, EXPRESSIONS, IDENTIFIERS

from ascend_studio.profile import (
    Expr,
    ExtraKwarg,
    Profile,
    ProfileError,
    dump_profile,
    load_profile,
    parse_profile,
)
from ascend_studio.profile import _validate as twins
from ascend_studio.profile._plain import _CHECKS, plain_profile
from ascend_studio.profile._validate import validated_profile

ROOT = Path(__file__).resolve().parents[2]
PROFILES = sorted((ROOT / "tests" / "codegen" / "profiles").glob("*.json"))


def _shape(value: object) -> object:
    """``value`` with every leaf tagged by its type (``1 == True == 1.0`` in Python)."""
    if isinstance(value, Profile | Expr | ExtraKwarg):
        shown = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        if isinstance(value, Profile):
            shown["__extra__"] = value.model_extra
        return _shape({**shown, "__type__": type(value)})
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return (type(value), [_shape(v) for v in value])
    return (type(value), value)


def _validated(data: dict[str, Any]) -> Profile | None:
    """What pydantic makes of ``data`` (the slow road, taken whatever ``data`` is)."""
    try:
        return validated_profile(data)
    except ValueError:
        return None


def _same(plain: Profile, validated: Profile | None, data: object) -> None:
    assert validated is not None, data
    assert plain == validated
    assert _shape(plain) == _shape(validated)
    assert plain.model_fields_set == validated.model_fields_set
    assert plain.model_dump(mode="json") == validated.model_dump(mode="json")


def _agrees(data: dict[str, Any]) -> Profile | None:
    """The plain road either declines or gives what pydantic gives."""
    plain = plain_profile(json.loads(json.dumps(data)))
    if plain is not None:
        _same(plain, _validated(json.loads(json.dumps(data))), data)
    return plain


def _agrees_in_python(data: dict[str, Any]) -> Profile | None:
    """The same for a document in the Python form (records and bytes in it)."""
    plain = plain_profile(copy.deepcopy(data))
    if plain is not None:
        _same(plain, _validated(copy.deepcopy(data)), data)
    return plain


def test_every_field_of_the_model_has_a_plain_check() -> None:
    assert set(_CHECKS) == set(Profile.model_fields)


@pytest.mark.parametrize("cls", [Profile, Expr, ExtraKwarg])
def test_the_pydantic_twins_have_the_dataclasses_fields_types_and_defaults(cls: type) -> None:
    """pydantic validates through twins of the dataclasses (``_validate``): one
    definition may not drift from the other."""
    twin = getattr(twins, cls.__name__)
    assert twin.__name__ == cls.__name__  # the name pydantic's messages give

    def ours(spec: dataclasses.Field[Any]) -> tuple[object, ...]:
        default = None if spec.default is dataclasses.MISSING else spec.default
        factory = None if spec.default_factory is dataclasses.MISSING else spec.default_factory
        return (spec.name, spec.type, default, factory)

    def theirs(name: str, info: Any) -> tuple[object, ...]:
        default = None if info.is_required() or info.default_factory else info.default
        return (name, twin.__annotations__[name], default, info.default_factory)

    assert [ours(f) for f in dataclasses.fields(cls)] == [
        theirs(name, info) for name, info in twin.model_fields.items()
    ]


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
    st.fixed_dictionaries({"expr": EXPRESSIONS}),
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
    "source_script": st.fixed_dictionaries({"path": TEXT, "sha256": TEXT, "config": st.just(1)}),
    "model_config": st.lists(SCALARS, max_size=2),  # a name pydantic's BaseModel has
}
DOCUMENTS = st.fixed_dictionaries({}, optional=FIELDS)

#: The Python form: what the importers and the app pass to ``model_validate``.
PY_VALUES = st.one_of(
    PLAIN_VALUES,
    st.builds(Expr, expr=TEXT.filter(bool)),
    st.binary(max_size=6),
    st.sampled_from([bytearray(b"x"), Expr, (1,), {"expr": "x"}]),
)
KWARGS = st.builds(ExtraKwarg, owner=TEXT, name=TEXT, expr=TEXT)
PY_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    **FIELDS,
    # an unknown field set in code (model_copy takes any value)
    "later_in_code": st.one_of(
        TEXT.map(str.encode), st.builds(Expr, expr=TEXT.filter(bool)), st.tuples(TEXT, SCALARS)
    ),
    "values": _mostly(
        st.dictionaries(TEXT, PY_VALUES, max_size=4), st.dictionaries(TEXT, VALUES, max_size=2)
    ),
    "env_verbatim": _mostly(
        st.lists(TEXT, max_size=3).map(tuple), st.frozensets(TEXT, min_size=1, max_size=2)
    ),
    "extra_kwargs": _mostly(
        st.lists(KWARGS, max_size=2).map(tuple),
        st.lists(st.one_of(KWARGS, st.just(Expr(expr="x"))), min_size=1, max_size=2),
    ),
}
PY_DOCUMENTS = st.fixed_dictionaries({}, optional=PY_FIELDS)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(DOCUMENTS)
def test_the_plain_road_declines_or_gives_what_the_validator_gives(data: dict[str, Any]) -> None:
    try:
        json.dumps(data)
    except (ValueError, UnicodeEncodeError):
        return
    _agrees(data)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(PY_DOCUMENTS)
def test_in_the_python_form_too(data: dict[str, Any]) -> None:
    _agrees_in_python(data)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        TEXT, st.one_of(st.builds(Expr, expr=EXPRESSIONS), st.binary(max_size=6)), max_size=4
    ),
    st.lists(
        st.builds(ExtraKwarg, owner=IDENTIFIERS, name=IDENTIFIERS, expr=EXPRESSIONS), max_size=2
    ).map(tuple),
    st.lists(ENV_NAMES, max_size=2).map(tuple),
)
def test_records_and_bytes_are_taken_plainly(
    values: dict[str, Any], kwargs: tuple[ExtraKwarg, ...], names: tuple[str, ...]
) -> None:
    """The importers' documents (Expr, ExtraKwarg, bytes, tuples) need no pydantic."""
    data = {"values": values, "extra_kwargs": kwargs, "env_verbatim": names}
    assert _agrees_in_python(data) is not None


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(TEXT, PLAIN_VALUES),
    st.dictionaries(ENV_NAMES, st.none() | ENV_TEXT, max_size=3),
)
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
        {"extra_kwargs": [Expr(expr="x")]},
        {"env_verbatim": frozenset({"A"})},
        {"values": {"a": bytearray(b"x")}},
        {1: "a key that is not text"},
        {"later": [1.0, math.inf]},
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


@pytest.mark.parametrize(
    "document",
    [
        {"later": 1},  # an unknown field: kept as it is
        {"source_script": {"path": "/x/train.py", "sha256": "ab", "config": 1}},
        {"values": {"a": Expr(expr="x"), "b": b"\xff"}, "env_verbatim": ("A",)},
        {"extra_kwargs": (ExtraKwarg(owner="NPURunConfig", name="x", expr="1"),)},
    ],
)
def test_what_the_plain_road_takes(document: dict[str, Any]) -> None:
    assert _agrees_in_python(document) is not None


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(PY_DOCUMENTS)
def test_dumps_are_pydantics(data: dict[str, Any]) -> None:
    """``model_dump`` (both modes, unknown fields too), ``model_dump_json`` and the
    ``model_copy`` the edits use, against pydantic's twin model of the same document."""
    try:
        twin = twins.Profile.model_validate(twins._twinned(copy.deepcopy(data)))
    except ValueError:
        return
    profile = Profile.model_validate(copy.deepcopy(data))
    for mode in ("python", "json"):
        assert _shape(profile.model_dump(mode=mode)) == _shape(twin.model_dump(mode=mode))
    assert json.loads(profile.model_dump_json()) == json.loads(twin.model_dump_json())
    update = {"notes": "n", "values": {"x": 1}, "later": [2]}
    copied, twin_copied = profile.model_copy(update=update), twin.model_copy(update=update)
    assert copied.model_dump(mode="json") == twin_copied.model_dump(mode="json")
    assert copied.model_fields_set == twin_copied.model_fields_set
    assert copied.model_extra == twin_copied.model_extra


def test_unknown_fields_are_kept_as_they_are() -> None:
    record = {"path": "/x/train.py", "sha256": "ab"}
    profile = Profile.model_validate({"source_script": record, "notes": "n"})
    assert profile.model_extra["source_script"] is record  # as pydantic keeps it
    assert profile.model_fields_set == {"source_script", "notes"}
    assert profile.source_script is record  # type: ignore[attr-defined]
    assert json.loads(dump_profile(profile))["source_script"] == record
    assert profile != Profile(notes="n")
    assert profile.model_copy(update={"later": 2}).model_extra == {
        **profile.model_extra,
        "later": 2,
    }


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
    with pytest.raises(dataclasses.FrozenInstanceError):
        plain.notes = "changed"  # type: ignore[misc]


def _pydantic_loaded_after(code: str) -> str:
    code = (
        f"import sys\nfrom ascend_studio.profile import *\n{code}\nprint('pydantic' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.name)
def test_reading_a_profile_imports_no_pydantic(path: Path) -> None:
    assert _pydantic_loaded_after(f"load_profile({str(path)!r})") == "False"


def test_making_and_editing_profiles_imports_no_pydantic() -> None:
    code = (
        "p = Profile(values={'a': Expr(expr='x'), 'b': b'y'}, env_verbatim=['A'],\n"
        "    extra_kwargs=(ExtraKwarg(owner='o', name='n', expr='e'),))\n"
        "p = p.with_value('c', 1).with_env('A', '$X', verbatim=True).with_target('atlas_a2')\n"
        "p = p.with_target('atlas_training', 'inference')\n"
        "dump_profile(p)\n"
        "assert parse_profile(dump_profile(p)) == p\n"
    )
    assert _pydantic_loaded_after(code) == "False"


def test_a_document_that_is_not_plain_imports_pydantic() -> None:
    assert _pydantic_loaded_after("Profile.model_validate({'schema_version': 1.0})") == "True"
