"""The rule test table: for every rule id, a profile where it fires and a near miss
where it stays quiet. ``test_rule_table.py`` checks the table covers every rule.
"""

from __future__ import annotations

from typing import Any

from ascend_studio.profile import Expr, ExtraKwarg, Profile
from ascend_studio.rules import FILE_CONTENTS_FIELD


def P(
    values: dict[str, Any] | None = None,
    *,
    env: dict[str, str | None] | None = None,
    product: str = "atlas_a2",
    scenario: str = "training",
    files: dict[str, str] | None = None,
    kwargs: tuple[ExtraKwarg, ...] = (),
    surface: str | None = None,
    release: str | None = None,
) -> Profile:
    data: dict[str, Any] = {
        "product": product,
        "scenario": scenario,
        "surface": surface,
        "release": release,
        "values": values or {},
        "env": env or {},
        "extra_kwargs": kwargs,
    }
    if files:
        data[FILE_CONTENTS_FIELD] = files
    return Profile.model_validate(data)


def T(
    values: dict[str, Any] | None = None,
    *,
    env: dict[str, str | None] | None = None,
    kwargs: tuple[ExtraKwarg, ...] = (),
) -> Profile:
    """A profile on TF Adapter 2.x's global_options() surface."""
    return P(values, env=env, kwargs=kwargs, surface="tf2")


INF = {"scenario": "inference"}
GRM0 = {"graph_run_mode": 0}
DUMP = {"dump_config.enable_dump": True, "dump_config.dump_path": "/tmp/dump"}
DEBUG_CFG = "op_debug_config = ccec_g,oom\nop_debug_list = GatherV2\n"
AOE_SPLIT = '{"tune_ops_type": ["Add"], "feature": ["nonhomo_split"]}'
AOE_DEEPER = '{"tune_ops_type": ["Add"], "feature": ["deeper_opat"]}'
CLUSTER = '{"cluster": {"ps": ["h0:2222"], "worker": ["h1:2222"]}, "task": {"type": "worker", "index": 0}}'
FOUR = {
    "dynamic_input_config.input_shape": "data:-1,3",
    "dynamic_input_config.dynamic_dims": "1;2",
    "dynamic_input_config.dynamic_node_type": 1,
    "dynamic_input_config.compile_hybrid_mode": 0,
}
S = Expr(expr="strategy")

