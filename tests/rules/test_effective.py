"""Effective values: what the runtime really uses, with where it comes from."""

from __future__ import annotations

import pytest
from rule_cases import GRM0, INF, P

from ascend_studio.profile import Expr
from ascend_studio.rules import effective_value


@pytest.mark.parametrize(
    ("product", "entered", "expected", "source"),
    [
        ("atlas_training", 600, 544, "rounded"),
        ("atlas_300i_duo", 600, 544, "rounded"),
        ("atlas_training", 67, 68, "rounded"),
        ("atlas_training", 1836, 1836, "set"),
        ("atlas_a2", 600, 600, "set"),
        ("atlas_350", 0, 0, "set"),
    ],
)
def test_hccl_timeout(product: str, entered: int, expected: int, source: str) -> None:
    result = effective_value(P({"hccl_timeout": entered}, product=product), "hccl_timeout")
    assert (result.value, result.source) == (expected, source)
    assert result.differs is (expected != entered)
    assert result.entered == entered


def test_hccl_timeout_unset_uses_environment_then_documented_default() -> None:
    from_env = effective_value(
        P(env={"HCCL_EXEC_TIMEOUT": "600"}, product="atlas_training"), "hccl_timeout"
    )
    assert (from_env.value, from_env.source) == (544, "rounded")
    plain = effective_value(P(env={"HCCL_EXEC_TIMEOUT": "600"}), "hccl_timeout")
    assert (plain.value, plain.source, plain.differs) == (600, "environment", False)
    default = effective_value(P(), "hccl_timeout")
    assert (default.value, default.source) == (1836, "documented default")


@pytest.mark.parametrize(("entered", "expected"), [(-5, 0), (40_000_000, 33554432)])
def test_input_fusion_size_is_clamped(entered: int, expected: int) -> None:
    result = effective_value(P({"input_fusion_size": entered}), "input_fusion_size")
    assert (result.value, result.source, result.differs) == (expected, "clamped", True)
    assert result.note is not None and result.note.zh and result.note.en


def test_input_fusion_size_in_range_is_kept() -> None:
    result = effective_value(P({"input_fusion_size": 25600}), "input_fusion_size")
    assert (result.value, result.source, result.differs) == (25600, "set", False)


def test_enable_small_channel_forced_in_inference() -> None:
    forced = effective_value(P({"enable_small_channel": 0, **GRM0}, **INF), "enable_small_channel")
    assert (forced.value, forced.source, forced.differs) == (1, "forced", True)
    unset = effective_value(P(GRM0, **INF), "enable_small_channel")
    assert (unset.value, unset.source, unset.differs) == (1, "forced", False)
    training = effective_value(P({"enable_small_channel": 0}), "enable_small_channel")
    assert (training.value, training.source) == (0, "set")


@pytest.mark.parametrize(("entered", "ge"), [("true", "1"), ("false", "0"), ("auto", "2")])
def test_jit_compile_mapping(entered: str, ge: str) -> None:
    result = effective_value(P({"jit_compile": entered}), "jit_compile")
    assert result.value == entered and not result.differs
    assert result.note is not None and f"jit_compile={ge}" in result.note.en


def test_jit_compile_unset_is_auto() -> None:
    result = effective_value(P(), "jit_compile")
    assert (result.value, result.source) == ("auto", "signature default")
    assert result.note is not None and "jit_compile=2" in result.note.en


def test_documented_default_depends_on_product_and_scenario() -> None:
    a2 = effective_value(P(), "precision_mode")
    assert (a2.value, a2.source) == ("must_keep_origin_dtype", "documented default")
    legacy = effective_value(P(product="atlas_training"), "precision_mode")
    assert legacy.value == "allow_fp32_to_fp16"
    # With precision_mode_v2 set, precision_mode is simply not sent.
    other = effective_value(P({"precision_mode_v2": "fp16"}), "precision_mode")
    assert (other.value, other.source) == (None, "signature default")


def test_signature_default_when_nothing_documented() -> None:
    result = effective_value(P(), "iterations_per_loop")
    assert (result.value, result.source, result.differs) == (1, "signature default", False)


def test_ignored_settings() -> None:
    result = effective_value(P({"shape_generalization_mode": "FULL"}), "shape_generalization_mode")
    assert (result.value, result.source, result.differs) == (None, "ignored", True)
    kept = effective_value(
        P({"shape_generalization_mode": "FULL", "jit_compile": "true"}), "shape_generalization_mode"
    )
    assert (kept.value, kept.source) == ("FULL", "set")
    dead = effective_value(P({"graph_memory_max_size": 1024}), "graph_memory_max_size")
    assert dead.source == "ignored"
    dtypes = effective_value(P({"customize_dtypes": "/c.cfg"}), "customize_dtypes")
    assert dtypes.source == "ignored"  # A2 training defaults keep the original precision


