"""Per-parameter facts from the catalog that decide a verdict."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tfa_source import SKIP_REASON, tf_adapter_dir

from ascend_studio.profile import Expr, Profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()

#: Parameters for which an explicit None fails in the real code.
NONE_RAISES = {
    "iterations_per_loop", "graph_run_mode", "enable_exception_dump", "mix_compile_mode",
    "jit_compile", "horovod_mode", "enable_data_pre_proc", "enable_reduce_precision",
    "hcom_parallel", "is_tailing_optimization", "enable_small_channel",
    "enable_compress_weight", "hcom_multi_mode", "device_type", "stream_sync_timeout",
    "event_sync_timeout", "external_weight", "deterministic", "frozen_variable",
    "variable_placement", "input_fusion_size", "profiling_config.enable_profiling",
    "memory_config.atomic_clean_policy", "dump_config.enable_dump",
    "dump_config.enable_dump_debug", "dump_config.dump_debug_mode",
}  # fmt: skip
#: Raise in Python before anything is sent (checked in npu_config.py itself).
PYTHON_CHECKED = {
    "graph_run_mode", "horovod_mode", "mix_compile_mode", "enable_exception_dump",
    "iterations_per_loop", "jit_compile",
}  # fmt: skip


def _ids(values: dict[str, object], product: str = "atlas_a2") -> list[str]:
    profile = Profile.model_validate({"product": product, "scenario": "training", "values": values})
    return [d.rule_id for d in evaluate(profile)]


def test_none_raises_is_catalog_data() -> None:
    failing = {p.path for p in CATALOG.params if p.checks.none in ("raises", "fails_when_sent")}
    assert failing == NONE_RAISES
    assert {p.path for p in CATALOG.params if p.checks.none == "raises"} == PYTHON_CHECKED


def test_none_says_where_it_fails() -> None:
    """The constructor raises for the six it checks; NPUEstimator for the rest."""
    ctor = evaluate(Profile(values={"horovod_mode": Expr(expr="None")}))
    (found,) = [d for d in ctor if d.rule_id == "value.none_raises"]
    assert "the constructor raises" in found.message.en
    sent = evaluate(Profile(values={"hcom_parallel": Expr(expr="None")}))
    (found,) = [d for d in sent if d.rule_id == "value.none_raises"]
    assert "NPUEstimator raises TypeError when it writes it" in found.message.en


def test_dump_debug_mode_none_is_not_sent_without_dump_mode() -> None:
    """DumpConfig(dump_mode=None, dump_debug_mode=None) runs: dump_debug_mode is written
    only when dump_mode is set."""
    none = Expr(expr="None")
    quiet = {"dump_config.dump_mode": none, "dump_config.dump_debug_mode": none}
    assert "value.none_raises" not in _ids(quiet)
    assert "value.none_raises" in _ids({"dump_config.dump_debug_mode": none})


@pytest.mark.parametrize("path", sorted(NONE_RAISES))
def test_explicit_none_is_an_error(path: str) -> None:
    assert "value.none_raises" in _ids({path: Expr(expr="None")})


def test_explicit_none_raises_only_the_none_rule() -> None:
    """No type, availability or status finding on top (None sends nothing, or fails)."""
    found = _ids({"enable_small_channel": Expr(expr="None")}, "atlas_training")
    assert [i for i in found if i != "status.undocumented"] == ["value.none_raises"]
    # only the release question: a keyword from 9.0.0 raises TypeError before it, None or not
    assert _ids({"aicore_num": Expr(expr="None")}, "atlas_training") == ["release.depends"]


def test_none_that_means_unset_or_default_is_not_an_error() -> None:
    for path in ("precision_mode", "keep_checkpoint_max", "dump_config.dump_path"):
        assert "value.none_raises" not in _ids({path: Expr(expr="None")}), path


def _estimator_dir() -> Path | None:
    root = tf_adapter_dir()
    if root is None:
        return None
    found = root / "python/npu_bridge/estimator/npu"
    return found if (found / "npu_estimator.py").is_file() else None


def _unguarded(source: list[str], attr: str) -> bool:
    """``parameter_map[...] = config...<attr>`` not inside ``if ... is not None``."""
    pattern = re.compile(rf"parameter_map\[.*\]\.[sib] = .*config\.\S*\b_?{attr}\b")
    for index, line in enumerate(source):
        if not pattern.search(line):
            continue
        indent = len(line) - len(line.lstrip())
        for before in reversed(source[:index]):
            if before.strip() and len(before) - len(before.lstrip()) < indent:
                if not (before.strip().startswith("if ") and attr in before):
                    return True
                break
    return False


@pytest.mark.parametrize("path", sorted(NONE_RAISES - PYTHON_CHECKED))
def test_none_raises_matches_the_estimator(path: str) -> None:
    """Each such parameter is written to a protobuf field with no None guard."""
    found = _estimator_dir()
    if found is None:
        pytest.skip(SKIP_REASON)
    source = (found / "npu_estimator.py").read_text("utf-8").splitlines()
    assert _unguarded(source, path.rpartition(".")[2]), path


def test_python_checked_none_raises_in_npu_config() -> None:
    found = _estimator_dir()
    if found is None:
        pytest.skip(SKIP_REASON)
    text = (found / "npu_config.py").read_text("utf-8")
    assert "isinstance(horovod_mode, bool)" in text
    assert "isinstance(mix_compile_mode, bool)" in text
    assert "check_nonnegative_integer(enable_exception_dump" in text
    assert "graph_run_mode > 1" in text  # None > 1 raises TypeError


# -- E: types the real code accepts -------------------------------------------------------
def test_save_summary_steps_takes_any_number() -> None:
    assert "type.mismatch" not in _ids({"save_summary_steps": 1e9})
    assert "type.mismatch" in _ids({"save_summary_steps": "100"})


@pytest.mark.parametrize("path", ["graph_memory_max_size", "variable_memory_max_size"])
@pytest.mark.parametrize("value", ["21474836480", 21474836480, 1.5])
def test_memory_sizes_go_through_str(path: str, value: object) -> None:
    assert not {"type.mismatch", "type.bool_for_int"} & set(_ids({path: value}))


# -- G: what the estimator sends anyway, what is ignored, what the docs leave open ---------
def test_defaults_the_estimator_always_sends_are_not_product_errors() -> None:
    assert "avail.product" not in _ids({"input_batch_cpy": False}, "atlas_training")
    assert "avail.product" in _ids({"input_batch_cpy": True}, "atlas_training")
    huge = "memory_config.variable_use_1g_huge_page"
    assert "avail.product" not in _ids({huge: 0}, "atlas_training")
    assert "avail.product" in _ids({huge: 1}, "atlas_training")


@pytest.mark.parametrize("path", ["work_path", "distribute_config", "aoe_config_file"])
def test_aoe_only_parameters_on_inference_products_are_ignored(path: str) -> None:
    found = _ids({path: "x"}, "atlas_inference")
    assert "avail.product_ignored" in found
    assert "avail.product" not in found


def test_aoe_itself_on_an_inference_product_stays_an_error() -> None:
    assert "avail.product" in _ids({"aoe_mode": "2"}, "atlas_inference")


@pytest.mark.parametrize("product", ["atlas_inference", "atlas_200i_500_a2"])
def test_hccl_timeout_where_the_docs_are_silent_is_info(product: str) -> None:
    found = _ids({"hccl_timeout": 1836}, product)
    assert "avail.product_undocumented" in found
    assert "avail.product" not in found


# -- hccl_timeout: one computation, from catalog data ------------------------------------
def _profile(values: dict[str, object], env: dict[str, str], product: str) -> Profile:
    return Profile.model_validate(
        {"product": product, "scenario": "training", "values": values, "env": env}
    )


def test_hccl_exec_timeout_zero_is_what_the_stream_sync_rule_uses() -> None:
    """HCCL_EXEC_TIMEOUT=0 on A2 means 'never time out', not the 1836 s default."""
    from ascend_studio.rules import effective_value

    env = {"HCCL_EXEC_TIMEOUT": "0", "RANK_SIZE": "8"}
    profile = _profile({"stream_sync_timeout": 2_000_000}, env, "atlas_a2")
    assert effective_value(profile, "hccl_timeout").value == 0
    found = evaluate(profile)
    assert "stream_sync_timeout.below_hccl" not in {d.rule_id for d in found}
    (endless,) = [d for d in found if d.rule_id == "stream_sync_timeout.collective_never_times_out"]
    assert "HCCL_EXEC_TIMEOUT=0 means the collective never times out" in endless.message.en
    assert "(2000000 ms)" in endless.message.en and "1836" not in endless.message.en
    assert "HCCL_EXEC_TIMEOUT=0 表示集合通信永不超时" in endless.message.zh
    assert endless.fix is not None and "stream_sync_timeout=-1" in endless.fix.en


def test_hccl_default_and_rounding_live_in_the_catalog_only() -> None:
    param = CATALOG.param("hccl_timeout")
    assert [d.value for d in param.doc_default] == [1836]
    assert {r.step for r in param.product_ranges} == {None, 68}
    package = Path(__file__).parents[2] / "ascend_studio"
    for source in package.rglob("*.py"):
        text = source.read_text("utf-8")
        assert not re.search(r"\b(1836|17340)\b", text), source


@pytest.mark.parametrize(
    ("product", "env", "expected"),
    [("atlas_training", "600", 544), ("atlas_a2", "600", 600), ("atlas_training", "0", 0)],
)
def test_hccl_from_the_environment_is_rounded_where_the_docs_say(
    product: str, env: str, expected: int
) -> None:
    from ascend_studio.rules import effective_value

    result = effective_value(_profile({}, {"HCCL_EXEC_TIMEOUT": env}, product), "hccl_timeout")
    assert result.value == expected


# -- #10: parameters the session docs describe are documented ---------------------------------
@pytest.mark.parametrize(
    "path",
    [
        "frozen_variable",
        "dynamic_input_config.input_shape",
        "dynamic_input_config.dynamic_dims",
        "dynamic_input_config.dynamic_node_type",
        "dynamic_input_config.compile_hybrid_mode",
    ],
)
def test_session_documented_parameters_are_not_undocumented(path: str) -> None:
    assert CATALOG.param(path).session_documented
    param = CATALOG.param(path)
    value: object = False if param.py_type == "bool" else 1 if param.py_type == "int" else "1"
    assert "status.undocumented" not in _ids({path: value})


def test_parameters_without_any_docs_stay_undocumented() -> None:
    assert "status.undocumented" in _ids({"hcom_multi_mode": True})


def test_none_keeps_tensorflows_meaning_where_it_has_one() -> None:
    """RunConfig gives None a meaning here (keep every checkpoint, no summaries, no step
    logging); importing then exporting must keep None, not the signature default."""
    kept = {p.path for p in CATALOG.params if p.checks.none == "default"}
    assert kept == {"keep_checkpoint_max", "save_summary_steps", "log_step_count_steps"}


def test_every_predicate_the_catalog_names_exists() -> None:
    from ascend_studio.rules._rules_predicates import PREDICATES

    named = {w.predicate for p in CATALOG.params for r in p.rewrites for w in r.when}
    named.discard(None)
    assert named and named <= set(PREDICATES)
    assert set(PREDICATES) <= named, "a predicate no catalog entry uses"


def test_every_format_rule_the_catalog_names_exists() -> None:
    from ascend_studio.rules import RULES_BY_ID

    for param in CATALOG.params:
        if param.format_rule is not None:
            assert param.format_rule in RULES_BY_ID, param.path
            assert param.path in RULES_BY_ID[param.format_rule].params, param.path