#: (rule id, firing profile, quiet profile)
CASES: list[tuple[str, Profile, Profile]] = [
    # -- generated from catalog data ------------------------------------------------
    ("profile.unknown_param", P({"precison_mode": "fp16"}), P({"precision_mode": "force_fp32"})),
    (
        "profile.unknown_kwarg",
        P(kwargs=(ExtraKwarg(owner="NPURunConfig", name="precison_mode", expr="'fp16'"),)),
        P(kwargs=(ExtraKwarg(owner="NPUEstimator", name="model_dir", expr="'/m'"),)),
    ),
    (
        "profile.unknown_key",
        P(
            kwargs=(
                ExtraKwarg(
                    owner="parameter_map",
                    name="sump_mode",
                    expr='tf.compat.as_bytes("all")',
                    attr="s",
                ),
            )
        ),
        P({"dump_config.dump_mode": "all"}),
    ),
    ("type.mismatch", P({"aoe_mode": 2}), P({"aoe_mode": "2"})),
    ("type.int_for_bool", P({"hcom_parallel": 1}), P({"hcom_parallel": True})),
    ("type.bool_for_int", P({"deterministic": True}), P({"deterministic": 1})),
    ("value.not_allowed", P({"precision_mode": "mixed"}), P({"precision_mode": "force_fp32"})),
    (
        "value.case",
        P({"variable_placement": "host", "mix_compile_mode": True}),
        P({"variable_placement": "Host", "mix_compile_mode": True}),
    ),
    ("value.undocumented", P({"deterministic": 2}), P({"deterministic": 1})),
    ("range.out_of_range", P({"iterations_per_loop": 0}), P({"iterations_per_loop": 1})),
    ("range.undocumented", P({"keep_checkpoint_max": -1}), P({"keep_checkpoint_max": 0})),
    (
        "avail.product",
        P({"aicore_num": "2|4"}, product="atlas_training"),
        P({"aicore_num": "2|4"}, product="atlas_a3"),
    ),
    (
        "avail.product_ignored",
        P({"work_path": "/w"}, product="atlas_inference"),
        P({"work_path": "/w"}, product="atlas_a2"),
    ),
    (
        "avail.product_undocumented",
        P({"hccl_timeout": 1800}, product="atlas_inference"),
        P({"hccl_timeout": 1800}, product="atlas_a2"),
    ),
    (
        "value.none_raises",
        P({"hcom_parallel": Expr(expr="None")}),
        P({"precision_mode": Expr(expr="None")}),
    ),
    (
        "avail.value_product",
        P({"precision_mode_v2": "mixed_bfloat16"}, product="atlas_training"),
        P({"precision_mode_v2": "mixed_bfloat16"}, product="atlas_350"),
    ),
    (
        "avail.value_unsupported",
        P({"precision_mode_v2": "mixed_hif8"}, product="atlas_350"),
        P({"precision_mode_v2": "mixed_float16"}, product="atlas_350"),
    ),
    (
        "scenario.param",
        P({"buffer_optimize": "off_optimize"}),
        P({"buffer_optimize": "off_optimize", **GRM0}, **INF),
    ),
    (
        "scenario.value",
        P({"precision_mode": "force_fp16"}),
        P({"precision_mode": "force_fp16", **GRM0}, **INF),
    ),
    ("status.no_effect", P({"graph_memory_max_size": 1024}), P({"op_debug_level": 0})),
    ("status.deprecated", P({"op_debug_level": 0}), P({"op_debug_config": "/d.cfg"})),
    ("status.experimental", P({"jit_compile": "auto"}), P({"deterministic": 0})),
    ("status.undocumented", P({"soc_config": "Ascend910B1"}), P({"model_dir": "/m"})),
    (
        "status.code_only_value",
        P({"op_select_implmode": "high_precision_for_all"}),
        P({"op_select_implmode": "high_precision"}),
    ),
    # -- Python constructors ------------------------------------------------------------
    ("mix_compile_mode.not_bool", P({"mix_compile_mode": 1}), P({"mix_compile_mode": True})),
    ("horovod_mode.not_bool", P({"horovod_mode": "True"}), P({"horovod_mode": True})),
    (
        "mix_compile_mode.iterations_per_loop",
        P({"mix_compile_mode": True, "iterations_per_loop": 100}),
        P({"mix_compile_mode": True, "iterations_per_loop": 1}),
    ),
    (
        "checkpoints.both_set",
        P({"save_checkpoints_steps": 100, "save_checkpoints_secs": 600}),
        P({"save_checkpoints_steps": 100}),
    ),
    (
        "subconfig.not_object",
        P({"dump_config": "DumpConfig()"}),
        P({"dump_config": Expr(expr="DumpConfig(enable_dump=False)")}),
    ),
    (
        "dynamic_input_config.incomplete",
        P({"dynamic_input_config.input_shape": "data:-1,3", **GRM0}, **INF),
        P({**FOUR, **GRM0}, **INF),
    ),
    (
        "dynamic_input_config.keys_together",
        P({"dynamic_input_config.input_shape": "data:-1,3", **GRM0}, **INF),
        P({k: v for k, v in FOUR.items() if "hybrid" not in k}),
    ),
    (
        "dynamic_input_config.hybrid_alone",
        P({"dynamic_input_config.compile_hybrid_mode": 1}),
        P({"dynamic_input_config.compile_hybrid_mode": 0}),
    ),
    (
        "precision.both_modes",
        P({"precision_mode": "force_fp32", "precision_mode_v2": "fp16"}),
        P({"precision_mode_v2": "fp16"}),
    ),
    (
        "modify_mixlist.needs_mixed_precision",
        P({"modify_mixlist": "/m.json", "precision_mode_v2": "origin"}),
        P({"modify_mixlist": "/m.json", "precision_mode_v2": "mixed_float16"}),
    ),
    (
        "local_device_list.format",
        P({"local_device_list": "0, 1", "local_rank_id": 0}),
        P({"local_device_list": "0,1", "local_rank_id": 0}),
    ),
    (
        "dump_step.format",
        P({**DUMP, "dump_config.dump_step": "0|10-5"}),
        P({**DUMP, "dump_config.dump_step": "0|5-10"}),
    ),
    (
        "dump.path_required",
        P({"dump_config.enable_dump_debug": True}),
        P({"dump_config.enable_dump_debug": True, "dump_config.dump_path": "/tmp/d"}),
    ),
    (
        "implmode.optypelist_needs_mode",
        P({"optypelist_for_implmode": "Pooling"}),
        P({"optypelist_for_implmode": "Pooling", "op_select_implmode": "high_precision"}),
    ),
    (
        "compress_weight.both_set",
        P({"enable_compress_weight": True, "compress_weight_conf": "/c.cfg", **GRM0}, **INF),
        P({"enable_compress_weight": True, **GRM0}, **INF),
    ),
    (
        "compress_weight_conf.always_aborts",
        P({"compress_weight_conf": "/c.cfg", **GRM0}, **INF),
        P({"compress_weight_conf": "/c.cfg", "enable_compress_weight": True, **GRM0}, **INF),
    ),
    (
        "dynamic_input_config.hybrid_node_type",
        P(
            {
                **FOUR,
                "dynamic_input_config.dynamic_node_type": 0,
                "dynamic_input_config.compile_hybrid_mode": 1,
            }
        ),
        P({**FOUR, "dynamic_input_config.compile_hybrid_mode": 1}),
    ),
    (
        "dynamic_input_config.input_shape_format",
        P({**FOUR, "dynamic_input_config.input_shape": "data;-1,3"}),
        P(FOUR),
    ),
    (
        "dynamic_input_config.dynamic_dims_format",
        P({**FOUR, "dynamic_input_config.dynamic_dims": "1;-2"}),
        P(FOUR),
    ),
    (
        "dynamic_input_config.dims_count",
        P({**FOUR, "dynamic_input_config.dynamic_dims": "1,2;3"}),
        P(FOUR),
    ),
    (
        "profiling_options.invalid_json",
        P(
            {
                "profiling_config.enable_profiling": True,
                "profiling_config.profiling_options": "{'output': '/p'}",
            }
        ),
        P(
            {
                "profiling_config.enable_profiling": True,
                "profiling_config.profiling_options": '{"output": "/p"}',
            }
        ),
    ),
    (
        "graph_memory_optimize_config.recompute_not_sent",
        P({"experimental_config.graph_memory_optimize_config.recompute": "auto"}),
        P({"experimental_config.graph_memory_optimize_config.graph_slice": "auto"}),
    ),
    # -- ranges, formats and notes on single values --------------------------------------------
    (
        "range.product_rounded",
        P({"hccl_timeout": 600}, product="atlas_training"),
        P({"hccl_timeout": 544}, product="atlas_training"),
    ),
    (
        "range.product",
        P({"hccl_timeout": 0}, product="atlas_300i_duo"),
        P({"hccl_timeout": 0}, product="atlas_a2"),
    ),
    ("aicore_num.format", P({"aicore_num": "2,4"}), P({"aicore_num": "2|4"})),
    (
        "stream_max_parallel_num.format",
        P({"stream_max_parallel_num": "DNN_VM_AICPU=10"}),
        P({"stream_max_parallel_num": "DNN_VM_AICPU:10,AIcoreEngine:1"}),
    ),
    (
        "dynamic_inputs_shape_range.format",
        P({"dynamic_inputs_shape_range": "input:[3~5]", "dynamic_input": True}),
        P({"dynamic_inputs_shape_range": "getnext:[3~5],[3~6];data:[]", "dynamic_input": True}),
    ),
    (
        "dynamic_inputs_shape_range.dims",
        P({"dynamic_inputs_shape_range": "getnext:[3~5],[x]", "dynamic_input": True}),
        P({"dynamic_inputs_shape_range": "getnext:[3~5],[3~6];data:[]", "dynamic_input": True}),
    ),
    (
        "accelerate_train_mode.format",
        P({"experimental_config.accelerate_train_mode": "fast|step|1.05"}),
        P({"experimental_config.accelerate_train_mode": "fast|loss|1.05"}),
    ),
    (
        "auto_multistream_parallel_mode.format",
        P({"auto_multistream_parallel_mode": "MainStream:65"}),
        P({"auto_multistream_parallel_mode": "MainStream:64"}),
    ),
    (
        "local_device_list.duplicates",
        P({"local_device_list": "0,1,1", "local_rank_id": 0}),
        P({"local_device_list": "0,1", "local_rank_id": 0}),
    ),
    (
        "static_memory_policy.one_means_two",
        P({"memory_config.static_memory_policy": 1}),
        P({"memory_config.static_memory_policy": 2}),
    ),
    ("runconfig.distribute_unsupported", P({"eval_distribute": S}), P({"model_dir": "/m"})),
    (
        "op_debug_level.no_tbe_files_on_350",
        P({"op_debug_level": 1}, product="atlas_350"),
        P({"op_debug_level": 1}, product="atlas_a2"),
    ),
    (
        "debug_dir.unused",
        P({"debug_dir": "/dbg"}),
        P({"debug_dir": "/dbg", "op_debug_config": "/d.cfg"}),
    ),
    (
        "dump.with_exception_dump",
        P({**DUMP, "enable_exception_dump": 1}),
        P({**DUMP, "enable_exception_dump": 2}),
    ),
    (
        "quant_dumpable.without_dump",
        P({"quant_dumpable": "1", **GRM0}, **INF),
        P({"quant_dumpable": "1", **DUMP, **GRM0}, **INF),
    ),
    (
        "aoe.default_work_path",
        P({"aoe_mode": "2"}),
        P({"aoe_mode": "2", "work_path": "/aoe"}),
    ),
    # -- cross-parameter ---------------------------------------------------------------------------
    (
        "input_fusion_size.clamped",
        P({"input_fusion_size": 40_000_000}),
        P({"input_fusion_size": 33554432}),
    ),
    (
        "enable_small_channel.forced_in_inference",
        P({"enable_small_channel": 0, **GRM0}, **INF),
        P({"enable_small_channel": 0}),
    ),
    (
        "op_compiler_cache_mode.ignored_by_debug_level",
        P({"op_compiler_cache_mode": "enable", "op_debug_level": 1}),
        P({"op_compiler_cache_mode": "enable", "op_debug_level": 0}),
    ),
    (
        "shape_generalization_mode.needs_jit_true",
        P({"shape_generalization_mode": "FULL"}),
        P({"shape_generalization_mode": "FULL", "jit_compile": "true"}),
    ),
    (
        "shape_generalization_mode.compile_dynamic_mode",
        P(
            {
                "shape_generalization_mode": "ADAPTIVE",
                "jit_compile": "true",
                "compile_dynamic_mode": True,
            }
        ),
        P(
            {
                "shape_generalization_mode": "ADAPTIVE",
                "jit_compile": "true",
                "compile_dynamic_mode": False,
            }
        ),
    ),
    (
        "customize_dtypes.ignored_by_origin",
        P({"customize_dtypes": "/c.cfg"}),
        P({"customize_dtypes": "/c.cfg", "precision_mode_v2": "mixed_float16"}),
    ),
    (
        "aicore_num.ignored_without_jit",
        P({"aicore_num": "2|4", "jit_compile": "false"}),
        P({"aicore_num": "2|4", "jit_compile": "auto"}),
    ),
    (
        "dynamic_inputs_shape_range.overridden_by_dims",
        P({"dynamic_inputs_shape_range": "data:[3~5]", "dynamic_input": True, **FOUR}),
        P({"dynamic_inputs_shape_range": "data:[3~5]", "dynamic_input": True}),
    ),
    (
        "dynamic_input.required",
        P({"dynamic_graph_execute_mode": "dynamic_execute"}),
        P({"dynamic_graph_execute_mode": "dynamic_execute", "dynamic_input": True}),
    ),
    (
        "op_precision_mode.overrides_implmode",
        P({"op_precision_mode": "/p.ini", "op_select_implmode": "high_precision"}),
        P({"op_precision_mode": "/p.ini"}),
    ),
    (
        "dump.settings_ignored",
        P({"dump_config.dump_mode": "all", "dump_config.dump_path": "/d"}),
        P({**DUMP, "dump_config.dump_mode": "all"}),
    ),
    (
        "dump_debug_mode.dropped_without_dump_mode",
        P(
            {
                "dump_config.enable_dump_debug": True,
                "dump_config.dump_path": "/d",
                "dump_config.dump_mode": Expr(expr="None"),
                "dump_config.dump_debug_mode": "all",
            }
        ),
        P(
            {
                "dump_config.enable_dump_debug": True,
                "dump_config.dump_path": "/d",
                "dump_config.dump_debug_mode": "all",
            }
        ),
    ),
    (
        "profiling_options.not_read",
        P({"profiling_config.profiling_options": '{"output": "/p"}'}),
        P(
            {
                "profiling_config.profiling_options": '{"output": "/p"}',
                "profiling_config.enable_profiling": True,
            }
        ),
    ),
    (
        "profiling_options.without_profiling",
        P({"profiling_config.profiling_options": '{"output": "/p"}'}),
        P(
            {
                "profiling_config.profiling_options": '{"output": "/p"}',
                "profiling_config.enable_profiling": True,
            }
        ),
    ),
    (
        "logical_device_id.needs_single",
        P({"experimental_config.logical_device_id": "0"}),
        P(
            {
                "experimental_config.logical_device_id": "0",
                "experimental_config.logical_device_cluster_deploy_mode": "SINGLE",
            }
        ),
    ),
    (
        "local_device_list.needs_local_rank_id",
        P({"local_device_list": "0,1"}),
        P({"local_device_list": "0,1", "local_rank_id": 0}),
    ),
    (
        "checkpoints.steps_vs_loop",
        P({"save_checkpoints_steps": 150, "iterations_per_loop": 100}),
        P({"save_checkpoints_steps": 200, "iterations_per_loop": 100}),
    ),
    (
        "static_memory_policy.parallel_graphs",
        P(
            {"memory_config.static_memory_policy": 2, "graph_max_parallel_model_num": 4, **GRM0},
            **INF,
        ),
        P(
            {"memory_config.static_memory_policy": 3, "graph_max_parallel_model_num": 4, **GRM0},
            **INF,
        ),
    ),
    (
        "variable_placement.host_needs_mix",
        P({"variable_placement": "Host"}),
        P({"variable_placement": "Host", "mix_compile_mode": True}),
    ),
    ("graph_run_mode.inference_unset", P(**INF), P(GRM0, **INF)),
    (
        "dump.both_enabled",
        P({**DUMP, "dump_config.enable_dump_debug": True}),
        P({**DUMP, "dump_config.enable_dump_debug": False}),
    ),
    (
        "accelerate_train_mode.precision",
        P(
            {
                "experimental_config.accelerate_train_mode": "fast|step|0.9",
                "precision_mode_v2": "mixed_float16",
            }
        ),
        P(
            {
                "experimental_config.accelerate_train_mode": "fast|step|0.9",
                "precision_mode_v2": "origin",
            }
        ),
    ),
    # -- environment -------------------------------------------------------------------------------
    (
        "env.npu_collect_path.exception_dump",
        P(env={"NPU_COLLECT_PATH": "/collect"}),
        P({"enable_exception_dump": 1}, env={"NPU_COLLECT_PATH": "/collect"}),
    ),
    (
        "env.hccl_exec_timeout.overridden",
        P({"hccl_timeout": 1800}, env={"HCCL_EXEC_TIMEOUT": "600"}),
        P({"hccl_timeout": 1800}, env={"HCCL_EXEC_TIMEOUT": "1800"}),
    ),
    (
        "env.hccl_exec_timeout.invalid",
        P(env={"HCCL_EXEC_TIMEOUT": "10m"}),
        P(env={"HCCL_EXEC_TIMEOUT": "600"}),
    ),
    (
        "stream_sync_timeout.below_hccl",
        P({"stream_sync_timeout": 600_000, "hccl_timeout": 1800}, env={"RANK_SIZE": "8"}),
        P({"stream_sync_timeout": 2_000_000, "hccl_timeout": 1800}, env={"RANK_SIZE": "8"}),
    ),
    (
        "stream_sync_timeout.collective_never_times_out",
        P({"stream_sync_timeout": 600_000}, env={"RANK_SIZE": "8", "HCCL_EXEC_TIMEOUT": "0"}),
        P({"stream_sync_timeout": -1}, env={"RANK_SIZE": "8", "HCCL_EXEC_TIMEOUT": "0"}),
    ),
    (
        "env.multistream.cv_conflict",
        P({"auto_multistream_parallel_mode": "cv"}, env={"ENABLE_DYNAMIC_SHAPE_MULTI_STREAM": "1"}),
        P({"auto_multistream_parallel_mode": "cv"}),
    ),
    (
        "env.multistream.dynamic_needs_env",
        P({"auto_multistream_parallel_mode": "LoadBalance:8"}),
        P(
            {"auto_multistream_parallel_mode": "LoadBalance:8"},
            env={"ENABLE_DYNAMIC_SHAPE_MULTI_STREAM": "1"},
        ),
    ),
    (
        "env.ascend_device_id.overridden",
        P({"session_device_id": 1}, env={"ASCEND_DEVICE_ID": "0"}),
        P({"session_device_id": 1}, env={"ASCEND_DEVICE_ID": "1"}),
    ),
    (
        "env.ascend_device_id.invalid",
        P(env={"ASCEND_DEVICE_ID": "-1"}),
        P(env={"ASCEND_DEVICE_ID": "3"}),
    ),
    (
        "env.device_id.invalid",
        P(env={"DEVICE_ID": "a"}),
        P(env={"DEVICE_ID": "a", "ASCEND_DEVICE_ID": "0"}),
    ),
    (
        "env.ascend_device_id.wraps",
        P(env={"ASCEND_DEVICE_ID": "4294967297"}),
        P(env={"ASCEND_DEVICE_ID": "4294967295"}),
    ),
    (
        "env.device_id.wraps",
        P(env={"DEVICE_ID": "4294967296"}),
        P(env={"DEVICE_ID": "4294967296", "ASCEND_DEVICE_ID": "0"}),
    ),
    (
        "env.runtime_value",
        P(env={"DEVICE_ID": "$1"}).model_copy(update={"env_verbatim": ("DEVICE_ID",)}),
        P(env={"DEVICE_ID": "$1"}),
    ),
    (
        "env.device_id.shadowed",
        P(env={"DEVICE_ID": "1", "ASCEND_DEVICE_ID": "0"}),
        P(env={"DEVICE_ID": "1"}),
    ),
    (
        "env.aoe_mode.overridden",
        P({"aoe_mode": "2"}, env={"AOE_MODE": "4"}),
        P({"aoe_mode": "2"}, env={"AOE_MODE": "2"}),
    ),
    ("env.aoe_mode.invalid", P(env={"AOE_MODE": "3"}), P(env={"AOE_MODE": "4"})),
    (
        "env.aoe_mode.params_dropped",
        P({"work_path": "/aoe"}, env={"AOE_MODE": "2"}),
        P({"work_path": "/aoe", "aoe_mode": "2"}, env={"AOE_MODE": "2"}),
    ),
    (
        "aoe.params_without_aoe",
        P({"work_path": "/aoe"}),
        P({"work_path": "/aoe"}, env={"AOE_MODE": "2"}),
    ),
    (
        "env.aoe_mode.target",
        P(env={"AOE_MODE": "2"}, product="atlas_inference"),
        P(env={"AOE_MODE": "2"}, product="atlas_a3"),
    ),
    (
        "env.rank_size_with_cm_worker_size",
        P(env={"RANK_SIZE": "8", "CM_WORKER_SIZE": "8"}),
        P(env={"RANK_SIZE": "8", "CM_WORKER_SIZE": None}),
    ),
    (
        "env.cm_with_rank",
        P(env={"CM_CHIEF_IP": "10.0.0.1", "RANK_TABLE_FILE": "/rt.json"}),
        P(env={"CM_CHIEF_IP": "10.0.0.1", "CM_WORKER_SIZE": "8"}),
    ),
    (
        "env.cm_worker_size.range",
        P(env={"CM_WORKER_SIZE": "40000"}),
        P(env={"CM_WORKER_SIZE": "32768"}),
    ),
    ("env.rank_size.invalid", P(env={"RANK_SIZE": "eight"}), P(env={"RANK_SIZE": "0"})),
    (
        "env.hf32.product",
        P(env={"ENABLE_HF32_EXECUTION": "1"}, product="atlas_training"),
        P(env={"ENABLE_HF32_EXECUTION": "1"}, product="atlas_a2"),
    ),
    (
        "env.hf32.fp16_inference",
        P(GRM0, env={"ENABLE_HF32_EXECUTION": "1"}, **INF),
        P({**GRM0, "precision_mode_v2": "origin"}, env={"ENABLE_HF32_EXECUTION": "1"}, **INF),
    ),
    (
        "env.profiling_options.both",
        P(
            {"profiling_config.enable_profiling": True},
            env={"PROFILING_OPTIONS": '{"output":"/p"}'},
        ),
        P(
            {"profiling_config.enable_profiling": False},
            env={"PROFILING_OPTIONS": '{"output":"/p"}'},
        ),
    ),
    ("env.job_id.unset", P(env={"JOB_ID": None}), P(env={"JOB_ID": "10087"})),
    ("env.job_id.format", P(env={"JOB_ID": "0123"}), P(env={"JOB_ID": "10087"})),
    ("env.tf_config.invalid_json", P(env={"TF_CONFIG": "{cluster:"}), P(env={"TF_CONFIG": "{}"})),
    (
        "env.tf_config.cluster_without_strategy",
        P({"mix_compile_mode": True}, env={"TF_CONFIG": CLUSTER}),
        P({"mix_compile_mode": True, "distribute": S}, env={"TF_CONFIG": CLUSTER}),
    ),
    (
        "env.tf_config.strategy_without_cluster",
        P({"distribute": S}, env={"TF_CONFIG": "{}"}),
        P({"distribute": S, "mix_compile_mode": True}, env={"TF_CONFIG": CLUSTER}),
    ),
    (
        "env.tf_config.mix_compile_mode",
        P({"distribute": S}, env={"TF_CONFIG": CLUSTER}),
        P({"distribute": S, "mix_compile_mode": True}, env={"TF_CONFIG": CLUSTER}),
    ),
    (
        "model_dir.estimator_mismatch",
        P(
            {"model_dir": "/a"},
            kwargs=(ExtraKwarg(owner="NPUEstimator", name="model_dir", expr="'/b'"),),
        ),
        P(
            {"model_dir": "/a"},
            kwargs=(ExtraKwarg(owner="NPUEstimator", name="model_dir", expr="'/a'"),),
        ),
    ),
    # -- described file contents ---------------------------------------------------------------------
    (
        "file.invalid_json",
        P({"aoe_config_file": "/t.json"}, files={"aoe_config_file": '{"tune_ops_type": ['}),
        P({"aoe_config_file": "/t.json"}, files={"aoe_config_file": '{"tune_ops_type": []}'}),
    ),
    (
        "file.format_error",
        P({"modify_mixlist": "/m.json"}, files={"modify_mixlist": '{"black": {}}'}),
        P({"modify_mixlist": "/m.json"}, files={"modify_mixlist": '{"black-list": {}}'}),
    ),
    (
        "file.format_info",
        P({"compress_weight_conf": "/c.cfg"}, files={"compress_weight_conf": "a;a"}),
        P({"compress_weight_conf": "/c.cfg"}, files={"compress_weight_conf": "a;b"}),
    ),
    (
        "file.format",
        P(
            {"op_precision_mode": "/p.ini"},
            files={"op_precision_mode": "[ByOptype]\nMatMul=high_precision\n"},
        ),
        P(
            {"op_precision_mode": "/p.ini"},
            files={"op_precision_mode": "[ByOpType]\nMatMul=high_precision\n"},
        ),
    ),
    (
        "op_debug_config.ccec_O0_with_oom",
        P(
            {"op_debug_config": "/d.cfg"},
            files={"op_debug_config": "op_debug_config = ccec_O0,ccec_g,oom"},
        ),
        P({"op_debug_config": "/d.cfg"}, files={"op_debug_config": "op_debug_config = ccec_g,oom"}),
    ),
    (
        "op_debug_config.unknown_option",
        P({"op_debug_config": "/d.cfg"}, files={"op_debug_config": "op_debug_config = dump_ccee"}),
        P({"op_debug_config": "/d.cfg"}, files={"op_debug_config": "op_debug_config = dump_cce"}),
    ),
    (
        "op_debug_level.ccec_with_oom",
        P({"op_debug_level": 2, "op_debug_config": "/d.cfg"}, files={"op_debug_config": DEBUG_CFG}),
        P({"op_debug_level": 1, "op_debug_config": "/d.cfg"}, files={"op_debug_config": DEBUG_CFG}),
    ),
    (
        "env.npu_collect_path.oom",
        P(
            {"op_debug_config": "/d.cfg"},
            env={"NPU_COLLECT_PATH": "/c"},
            files={"op_debug_config": DEBUG_CFG},
        ),
        P(
            {"op_debug_config": "/d.cfg"},
            env={"NPU_COLLECT_PATH": "/c"},
            files={"op_debug_config": "dump_cce"},
        ),
    ),
    (
        "op_compiler_cache_mode.ignored_by_debug_config",
        P(
            {"op_compiler_cache_mode": "enable", "op_debug_config": "/d.cfg"},
            files={"op_debug_config": "ccec_g"},
        ),
        P(
            {"op_compiler_cache_mode": "enable", "op_debug_config": "/d.cfg"},
            files={"op_debug_config": DEBUG_CFG},
        ),
    ),
    (
        "aoe.nonhomo_split_needs_mode_1",
        P(
            {"aoe_mode": "2", "aoe_config_file": "/t.cfg"},
            product="atlas_training",
            files={"aoe_config_file": AOE_SPLIT},
        ),
        P(
            {"aoe_mode": "1", "aoe_config_file": "/t.cfg"},
            product="atlas_training",
            files={"aoe_config_file": AOE_SPLIT},
        ),
    ),
    (
        "aoe.deeper_opat_needs_mode_2",
        P(
            {"aoe_config_file": "/t.cfg"},
            env={"AOE_MODE": "4"},
            files={"aoe_config_file": AOE_DEEPER},
        ),
        P(
            {"aoe_config_file": "/t.cfg"},
            env={"AOE_MODE": "2"},
            files={"aoe_config_file": AOE_DEEPER},
        ),
    ),
    (
        "aoe.tune_optimization_level",
        P(
            {"aoe_mode": "2", "aoe_config_file": "/t.cfg"},
            files={"aoe_config_file": '{"tune_optimization_level": "O3"}'},
        ),
        P(
            {"aoe_mode": "2", "aoe_config_file": "/t.cfg"},
            files={"aoe_config_file": '{"tune_optimization_level": "O1"}'},
        ),
    ),
    (
        "op_precision_mode.fp32_product",
        P(
            {"op_precision_mode": "/p.ini"},
            product="atlas_training",
            files={"op_precision_mode": "[ByOpType]\nMatMul=enable_float_32_execution"},
        ),
        P(
            {"op_precision_mode": "/p.ini"},
            product="atlas_a3",
            files={"op_precision_mode": "[ByOpType]\nMatMul=enable_float_32_execution"},
        ),
    ),
    (
        "op_precision_mode.hf32_unsupported",
        P(
            {"op_precision_mode": "/p.ini"},
            files={"op_precision_mode": "[ByNodeName]\nmm1=enable_hi_float_32_execution"},
        ),
        P(
            {"op_precision_mode": "/p.ini"},
            files={"op_precision_mode": "[ByNodeName]\nmm1=high_precision"},
        ),
    ),
    (
        "op_precision_mode.unknown_mode",
        P(
            {"op_precision_mode": "/p.ini"},
            files={"op_precision_mode": "[ByOpType]\nConv2D=high_precison"},
        ),
        P(
            {"op_precision_mode": "/p.ini"},
            files={"op_precision_mode": "[ByOpType]\nConv2D=high_precision"},
        ),
    ),
    (
        "env.hf32.with_op_precision_mode",
        P(
            {"op_precision_mode": "/p.ini"},
            env={"ENABLE_HF32_EXECUTION": "1"},
            files={"op_precision_mode": "[ByOpType]\nMatMul=enable_float_32_execution"},
        ),
        P(
            {"op_precision_mode": "/p.ini"},
            env={"ENABLE_HF32_EXECUTION": "1"},
            files={"op_precision_mode": "[ByOpType]\nMatMul=keep_fp16"},
        ),
    ),
    (
        "fusion_switch_file.ub_fusion_on_350",
        P(
            {"fusion_switch_file": "/f.json"},
            product="atlas_350",
            files={"fusion_switch_file": '{"Switch": {"UBFusion": {"ALL": "off"}}}'},
        ),
        P(
            {"fusion_switch_file": "/f.json"},
            product="atlas_350",
            files={"fusion_switch_file": '{"Switch": {"GraphFusion": {"ALL": "off"}}}'},
        ),
    ),
    # -- advice ----------------------------------------------------------------------------------------
    (
        "deterministic.fix_seeds",
        P({"deterministic": 1}),
        P({"deterministic": 1, "tf_random_seed": 7}),
    ),
    (
        "target.training_on_inference_product",
        P(product="atlas_inference"),
        P(product="atlas_inference", **INF),
    ),
    (
        "precision_mode.prefer_v2",
        P({"precision_mode": "force_fp32"}),
        P({"precision_mode_v2": "fp16"}),
    ),
    (
        "variable_placement.host_control_flow",
        P({"variable_placement": "Host", "mix_compile_mode": True}),
        P({"variable_placement": "Device"}),
    ),
    (
        "is_tailing_optimization.bert_only",
        P({"is_tailing_optimization": True}),
        P({"is_tailing_optimization": False}),
    ),
    (
        "stream_max_parallel_num.nmt_only",
        P({"stream_max_parallel_num": "AIcoreEngine:2"}),
        P({"hcom_parallel": False}),
    ),
    ("jit_compile.recommendation_only", P({"jit_compile": "false"}), P({"jit_compile": "auto"})),
    (
        "all_tensor_not_empty.risk",
        P({"all_tensor_not_empty": True}),
        P({"all_tensor_not_empty": False}),
    ),
    (
        "oo_constant_folding.off",
        P({"oo_constant_folding": False}),
        P({"oo_constant_folding": True}),
    ),
    (
        "stream_sync_timeout.units",
        P({"stream_sync_timeout": 600}),
        P({"stream_sync_timeout": 600_000}),
    ),
    ("event_sync_timeout.units", P({"event_sync_timeout": 60}), P({"event_sync_timeout": -1})),
    (
        "enable_small_channel.training",
        P({"enable_small_channel": 1}),
        P({"enable_small_channel": 0}),
    ),
    (
        "profiling_options.no_output",
        P(
            {
                "profiling_config.enable_profiling": True,
                "profiling_config.profiling_options": '{"task_trace": "on"}',
            }
        ),
        P(
            {
                "profiling_config.enable_profiling": True,
                "profiling_config.profiling_options": '{"output": "/p", "task_trace": "on"}',
            }
        ),
    ),
    (
        "auto_multistream_parallel_mode.recommendation_only",
        P({"auto_multistream_parallel_mode": "cv"}),
        P({"jit_compile": "auto"}),
    ),
    ("hcom_parallel.small_networks", P({"hcom_parallel": True}), P({"hcom_parallel": False})),
]

