"""The engine's public behaviour: ordering, robustness, explanations, data-driven checks."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rule_cases import P

from ascend_studio.profile import Expr, Profile
from ascend_studio.rules import (
    RULES,
    SEVERITIES,
    Diagnostic,
    effective_value,
    evaluate,
    explain,
)
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._evaluate import diagnose
from ascend_studio.rules._index import index_for
from ascend_studio.rules._model import rule
from ascend_studio.schema import load_catalog, shipped_catalog

CATALOG = shipped_catalog()
PATHS = [p.path for p in CATALOG.params]
MESSY = {
    "precision_mode": "force_fp16",
    "precision_mode_v2": "mixed_hif8",
    "aoe_mode": 1,
    "hccl_timeout": 600,
    "dump_config.enable_dump": True,
    "deterministic": 1,
}


def full_profile() -> Profile:
    """Every catalog parameter set (objects as expressions), plus a busy environment."""
    values: dict[str, Any] = {}
    for param in CATALOG.params:
        if param.py_type == "object":
            values[param.path] = Expr(expr=f"make_{param.name}()")
        elif param.default is not None:
            values[param.path] = param.default
        elif param.values:
            values[param.path] = param.values[-1].value
        else:
            values[param.path] = {"bool": True, "int": 3, "float": 2.5, "str": "x"}[param.py_type]
    env = {"RANK_SIZE": "8", "NPU_COLLECT_PATH": "/c", "AOE_MODE": "2", "TF_CONFIG": "{}"}
    return P(values, env=env, product="atlas_training")


def test_errors_come_first_and_order_is_stable() -> None:
    found = evaluate(P(MESSY, product="atlas_training"))
    ranks = [SEVERITIES.index(d.severity) for d in found]
    assert ranks == sorted(ranks)
    assert {d.severity for d in found} == set(SEVERITIES)
    assert found == evaluate(P(MESSY, product="atlas_training"))
    order = {r.id: i for i, r in enumerate(RULES)}
    for severity in SEVERITIES:
        ids = [order[d.rule_id] for d in found if d.severity == severity]
        assert ids == sorted(ids), "within a severity, declaration order"


def test_diagnostic_is_frozen_and_carries_values() -> None:
    found = evaluate(P({"aoe_mode": 2}))
    mismatch = next(d for d in found if d.rule_id == "type.mismatch")
    assert mismatch.value == {"aoe_mode": 2}
    assert mismatch.text("zh") != mismatch.text("en")
    with pytest.raises(dataclasses.FrozenInstanceError):
        mismatch.rule_id = "x"  # type: ignore[misc]


def test_a_clean_profile_has_no_errors_or_warnings() -> None:
    clean = P(
        {
            "precision_mode_v2": "mixed_float16",
            "iterations_per_loop": 100,
            "save_checkpoints_steps": 1000,
        }
    )
    assert [d for d in evaluate(clean) if d.severity != "info"] == []


def test_a_crashing_rule_reports_itself() -> None:
    def boom(c: Ctx) -> bool:
        raise RuntimeError("bug")

    broken = rule(
        "test.boom", "error", "docs", ("aoe_mode",), boom, message=("坏", "bad"), source="test"
    )
    found = diagnose(broken, Ctx(P(), index_for(CATALOG)))
    assert [d.rule_id for d in found] == ["internal.rule_failed"]
    assert "bug" in found[0].message.en


def test_full_profile_evaluates_without_internal_failures() -> None:
    profile = full_profile()
    found = evaluate(profile)
    assert found and not [d for d in found if d.rule_id.startswith("internal.")]
    for path in PATHS:
        assert effective_value(profile, path).path == path
        explain(profile, path)


def test_explain_lists_rules_neighbours_and_current_values() -> None:
    profile = P({"customize_dtypes": "/c.cfg", "precision_mode": "must_keep_origin_dtype"})
    why = explain(profile, "customize_dtypes")
    assert why.parameter is not None and why.parameter.name == "customize_dtypes"
    assert "customize_dtypes.ignored_by_origin" in [link.rule_id for link in why.firing]
    by = {i.path: i for i in why.affected_by}
    assert by["precision_mode"].value == "must_keep_origin_dtype"
    assert by["precision_mode"].shown == "'must_keep_origin_dtype'"
    assert why.effective.source == "ignored"
    assert [d.rule_id for d in why.diagnostics] == ["customize_dtypes.ignored_by_origin"]

    other = explain(profile, "precision_mode")
    assert "customize_dtypes" in [i.path for i in other.affects]
    link = next(x for x in other.rules if x.rule_id == "customize_dtypes.ignored_by_origin")
    assert link.fires and link.role == "affects"


def test_explain_quiet_rules_and_environment_variables() -> None:
    why = explain(P({"hccl_timeout": 1800}), "env:HCCL_EXEC_TIMEOUT")
    link = next(x for x in why.rules if x.rule_id == "env.hccl_exec_timeout.overridden")
    assert not link.fires and link.role == "affected"
    assert "…" in link.message.en  # worded as a rule, values left open
    assert [i.path for i in why.affected_by] == ["hccl_timeout"]
    symmetric = explain(P(), "precision_mode_v2")
    both = next(x for x in symmetric.rules if x.rule_id == "precision.both_modes")
    assert both.role == "both" and not both.fires


def test_explain_includes_catalog_families_that_apply() -> None:
    ids = {link.rule_id for link in explain(P(), "aicore_num").rules}
    assert {"avail.product", "type.mismatch", "aicore_num.format"} <= ids
    assert "range.out_of_range" not in ids  # aicore_num has no numeric range


def test_catalog_data_drives_generated_checks() -> None:
    """Restricting a parameter in the data adds the product check with no code."""
    param = CATALOG.param("deterministic")
    changed = dataclasses.replace(param, products=("atlas_a3",))
    params = tuple(changed if p.path == "deterministic" else p for p in CATALOG.params)
    edited = dataclasses.replace(CATALOG, params=params)
    profile = P({"deterministic": 1})
    assert "avail.product" not in {d.rule_id for d in evaluate(profile, CATALOG)}
    assert "avail.product" in {d.rule_id for d in evaluate(profile, edited)}


def test_explicit_catalog_gives_same_result_as_shipped() -> None:
    profile = P(MESSY, product="atlas_training")
    assert evaluate(profile, load_catalog()) == evaluate(profile)


_scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(
        ["", "0", "1", "true", "None", "{", "[[[", "0|5-1", "a:-1", "cv", "LoadBalance:0"]
    ),
    st.builds(Expr, expr=st.sampled_from(["None", "args.x", "f()"])),
)
_profiles = st.builds(
    P,
    st.dictionaries(st.sampled_from([*PATHS, "unknown_key"]), _scalars, max_size=25),
    env=st.dictionaries(
        st.sampled_from(
            [
                "RANK_SIZE",
                "CM_WORKER_SIZE",
                "AOE_MODE",
                "TF_CONFIG",
                "JOB_ID",
                "HCCL_EXEC_TIMEOUT",
                "ASCEND_DEVICE_ID",
            ]
        ),
        st.one_of(st.none(), st.text(max_size=20).filter(lambda s: "\0" not in s)),
        max_size=4,
    ),
    product=st.sampled_from(CATALOG.product_ids),
    scenario=st.sampled_from(["training", "inference"]),
    files=st.dictionaries(
        st.sampled_from(
            ["op_debug_config", "aoe_config_file", "op_precision_mode", "fusion_switch_file"]
        ),
        st.text(max_size=40),
        max_size=2,
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_profiles)
def test_any_profile_evaluates_without_crashing(profile: Profile) -> None:
    found = evaluate(profile)
    assert all(isinstance(d, Diagnostic) for d in found)
    assert not [d for d in found if d.rule_id.startswith("internal.")], found
    for path in list(profile.values)[:3]:
        explain(profile, path)


def test_values_read_only_under_a_switch_are_errors_only_then() -> None:
    bad = {"dump_config.dump_mode": "both", "dump_config.dump_path": "/d"}
    off = {d.rule_id for d in evaluate(P(bad))}
    on = {d.rule_id for d in evaluate(P({**bad, "dump_config.enable_dump": True}))}
    assert "value.not_allowed" in on and "value.not_allowed" not in off
    assert "value.undocumented" in off
