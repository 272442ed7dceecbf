"""Rules on the TF Adapter 2.x surface: which hold there, and the 2.x option classes'
own checks compared with the real classes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tf2_real import SKIP_CURRENT, current_package, derive_module

from ascend_studio.profile import Expr, Profile
from ascend_studio.rules import evaluate
from ascend_studio.rules._surfaces import HOLD_ON_TF2
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()
TF2 = CATALOG.tf2


def tf2(values: dict[str, Any], **data: Any) -> Profile:
    return Profile(surface="tf2", values=values, **data)


def ids(profile: Profile) -> list[str]:
    return [d.rule_id for d in evaluate(profile)]


def test_one_x_constructor_rules_stay_quiet_on_tf2() -> None:
    assert "type.mismatch" in ids(Profile(values={"aoe_mode": 2}))
    found = ids(tf2({"aoe_mode": 2}))
    assert "type.mismatch" not in found and "tf2.value.rejected" in found


def test_tf2_rules_stay_quiet_on_one_x() -> None:
    assert not [i for i in ids(Profile(values={"auto_tune_mode": "x"})) if i.startswith("tf2.")]
    # TF Adapter 1.x does not read NPU_*: how 2.x would read them is no concern of a 1.x job
    assert "tf2.env.loop_size_ignored" not in ids(Profile(env={"NPU_LOOP_SIZE": "0"}))


def test_an_empty_npu_loop_size_is_as_unset() -> None:
    assert "tf2.env.loop_size_ignored" not in ids(tf2({}, env={"NPU_LOOP_SIZE": ""}))
    assert "tf2.env.loop_size_ignored" in ids(tf2({}, env={"NPU_LOOP_SIZE": "-1"}))


def test_npu_enable_perf_alone_is_not_flagged() -> None:
    """The NPU_ENABLE_PERF page says it needs NPU_DEBUG; npu_logger.h's Timer prints the
    times with LOG(INFO) on NPU_ENABLE_PERF alone: the code wins."""
    assert not [i for i in ids(tf2({}, env={"NPU_ENABLE_PERF": "true"})) if i.startswith("tf2.")]


def test_every_listed_rule_exists() -> None:
    from ascend_studio.rules import RULES_BY_ID

    assert set(HOLD_ON_TF2) <= set(RULES_BY_ID)


def test_a_held_rule_cites_the_2x_page_and_names_the_2x_option() -> None:
    profile = tf2({"precision_mode": "force_fp32", "precision_mode_v2": "fp16"})
    (diag,) = [d for d in evaluate(profile) if d.rule_id == "precision.both_modes"]
    assert "docs/en/tfadapter_2/apiref/npu-global_options/accuracy_tuning.md" in diag.source
    found = evaluate(tf2({"dynamic_input_config.dynamic_node_type": 0}))
    (rejected,) = [d for d in found if d.rule_id == "tf2.value.rejected"]
    assert "experimental.multi_branches_config.dynamic_node_type" in rejected.message.en


def test_scenario_notes_of_the_one_x_page_do_not_hold_on_tf2() -> None:
    """Ascend's TF2 training scripts set multi_branches_config (inference only on 1.x)."""
    shape = {"dynamic_input_config.input_shape": "data:-1,128"}
    assert "scenario.param" in ids(Profile(values=shape))
    assert "scenario.param" not in ids(tf2(shape))


def test_a_run_time_precision_mode_gets_advice_about_its_value() -> None:
    found = evaluate(tf2({"precision_mode": Expr(expr="FLAGS.precision_mode")}))
    (advice,) = [d for d in found if d.rule_id == "precision_mode.prefer_v2"]
    assert advice.fix is not None and "FLAGS.precision_mode" in advice.fix.en
    assert "precision_mode=None" not in advice.fix.en


def test_type_error_or_value_error_as_the_newest_setter_raises() -> None:
    (diag,) = [d for d in evaluate(tf2({"graph_run_mode": "1"})) if d.rule_id.startswith("tf2.")]
    assert "TypeError" in diag.message.en  # the default is the int 1: another type
    (diag,) = [d for d in evaluate(tf2({"precision_mode": 1})) if d.rule_id.startswith("tf2.")]
    assert "ValueError" in diag.message.en  # no default: ValueError


def test_python_equality_decides_like_the_setter() -> None:
    assert "tf2.value.rejected" not in ids(tf2({"dump_config.enable_dump": 1}))
    assert "tf2.value.rejected" not in ids(tf2({"enable_small_channel": 0}))
    assert "tf2.value.rejected" in ids(tf2({"dump_config.enable_dump": "True"}))


def test_a_run_time_value_is_never_rejected() -> None:
    assert "tf2.value.rejected" not in ids(tf2({"precision_mode": Expr(expr="FLAGS.mode")}))


def test_the_defaults_are_the_2x_classes() -> None:
    from ascend_studio.rules import effective_value

    found = effective_value(tf2({}), "work_path")
    assert (found.value, found.source) == ("./", "signature default")  # NpuAoeConfig's
    assert effective_value(tf2({}), "iterations_per_loop").value is None  # no such option


# -- against the real option classes ---------------------------------------------------------
PACKAGE = current_package()
needs_source = pytest.mark.skipif(PACKAGE is None, reason=SKIP_CURRENT)
OPTIONS = list(TF2.in_release())
POOL = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 5),
    st.sampled_from([0.5, 1.0, "", "0", "1", "True", "auto", "O1", "fp16", "enable", "x"]),
)


def _value(option: Any) -> st.SearchStrategy[Any]:
    facts = option.facts_in(TF2.newest)
    listed = st.sampled_from(facts.values) if facts.values else st.nothing()
    return st.one_of(POOL, listed)


def _real_outcome(config: Any, path: str, value: Any) -> str | None:
    holder, _, name = path.rpartition(".")
    node = config
    for part in holder.split(".") if holder else ():
        node = getattr(node, part)
    try:
        setattr(node, name, value)
    except (TypeError, ValueError) as exc:
        return type(exc).__name__
    return None


@pytest.mark.slow
@needs_source
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_rejected_exactly_when_the_real_setter_raises(data: st.DataObject) -> None:
    assert PACKAGE is not None
    option = data.draw(st.sampled_from(OPTIONS))
    value = data.draw(_value(option))
    derive_module().read_release(PACKAGE)  # fresh npu_device.configs over the real files
    import sys

    config = sys.modules["npu_device.configs.npu_config"].NpuConfig()
    raised = _real_outcome(config, option.path, value)
    found = [d for d in evaluate(tf2({option.key: value})) if d.rule_id == "tf2.value.rejected"]
    assert bool(found) == (raised is not None), (option.path, value, raised)
    if found:
        assert raised in found[0].message.en


def test_no_held_rule_speaks_of_the_one_x_api() -> None:
    """A rule that holds on TF2 names no NPURunConfig-side class or call in its texts."""
    import re

    from ascend_studio.rules._registry import surface_rules
    from ascend_studio.rules._surfaces import TF2_ONLY

    one_x = re.compile(
        r"NPURunConfig|NPUEstimator|NPUOptimizer|DumpConfig\(|sess\.run|parameter_map"
    )
    for rule in surface_rules("tf2"):
        if rule.id in TF2_ONLY:
            continue
        texts = (
            [rule.message.en, rule.message.zh, *(rule.fix.en, rule.fix.zh)]
            if rule.fix
            else [rule.message.en, rule.message.zh]
        )
        assert not [t for t in texts if one_x.search(t)], rule.id
