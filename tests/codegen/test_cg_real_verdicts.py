"""Verdicts checked against the real TF Adapter code (TensorFlow stubbed, real protobuf).

For every str parameter given as bytes or as str, and every parameter given None,
the real ``NPURunConfig`` is built from the ``py`` export and translated by the real
``NPUEstimator``: where the real code accepts the value, the rules report no error
about it; where it raises, they do, and they say where (the constructor or
NPUEstimator). Run with ``$ASCEND_STUDIO_TF_ADAPTER`` set; skipped otherwise.
"""

from __future__ import annotations

from typing import Any

import cg_real_tfa
import pytest
from cg_estimator_source import SKIP_REASON

from ascend_studio.codegen import ExportOptions, export_text, import_text
from ascend_studio.codegen._layout import HOLDER_OWNER
from ascend_studio.profile import Profile, Value
from ascend_studio.rules import Diagnostic, evaluate
from ascend_studio.schema import Parameter, shipped_catalog

OPTIONS = ExportOptions(diagnostics=False)
CATALOG = shipped_catalog()
#: Type, value and None findings: what the real constructor or translation decides.
VERDICTS = ("type.mismatch", "value.not_allowed", "value.none_raises")
#: What a parameter needs beside it to be built and sent (a full DynamicInputConfig,
#: profiling on for its options, AOE on for its paths).
NEEDS: dict[str, dict[str, Value]] = {
    "dynamic_input_config": {
        "dynamic_input_config.input_shape": "data:-1",
        "dynamic_input_config.dynamic_dims": "1;2",
        "dynamic_input_config.dynamic_node_type": 0,
        "dynamic_input_config.compile_hybrid_mode": 0,
    },
    "profiling_config.profiling_options": {"profiling_config.enable_profiling": True},
    "work_path": {"aoe_mode": "2"},
    "distribute_config": {"aoe_mode": "2"},
    "aoe_config_file": {"aoe_mode": "2"},
}


@pytest.fixture(scope="module")
def real() -> cg_real_tfa.RealTfa:
    loaded = cg_real_tfa.load()
    if loaded is None:
        pytest.skip(SKIP_REASON)
    return loaded


def _profile(param: Parameter, value: Value) -> Profile:
    values: dict[str, Value] = {}
    for key, extra in NEEDS.items():
        if param.path == key or param.path.startswith(key + "."):
            values.update(extra)
    values[param.path] = value
    return Profile(product="atlas_a2", values=values)


def _real_outcome(real: cg_real_tfa.RealTfa, profile: Profile) -> str:
    """ "ok", "constructor" or "estimator": where the real code raised, if it did."""
    try:
        config = real.run(export_text(profile, "py", OPTIONS))["config"]
    except (TypeError, ValueError):
        return "constructor"
    try:
        real.estimator_map(config)
    except (TypeError, ValueError):
        return "estimator"
    return "ok"


def _verdicts(profile: Profile, path: str) -> list[Diagnostic]:
    found = evaluate(profile)
    return [d for d in found if d.rule_id in VERDICTS and path in d.params]


def _sample(param: Parameter) -> str:
    if param.values:
        return str(param.values[0].value)
    return param.example.strip("'\"") or "x"


#: The str options NPUEstimator sends (RunConfig's own, such as model_dir, are
#: TensorFlow's to check, and the stand-in does not).
STR_PARAMS = [
    p
    for p in CATALOG.params
    if p.py_type == "str"
    and p.path not in HOLDER_OWNER
    and p.checks.type != "str"
    and p.session is not None
]


@pytest.mark.parametrize("as_bytes", [True, False], ids=["bytes", "str"])
@pytest.mark.parametrize("param", STR_PARAMS, ids=[p.path for p in STR_PARAMS])
def test_bytes_and_str_verdicts_match_the_real_code(
    real: cg_real_tfa.RealTfa, param: Parameter, as_bytes: bool
) -> None:
    text = _sample(param)
    profile = _profile(param, text.encode() if as_bytes else text)
    outcome = _real_outcome(real, profile)
    found = _verdicts(profile, param.path)
    if outcome == "ok":
        assert found == [], f"the real code accepts it: {[d.message.en for d in found]}"
    else:
        assert [d for d in found if d.severity == "error"], f"the real {outcome} raises"


NONE_PARAMS = [p for p in CATALOG.params if p.checks.none in ("raises", "fails_when_sent")]


@pytest.mark.parametrize("param", NONE_PARAMS, ids=[p.path for p in NONE_PARAMS])
def test_none_fails_where_the_catalog_says(real: cg_real_tfa.RealTfa, param: Parameter) -> None:
    profile = _profile(param, None)
    outcome = _real_outcome(real, profile)
    expected = {"raises": "constructor", "fails_when_sent": "estimator"}[param.checks.none]
    assert outcome == expected
    (found,) = [d for d in _verdicts(profile, param.path) if d.rule_id == "value.none_raises"]
    where = "the constructor raises" if expected == "constructor" else "NPUEstimator raises"
    assert where in found.message.en


def test_dump_debug_mode_none_without_dump_mode_runs(real: cg_real_tfa.RealTfa) -> None:
    values: dict[str, Any] = {
        "dump_config.enable_dump": True,
        "dump_config.dump_path": "/tmp/d",
        "dump_config.dump_mode": None,
        "dump_config.dump_debug_mode": None,
    }
    profile = Profile(values=values)
    assert _real_outcome(real, profile) == "ok"
    assert [d for d in evaluate(profile) if d.severity == "error"] == []


def test_a_second_oneof_member_clears_the_string(real: cg_real_tfa.RealTfa) -> None:
    """What the importer assumes for ``.s = ...`` then ``.b = True`` (AttrValue's oneof)."""
    config = real.ConfigProto()
    op = config.graph_options.rewrite_options.custom_optimizers.add()
    op.name = "NpuOptimizer"
    op.parameter_map["precision_mode"].s = b"allow_mix_precision"
    op.parameter_map["precision_mode"].b = True
    value = op.parameter_map["precision_mode"]
    assert value.WhichOneof("value") == "b"
    assert value.s == b""  # what npu_attrs.cc reads with params.at("precision_mode").s()


#: Written in a script: literals of the wrong kind, each rejected by the real code.
WRONG_KINDS = [
    ("dump_config", '{"enable_dump": True}', "subconfig.not_object"),
    ("dump_config", "1", "subconfig.not_object"),
    ("memory_config", "[1]", "subconfig.not_object"),
    ("profiling_config", '{"enable_profiling": True}', "subconfig.not_object"),
    ("iterations_per_loop", "[10]", "type.mismatch"),
    ("precision_mode", '["allow_mix_precision"]', "type.mismatch"),
    (
        "profiling_config",
        'ProfilingConfig(enable_profiling=True, profiling_options={"output": "/tmp"})',
        "type.mismatch",
    ),
]


@pytest.mark.parametrize(("keyword", "written", "rule_id"), WRONG_KINDS)
def test_a_literal_of_the_wrong_kind_in_a_script_is_an_error(
    real: cg_real_tfa.RealTfa, keyword: str, written: str, rule_id: str
) -> None:
    text = f"from npu_bridge.npu_init import *\nconfig = NPURunConfig({keyword}={written})\n"
    with pytest.raises((TypeError, ValueError, AttributeError)):
        real.estimator_map(real.run(text)["config"])
    (config,) = import_text(text, "train.py").configs
    found = [d for d in evaluate(config.profile) if d.severity == "error"]
    assert [d.rule_id for d in found] == [rule_id]
