"""Every bad combination a configurator must get right, built as a profile, yields
the matching diagnostic on the parameter concerned.

Path priorities have no bad combinations: the path engine covers them. "Not an
existing writable directory" (dump_path/work_path) cannot be checked from a
profile, which describes another machine; the missing-path half is.
"""

from __future__ import annotations

import pytest
from rule_cases import AOE_SPLIT, CLUSTER, DEBUG_CFG, DUMP, FOUR, GRM0, INF, P, S

from ascend_studio.profile import Expr, ExtraKwarg, Profile
from ascend_studio.rules import effective_value, evaluate

TRAIN_SERIES = {"product": "atlas_training"}
ONLY_INFERENCE = {
    "buffer_optimize": "off_optimize",
    "quant_dumpable": "1",
    "graph_max_parallel_model_num": 2,
    "frozen_variable": True,
    "dynamic_input_config.input_shape": "data:-1,3",
}

#: (label, profile, rule id, the parameter the diagnostic must name)
COMBINATIONS: list[tuple[str, Profile, str, str]] = [
    # strings vs ints vs bools
    ("5.1 aoe_mode=2", P({"aoe_mode": 2}), "type.mismatch", "aoe_mode"),
    (
        "5.1 ac_parallel_enable=1",
        P({"ac_parallel_enable": 1}),
        "type.mismatch",
        "ac_parallel_enable",
    ),
    (
        "5.1 quant_dumpable=1",
        P({"quant_dumpable": 1, **GRM0}, **INF),
        "type.mismatch",
        "quant_dumpable",
    ),
    ("5.1 aicore_num=2", P({"aicore_num": 2}), "type.mismatch", "aicore_num"),
    (
        "5.1 local_device_list=0",
        P({"local_device_list": 0, "local_rank_id": 0}),
        "type.mismatch",
        "local_device_list",
    ),
    ("5.1 jit_compile=True", P({"jit_compile": True}), "type.mismatch", "jit_compile"),
    ("5.1 jit_compile='TRUE'", P({"jit_compile": "TRUE"}), "value.case", "jit_compile"),
    (
        "5.1 jit_compile='True' on 9.0.0",
        P({"jit_compile": "True"}, release="9.0.0"),
        "release.value",
        "jit_compile",
    ),
    *[
        (f"5.1 {name}='1'", P({name: "1"}), "type.mismatch", name)
        for name in (
            "graph_run_mode",
            "enable_exception_dump",
            "deterministic",
            "enable_small_channel",
            "export_compile_stat",
            "hccl_timeout",
            "op_wait_timeout",
            "op_execute_timeout",
            "stream_sync_timeout",
            "session_device_id",
            "local_rank_id",
            "op_debug_level",
            "topo_sorting_mode",
        )
    ],
    (
        "5.1 mix_compile_mode=1",
        P({"mix_compile_mode": 1}),
        "mix_compile_mode.not_bool",
        "mix_compile_mode",
    ),
    ("5.1 horovod_mode=0", P({"horovod_mode": 0}), "horovod_mode.not_bool", "horovod_mode"),
    # raised by the Python constructors
    (
        "5.2 iterations_per_loop=0",
        P({"iterations_per_loop": 0}),
        "range.out_of_range",
        "iterations_per_loop",
    ),
    (
        "5.2 iterations_per_loop=2.5",
        P({"iterations_per_loop": 2.5}),
        "type.mismatch",
        "iterations_per_loop",
    ),
    (
        "5.2 mix_compile_mode='True'",
        P({"mix_compile_mode": "True"}),
        "mix_compile_mode.not_bool",
        "mix_compile_mode",
    ),
    (
        "5.2 mix_compile_mode with iterations_per_loop=10",
        P({"mix_compile_mode": True, "iterations_per_loop": 10}),
        "mix_compile_mode.iterations_per_loop",
        "iterations_per_loop",
    ),
    ("5.2 graph_run_mode=2", P({"graph_run_mode": 2}), "value.not_allowed", "graph_run_mode"),
    (
        "5.2 enable_exception_dump=-1",
        P({"enable_exception_dump": -1}),
        "value.not_allowed",
        "enable_exception_dump",
    ),
    (
        "5.2 enable_exception_dump=1.0",
        P({"enable_exception_dump": 1.0}),
        "type.mismatch",
        "enable_exception_dump",
    ),
    ("5.2 horovod_mode='yes'", P({"horovod_mode": "yes"}), "horovod_mode.not_bool", "horovod_mode"),
    *[
        (f"5.2 {holder} of the wrong class", P({holder: "x"}), "subconfig.not_object", holder)
        for holder in (
            "dump_config",
            "experimental_config",
            "dynamic_input_config",
            "experimental_config.graph_memory_optimize_config",
        )
    ],
    (
        "5.2 TF_CONFIG cluster without a strategy",
        P({"mix_compile_mode": True}, env={"TF_CONFIG": CLUSTER}),
        "env.tf_config.cluster_without_strategy",
        "distribute",
    ),
    (
        "5.2 a strategy without a TF_CONFIG cluster",
        P({"distribute": S}, env={"TF_CONFIG": '{"task": {}}'}),
        "env.tf_config.strategy_without_cluster",
        "distribute",
    ),
    (
        "5.2 TF_CONFIG cluster with mix_compile_mode False",
        P({"distribute": S, "mix_compile_mode": False}, env={"TF_CONFIG": CLUSTER}),
        "env.tf_config.mix_compile_mode",
        "mix_compile_mode",
    ),
    (
        "5.2 both save_checkpoints_*",
        P({"save_checkpoints_steps": 100, "save_checkpoints_secs": 60}),
        "checkpoints.both_set",
        "save_checkpoints_secs",
    ),
    (
        "5.2 model_dir differs from NPUEstimator's",
        P(
            {"model_dir": "/a"},
            kwargs=(ExtraKwarg(owner="NPUEstimator", name="model_dir", expr='"/b"'),),
        ),
        "model_dir.estimator_mismatch",
        "model_dir",
    ),
    ("5.2 JOB_ID unset", P(env={"JOB_ID": None}), "env.job_id.unset", "env:JOB_ID"),
    # raised later by the C++ option reader
    (
        "5.3 precision_mode with precision_mode_v2",
        P({"precision_mode": "force_fp32", "precision_mode_v2": "origin"}),
        "precision.both_modes",
        "precision_mode_v2",
    ),
    (
        "5.3 precision_mode outside its 9 values",
        P({"precision_mode": "fp16"}),
        "value.not_allowed",
        "precision_mode",
    ),
    (
        "5.3 precision_mode_v2 outside its 7 values",
        P({"precision_mode_v2": "allow_mix_precision"}),
        "value.not_allowed",
        "precision_mode_v2",
    ),
    (
        "5.3 jit_compile outside its list",
        P({"jit_compile": "yes"}),
        "value.not_allowed",
        "jit_compile",
    ),
    (
        "5.3 shape_generalization_mode outside its list",
        P({"shape_generalization_mode": "PARTIAL"}),
        "value.not_allowed",
        "shape_generalization_mode",
    ),
    (
        "5.3 export_compile_stat=3",
        P({"export_compile_stat": 3}),
        "value.not_allowed",
        "export_compile_stat",
    ),
    (
        "5.3 variable_use_1g_huge_page=3",
        P({"memory_config.variable_use_1g_huge_page": 3}),
        "value.not_allowed",
        "memory_config.variable_use_1g_huge_page",
    ),
    (
        "5.3 dump_data='stat'",
        P({**DUMP, "dump_config.dump_data": "stat"}),
        "value.not_allowed",
        "dump_config.dump_data",
    ),
    (
        "5.3 enable_exception_dump=3",
        P({"enable_exception_dump": 3}),
        "value.not_allowed",
        "enable_exception_dump",
    ),
    (
        "5.3 modify_mixlist without a mixed mode",
        P({"modify_mixlist": "/m.json"}),
        "modify_mixlist.needs_mixed_precision",
        "modify_mixlist",
    ),
    ("5.3 aoe_mode='3'", P({"aoe_mode": "3"}), "value.not_allowed", "aoe_mode"),
    ("5.3 AOE_MODE=3", P(env={"AOE_MODE": "3"}), "env.aoe_mode.invalid", "env:AOE_MODE"),
    ("5.3 local_rank_id=8", P({"local_rank_id": 8}), "range.out_of_range", "local_rank_id"),
    (
        "5.3 malformed local_device_list",
        P({"local_device_list": "0-3", "local_rank_id": 0}),
        "local_device_list.format",
        "local_device_list",
    ),
    (
        "5.3 malformed dump_step",
        P({**DUMP, "dump_config.dump_step": "0|a"}),
        "dump_step.format",
        "dump_config.dump_step",
    ),
    (
        "5.3 dump without dump_path",
        P({"dump_config.enable_dump": True}),
        "dump.path_required",
        "dump_config.dump_path",
    ),
    (
        "5.3 graph_max_parallel_model_num=0",
        P({"graph_max_parallel_model_num": 0, **GRM0}, **INF),
        "range.out_of_range",
        "graph_max_parallel_model_num",
    ),
    (
        "5.3 compile_hybrid_mode=1 with dynamic_node_type=0",
        P(
            {
                **FOUR,
                "dynamic_input_config.dynamic_node_type": 0,
                "dynamic_input_config.compile_hybrid_mode": 1,
            }
        ),
        "dynamic_input_config.hybrid_node_type",
        "dynamic_input_config.dynamic_node_type",
    ),
    (
        "5.3 compile_hybrid_mode=2",
        P({**FOUR, "dynamic_input_config.compile_hybrid_mode": 2}),
        "value.not_allowed",
        "dynamic_input_config.compile_hybrid_mode",
    ),
    (
        "5.3 DynamicInputConfig fields set partly",
        P({"dynamic_input_config.compile_hybrid_mode": 1}),
        "dynamic_input_config.incomplete",
        "dynamic_input_config.input_shape",
    ),
    # process aborts (LOG(FATAL))
    (
        "5.3 buffer_optimize='l1_optimize'",
        P({"buffer_optimize": "l1_optimize", **GRM0}, **INF),
        "value.not_allowed",
        "buffer_optimize",
    ),
    (
        "5.3 variable_placement='device'",
        P({"variable_placement": "device"}),
        "value.case",
        "variable_placement",
    ),
    (
        "5.3 variable_placement='GPU'",
        P({"variable_placement": "GPU"}),
        "value.not_allowed",
        "variable_placement",
    ),
    (
        "5.3 dump_mode='both'",
        P({**DUMP, "dump_config.dump_mode": "both"}),
        "value.not_allowed",
        "dump_config.dump_mode",
    ),
    (
        "5.3 dump_debug_mode='overflow'",
        P(
            {
                "dump_config.enable_dump_debug": True,
                "dump_config.dump_path": "/d",
                "dump_config.dump_debug_mode": "overflow",
            }
        ),
        "value.not_allowed",
        "dump_config.dump_debug_mode",
    ),
    (
        "5.3 op_select_implmode='fast'",
        P({"op_select_implmode": "fast"}),
        "value.not_allowed",
        "op_select_implmode",
    ),
    (
        "5.3 optypelist_for_implmode alone",
        P({"optypelist_for_implmode": "Pooling,SoftmaxV2"}),
        "implmode.optypelist_needs_mode",
        "optypelist_for_implmode",
    ),
    (
        "5.3 session_device_id=-1",
        P({"session_device_id": -1}),
        "range.out_of_range",
        "session_device_id",
    ),
    ("5.3 AOE without work_path", P({"aoe_mode": "2"}), "aoe.default_work_path", "work_path"),
    (
        "5.3 enable_compress_weight with compress_weight_conf",
        P({"enable_compress_weight": True, "compress_weight_conf": "/c", **GRM0}, **INF),
        "compress_weight.both_set",
        "compress_weight_conf",
    ),
    (
        "5.3 any compress_weight_conf through NPURunConfig",
        P({"compress_weight_conf": "/c", **GRM0}, **INF),
        "compress_weight_conf.always_aborts",
        "compress_weight_conf",
    ),
    # silent adjustments and ignored settings
    (
        "5.4 input_fusion_size clamped",
        P({"input_fusion_size": -1}),
        "input_fusion_size.clamped",
        "input_fusion_size",
    ),
    (
        "5.4 enable_small_channel forced in inference",
        P({"enable_small_channel": 0, **GRM0}, **INF),
        "enable_small_channel.forced_in_inference",
        "enable_small_channel",
    ),
    (
        "5.4 op_compiler_cache_mode with op_debug_level=2",
        P({"op_compiler_cache_mode": "force", "op_debug_level": 2}),
        "op_compiler_cache_mode.ignored_by_debug_level",
        "op_compiler_cache_mode",
    ),
    (
        "5.4 op_compiler_cache_mode with op_debug_config lacking op_debug_list",
        P(
            {"op_compiler_cache_mode": "enable", "op_debug_config": "/d.cfg"},
            files={"op_debug_config": "op_debug_config = oom"},
        ),
        "op_compiler_cache_mode.ignored_by_debug_config",
        "op_compiler_cache_mode",
    ),
    (
        "5.4 shape_generalization_mode without jit_compile='true'",
        P({"shape_generalization_mode": "FULL", "jit_compile": "false"}),
        "shape_generalization_mode.needs_jit_true",
        "shape_generalization_mode",
    ),
    (
        "5.4 shape_generalization_mode with compile_dynamic_mode",
        P(
            {
                "shape_generalization_mode": "FULL",
                "jit_compile": "true",
                "compile_dynamic_mode": True,
            }
        ),
        "shape_generalization_mode.compile_dynamic_mode",
        "shape_generalization_mode",
    ),
    (
        "5.4 customize_dtypes under must_keep_origin_dtype",
        P(
            {"customize_dtypes": "/c.cfg", "precision_mode": "must_keep_origin_dtype"},
            **TRAIN_SERIES,
        ),
        "customize_dtypes.ignored_by_origin",
        "customize_dtypes",
    ),
    (
        "5.4 customize_dtypes under origin",
        P({"customize_dtypes": "/c.cfg", "precision_mode_v2": "origin"}, **TRAIN_SERIES),
        "customize_dtypes.ignored_by_origin",
        "customize_dtypes",
    ),
    (
        "5.4 aicore_num with jit_compile='false'",
        P({"aicore_num": "8|16", "jit_compile": "false"}),
        "aicore_num.ignored_without_jit",
        "aicore_num",
    ),
    (
        "5.4 dynamic_inputs_shape_range with dynamic_dims",
        P({"dynamic_inputs_shape_range": "data:[1~4]", "dynamic_input": True, **FOUR}),
        "dynamic_inputs_shape_range.overridden_by_dims",
        "dynamic_inputs_shape_range",
    ),
    (
        "5.4 dynamic_inputs_shape_range without dynamic_input",
        P({"dynamic_inputs_shape_range": "data:[1~4]"}),
        "dynamic_input.required",
        "dynamic_inputs_shape_range",
    ),
    (
        "5.4 dynamic_graph_execute_mode without dynamic_input",
        P({"dynamic_graph_execute_mode": "lazy_recompile", "dynamic_input": False}),
        "dynamic_input.required",
        "dynamic_graph_execute_mode",
    ),
    (
        "5.4 op_precision_mode over op_select_implmode and optypelist_for_implmode",
        P(
            {
                "op_precision_mode": "/p.ini",
                "op_select_implmode": "high_precision",
                "optypelist_for_implmode": "Pooling",
            }
        ),
        "op_precision_mode.overrides_implmode",
        "optypelist_for_implmode",
    ),
    (
        "5.4 NPU_COLLECT_PATH forces exception dump mode 1",
        P({"enable_exception_dump": 2}, env={"NPU_COLLECT_PATH": "/c"}),
        "env.npu_collect_path.exception_dump",
        "enable_exception_dump",
    ),
    *[
        (f"5.4 {name} does nothing", P({name: value}), "status.no_effect", name)
        for name, value in (
            ("enable_reduce_precision", True),
            ("graph_memory_max_size", 1 << 30),
            ("variable_memory_max_size", 1 << 30),
        )
    ],
    # product gates, per value
    *[
        (
            f"5.5 {path}={value!r} on {product}",
            P({path: value}, product=product),
            "avail.value_product",
            path,
        )
        for path, value in (
            ("precision_mode_v2", "mixed_bfloat16"),
            ("precision_mode", "allow_mix_precision_bf16"),
            ("precision_mode", "allow_fp32_to_bf16"),
        )
        for product in ("atlas_training", "atlas_inference")
    ],
    *[
        (
            f"5.5 {value} on {product}",
            P({"precision_mode_v2": value}, product=product),
            "avail.value_unsupported",
            "precision_mode_v2",
        )
        for value in ("mixed_hif8", "cube_hif8")
        for product in ("atlas_350", "atlas_a2")
    ],
    (
        "5.5 enable_float_32_execution on the training series",
        P(
            {"op_precision_mode": "/p.ini"},
            files={"op_precision_mode": "[ByOpType]\nMatMul=enable_float_32_execution"},
            **TRAIN_SERIES,
        ),
        "op_precision_mode.fp32_product",
        "op_precision_mode",
    ),
    (
        "5.5 enable_hi_float_32_execution anywhere",
        P(
            {"op_precision_mode": "/p.ini"},
            files={"op_precision_mode": "[ByOpType]\nMatMul=enable_hi_float_32_execution"},
            product="atlas_a3",
        ),
        "op_precision_mode.hf32_unsupported",
        "op_precision_mode",
    ),
    *[
        (
            f"5.5 aicore_num on {product}",
            P({"aicore_num": "8|16"}, product=product),
            "avail.product",
            "aicore_num",
        )
        for product in ("atlas_350", "atlas_training", "atlas_inference")
    ],
    ("5.5 AOE in inference", P({"aoe_mode": "2", **GRM0}, **INF), "scenario.param", "aoe_mode"),
    (
        "5.5 AOE on an inference product",
        P({"aoe_mode": "2"}, product="atlas_300i_duo"),
        "avail.product",
        "aoe_mode",
    ),
    (
        "5.5 aoe_mode='1' on A2",
        P({"aoe_mode": "1"}, product="atlas_a2"),
        "avail.value_product",
        "aoe_mode",
    ),
    (
        "5.5 aoe_mode='1' on A3",
        P({"aoe_mode": "1"}, product="atlas_a3"),
        "avail.value_product",
        "aoe_mode",
    ),
    (
        "5.5 nonhomo_split without aoe_mode='1'",
        P({"aoe_mode": "2", "aoe_config_file": "/t.json"}, files={"aoe_config_file": AOE_SPLIT}),
        "aoe.nonhomo_split_needs_mode_1",
        "aoe_config_file",
    ),
    *[
        (
            f"5.5 dump_debug_mode='aicore_overflow' on {product}",
            P(
                {
                    "dump_config.enable_dump_debug": True,
                    "dump_config.dump_path": "/d",
                    "dump_config.dump_debug_mode": "aicore_overflow",
                },
                product=product,
            ),
            "avail.value_product",
            "dump_config.dump_debug_mode",
        )
        for product in ("atlas_350", "atlas_a3", "atlas_a2")
    ],
    (
        "5.5 variable_use_1g_huge_page on the training series",
        P({"memory_config.variable_use_1g_huge_page": 1}, **TRAIN_SERIES),
        "avail.product",
        "memory_config.variable_use_1g_huge_page",
    ),
    (
        "5.5 input_batch_cpy on the training series",
        P({"input_batch_cpy": True}, **TRAIN_SERIES),
        "avail.product",
        "input_batch_cpy",
    ),
    (
        "5.5 UB fusion on Atlas 350",
        P(
            {"fusion_switch_file": "/f.json"},
            product="atlas_350",
            files={"fusion_switch_file": '{"Switch":{"UBFusion":{"ALL":"off"}}}'},
        ),
        "fusion_switch_file.ub_fusion_on_350",
        "fusion_switch_file",
    ),
    # hccl_timeout
    (
        "5.6 hccl_timeout=600 on the training series",
        P({"hccl_timeout": 600}, **TRAIN_SERIES),
        "range.product_rounded",
        "hccl_timeout",
    ),
    (
        "5.6 hccl_timeout=600 on 300I Duo",
        P({"hccl_timeout": 600}, product="atlas_300i_duo"),
        "range.product_rounded",
        "hccl_timeout",
    ),
    (
        "5.6 hccl_timeout=0 on the training series",
        P({"hccl_timeout": 0}, **TRAIN_SERIES),
        "range.product",
        "hccl_timeout",
    ),
    (
        "5.6 hccl_timeout=20000 on the training series",
        P({"hccl_timeout": 20000}, **TRAIN_SERIES),
        "range.product",
        "hccl_timeout",
    ),
    (
        "5.6 hccl_timeout over INT32 on A2",
        P({"hccl_timeout": 2**31}),
        "range.product",
        "hccl_timeout",
    ),
    (
        "5.6 hccl_timeout overrides HCCL_EXEC_TIMEOUT",
        P({"hccl_timeout": 1836}, env={"HCCL_EXEC_TIMEOUT": "300"}),
        "env.hccl_exec_timeout.overridden",
        "env:HCCL_EXEC_TIMEOUT",
    ),
    (
        "5.6 stream_sync_timeout (ms) not above HCCL_EXEC_TIMEOUT (s) in a cluster",
        P({"stream_sync_timeout": 1800}, env={"HCCL_EXEC_TIMEOUT": "1800", "RANK_SIZE": "16"}),
        "stream_sync_timeout.below_hccl",
        "stream_sync_timeout",
    ),
    # scenario gates
    *[
        (f"5.7 {path} in training", P({path: value}), "scenario.param", path)
        for path, value in ONLY_INFERENCE.items()
    ],
    (
        "5.7 force_fp16 in training",
        P({"precision_mode": "force_fp16"}),
        "scenario.value",
        "precision_mode",
    ),
    (
        "5.7 work_path in inference",
        P({"work_path": "/w", **GRM0}, **INF),
        "scenario.param",
        "work_path",
    ),
    (
        "5.7 is_tailing_optimization is for BERT",
        P({"is_tailing_optimization": True}),
        "is_tailing_optimization.bert_only",
        "is_tailing_optimization",
    ),
    (
        "5.7 stream_max_parallel_num is for NMT",
        P({"stream_max_parallel_num": "AIcoreEngine:2"}),
        "stream_max_parallel_num.nmt_only",
        "stream_max_parallel_num",
    ),
    (
        "5.7 jit_compile is for recommendation",
        P({"jit_compile": "true"}),
        "jit_compile.recommendation_only",
        "jit_compile",
    ),
    (
        "5.7 auto_multistream_parallel_mode is for recommendation",
        P({"auto_multistream_parallel_mode": "cv"}),
        "auto_multistream_parallel_mode.recommendation_only",
        "auto_multistream_parallel_mode",
    ),
    # device selection and cluster variables
    (
        "5.9 RANK_SIZE with CM_WORKER_SIZE",
        P(env={"RANK_SIZE": "8", "CM_WORKER_SIZE": "8"}),
        "env.rank_size_with_cm_worker_size",
        "env:CM_WORKER_SIZE",
    ),
    (
        "5.9 CM_* with RANK_ID",
        P(env={"CM_WORKER_IP": "10.0.0.2", "RANK_ID": "0"}),
        "env.cm_with_rank",
        "env:RANK_ID",
    ),
    (
        "5.9 session_device_id over ASCEND_DEVICE_ID",
        P({"session_device_id": 3}, env={"ASCEND_DEVICE_ID": "1"}),
        "env.ascend_device_id.overridden",
        "env:ASCEND_DEVICE_ID",
    ),
    (
        "5.9 DEVICE_ID under ASCEND_DEVICE_ID",
        P(env={"ASCEND_DEVICE_ID": "1", "DEVICE_ID": "2"}),
        "env.device_id.shadowed",
        "env:DEVICE_ID",
    ),
    # AOE only through the environment
    (
        "5.10 AOE_MODE only, work_path in NPURunConfig",
        P({"work_path": "/w", "distribute_config": "/nca.json"}, env={"AOE_MODE": "2"}),
        "env.aoe_mode.params_dropped",
        "work_path",
    ),
    # the docs' own op_debug_config example contradicts its rule
    (
        "2.8 seed example ccec_O0,ccec_g,oom",
        P(
            {"op_debug_config": "/t.cfg"},
            files={"op_debug_config": "op_debug_config = ccec_O0,ccec_g,oom"},
        ),
        "op_debug_config.ccec_O0_with_oom",
        "op_debug_config",
    ),
    (
        "5.3 NPU_COLLECT_PATH with oom",
        P(
            {"op_debug_config": "/t.cfg"},
            env={"NPU_COLLECT_PATH": "/c"},
            files={"op_debug_config": DEBUG_CFG},
        ),
        "env.npu_collect_path.oom",
        "op_debug_config",
    ),
]


