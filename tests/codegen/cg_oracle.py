"""What NPUEstimator writes into the session config, computed independently.

``oracle_map`` restates ``NPUEstimator.__load_graph_optimizers`` (and the
loaders it calls) from npu_estimator.py as a reading of the real code's
behaviour, over the stand-in config objects. It is written separately from
the exporter (which works from catalog data), so agreement means something.
``real_map`` runs the real methods from npu_estimator.py on the same objects
when the TF Adapter source is available.
"""

from __future__ import annotations

import ast
import json
import os
from typing import Any

import cg_standins as standins
from cg_estimator_source import estimator_path
from cg_standins import ConfigProto, as_bytes

__all__ = ["oracle_map", "real_map"]


def _if(m: Any, key: str, field: str, value: Any, convert: Any = None) -> None:
    if value is not None:
        setattr(m[key], field, convert(value) if convert else value)


def _fixed(c: Any, m: Any) -> None:
    m["enable_data_pre_proc"].b = c.enable_data_pre_proc
    m["mix_compile_mode"].b = c.mix_compile_mode
    m["use_off_line"].b = True
    m["iterations_per_loop"].i = c.iterations_per_loop
    m["is_tailing_optimization"].b = c.is_tailing_optimization
    m["min_group_size"].b = 1
    m["hcom_parallel"].b = c._hcom_parallel
    _if(m, "graph_memory_max_size", "s", c._graph_memory_max_size, lambda v: as_bytes(str(v)))
    _if(m, "variable_memory_max_size", "s", c._variable_memory_max_size, lambda v: as_bytes(str(v)))
    m["graph_run_mode"].i = c.graph_run_mode
    _if(m, "op_debug_level", "i", c.op_debug_level)
    _if(m, "enable_scope_fusion_passes", "s", c.enable_scope_fusion_passes, as_bytes)
    m["enable_exception_dump"].i = c.enable_exception_dump
    _if(m, "buffer_optimize", "s", c._buffer_optimize, as_bytes)
    m["enable_small_channel"].i = c._enable_small_channel
    m["deterministic"].i = c._deterministic
    _if(m, "fusion_switch_file", "s", c._fusion_switch_file, as_bytes)
    m["enable_compress_weight"].b = c._enable_compress_weight
    for key in (
        "compress_weight_conf",
        "op_compiler_cache_mode",
        "op_compiler_cache_dir",
        "debug_dir",
    ):
        _if(m, key, "s", getattr(c, "_" + key), as_bytes)
    m["hcom_multi_mode"].b = c._hcom_multi_mode
    _if(m, "dynamic_input", "b", c._dynamic_input)
    _if(m, "dynamic_graph_execute_mode", "s", c._dynamic_graph_execute_mode, as_bytes)
    _if(m, "dynamic_inputs_shape_range", "s", c._dynamic_inputs_shape_range, as_bytes)
    _if(m, "local_rank_id", "i", c._local_rank_id)
    _if(m, "local_device_list", "s", c._local_device_list, as_bytes)
    m["device_type"].s = as_bytes(c._device_type)
    _if(m, "soc_config", "s", c._soc_config, as_bytes)
    for key in ("hccl_timeout", "op_wait_timeout", "op_execute_timeout"):
        _if(m, key, "i", getattr(c, "_" + key))
    for key in ("HCCL_algorithm", "customize_dtypes", "op_debug_config"):
        _if(m, key, "s", getattr(c, "_" + key), as_bytes)
    _if(m, "topo_sorting_mode", "i", c.topo_sorting_mode)
    _if(m, "insert_op_file", "s", c.insert_op_file)  # assigned raw, as the real code does
    _if(m, "compile_dynamic_mode", "b", c._compile_dynamic_mode)
    _if(m, "graph_max_parallel_model_num", "i", c._graph_max_parallel_model_num)
    m["jit_compile"].s = as_bytes(c._jit_compile)
    m["input_fusion_size"].i = c._input_fusion_size
    m["stream_sync_timeout"].i = c.stream_sync_timeout
    m["event_sync_timeout"].i = c.event_sync_timeout
    m["external_weight"].b = c._external_weight
    m["frozen_variable"].b = c._frozen_variable
    m["variable_placement"].s = as_bytes(c._variable_placement)
    _if(m, "shape_generalization_mode", "s", c._shape_generalization_mode, as_bytes)
    _if(m, "all_tensor_not_empty", "b", c._all_tensor_not_empty)
    _if(m, "auto_multistream_parallel_mode", "s", c._auto_multistream_parallel_mode, as_bytes)


