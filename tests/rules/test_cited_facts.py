"""Facts whose source or strength was checked against the real code and docs."""

from __future__ import annotations

import re

import pytest
import tfa_source

from ascend_studio.profile import Profile
from ascend_studio.rules import RULES_BY_ID, evaluate


def _found(values: dict[str, object], env: dict[str, str | None] | None = None) -> dict[str, str]:
    profile = Profile.model_validate({"values": values, "env": env or {}})
    return {d.rule_id: d.severity for d in evaluate(profile)}


def test_hccl_exec_timeout_cites_the_page_that_ties_it_to_hccl_timeout() -> None:
    rule = RULES_BY_ID["env.hccl_exec_timeout.invalid"]
    assert "npurunconfig-page" not in rule.source
    assert "exception_remedy.md" in rule.source
    assert _found({}, {"HCCL_EXEC_TIMEOUT": "ten"})["env.hccl_exec_timeout.invalid"] == "warning"


def test_a_shape_range_the_adapter_parses_is_not_an_error_for_its_dimensions() -> None:
    """ParseInputShapeRange checks the groups (LOG(FATAL)), not the dimensions."""
    on = {"dynamic_input": True}
    undocumented = _found({"dynamic_inputs_shape_range": "data:[1,x]", **on})
    assert undocumented.get("dynamic_inputs_shape_range.dims") == "warning"
    assert "dynamic_inputs_shape_range.format" not in undocumented
    aborting = _found({"dynamic_inputs_shape_range": "input:[1,2]", **on})
    assert aborting["dynamic_inputs_shape_range.format"] == "error"
    unread = _found({"dynamic_inputs_shape_range": "input:[1,2]"})  # dynamic_input off
    assert "dynamic_inputs_shape_range.format" not in unread


def test_the_shape_range_check_matches_the_adapter() -> None:
    root = tfa_source.tf_adapter_dir()
    if root is None:
        pytest.skip(tfa_source.SKIP_REASON)
    text = (root / "optimizers" / "om_partition_subgraphs_pass.cc").read_text("utf-8")
    body = text[text.index("void OMPartitionSubgraphsPass::ParseInputShapeRange") :][:2000]
    assert 'shapeVec[0] != "data" && shapeVec[0] != "getnext"' in body
    assert "shapesVec.size() > kLegalShapeVecSize" in body and "LOG(FATAL)" in body


def test_local_rank_id_out_of_range_aborts_where_the_adapter_first_reads_it() -> None:
    """GetPassOptions (run first, by the PRE_PLACEMENT ControlFlowConversionPass) ends
    the process with LOG(FATAL); SetNpuOptimizerAttr, which returns an error Status,
    runs later."""
    assert _found({"local_rank_id": 9})["range.out_of_range"] == "error"
    found = evaluate(Profile(values={"local_rank_id": 9}))
    assert "LOG(FATAL)" in next(d for d in found if d.rule_id == "range.out_of_range").message.en
    root = tfa_source.tf_adapter_dir()
    if root is None:
        pytest.skip(tfa_source.SKIP_REASON)
    attrs = (root / "util" / "npu_attrs.cc").read_text("utf-8")
    first = attrs[attrs.index("NpuAttrs::GetPassOptions(const GraphOptimizationPassOptions") :]
    reading = first[first.index('params.count("local_rank_id")') :][:400]
    assert re.search(r"CheckLocalRankId[\s\S]*LOG\(FATAL\)", reading)
    passes = (root / "optimizers" / "control_flow_conversion_pass.cc").read_text("utf-8")
    assert "NpuAttrs::GetPassOptions(options)" in passes and "PRE_PLACEMENT" in passes
