"""A switch given as an expression (``args.dump``, ``"True" == os.getenv(...)``) is
known at run time: never stated as off, by the rules, the effective values, the
form's rows or the path view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.codegen import import_text
from ascend_studio.paths import resolve
from ascend_studio.profile import Expr, Profile
from ascend_studio.rules import effective_value, evaluate
from ascend_studio.schema import shipped_catalog

FLAG = """\
import os
from npu_bridge.npu_init import *
enable_dump = "True" == os.getenv("FLAG_ENABLE_DUMP")
dump_config = DumpConfig(enable_dump=enable_dump, dump_path="/tmp/dump", dump_step="0|5",
                         dump_mode="all", dump_data="stats", dump_layer="conv1")
config = NPURunConfig(dump_config=dump_config)
"""
ARGS = """\
import argparse
from npu_bridge.npu_init import *
parser = argparse.ArgumentParser()
parser.add_argument("--dump", action="store_true")
args = parser.parse_args()
dump_config = DumpConfig(enable_dump=args.dump, dump_path="/tmp/dump", dump_step="0|5",
                         dump_mode="all")
config = NPURunConfig(dump_config=dump_config, profiling_config=ProfilingConfig(
    enable_profiling=FLAGS.profiling, profiling_options='{"output": "/p"}'))
"""
DUMP_FIELDS = ("dump_step", "dump_mode", "dump_data", "dump_layer", "dump_path")


def _profile(text: str) -> Profile:
    (config,) = import_text(text, "train.py").configs
    return config.profile


@pytest.mark.parametrize("text", [FLAG, ARGS], ids=["getenv", "argparse"])
def test_the_rules_never_state_a_run_time_switch_off(text: str) -> None:
    found = evaluate(_profile(text))
    ids = {d.rule_id for d in found}
    assert "dump.settings_ignored" not in ids
    assert "profiling_options.without_profiling" not in ids
    assert not [d for d in found if " off" in d.message.en]


@pytest.mark.parametrize("text", [FLAG, ARGS], ids=["getenv", "argparse"])
def test_validate_says_nothing_is_off(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "train.py"
    path.write_text(text, encoding="utf-8")
    assert run_cli(["validate", "--json", str(path)]) == 0
    document = json.loads(capsys.readouterr().out)
    messages = [d["message"]["en"] for c in document["configs"] for d in c["diagnostics"]]
    assert not [m for m in messages if "off" in m]


def test_effective_values_say_known_at_run_time_not_ignored() -> None:
    profile = _profile(FLAG)
    for name in DUMP_FIELDS[:4]:
        found = effective_value(profile, f"dump_config.{name}")
        assert found.source == "set" and not found.differs, name
        assert found.note is not None and found.note.en.startswith("Known only at run time ")
        assert "运行时才知道" in found.note.zh


def test_a_switch_known_off_still_drops_its_fields() -> None:
    profile = _profile(FLAG.replace("enable_dump=enable_dump", "enable_dump=False"))
    assert effective_value(profile, "dump_config.dump_step").source == "ignored"
    assert "dump.settings_ignored" in {d.rule_id for d in evaluate(profile)}
    none = Profile(
        values={"dump_config.enable_dump": Expr(expr="None"), "dump_config.dump_step": "1"}
    )
    assert "dump.settings_ignored" in {d.rule_id for d in evaluate(none)}  # None: not on


def test_the_path_view_says_known_at_run_time() -> None:
    profile = _profile(FLAG)
    (dump,) = [
        r for r in resolve(profile, catalog=shipped_catalog()) if r.artifact.id == "data_dump"
    ]
    assert dump.reason is not None
    assert dump.reason.en == (
        "Known at run time: whether it is produced depends on dump_config.enable_dump=enable_dump."
    )
