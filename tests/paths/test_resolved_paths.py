"""Every artifact's resolved path, with and without ASCEND_WORK_PATH.

The expected paths are written out by hand (an oracle independent of the
patterns in the data); paths contain spaces and Chinese characters.
"""

from __future__ import annotations

import pytest

from ascend_studio.paths import Context, Environment, EnvSource, load_artifacts, resolve
from ascend_studio.profile import Expr, Profile

C = "/home/用户 a/my job"
H = "/home/用户 a"
W = "/数据/my work/10.0.0.1_0_0"
CTX = Context(cwd=C, home=H, pid=4242, device_id=3, session_id=7)

#: (artifact, variant) -> (path with ASCEND_WORK_PATH=W, path without it)
EXPECTED: dict[tuple[str, str], tuple[str | None, str | None]] = {
    ("kernel_meta", "main"): (f"{W}/kernel_meta", f"{C}/kernel_meta"),
    ("kernel_cache", "main"): (f"{H}/atc_data", f"{H}/atc_data"),
    ("fusion_result", "main"): (f"{W}/FE/4242/fusion_result.json", f"{C}/fusion_result.json"),
    ("exception_dump_mode1", "parameter_docs"): (f"{W}/extra-info/data-dump", f"{C}/extra-info"),
    ("exception_dump_mode1", "seed_table"): (f"{W}/extra-info/data-dump", C),
    ("exception_dump_mode2", "parameter_docs"): (
        f"{W}/extra-info/data-dump/3",
        f"{C}/extra-info/data-dump/3",
    ),
    ("exception_dump_mode2", "seed_table"): (f"{W}/extra-info/data-dump", C),
    ("data_dump", "main"): (None, None),
    ("tmp_weight", "main"): (f"{W}/tmp_weight_4242_7", f"{C}/tmp_weight_4242_7"),
    ("ge_graph_dump", "seed_table"): (f"{W}/4242_3", C),
    ("ge_graph_dump", "migration_docs"): (C, C),
    ("tfa_graph_dump", "main"): (C, C),
    ("tf2_graph_dump", "main"): (C, C),  # a bare file name: the working directory
    ("profiling_data", "code"): (C, C),
    ("profiling_data", "seed_table"): (f"{W}/profiling_data", None),
    ("aoe_work_path", "main"): (C, C),
    ("aoe_data", "main"): (f"{W}/aoe_data", "${aoe_ini_work_path}"),
    ("graph_compiler_cache", "main"): (None, None),
    ("model_dir", "main"): (f"{C}/model_dir_${{random}}", f"{C}/model_dir_${{random}}"),
    ("log", "main"): (f"{W}/log", f"{H}/ascend/log"),
    ("atrace", "main"): (f"{W}/atrace", f"{H}/ascend/atrace"),
    ("printf", "main"): (f"{W}/printf", C),
    ("check_result", "main"): (f"{W}/check_result.json", f"{C}/check_result.json"),
    ("profiling_msprof", "main"): (f"{W}/profiling_data", "${model_file_dir}"),
    ("profiling_acl_json", "main"): (f"{W}/profiling_data", "${app_dir}"),
    ("profiling_pytorch", "main"): (f"{W}/profiling_data", None),
}


def _reading(art_id: str, variant_id: str, env: Environment) -> str | None:
    (res,) = resolve(Profile(), env, CTX, artifacts=[load_artifacts().get(art_id)])
    if not res.variants:
        assert variant_id == "main"
        return res.path
    return next(v.path for v in res.variants if v.id == variant_id)


def test_tf2_graph_dumps_follow_the_surface_and_npu_dump_graph() -> None:
    art = load_artifacts().get("tf2_graph_dump")
    env = {"NPU_DUMP_GRAPH": "1", "PRINT_MODEL": "1", "DUMP_GRAPH_PATH": "/g"}
    (tf2,) = resolve(Profile(surface="tf2", env=env), context=CTX, artifacts=[art])
    assert tf2.produced and tf2.path == C  # DUMP_GRAPH_PATH is not read
    (tf1,) = resolve(Profile(env=env), context=CTX, artifacts=[art])
    assert not tf1.produced and tf1.reason is not None and "2.x" in tf1.reason.en
    (off,) = resolve(
        Profile(surface="tf2", env={"NPU_DUMP_GRAPH": "yes"}), context=CTX, artifacts=[art]
    )
    assert not off.produced  # TF reads only true/false/1/0
    (debug,) = resolve(
        Profile(surface="tf2", env={"NPU_DEBUG": "TRUE"}), context=CTX, artifacts=[art]
    )
    assert debug.produced
    printed = load_artifacts().get("tfa_graph_dump")
    (one_x,) = resolve(Profile(surface="tf2", env=env), context=CTX, artifacts=[printed])
    assert not one_x.produced  # PRINT_MODEL is TF Adapter 1.x's


def test_conditions_use_the_2x_defaults_on_tf2() -> None:
    """An unset option is the 2.x class's default there (it is sent), not NPURunConfig's."""
    from ascend_studio.paths._conditions import effective_param
    from ascend_studio.schema import shipped_catalog

    catalog = shipped_catalog()
    assert effective_param(Profile(surface="tf2"), catalog, "compile_dynamic_mode") is False
    assert effective_param(Profile(), catalog, "compile_dynamic_mode") is None
    assert effective_param(Profile(surface="tf2"), catalog, "hccl_timeout") is None


