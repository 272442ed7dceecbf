"""The real constructors' signatures: the one copy the tests hold.

Names, order and defaults of ``NPURunConfig`` and its sub-config classes as
hicann/tensorflow's ``tf_adapter/python/npu_bridge/estimator/npu/npu_config.py``
declares them at the newest public release (9.0.0 and later commits). The catalog
test (``tests/schema/test_signature.py``) holds the catalog to them, the stand-in
constructor (``tests/codegen/cg_npurunconfig.py``) is built from them, and the
per-release tests check them against the real file when the sources are there.
If the adapter changes, update these tables first, then the catalog.
"""

from __future__ import annotations

import inspect

__all__ = ["NPU_RUN_CONFIG", "REQUIRED", "SUB_CONFIGS", "signature_of"]

REQUIRED = object()  # positional argument without a default

NPU_RUN_CONFIG: dict[str, object] = {"iterations_per_loop": 1, "profiling_config": None, "model_dir": None, "tf_random_seed": None, "save_summary_steps": 0, "save_checkpoints_steps": None, "save_checkpoints_secs": None, "session_config": None, "keep_checkpoint_max": 5, "keep_checkpoint_every_n_hours": 10000, "log_step_count_steps": 100, "distribute": None, "enable_data_pre_proc": True, "precision_mode": None, "enable_reduce_precision": False, "variable_format_optimize": None, "mix_compile_mode": False, "hcom_parallel": True, "graph_memory_max_size": None, "variable_memory_max_size": None, "dump_config": None, "stream_max_parallel_num": None, "is_tailing_optimization": False, "horovod_mode": False, "graph_run_mode": 1, "op_debug_level": None, "enable_scope_fusion_passes": None, "enable_exception_dump": 2, "op_select_implmode": None, "optypelist_for_implmode": None, "dynamic_input_config": None, "aoe_mode": None, "work_path": None, "buffer_optimize": "l2_optimize", "enable_small_channel": 0, "fusion_switch_file": None, "enable_compress_weight": False, "compress_weight_conf": None, "op_compiler_cache_mode": None, "op_compiler_cache_dir": None, "debug_dir": None, "hcom_multi_mode": False, "dynamic_input": None, "dynamic_graph_execute_mode": "dynamic_execute", "dynamic_inputs_shape_range": None, "train_distribute": None, "eval_distribute": None, "local_rank_id": None, "local_device_list": None, "session_device_id": None, "distribute_config": None, "modify_mixlist": None, "op_precision_mode": None, "device_type": "default_device_type", "soc_config": None, "hccl_timeout": None, "op_wait_timeout": None, "op_execute_timeout": None, "HCCL_algorithm": None, "customize_dtypes": None, "op_debug_config": None, "memory_config": None, "experimental_config": None, "topo_sorting_mode": None, "aoe_config_file": None, "insert_op_file": None, "stream_sync_timeout": -1, "event_sync_timeout": -1, "external_weight": False, "deterministic": 0, "frozen_variable": False, "variable_placement": "Device", "jit_compile": "auto", "precision_mode_v2": None, "ac_parallel_enable": None, "quant_dumpable": None, "input_fusion_size": 131072, "compile_dynamic_mode": None, "graph_max_parallel_model_num": 1, "export_compile_stat": 1, "aicore_num": None, "oo_constant_folding": True, "input_batch_cpy": False, "shape_generalization_mode": "STRICT", "all_tensor_not_empty": False, "auto_multistream_parallel_mode": None, "oo_level": "O3", "optimization_switch": None}  # fmt: skip

SUB_CONFIGS: dict[str, dict[str, object]] = {
    "ProfilingConfig": {"enable_profiling": False, "profiling_options": None},
    "MemoryConfig": {
        "atomic_clean_policy": 0,
        "static_memory_policy": 0,
        "memory_optimization_policy": None,
        "variable_use_1g_huge_page": 0,
    },
    "DumpConfig": {
        "enable_dump": False,
        "dump_path": None,
        "dump_step": None,
        "dump_mode": "output",
        "enable_dump_debug": False,
        "dump_debug_mode": "all",
        "dump_data": "tensor",
        "dump_layer": None,
    },
    "GraphMemoryOptimizeConfig": {"recompute": None, "graph_slice": None},
    "ExperimentalConfig": {
        "logical_device_cluster_deploy_mode": "LB",
        "logical_device_id": None,
        "model_deploy_mode": None,
        "model_deploy_devicelist": None,
        "graph_memory_optimize_config": None,
        "enable_graph_parallel": None,
        "graph_parallel_option_path": None,
        "graph_compiler_cache_dir": None,
        "resource_config_path": None,
        "accelerate_train_mode": None,
    },
    "DynamicInputConfig": {
        "input_shape": REQUIRED,
        "dynamic_dims": REQUIRED,
        "dynamic_node_type": REQUIRED,
        "compile_hybrid_mode": REQUIRED,
    },
}


def signature_of(table: dict[str, object]) -> inspect.Signature:
    """``table`` as a constructor's signature (``self`` first), every parameter
    positional-or-keyword as in the real code."""
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [inspect.Parameter("self", kind)]
    for name, default in table.items():
        empty = inspect.Parameter.empty
        params.append(
            inspect.Parameter(name, kind, default=empty if default is REQUIRED else default)
        )
    return inspect.Signature(params)
