"""The layered environment and the env-script reader."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ascend_studio.codegen import parse_env_script, read_env_script, shell_quote
from ascend_studio.paths import Environment, EnvSource
from ascend_studio.profile import Profile


def test_sources_stack_process_script_profile_typed() -> None:
    profile = Profile(env={"A": "profile", "B": "profile"})
    env = Environment.build(
        profile=profile,
        scripts=[("run.sh", {"A": "script", "B": "script", "C": "script"})],
        process={"A": "process", "B": "process", "C": "process", "D": "process"},
        typed={"A": "typed"},
    )
    assert env.as_dict() == {"A": "typed", "B": "profile", "C": "script", "D": "process"}
    assert env.get("A").origin == "typed value"  # type: ignore[union-attr]
    assert env.get("B").origin == "profile environment"  # type: ignore[union-attr]
    assert env.get("C").origin == "env script run.sh"  # type: ignore[union-attr]
    assert env.get("D").origin == "process environment"  # type: ignore[union-attr]


def test_overridden_values_are_kept_nearest_first() -> None:
    env = Environment.build(
        profile=Profile(env={"A": "p"}), scripts=[("s.sh", {"A": "s"})], process={"A": "x"}
    )
    entry = env.get("A")
    assert entry is not None
    assert [(v, s.origin) for v, s in entry.overridden] == [
        ("s", "env script s.sh"),
        ("x", "process environment"),
    ]


def test_none_unsets_and_hides_lower_values() -> None:
    env = Environment.build(profile=Profile(env={"A": None}), process={"A": "x"})
    assert env.value("A") is None
    assert "A" in env
    assert env.get("A").origin == "profile environment"  # type: ignore[union-attr]
    assert env.get("MISSING") is None


def test_process_true_reads_os_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASCEND_WORK_PATH", "/from/process")
    env = Environment.build(process=True)
    assert env.value("ASCEND_WORK_PATH") == "/from/process"
    assert "ASCEND_WORK_PATH" not in Environment.build()


def test_with_layer_does_not_change_the_original() -> None:
    base = Environment().with_layer(EnvSource.typed("cli"), {"A": "1"})
    top = base.with_layer(EnvSource.typed(), {"A": "2"})
    assert base.value("A") == "1"
    assert top.value("A") == "2"
    assert base.get("A").origin == "cli"  # type: ignore[union-attr]
    assert list(top) == ["A"]


# -- env scripts (through the codegen shell importer) ------------------------------


def test_reads_exports_and_unsets() -> None:
    script = parse_env_script(
        "#!/bin/sh\n"
        "# comment\n"
        "export ASCEND_WORK_PATH='/数据/my work'\n"
        "export A=1 B=two\n"
        'declare -x HOME="/root"\n'
        "unset NPU_COLLECT_PATH\n"
        "export LONG=a\\\n"
        "b\n",
        "run.sh",
    )
    assert script.values == {
        "ASCEND_WORK_PATH": "/数据/my work",
        "A": "1",
        "B": "two",
        "HOME": "/root",
        "NPU_COLLECT_PATH": None,
        "LONG": "ab",
    }
    assert script.problems == []


def test_a_variable_never_exported_is_not_environment() -> None:
    script = parse_env_script("DUMP_GE_GRAPH=2\n", "run.sh")
    assert script.values == {}
    assert script.problems[0].startswith("[not_exported] line 1: DUMP_GE_GRAPH")
    assert script.report.items[0].message.zh


def test_env_dump_lines_with_spaces_are_read_raw() -> None:
    script = parse_env_script("PATH=/usr/bin:/bin\nNAME=a b c\n", "env.txt")
    assert script.values == {"PATH": "/usr/bin:/bin", "NAME": "a b c"}


def test_references_stay_verbatim_and_later_lines_win() -> None:
    script = parse_env_script("export A=1\nexport A=$HOME/x\n", "a.sh")
    assert script.values == {"A": "$HOME/x"}
    assert any(p.startswith("[conflict]") for p in script.problems)


def test_other_lines_are_never_executed(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    script = parse_env_script(
        f"touch {marker}\nexport X=$(touch {marker})\nexport 'Y=open\n", "a.sh"
    )
    assert not marker.exists()
    assert script.values.get("Y") is None
    assert any(p.startswith("[syntax_error]") for p in script.problems)


def test_files_are_read_and_unreadable_ones_reported(tmp_path: Path) -> None:
    target = tmp_path / "job.sh"
    target.write_bytes("export ASCEND_WORK_PATH=/w/任务\n".encode() + b"export BAD=\xff\n")
    assert read_env_script(target).values["ASCEND_WORK_PATH"] == "/w/任务"
    script = read_env_script(tmp_path / "missing.sh")
    assert script.values == {}
    assert "cannot read" in script.problems[0]


_names = st.from_regex(r"[A-Z_][A-Z0-9_]{0,8}", fullmatch=True)
_values = st.text(st.characters(blacklist_categories=["Cs", "Cc"]), max_size=20)


@given(st.dictionaries(_names, _values, max_size=5))
def test_round_trip_through_quoted_exports(values: dict[str, str]) -> None:
    text = "".join(f"export {name}={shell_quote(value)}\n" for name, value in values.items())
    assert parse_env_script(text, "gen.sh").values == values


def test_every_source_has_a_stable_origin_and_a_bilingual_label() -> None:
    sources = [
        EnvSource.process(),
        EnvSource.script("a.sh"),
        EnvSource.profile(),
        EnvSource.typed(),
    ]
    assert [s.origin for s in sources] == [
        "process environment",
        "env script a.sh",
        "profile environment",
        "typed value",
    ]
    for source in sources:
        assert source.label.en == source.origin
        assert source.label.zh != source.label.en