@pytest.mark.parametrize(
    ("label", "profile", "rule_id", "param"), COMBINATIONS, ids=[n[0] for n in COMBINATIONS]
)
def test_bad_combination_is_diagnosed(
    label: str, profile: Profile, rule_id: str, param: str
) -> None:
    found = [d for d in evaluate(profile) if d.rule_id == rule_id]
    assert found, f"{label}: expected {rule_id}, got {[d.rule_id for d in evaluate(profile)]}"
    assert any(param in d.params for d in found), [d.params for d in found]


def test_hccl_timeout_600_is_544_on_the_training_series() -> None:
    effective = effective_value(P({"hccl_timeout": 600}, product="atlas_training"), "hccl_timeout")
    assert (effective.value, effective.source, effective.differs) == (544, "rounded", True)
    below = effective_value(P({"hccl_timeout": 30}, product="atlas_300i_duo"), "hccl_timeout")
    assert below.value == 68
    same = effective_value(P({"hccl_timeout": 600}, product="atlas_a2"), "hccl_timeout")
    assert (same.value, same.source, same.differs) == (600, "set", False)


def test_aoe_from_environment_uses_current_directory() -> None:
    effective = effective_value(P({"work_path": "/w"}, env={"AOE_MODE": "2"}), "work_path")
    assert (effective.value, effective.source, effective.differs) == ("./", "forced", True)


def test_expression_values_are_not_judged() -> None:
    profile = P(
        {"aoe_mode": Expr(expr="args.aoe_mode"), "mix_compile_mode": Expr(expr="FLAGS.mix")}
    )
    ids = {d.rule_id for d in evaluate(profile)}
    assert not ids & {"type.mismatch", "value.not_allowed", "mix_compile_mode.not_bool"}


def test_a_deprecated_parameter_with_no_effect_gets_one_finding_not_two() -> None:
    from ascend_studio.profile import Profile
    from ascend_studio.rules import evaluate

    found = [d for d in evaluate(Profile(values={"graph_memory_max_size": 1024}))]
    on_it = [d.rule_id for d in found if "graph_memory_max_size" in d.params]
    assert on_it == ["status.no_effect"]
    still = [d.rule_id for d in evaluate(Profile(values={"op_debug_level": 0}))]
    assert "status.deprecated" in still  # deprecated but still acting: the note stays