#: A complete DynamicInputConfig the estimator sends.
DYN = {
    "dynamic_input_config.input_shape": "data:1,-1",
    "dynamic_input_config.dynamic_dims": "1;2",
    "dynamic_input_config.dynamic_node_type": 0,
    "dynamic_input_config.compile_hybrid_mode": 0,
}
WORK = "/repo/task001/172.16.1.12_01_03"


def with_none(values: dict[str, Any], *none: str) -> Profile:
    """A profile holding explicit None values (kept from a script's ``x=None``)."""
    base = P(values)
    return base.model_copy(update={"values": {**base.values, **dict.fromkeys(none)}})


CASES += [
    (
        "compile_dynamic_mode.with_dynamic_input",
        P({"compile_dynamic_mode": True, "dynamic_input": True}),
        P({"compile_dynamic_mode": False, "dynamic_input": True}),
    ),
    (
        "compile_dynamic_mode.with_dynamic_dims",
        P({"compile_dynamic_mode": True, **DYN}),
        P({"compile_dynamic_mode": True, **DYN, "dynamic_input_config.dynamic_dims": ""}),
    ),
    ("aoe.with_dynamic_dims", P({"aoe_mode": "2", **DYN}), P({"aoe_mode": "2"})),
    (
        "dynamic_dims.gear_count",
        P({**DYN, "dynamic_input_config.dynamic_dims": "1"}),
        P({**DYN, "dynamic_input_config.dynamic_dims": "1;2;3"}),
    ),
    (
        "dynamic_input_config.none_dropped",
        with_none(
            {"dynamic_input_config.input_shape": "data:1,-1"},
            "dynamic_input_config.dynamic_dims",
            "dynamic_input_config.dynamic_node_type",
            "dynamic_input_config.compile_hybrid_mode",
        ),
        P(DYN),
    ),
    (
        "env.device_id.read_by_ge_init",
        P({"session_device_id": 1}, env={"DEVICE_ID": "1"}),
        P({"session_device_id": 1}, env={"DEVICE_ID": "1", "ASCEND_DEVICE_ID": "1"}),
    ),
    (
        "env.ascend_work_path.invalid",
        P(env={"ASCEND_WORK_PATH": "/repo/my task/172.16.1.12_01_03"}),
        P(env={"ASCEND_WORK_PATH": WORK}),
    ),
    # -- TF Adapter 2.x (npu_device.global_options()) -----------------------------------
    (
        "tf2.option.unknown",
        T(kwargs=(ExtraKwarg(owner="NpuConfig", name="precison_mode", expr="'x'"),)),
        T(kwargs=(ExtraKwarg(owner="NPURunConfig", name="precison_mode", expr="'x'"),)),
    ),
    (
        "tf2.option.removed",
        P({"auto_tune_mode": "RL,GA"}, surface="tf2", release="7.0.0"),
        P({"auto_tune_mode": "RL,GA"}, surface="tf2", release="r1.10.0"),
    ),
    (
        "tf2.option.removed_depends",
        T({"auto_tune_mode": "RL,GA"}),
        P({"auto_tune_mode": "RL,GA"}, surface="tf2", release="r1.10.0"),
    ),
    ("tf2.option.none", T({"hccl_timeout": 600}), T({"stream_sync_timeout": 600000})),
    (
        "tf2.value.rejected",
        T({"dynamic_input_config.dynamic_node_type": 0}),
        T({"dynamic_input_config.dynamic_node_type": "0"}),
    ),
    (
        "tf2.option.deprecated",
        T({"op_select_implmode": "high_precision"}),
        T({"op_precision_mode": "/p.ini"}),
    ),
    (
        "tf2.option.not_sent",
        T({"experimental_config.graph_memory_optimize_config.recompute": "manual"}),
        T({"experimental_config.graph_memory_optimize_config.graph_slice": "auto"}),
    ),
    ("tf2.loop_size.type", T({"iterations_per_loop": "32"}), T({"iterations_per_loop": 32})),
    ("tf2.loop_size.ignored", T({"iterations_per_loop": 0}), T({"iterations_per_loop": 1})),
    ("tf2.device_id.type", T({"session_device_id": "1"}), T({"session_device_id": 1})),
    # (with AFTER_OPEN: the script writes precision_mode after npu_device.open())
    (
        "tf2.option.after_open",
        T({"precision_mode": "force_fp32"}),
        T({"op_select_implmode": "high_performance"}),
    ),
    ("tf2.env.switch_ignored", T(env={"NPU_DEBUG": "on"}), T(env={"NPU_DEBUG": "TRUE"})),
    ("tf2.env.loop_size_ignored", T(env={"NPU_LOOP_SIZE": "0"}), T(env={"NPU_LOOP_SIZE": "32"})),
    (
        "tf2.env.device_id",
        T(env={"ASCEND_DEVICE_ID": "npu0"}),
        T({"session_device_id": 0}, env={"ASCEND_DEVICE_ID": "npu0"}),
    ),
    ("tf2.env.rank_size", T(env={"RANK_SIZE": "eight"}), T(env={"RANK_SIZE": "8"})),
    (
        "tf2.env.rank_and_worker_size",
        T(env={"RANK_SIZE": "8", "CM_WORKER_SIZE": "8"}),
        T(env={"RANK_SIZE": "8"}),
    ),
    (
        "tf2.env.cm_and_rank_table",
        T(env={"RANK_SIZE": "8", "CM_CHIEF_IP": "10.0.0.1", "RANK_TABLE_FILE": "/r.json"}),
        T(env={"RANK_SIZE": "1", "CM_CHIEF_IP": "10.0.0.1", "RANK_TABLE_FILE": "/r.json"}),
    ),
]

