"""Whether each artifact is produced under a profile, and the reverse view."""

from __future__ import annotations

from ascend_studio.paths import (
    Context,
    Environment,
    EnvSource,
    Resolution,
    directory_map,
    load_artifacts,
    resolve,
)
from ascend_studio.profile import Expr, Profile


def _by_id(profile: Profile, env: dict[str, str | None] | None = None) -> dict[str, Resolution]:
    environment = Environment().with_layer(EnvSource.typed(), env or {})
    return {r.id: r for r in resolve(profile, environment, Context(cwd="/j", pid=1))}


def test_defaults_of_a_plain_training_profile() -> None:
    found = _by_id(Profile())
    produced = {name for name, r in found.items() if r.produced}
    # export_compile_stat=1 and enable_exception_dump=2 are the signature defaults.
    # kernel_meta: the operator compiler creates it in every run (vllm-ascend#433).
    assert produced == {
        "kernel_meta",
        "kernel_cache",
        "fusion_result",
        "exception_dump_mode2",
        "model_dir",
        "log",
        "atrace",
        "printf",
    }
    for name, res in found.items():
        assert (res.reason is None) == res.produced, name


def test_the_model_dir_default_is_the_estimators_only() -> None:
    """NPUEstimator makes model_dir_<random> when model_dir is unset; a sess.run job or
    a TF Adapter 2.x job saves checkpoints where its own code says."""
    for surface in (None, "estimator"):
        res = _by_id(Profile(surface=surface))["model_dir"]
        assert res.produced and res.reason is None, surface
        assert res.path == "/j/model_dir_${random}"
    sess = _by_id(Profile(surface="sess"))["model_dir"]
    assert not sess.produced and sess.reason is not None
    assert "sess.run parameter_map" in sess.reason.en and "tf.train.Saver" in sess.reason.en
    assert "sess.run 的 parameter_map" in sess.reason.zh
    tf2 = _by_id(Profile(surface="tf2"))["model_dir"]
    assert not tf2.produced and tf2.reason is not None
    assert "TF Adapter 2.x" in tf2.reason.en and "tf.train.Checkpoint" in tf2.reason.en


def test_fusion_result_not_with_export_compile_stat_0() -> None:
    res = _by_id(Profile(values={"export_compile_stat": 0}))["fusion_result"]
    assert not res.produced
    assert res.reason is not None
    assert "export_compile_stat=0" in res.reason.en
    assert _by_id(Profile(values={"export_compile_stat": 2}))["fusion_result"].produced


def test_dumps_only_when_enabled() -> None:
    assert not _by_id(Profile())["data_dump"].produced
    on = _by_id(Profile(values={"dump_config.enable_dump": True, "dump_config.dump_path": "/d"}))
    assert on["data_dump"].produced
    assert on["data_dump"].path == "/d"
    debug = _by_id(Profile(values={"dump_config.enable_dump_debug": True}))["data_dump"]
    assert debug.produced
    assert debug.path is None  # no fallback: the run would fail
    assert debug.winning_layer is not None
    assert debug.winning_layer.kind == "default"


def test_exception_dump_modes() -> None:
    mode1 = _by_id(Profile(values={"enable_exception_dump": 1}))
    assert mode1["exception_dump_mode1"].produced
    assert not mode1["exception_dump_mode2"].produced
    off = _by_id(Profile(values={"enable_exception_dump": 0}))
    assert not off["exception_dump_mode1"].produced
    assert not off["exception_dump_mode2"].produced
    forced = _by_id(Profile(), {"NPU_COLLECT_PATH": "/collect"})
    assert forced["exception_dump_mode1"].produced
    assert forced["exception_dump_mode1"].path == "/collect"
    assert not forced["exception_dump_mode2"].produced


def test_graph_dumps_follow_their_switches() -> None:
    assert not _by_id(Profile())["ge_graph_dump"].produced
    assert _by_id(Profile(), {"DUMP_GE_GRAPH": "2"})["ge_graph_dump"].produced
    assert not _by_id(Profile(), {"DUMP_GE_GRAPH": "0"})["ge_graph_dump"].produced
    assert _by_id(Profile(), {"PRINT_MODEL": "TRUE"})["tfa_graph_dump"].produced
    assert not _by_id(Profile(), {"PRINT_MODEL": "0"})["tfa_graph_dump"].produced
    assert not _by_id(Profile(), {"PRINT_MODEL": ""})["tfa_graph_dump"].produced


def test_kernel_meta_is_built_in_every_run_and_the_cache_follows_debugging() -> None:
    debug = _by_id(Profile(values={"op_debug_level": 2}))
    assert debug["kernel_meta"].produced
    assert not debug["kernel_cache"].produced
    quiet = _by_id(Profile(values={"op_debug_level": 0}))
    # created while operators compile, debugging or not: a job run from "/" fails on it
    assert quiet["kernel_meta"].produced
    assert quiet["kernel_meta"].path == "/j/kernel_meta"
    assert quiet["kernel_meta"].artifact.unwritable == "error"
    assert quiet["kernel_cache"].produced
    assert _by_id(Profile(values={"op_debug_config": "/x.cfg"}))["kernel_meta"].produced
    assert not _by_id(Profile(values={"op_compiler_cache_mode": "disable"}))[
        "kernel_cache"
    ].produced


def test_aoe_is_training_only_and_work_path_needs_aoe_mode() -> None:
    infer = _by_id(Profile(scenario="inference", values={"aoe_mode": "2"}))
    assert not infer["aoe_work_path"].produced
    assert infer["aoe_work_path"].reason is not None
    assert "training" in infer["aoe_work_path"].reason.en
    env_only = _by_id(Profile(values={"work_path": "/tune"}), {"AOE_MODE": "2"})["aoe_work_path"]
    assert env_only.produced
    assert env_only.layers[0].state == "ignored"
    assert env_only.path == "/j"
    both = _by_id(Profile(values={"work_path": "/tune", "aoe_mode": "2"}))["aoe_work_path"]
    assert both.path == "/tune"


def test_expressions_make_production_uncertain_not_false() -> None:
    res = _by_id(Profile(values={"export_compile_stat": Expr(expr="args.stat")}))["fusion_result"]
    assert res.produced
    assert res.reason is not None
    assert "known at run time" in res.reason.en.lower() and "args.stat" in res.reason.en


def test_other_tools_never_produce() -> None:
    for art in load_artifacts().artifacts:
        if art.scope == "other":
            res = _by_id(Profile())[art.id]
            assert not res.produced
            assert res.reason == art.not_produced


def test_directory_map_groups_what_lands_together() -> None:
    env = Environment().with_layer(
        EnvSource.typed(), {"ASCEND_WORK_PATH": "/w", "DUMP_GRAPH_PATH": "/w/printf"}
    )
    found = resolve(Profile(values={"external_weight": True}), env, Context(cwd="/j", pid=9), None)
    view = directory_map(found)
    assert list(view) == sorted(view)
    assert [r.id for r in view["/w/FE/9"]] == ["fusion_result"]  # a file lands in its parent
    assert [r.id for r in view["/w/printf"]] == ["printf"]
    everything = directory_map(found, include_unproduced=True)
    assert [r.id for r in everything["/w/printf"]] == ["ge_graph_dump", "tfa_graph_dump", "printf"]
    assert all(r.path is not None for group in everything.values() for r in group)
