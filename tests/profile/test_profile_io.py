from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from writable_fields import ENV_NAMES, ENV_TEXT, EXPRESSIONS, IDENTIFIERS, SHELL_WORDS

from ascend_studio.profile import (
    SCHEMA_VERSION,
    Expr,
    ExtraKwarg,
    Profile,
    ProfileError,
    dump_profile,
    load_profile,
    parse_profile,
    save_profile,
)

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
values = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**53), max_value=2**53),
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
    st.builds(Expr, expr=EXPRESSIONS),
)


@st.composite
def _env(draw: st.DrawFn) -> tuple[dict[str, str | None], tuple[str, ...]]:
    """Literal values of any text; kept shell text (verbatim) one shell word."""
    env = draw(st.dictionaries(ENV_NAMES, st.none() | ENV_TEXT))
    kept = draw(st.dictionaries(ENV_NAMES, SHELL_WORDS, max_size=3))
    return {**env, **kept}, tuple(sorted(kept))


profiles = _env().flatmap(
    lambda env: st.builds(
        Profile,
        product=st.sampled_from(["atlas_a2", "atlas_training", "atlas_350"]),
        scenario=st.sampled_from(["training", "inference"]),
        values=st.dictionaries(
            st.from_regex(r"[a-z_]{1,12}(\.[a-z_]{1,12})?", fullmatch=True), values
        ),
        env=st.just(env[0]),
        extra_kwargs=st.lists(
            st.builds(ExtraKwarg, owner=st.just("NPURunConfig"), name=IDENTIFIERS, expr=EXPRESSIONS)
        ).map(tuple),
        env_verbatim=st.just(env[1]),
        file_contents=st.dictionaries(
            st.sampled_from(["op_debug_config", "aoe_config_file"]), texts
        ),
        notes=texts,
    )
)


@settings(max_examples=150)
@given(profiles)
def test_save_then_load_gives_an_equal_profile(profile: Profile) -> None:
    again = parse_profile(dump_profile(profile))
    assert again == profile
    for key, value in profile.values.items():
        assert type(again.values[key]) is type(value)  # True stays bool, 1 stays int


def test_file_round_trip_keeps_unknown_fields(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(
        json.dumps(
            {"schema_version": 1, "values": {"graph_run_mode": 0}, "from_the_future": {"a": [1, 2]}}
        )
    )
    profile = load_profile(path)
    assert profile.values == {"graph_run_mode": 0}
    save_profile(profile, path)
    assert json.loads(path.read_text())["from_the_future"] == {"a": [1, 2]}


def test_set_to_default_is_distinct_from_unset() -> None:
    profile = Profile().with_value("graph_run_mode", 1)
    assert profile.is_set("graph_run_mode")
    assert not profile.without_value("graph_run_mode").is_set("graph_run_mode")
    assert parse_profile(dump_profile(profile)).is_set("graph_run_mode")


def test_dump_is_canonical() -> None:
    a = Profile().with_value("b", 1).with_value("a", 2)
    b = Profile().with_value("a", 2).with_value("b", 1)
    assert dump_profile(a) == dump_profile(b)
    assert dump_profile(a).endswith("\n")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"values": {"a": 1}', "not valid JSON"),
        (b"", "not valid JSON"),
        (b"[1, 2]", "JSON object"),
        (b'{"schema_version": 99}', "newer Ascend Studio"),
        (b'{"schema_version": "one"}', "schema_version"),
        (b'{"values": {"a": [1]}}', "invalid profile: values.a"),
        (b'{"scenario": "serving"}', "invalid profile: scenario"),
        (b"\xff\xfe{}", "not UTF-8"),
    ],
)
def test_bad_files_give_a_clear_error_and_are_not_touched(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ProfileError, match=message) as info:
        load_profile(path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == content


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="cannot read"):
        load_profile(tmp_path / "nope.json")


def test_unwritable_target_keeps_old_file(tmp_path: Path) -> None:
    target = tmp_path / "locked" / "p.json"
    target.parent.mkdir()
    save_profile(Profile(notes="old"), target)
    os.chmod(target.parent, 0o500)
    try:
        if os.access(target.parent, os.W_OK):
            pytest.skip("running as a user who can write anywhere (root)")
        with pytest.raises(ProfileError, match="cannot write"):
            save_profile(Profile(notes="new"), target)
        assert load_profile(target).notes == "old"
    finally:
        os.chmod(target.parent, 0o700)


def test_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="cannot write"):
        save_profile(Profile(), tmp_path / "no" / "such" / "dir" / "p.json")


def test_write_failure_midway_leaves_no_temp_and_keeps_old(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "p.json"
    save_profile(Profile(notes="old"), target)

    def boom(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(ProfileError, match="No space left"):
        save_profile(Profile(notes="new"), target)
    monkeypatch.undo()
    assert load_profile(target).notes == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json"]


def test_migration_hook_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    from ascend_studio.profile import _io

    monkeypatch.setattr(_io, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(_io.MIGRATIONS, 1, lambda d: {**d, "notes": "migrated"})
    data = _io._migrate({"schema_version": 1}, "<t>")
    assert data == {"schema_version": 2, "notes": "migrated"}
    assert SCHEMA_VERSION == 1


def test_env_edits_keep_verbatim_marks_consistent() -> None:
    p = Profile().with_env("A", "$HOME/x", verbatim=True).with_env("B", "plain")
    assert p.env_verbatim == ("A",)
    assert p.with_env("A", "literal").env_verbatim == ()
    assert p.without_env("A").env_verbatim == ()
    assert parse_profile(dump_profile(p)).env_verbatim == ("A",)
