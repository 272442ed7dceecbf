"""Rules over companion files point at the line inside the file."""

from __future__ import annotations

import pytest

from ascend_studio.profile import Profile
from ascend_studio.rules import Diagnostic, FileSpot, evaluate


def _found(
    kind: str, text: str, values: dict[str, object] | None = None, **target: str
) -> list[Diagnostic]:
    profile = Profile.model_validate(
        {
            **target,
            "values": {kind: f"/x/{kind}", **(values or {})},
            "file_contents": {kind: text},
        }
    )
    return [d for d in evaluate(profile) if d.location is not None]


def _spots(found: list[Diagnostic]) -> set[tuple[str, int]]:
    return {(d.rule_id, d.location.line) for d in found if d.location is not None}


CASES = [
    (
        "op_debug_config",
        "# debug\n\nop_debug_config = ccec_O0,ccec_g,oom\n",
        {},
        {},
        ("op_debug_config.ccec_O0_with_oom", 3),
    ),
    (
        "op_debug_config",
        "op_debug_config=ccec_g\nop_debug_config=oom,dump_ccee\n",
        {},
        {},
        ("op_debug_config.unknown_option", 2),
    ),
    (
        "op_debug_config",
        "# x\nop_debug_config=ccec_g,oom\n",
        {"op_debug_level": 2},
        {},
        ("op_debug_level.ccec_with_oom", 2),
    ),
    (
        "op_debug_config",
        "op_debug_config=oom\nOP_DEBUG_LIST=GatherV2\n",
        {},
        {},
        ("file.format", 2),
    ),
    (
        "fusion_switch_file",
        '{\n  "Switch": {\n    "GraphFusion": {"ALL": "off"},\n    "UBFusion": {\n'
        '      "TbePool2dQuantFusionPass": "on"\n    }\n  }\n}\n',
        {},
        {"product": "atlas_350"},
        ("fusion_switch_file.ub_fusion_on_350", 4),
    ),
    (
        "fusion_switch_file",
        '{"Switch": {\n "GraphFusion": {\n  "SoftmaxFusionPass": "disable"\n }}}\n',
        {},
        {},
        ("file.format_error", 3),
    ),
    (
        "fusion_switch_file",
        '{"Switch": {\n "GraphFusion": {\n',
        {},
        {},
        ("file.format_error", 3),
    ),
    (
        "modify_mixlist",
        '{\n "black-list": {\n  "to-add": ["Cast"],\n  "to_remove": ["Mul"]\n }\n}\n',
        {},
        {},
        ("file.format_error", 4),
    ),
    (
        "customize_dtypes",
        "# ok\nOpType::Relu:InputDtype:float16\nRelu_1:InputDtype:float16\n",
        {},
        {},
        ("file.format_error", 3),
    ),
    (
        "customize_dtypes",
        "OpType::Relu:InputDtype:float61,OutputDtype:float16\n",
        {},
        {},
        ("file.format", 1),
    ),
    (
        "op_precision_mode",
        "[ByOpType]\nMatMul=high_precision\n[ByNodeName]\nn1=enable_hi_float_32_execution\n",
        {},
        {},
        ("op_precision_mode.hf32_unsupported", 4),
    ),
    (
        "op_precision_mode",
        "[ByOpType]\n\nConv2D=enable_float_32_execution\n",
        {},
        {"product": "atlas_training"},
        ("op_precision_mode.fp32_product", 3),
    ),
    (
        "op_precision_mode",
        "[byoptype]\nConv2D=high_precision\n",
        {},
        {},
        ("file.format", 1),
    ),
    (
        "aoe_config_file",
        '{\n "tune_ops_type": ["Add"],\n "feature": ["nonhomo_split"]\n}\n',
        {"aoe_mode": "2"},
        {"product": "atlas_training"},
        ("aoe.nonhomo_split_needs_mode_1", 3),
    ),
    (
        "aoe_config_file",
        '{\n "tune_ops_type": ["Add"],\n',
        {},
        {},
        ("file.invalid_json", 3),
    ),
    (
        "modify_mixlist",
        '{\n "black-list": {"to-add": ["Cast"]},\n "white-list": {"to-add": ["Cast"]}\n}\n',
        {},
        {},
        ("file.format_error", 2),
    ),
    (
        "op_debug_config",
        "op_debug_config=ccec_g,oom # small\n",
        {},
        {},
        ("file.format", 1),
    ),
    (
        "aoe_config_file",
        '{\n "tune_ops_type": ["Add"],\n "tune_optimization_level": "O3"\n}\n',
        {"aoe_mode": "2"},
        {},
        ("aoe.tune_optimization_level", 3),
    ),
    (
        "compress_weight_conf",
        "conv1;\nconv2, fc6\n",
        {},
        {"scenario": "inference"},
        ("file.format", 2),
    ),
]


@pytest.mark.parametrize(("kind", "text", "values", "target", "expected"), CASES)
def test_rule_fires_at_the_line(
    kind: str,
    text: str,
    values: dict[str, object],
    target: dict[str, str],
    expected: tuple[str, int],
) -> None:
    assert expected in _spots(_found(kind, text, values, **target))


@pytest.mark.parametrize("kind", sorted({c[0] for c in CASES}))
def test_every_format_has_a_located_case(kind: str) -> None:
    assert any(c[0] == kind for c in CASES)


def test_hf32_env_points_at_the_mode_line() -> None:
    profile = Profile(
        values={"op_precision_mode": "/p.ini"},
        env={"ENABLE_HF32_EXECUTION": "11"},
        file_contents={"op_precision_mode": "[ByOpType]\n#\nMatMul=enable_float_32_execution\n"},
    )
    found = {d.rule_id: d.location for d in evaluate(profile)}
    assert found["env.hf32.with_op_precision_mode"] == FileSpot("op_precision_mode", 3)


def test_clean_files_have_no_located_findings() -> None:
    text = "op_debug_config=ccec_g,oom\nop_debug_list=GatherV2\n"
    assert _found("op_debug_config", text) == []