def _precision_and_more(c: Any, m: Any) -> None:
    _if(m, "session_device_id", "i", c._session_device_id)
    _if(m, "modify_mixlist", "s", c._modify_mixlist, as_bytes)
    _if(m, "op_precision_mode", "s", c._op_precision_mode, as_bytes)
    profiling = c._profiling_config
    if profiling is not None:
        m["profiling_mode"].b = profiling._enable_profiling
        if profiling._enable_profiling:
            options = "" if profiling._profiling_options is None else profiling._profiling_options
            m["profiling_options"].s = as_bytes(options)
    memory = c._memory_config
    if memory is not None:
        m["atomic_clean_policy"].i = memory._atomic_clean_policy
        _if(m, "static_memory_policy", "i", memory._static_memory_policy)
        _if(m, "memory_optimization_policy", "s", memory._memory_optimization_policy, as_bytes)
        _if(m, "variable_use_1g_huge_page", "i", memory._variable_use_1g_huge_page)
    exp = c._experimental_config
    graph_memory = exp._graph_memory_optimize_config if exp is not None else None
    if graph_memory is not None:
        _if(m, "graph_slice", "s", graph_memory._graph_slice, as_bytes)
    _if(m, "precision_mode", "s", c._precision_mode, as_bytes)
    _if(m, "precision_mode_v2", "s", c._precision_mode_v2, as_bytes)
    m["enable_reduce_precision"].b = c._enable_reduce_precision
    _if(m, "variable_format_optimize", "b", c.variable_format_optimize)


def _dump(c: Any, m: Any) -> None:
    dump = c._dump_config
    if dump is None:
        m["enable_dump"].b = False
        m["enable_dump_debug"].b = False
        return
    m["enable_dump"].b = dump._enable_dump
    m["enable_dump_debug"].b = dump._enable_dump_debug
    _if(m, "dump_path", "s", dump._dump_path, as_bytes)
    _if(m, "dump_step", "s", dump._dump_step, as_bytes)
    _if(m, "dump_mode", "s", dump._dump_mode, as_bytes)
    if dump._dump_mode is not None:  # sic: dump_debug_mode hangs on dump_mode
        m["dump_debug_mode"].s = as_bytes(dump._dump_debug_mode)
    _if(m, "dump_data", "s", dump.dump_data, as_bytes)
    _if(m, "dump_layer", "s", dump.dump_layer, as_bytes)


def _rest(c: Any, m: Any) -> None:
    for key in ("stream_max_parallel_num", "ac_parallel_enable", "quant_dumpable"):
        _if(m, key, "s", getattr(c, "_" + key), as_bytes)
    task = json.loads(os.environ.get("TF_CONFIG") or "{}").get("task", {})
    if task.get("type"):
        m["job"].s = as_bytes(task["type"])
        m["task_index"].i = int(task.get("index", 0))
    else:
        m["job"].s = as_bytes("localhost")
        m["task_index"].i = 0
    _if(m, "op_select_implmode", "s", c._op_select_implmode, as_bytes)
    _if(m, "optypelist_for_implmode", "s", c._optypelist_for_implmode, as_bytes)
    dyn = c._dynamic_input_config
    if dyn is not None and None not in (
        dyn._input_shape,
        dyn._dynamic_dims,
        dyn._dynamic_node_type,
        dyn._compile_hybrid_mode,
    ):
        m["input_shape"].s = as_bytes(dyn._input_shape)
        m["dynamic_dims"].s = as_bytes(dyn._dynamic_dims)
        m["dynamic_node_type"].i = dyn._dynamic_node_type
        m["compile_hybrid_mode"].i = dyn._compile_hybrid_mode
    if c._aoe_mode is not None:
        m["aoe_mode"].s = as_bytes(c._aoe_mode)
        m["work_path"].s = as_bytes(c._work_path if c._work_path is not None else "./")
        _if(m, "distribute_config", "s", c._distribute_config, as_bytes)
    _if(m, "aoe_config_file", "s", c.aoe_config_file, as_bytes)