def test_forced_by_environment_and_by_debug_settings() -> None:
    dump = effective_value(P(env={"NPU_COLLECT_PATH": "/c"}), "enable_exception_dump")
    assert (dump.value, dump.source) == (1, "forced")
    cache = effective_value(
        P({"op_compiler_cache_mode": "enable", "op_debug_level": 2}), "op_compiler_cache_mode"
    )
    assert (cache.value, cache.source, cache.differs) == ("disable", "forced", True)
    policy = effective_value(
        P({"memory_config.static_memory_policy": 1}), "memory_config.static_memory_policy"
    )
    assert (policy.value, policy.source) == (2, "forced")


def test_device_id_from_environment() -> None:
    result = effective_value(P(env={"ASCEND_DEVICE_ID": "3"}), "session_device_id")
    assert (result.value, result.source) == ("3", "environment")
    chosen = effective_value(
        P({"session_device_id": 1}, env={"ASCEND_DEVICE_ID": "3"}), "session_device_id"
    )
    assert (chosen.value, chosen.source) == (1, "set")


def test_expression_is_reported_as_set() -> None:
    value = Expr(expr="args.hccl")
    result = effective_value(P({"hccl_timeout": value}, product="atlas_training"), "hccl_timeout")
    assert (result.value, result.source, result.differs) == (value, "set", False)


def test_always_sent_keys_use_the_signature_default() -> None:
    """enable_data_pre_proc is documented False for sess.run, but NPUEstimator sends True."""
    result = effective_value(P(), "enable_data_pre_proc")
    assert (result.value, result.source) == (True, "signature default")


def test_checkpoint_steps_default_only_without_seconds() -> None:
    assert effective_value(P(), "save_checkpoints_steps").value == 100
    other = effective_value(P({"save_checkpoints_secs": 600}), "save_checkpoints_steps")
    assert (other.value, other.source) == (None, "signature default")


def test_environment_variable_paths_report_the_profile_value() -> None:
    """``env:NAME`` is what the profile exports, never a parameter's "signature default"."""
    p = P({"hccl_timeout": 600}, env={"HCCL_EXEC_TIMEOUT": "1000", "DUMP_GRAPH_PATH": None})
    given = effective_value(p, "env:HCCL_EXEC_TIMEOUT")
    assert (given.value, given.source, given.entered) == ("1000", "environment", "1000")
    removed = effective_value(p, "env:DUMP_GRAPH_PATH")
    assert (removed.value, removed.source) == (None, "environment")
    assert removed.note is not None and "unset" in removed.note.en
    absent = effective_value(p, "env:ASCEND_WORK_PATH")
    assert absent.source == "environment" and absent.note is not None
    assert "not set" in absent.note.en and absent.note.zh


def _every_value_set() -> dict[str, object]:
    from ascend_studio.schema import shipped_catalog

    values: dict[str, object] = {}
    for param in shipped_catalog().params:
        if param.kind in {"subconfig", "object"}:
            continue
        if param.default is not None:
            values[param.path] = param.default
        elif param.values:
            values[param.path] = param.values[-1].value
        else:
            values[param.path] = {"int": 7, "float": 0.5, "bool": True}.get(param.py_type, "x")
    return values


@pytest.mark.parametrize(
    "profile",
    [
        P(),
        P({"hccl_timeout": 600, "input_fusion_size": 1}, product="atlas_training"),
        P({"enable_small_channel": 0}, scenario="inference", env={"HCCL_EXEC_TIMEOUT": "9"}),
        P(_every_value_set(), product="atlas_training", env={"ASCEND_DEVICE_ID": "1"}),
        P(_every_value_set(), product="atlas_a2", scenario="inference"),
    ],
    ids=["empty", "some", "inference", "every-training", "every-inference"],
)
def test_one_context_for_many_paths_gives_the_same_answers(profile: object) -> None:
    """The app asks for every parameter at once through one rules context: the answers
    are the ones asked one by one."""
    from ascend_studio.profile import Profile
    from ascend_studio.rules import effective_values
    from ascend_studio.schema import shipped_catalog

    assert isinstance(profile, Profile)
    paths = [p.path for p in shipped_catalog().params] + ["env:HCCL_EXEC_TIMEOUT"]
    together = effective_values(profile, paths)
    assert list(together) == paths
    assert together == {path: effective_value(profile, path) for path in paths}