def test_the_table_covers_every_artifact_and_variant() -> None:
    wanted = {(a.id, v.id) for a in load_artifacts().artifacts for v in a.variants}
    assert set(EXPECTED) == wanted


@pytest.mark.parametrize(("key", "expected"), EXPECTED.items(), ids=str)
def test_path_with_ascend_work_path(
    key: tuple[str, str], expected: tuple[str | None, str | None]
) -> None:
    env = Environment().with_layer(EnvSource.profile(), {"ASCEND_WORK_PATH": W})
    assert _reading(*key, env) == expected[0]


@pytest.mark.parametrize(("key", "expected"), EXPECTED.items(), ids=str)
def test_path_without_ascend_work_path(
    key: tuple[str, str], expected: tuple[str | None, str | None]
) -> None:
    assert _reading(*key, Environment()) == expected[1]


def test_default_variant_is_what_the_resolution_shows() -> None:
    env = Environment().with_layer(EnvSource.profile(), {"ASCEND_WORK_PATH": W})
    for res in resolve(Profile(), env, CTX):
        assert res.variant == res.artifact.default_variant.id
        if res.variants:
            assert res.variants[0].default
            assert res.path == res.variants[0].path


# -- values with spaces, Chinese, relative paths, expressions ------------------------


def _one(
    art_id: str, profile: Profile, env: Environment | None = None, ctx: Context = CTX
) -> str | None:
    (res,) = resolve(profile, env or Environment(), ctx, artifacts=[load_artifacts().get(art_id)])
    return res.path


def test_parameter_values_keep_spaces_and_chinese() -> None:
    profile = Profile().with_value("debug_dir", "/调试 输出/dbg dir")
    assert _one("kernel_meta", profile) == "/调试 输出/dbg dir"
    cache = Profile().with_value("op_compiler_cache_dir", "/缓存 目录/")
    assert _one("kernel_cache", cache) == "/缓存 目录/kernel_cache"


def test_env_values_keep_spaces_and_chinese() -> None:
    env = Environment().with_layer(EnvSource.script("a b.sh"), {"ASCEND_CACHE_PATH": "/共享 cache"})
    assert _one("kernel_cache", Profile(), env) == "/共享 cache/kernel_cache"


def test_relative_values_join_the_working_directory() -> None:
    assert (
        _one("aoe_work_path", Profile(values={"aoe_mode": "2", "work_path": "out dir"}))
        == f"{C}/out dir"
    )
    assert _one("model_dir", Profile(values={"model_dir": "./ckpt"})) == f"{C}/ckpt"


def test_profiling_output_is_read_from_the_json_options() -> None:
    options = '{"output": "/性能 数据", "task_time": "on"}'
    profile = Profile(values={"profiling_config.profiling_options": options})
    assert _one("profiling_data", profile) == "/性能 数据"


@pytest.mark.parametrize("options", ['{"task_time": "on"}', "not json", "[1, 2]", '{"output": ""}'])
def test_profiling_options_without_output_fall_through(options: str) -> None:
    profile = Profile(values={"profiling_config.profiling_options": options})
    (res,) = resolve(
        profile, Environment(), CTX, artifacts=[load_artifacts().get("profiling_data")]
    )
    assert res.layers[0].state == "unset"
    assert res.layers[0].raw == options
    assert res.layers[0].note is not None
    assert res.path == C


def test_an_expression_is_shown_verbatim() -> None:
    profile = Profile(values={"debug_dir": Expr(expr="args.debug_dir")})
    (res,) = resolve(profile, Environment(), CTX, artifacts=[load_artifacts().get("kernel_meta")])
    assert res.path == "<args.debug_dir>"
    assert res.layers[0].raw == "args.debug_dir"
    assert res.layers[0].state == "winner"


def test_unknown_context_stays_visible() -> None:
    env = Environment().with_layer(EnvSource.profile(), {"ASCEND_WORK_PATH": "/w"})
    paths = {r.id: r.path for r in resolve(Profile(), env, Context())}
    assert paths["tmp_weight"] == "/w/tmp_weight_${pid}_${session_id}"
    assert paths["ge_graph_dump"] == "/w/${pid}_${device_id}"
    bare = {r.id: r for r in resolve(Profile(), Environment(), Context())}
    assert bare["kernel_meta"].path == "./kernel_meta"
    assert bare["log"].path == "$HOME/ascend/log"
    assert bare["tmp_weight"].unresolved == ("pid", "session_id")


def test_home_and_device_come_from_the_environment_when_not_given() -> None:
    env = Environment().with_layer(EnvSource.process(), {"HOME": "/root", "ASCEND_DEVICE_ID": "6"})
    paths = {r.id: r.path for r in resolve(Profile(), env, Context(cwd="/j"))}
    assert paths["log"] == "/root/ascend/log"
    assert paths["exception_dump_mode2"] == "/j/extra-info/data-dump/6"
    chosen = Profile(values={"session_device_id": 1})
    paths = {r.id: r.path for r in resolve(chosen, env, Context(cwd="/j"))}
    assert paths["exception_dump_mode2"] == "/j/extra-info/data-dump/1"


def test_trailing_and_double_slashes_are_tidied() -> None:
    env = Environment().with_layer(EnvSource.typed(), {"ASCEND_WORK_PATH": "/w//x/"})
    assert _one("log", Profile(), env) == "/w/x/log"
    root = Environment().with_layer(EnvSource.typed(), {"DUMP_GRAPH_PATH": "/"})
    assert _one("tfa_graph_dump", Profile(), root) == "/"
