"""Stand-in for npu_config.NPURunConfig: the real signature (names, order, defaults) and checks."""

from __future__ import annotations

import json
import os
from typing import Any

from cg_standins import (
    DumpConfig,
    DynamicInputConfig,
    ExperimentalConfig,
    ParameterServerStrategy,
    RunConfig,
    _check_nonnegative_integer,
    _check_positive_integer,
)

#: Attributes the real class stores without a leading underscore.
PUBLIC = [
    "iterations_per_loop",
    "mix_compile_mode",
    "enable_data_pre_proc",
    "is_tailing_optimization",
    "variable_format_optimize",
    "horovod_mode",
    "graph_run_mode",
    "op_debug_level",
    "enable_scope_fusion_passes",
    "enable_exception_dump",
    "topo_sorting_mode",
    "aoe_config_file",
    "insert_op_file",
    "stream_sync_timeout",
    "event_sync_timeout",
]
RUN_CONFIG_ARGS = [
    "model_dir",
    "tf_random_seed",
    "save_summary_steps",
    "save_checkpoints_steps",
    "save_checkpoints_secs",
    "session_config",
    "keep_checkpoint_max",
    "keep_checkpoint_every_n_hours",
    "log_step_count_steps",
    "train_distribute",
    "eval_distribute",
]


class NPURunConfig(RunConfig):
    def __init__(  # noqa: C901, PLR0912, PLR0917 - the real signature and checks
        self,
        iterations_per_loop: Any = 1,
        profiling_config: Any = None,
        model_dir: Any = None,
        tf_random_seed: Any = None,
        save_summary_steps: Any = 0,
        save_checkpoints_steps: Any = None,
        save_checkpoints_secs: Any = None,
        session_config: Any = None,
        keep_checkpoint_max: Any = 5,
        keep_checkpoint_every_n_hours: Any = 10000,
        log_step_count_steps: Any = 100,
        distribute: Any = None,
        enable_data_pre_proc: Any = True,
        precision_mode: Any = None,
        enable_reduce_precision: Any = False,
        variable_format_optimize: Any = None,
        mix_compile_mode: Any = False,
        hcom_parallel: Any = True,
        graph_memory_max_size: Any = None,
        variable_memory_max_size: Any = None,
        dump_config: Any = None,
        stream_max_parallel_num: Any = None,
        is_tailing_optimization: Any = False,
        horovod_mode: Any = False,
        graph_run_mode: Any = 1,
        op_debug_level: Any = None,
        enable_scope_fusion_passes: Any = None,
        enable_exception_dump: Any = 2,
        op_select_implmode: Any = None,
        optypelist_for_implmode: Any = None,
        dynamic_input_config: Any = None,
        aoe_mode: Any = None,
        work_path: Any = None,
        buffer_optimize: Any = "l2_optimize",
        enable_small_channel: Any = 0,
        fusion_switch_file: Any = None,
        enable_compress_weight: Any = False,
        compress_weight_conf: Any = None,
        op_compiler_cache_mode: Any = None,
        op_compiler_cache_dir: Any = None,
        debug_dir: Any = None,
        hcom_multi_mode: Any = False,
        dynamic_input: Any = None,
        dynamic_graph_execute_mode: Any = "dynamic_execute",
        dynamic_inputs_shape_range: Any = None,
        train_distribute: Any = None,
        eval_distribute: Any = None,
        local_rank_id: Any = None,
        local_device_list: Any = None,
        session_device_id: Any = None,
        distribute_config: Any = None,
        modify_mixlist: Any = None,
        op_precision_mode: Any = None,
        device_type: Any = "default_device_type",
        soc_config: Any = None,
        hccl_timeout: Any = None,
        op_wait_timeout: Any = None,
        op_execute_timeout: Any = None,
        HCCL_algorithm: Any = None,
        customize_dtypes: Any = None,
        op_debug_config: Any = None,
        memory_config: Any = None,
        experimental_config: Any = None,
        topo_sorting_mode: Any = None,
        aoe_config_file: Any = None,
        insert_op_file: Any = None,
        stream_sync_timeout: Any = -1,
        event_sync_timeout: Any = -1,
        external_weight: Any = False,
        deterministic: Any = 0,
        frozen_variable: Any = False,
        variable_placement: Any = "Device",
        jit_compile: Any = "auto",
        precision_mode_v2: Any = None,
        ac_parallel_enable: Any = None,
        quant_dumpable: Any = None,
        input_fusion_size: Any = 131072,
        compile_dynamic_mode: Any = None,
        graph_max_parallel_model_num: Any = 1,
        export_compile_stat: Any = 1,
        aicore_num: Any = None,
        oo_constant_folding: Any = True,
        input_batch_cpy: Any = False,
        shape_generalization_mode: Any = "STRICT",
        all_tensor_not_empty: Any = False,
        auto_multistream_parallel_mode: Any = None,
        oo_level: Any = "O3",
        optimization_switch: Any = None,
    ) -> None:
        given = dict(locals())
        given.pop("self")
        given.pop("__class__", None)
        _check_positive_integer(iterations_per_loop, "iterations_per_loop")
        if not isinstance(mix_compile_mode, bool):
            raise TypeError('"mix_compile_mode" type must be bool')
        if mix_compile_mode is True and iterations_per_loop != 1:
            raise ValueError('"iterations_per_loop" must be 1 with "mix_compile_mode" is True')
        if not isinstance(jit_compile, str):
            raise TypeError("Expected str, got " + type(jit_compile).__name__)
        cluster = json.loads(os.environ.get("TF_CONFIG", "{}")).get("cluster", {})
        strategy = isinstance(distribute, ParameterServerStrategy)
        if bool(cluster) != strategy:
            raise ValueError('"cluster" and "distribute" must all be set in ps mode')
        if cluster and mix_compile_mode is False:
            raise ValueError('"mix_compile_mode" can only be True with "cluster" is set')
        if dump_config is not None and not isinstance(dump_config, DumpConfig):
            raise ValueError("`dump_config` must be provided with type `DumpConfig`")
        if not isinstance(horovod_mode, bool):
            raise ValueError('"horovod_mode" type must be bool')
        _check_nonnegative_integer(graph_run_mode, "graph_run_mode")
        if graph_run_mode > 1:
            raise ValueError('"graph_run_mode" value must be 0 or 1')
        _check_nonnegative_integer(enable_exception_dump, "enable_exception_dump")
        if dynamic_input_config is not None and not isinstance(
            dynamic_input_config, DynamicInputConfig
        ):
            raise ValueError("dynamic_input_config must be provided with type DynamicInputConfig")
        if experimental_config is not None and not isinstance(
            experimental_config, ExperimentalConfig
        ):
            raise ValueError(
                "`experimental_config` must be provided with type `ExperimentalConfig`"
            )
        for name, value in given.items():
            if name not in RUN_CONFIG_ARGS:
                setattr(self, name if name in PUBLIC else "_" + name, value)
        if save_checkpoints_secs is None and save_checkpoints_steps is None:
            save_checkpoints_steps = 100
        super().__init__(
            model_dir=model_dir,
            tf_random_seed=tf_random_seed,
            save_summary_steps=save_summary_steps,
            save_checkpoints_steps=save_checkpoints_steps,
            save_checkpoints_secs=save_checkpoints_secs,
            session_config=session_config,
            keep_checkpoint_max=keep_checkpoint_max,
            keep_checkpoint_every_n_hours=keep_checkpoint_every_n_hours,
            log_step_count_steps=log_step_count_steps,
            train_distribute=train_distribute,
            eval_distribute=eval_distribute,
        )