def _experimental(c: Any, m: Any) -> None:
    exp = c._experimental_config
    if exp is None:
        m["experimental_logical_device_cluster_deploy_mode"].s = as_bytes("LB")
        return
    for name in (
        "logical_device_cluster_deploy_mode",
        "logical_device_id",
        "model_deploy_mode",
        "model_deploy_devicelist",
    ):
        _if(m, "experimental_" + name, "s", getattr(exp, "_" + name), as_bytes)
    for name in ("resource_config_path", "graph_compiler_cache_dir", "graph_parallel_option_path"):
        _if(m, name, "s", getattr(exp, "_" + name), as_bytes)
    _if(m, "enable_graph_parallel", "b", exp._enable_graph_parallel)
    _if(m, "experimental_accelerate_train_mode", "s", exp._accelerate_train_mode, as_bytes)


def _tail(c: Any, m: Any) -> None:
    _if(m, "export_compile_stat", "i", c._export_compile_stat)
    _if(m, "aicore_num", "s", c._aicore_num, as_bytes)
    _if(m, "oo_constant_folding", "b", c._oo_constant_folding)
    _if(m, "input_batch_cpy", "b", c._input_batch_cpy)
    _if(m, "oo_level", "s", c._oo_level, as_bytes)
    _if(m, "optimization_switch", "s", c._optimization_switch, as_bytes)


def oracle_map(config: Any) -> dict[str, tuple[str, Any]]:
    """The parameter map NPUEstimator would write for a (stand-in) NPURunConfig."""
    session = config.session_config if config.session_config is not None else ConfigProto()
    rewrite = session.graph_options.rewrite_options
    op = rewrite.custom_optimizers.add()
    op.name = "NpuOptimizer"
    standins.AttrValue.strict = False  # insert_op_file is assigned as it is
    try:
        for step in (_fixed, _precision_and_more, _dump, _rest, _experimental, _tail):
            step(config, op.parameter_map)
    finally:
        standins.AttrValue.strict = True
    return session.npu_map()


def real_map(config: Any) -> dict[str, tuple[str, Any]] | None:
    """Run the real loaders from npu_estimator.py on ``config``; None if unavailable."""
    path = estimator_path()
    if path is None:
        return None
    tree = ast.parse(path.read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "NPUEstimator")
    methods = [
        f
        for f in cls.body
        if isinstance(f, ast.FunctionDef)
        and ("_load" in f.name or f.name == "__oo_constant_folding")
    ]
    shell = ast.ClassDef(
        name="NPUEstimator", bases=[], keywords=[], body=methods, decorator_list=[], type_params=[]
    )
    module = ast.fix_missing_locations(ast.Module(body=[shell], type_ignores=[]))
    namespace: dict[str, Any] = {"tf": standins.tf_module(), "json": json, "os": os}
    exec(compile(module, str(path), "exec"), namespace)
    estimator = object.__new__(namespace["NPUEstimator"])
    standins.AttrValue.strict = False  # NPUEstimator assigns insert_op_file as a str
    try:
        result = estimator._NPUEstimator__load_graph_optimizers(config)
    finally:
        standins.AttrValue.strict = True
    return result.session_config.npu_map()
