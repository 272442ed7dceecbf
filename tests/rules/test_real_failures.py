"""Failures the real TF Adapter raises, ignores or reroutes (each checked
against hicann/tensorflow: the file and line are in each rule's source)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rule_cases import DYN, WORK, P, with_none

from ascend_studio.cli import run_cli
from ascend_studio.paths import Context, Environment, EnvSource, load_artifacts, resolve
from ascend_studio.profile import Expr, Profile, save_profile
from ascend_studio.rules import RULES_BY_ID, effective_value, evaluate
from ascend_studio.schema import shipped_catalog
from ascend_studio.schema._formats import check_accelerate_train_mode


def _ids(profile: Profile, severity: str | None = None) -> set[str]:
    return {d.rule_id for d in evaluate(profile) if severity in (None, d.severity)}


# -- #2 compile_dynamic_mode and AOE against dynamic inputs (geop_npu.cc) -------------


def test_compile_dynamic_mode_conflicts_are_errors() -> None:
    found = _ids(P({"compile_dynamic_mode": True, "dynamic_input": True, **DYN}), "error")
    assert {
        "compile_dynamic_mode.with_dynamic_input",
        "compile_dynamic_mode.with_dynamic_dims",
    } <= found


def test_aoe_through_the_environment_with_gears_is_an_error() -> None:
    assert "aoe.with_dynamic_dims" in _ids(P(DYN, env={"AOE_MODE": "2"}))
    assert "aoe.with_dynamic_dims" not in _ids(P(DYN, env={"AOE_MODE": "$MODE"}))


def test_values_known_only_at_run_time_are_never_these_errors() -> None:
    values: dict[str, Any] = {
        "compile_dynamic_mode": Expr(expr="FLAGS.cdm"),
        "dynamic_input": True,
        "aoe_mode": Expr(expr="FLAGS.aoe"),
        **DYN,
    }
    found = _ids(Profile(values=values), "error")
    assert not found & {
        "compile_dynamic_mode.with_dynamic_input",
        "compile_dynamic_mode.with_dynamic_dims",
        "aoe.with_dynamic_dims",
    }


def test_incomplete_dynamic_config_does_not_count_as_sent() -> None:
    partial = P({"compile_dynamic_mode": True, "dynamic_input_config.input_shape": "data:1,-1"})
    assert "compile_dynamic_mode.with_dynamic_dims" not in _ids(partial)


# -- #3 dynamic_dims gears: 2..100, 2..256 on Atlas 350 ----------------------------------


def _gears(n: int) -> str:
    return ";".join(str(i + 1) for i in range(n))


@pytest.mark.parametrize(
    ("product", "gears", "fires"),
    [
        ("atlas_a2", 1, True),
        ("atlas_a2", 2, False),
        ("atlas_a2", 100, False),
        ("atlas_a2", 101, True),
        ("atlas_training", 101, True),
        ("atlas_350", 256, False),
        ("atlas_350", 257, True),
        ("atlas_200i_500_a2", 300, False),  # no documented maximum there
        ("atlas_200i_500_a2", 1, True),
    ],
)
def test_gear_count(product: str, gears: int, fires: bool) -> None:
    profile = P({**DYN, "dynamic_input_config.dynamic_dims": _gears(gears)}, product=product)
    assert ("dynamic_dims.gear_count" in _ids(profile)) is fires


def test_dynamic_dims_no_longer_claims_a_cpp_abort_on_mismatch() -> None:
    text = shipped_catalog().param("dynamic_input_config.dynamic_dims").description.en
    assert "mismatch with input_shape or a malformed value aborts" not in text
    assert "does not compare the counts" in text
    assert "dynamic_shape.md" in RULES_BY_ID["dynamic_input_config.dims_count"].source


# -- #5 accelerate_train_mode as GeOp::ParserAccelerateTrain reads it -------------------


@pytest.mark.parametrize("text", ["fast|step", "fast|loss", "fast1|step|", "fast|step|0.5"])
def test_accelerate_train_mode_accepted_like_the_cpp(text: str) -> None:
    assert check_accelerate_train_mode(text) is None
    assert "accelerate_train_mode.format" not in _ids(
        P({"experimental_config.accelerate_train_mode": text})
    )


@pytest.mark.parametrize("text", ["fast", "fast|x", "slow|step", "fast|step|0.95", "a|b|c|d"])
def test_accelerate_train_mode_rejected_like_the_cpp(text: str) -> None:
    assert check_accelerate_train_mode(text) is not None


# -- #6 dynamic_input forces jit_compile; DEVICE_ID still read by GE init ---------------


def test_shape_generalization_is_not_ignored_under_dynamic_input() -> None:
    values = {"shape_generalization_mode": "ADAPTIVE", "jit_compile": "false"}
    assert "shape_generalization_mode.needs_jit_true" in _ids(P(values))
    forced = P({**values, "dynamic_input": True})
    assert "shape_generalization_mode.needs_jit_true" not in _ids(forced)
    assert not effective_value(forced, "shape_generalization_mode").differs


def test_device_id_is_not_ignored_under_session_device_id() -> None:
    found = _ids(P({"session_device_id": 2}, env={"DEVICE_ID": "2"}))
    assert "env.device_id.shadowed" not in found
    assert "env.device_id.read_by_ge_init" in found
    assert "env.device_id.shadowed" in _ids(P(env={"DEVICE_ID": "1", "ASCEND_DEVICE_ID": "0"}))


# -- #9 profiling output and exception dumps under ASCEND_WORK_PATH ---------------------

CTX = Context(cwd="/job", home="/home/u", pid=1, device_id=0, session_id=1)
PROFILING = {"profiling_config.enable_profiling": True}


def _path(art: str, values: dict[str, Any], work: str | None) -> str | None:
    env = Environment()
    if work:
        env = env.with_layer(EnvSource.profile(), {"ASCEND_WORK_PATH": work})
    (res,) = resolve(Profile(values=values), env, CTX, artifacts=[load_artifacts().get(art)])
    return res.path


def test_profiling_without_output_goes_under_ascend_work_path() -> None:
    options = {**PROFILING, "profiling_config.profiling_options": '{"task_trace": "on"}'}
    assert _path("profiling_data", options, WORK) == f"{WORK}/profiling_data"
    with_output = {**PROFILING, "profiling_config.profiling_options": '{"output": "/p"}'}
    assert _path("profiling_data", with_output, WORK) == "/p"
    assert _path("profiling_data", PROFILING, WORK) == "/job"  # built-in options: "./"


def test_no_output_quotes_the_page_and_is_quiet_with_a_work_path() -> None:
    values = {**PROFILING, "profiling_config.profiling_options": '{"task_trace": "on"}'}
    found = [d for d in evaluate(P(values)) if d.rule_id == "profiling_options.no_output"]
    assert found and "one of output and ASCEND_WORK_PATH must be set" in found[0].message.en
    assert "ASCEND_WORK_PATH" in found[0].source and "seed" not in found[0].source
    assert "profiling_options.no_output" not in _ids(P(values, env={"ASCEND_WORK_PATH": WORK}))


def test_exception_dump_under_work_path_is_extra_info_data_dump() -> None:
    values = {"enable_exception_dump": 1}
    assert _path("exception_dump_mode1", values, WORK) == f"{WORK}/extra-info/data-dump"


# -- #11 an invalid ASCEND_WORK_PATH is a diagnostic, in validate too -------------------


def test_validate_reports_an_invalid_work_path_in_a_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "run.sh"
    script.write_text('export ASCEND_WORK_PATH="/data/my job/172.16.1.12"\npython3 train.py\n')
    assert run_cli(["validate", str(script)]) == 1
    assert "env.ascend_work_path.invalid" in capsys.readouterr().out


def test_validate_reports_an_invalid_work_path_in_a_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save_profile(P(env={"ASCEND_WORK_PATH": "/w/a b/172.16.1.12"}), tmp_path / "p.json")
    assert run_cli(["validate", str(path)]) == 1
    assert "U+0020 SPACE" in capsys.readouterr().out


def test_work_path_from_shell_text_is_not_an_error() -> None:
    assert "env.ascend_work_path.invalid" not in _ids(P(env={"ASCEND_WORK_PATH": "${HOME}/w x"}))


# -- DynamicInputConfig with None: NPUEstimator drops all four keys ---------------------


def test_none_in_dynamic_input_config_warns_that_all_four_keys_are_dropped() -> None:
    p = with_none({**DYN}, "dynamic_input_config.compile_hybrid_mode")
    found = next(d for d in evaluate(p) if d.rule_id == "dynamic_input_config.none_dropped")
    assert found.severity == "warning" and "silently dropped" in found.message.en
    assert found.fix is not None and "compile_hybrid_mode=0" in found.fix.en


def test_explicit_none_is_not_a_given_value_for_cross_parameter_rules() -> None:
    """``save_checkpoints_steps=None, save_checkpoints_secs=None`` (a ModelZoo script):
    RunConfig checks ``is not None``, so nothing conflicts."""
    both_none = with_none({}, "save_checkpoints_steps", "save_checkpoints_secs")
    assert "checkpoints.both_set" not in _ids(both_none)
    assert "checkpoints.both_set" in _ids(
        P({"save_checkpoints_steps": 10, "save_checkpoints_secs": 60})
    )


def test_explicit_none_in_dynamic_input_config_is_not_a_missing_argument() -> None:
    """``DynamicInputConfig(shape, dims, None, None)`` constructs: no TypeError error."""
    p = with_none(
        {
            "dynamic_input_config.input_shape": "data:1,-1",
            "dynamic_input_config.dynamic_dims": "1;2",
        },
        "dynamic_input_config.dynamic_node_type",
        "dynamic_input_config.compile_hybrid_mode",
    )
    found = _ids(p)
    assert "dynamic_input_config.incomplete" not in found
    assert "dynamic_input_config.none_dropped" in found