#: What an imported script says besides its values (``ImportedConfig.after_open``),
#: given to ``evaluate`` with the rule's cases: precision_mode written on line 9,
#: after ``npu_device.open()`` on line 8.
AFTER_OPEN: dict[str, dict[str, tuple[int, int]]] = {
    "tf2.option.after_open": {"precision_mode": (9, 8)},
}


def script_facts(rule_id: str) -> dict[str, dict[str, tuple[int, int]]]:
    """The keyword arguments of ``evaluate`` that carry a rule case's script facts."""
    return {"after_open": AFTER_OPEN[rule_id]} if rule_id in AFTER_OPEN else {}


#: The target release: what the named TF Adapter release has (catalog validity data).
TUNE = (ExtraKwarg(owner="NPURunConfig", name="auto_tune_mode", expr="'RL,GA'"),)
CASES += [
    ("release.unknown", P(release="8.0.RC1"), P(release="7.0.0")),
    (
        "release.missing_keyword",
        P({"oo_level": "O3"}, release="7.0.0"),
        P({"oo_level": "O3"}, release="9.0.0"),
    ),
    (
        "release.retired_keyword",
        P(kwargs=TUNE, release="newest"),
        P(kwargs=TUNE, release="r1.10.0"),
    ),
    (
        "release.key_not_read",
        P({"in_out_pair_flag": False}, release="r1.1.1"),
        P({"in_out_pair_flag": False}, release="r1.3.0"),
    ),
    (  # jit_compile "True": r3.2.0's spelling, rejected from 7.0.RC1 on
        "release.value",
        P({"jit_compile": "True"}, release="9.0.0"),
        P({"jit_compile": "True"}, release="r3.2.0"),
    ),
    (
        "release.type",
        P({"jit_compile": "auto"}, release="r1.11.0"),
        P({"jit_compile": False}, release="r1.11.0"),
    ),
    ("release.depends", P({"oo_level": "O3"}), P({"precision_mode": "force_fp32"})),
    ("release.key_depends", P({"oo_level": "O3"}), P({"oo_level": "O3"}, release="9.0.0")),
    # jit_compile "True": listed by r3.2.0 only; "true" from 7.0.RC1 on
    (
        "release.value_depends",
        P({"jit_compile": "True"}),
        P({"jit_compile": "True"}, release="r3.2.0"),
    ),
    # parameter_map["jit_compile"].b = True: read as a bool up to 6.3.RC2, refused later
    (
        "release.member_fails",
        P({"jit_compile": True}, surface="sess", release="7.0.0"),
        P({"jit_compile": True}, surface="sess", release="r1.10.0"),
    ),
    (
        "release.member_ignored",
        P({"jit_compile": "true"}, surface="sess", release="r1.10.0"),
        P({"jit_compile": "true"}, surface="sess", release="7.0.0"),
    ),
    (
        "release.member_depends",
        P({"jit_compile": True}, surface="sess"),
        P({"jit_compile": "true"}, surface="sess", release="7.0.0"),
    ),
]

#: For the rules whose fix depends on the value: a firing profile where one is offered
#: (the table's own firing profile offers none: nothing is close to "mixed").
FIX_CASES: dict[str, Profile] = {
    "value.not_allowed": P({"precision_mode": "allow_mix_precison"}),
    "value.undocumented": P({"op_compiler_cache_mode": "enabel"}),
}
