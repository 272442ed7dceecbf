"""Stand-ins for TF Adapter's config classes and the bits of TensorFlow they touch.

They mirror the real constructors' keyword names, defaults and type checks
(npu_config.py; tf.estimator.RunConfig's checkpoint rule), and a ConfigProto
whose NpuOptimizer ``parameter_map`` records every write with its field. They
let exported code run in tests without TensorFlow or an NPU.
"""

from __future__ import annotations

import copy
import json
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# -- TensorFlow: ConfigProto, AttrValue, as_bytes --------------------------------------


class AttrValue:
    """One parameter_map entry; like protobuf, .s takes bytes, .i ints, .b bools."""

    strict = True  # False: accept str for .s (what NPUEstimator does for insert_op_file)

    def __init__(self) -> None:
        object.__setattr__(self, "written", None)

    def __setattr__(self, field: str, value: Any) -> None:
        if (
            field == "s"
            and not isinstance(value, bytes)
            and (self.strict or not isinstance(value, str))
        ):
            raise TypeError(f"{value!r} has type {type(value).__name__}, but expected bytes")
        if field == "i" and not isinstance(value, int):
            raise TypeError(f"{value!r} has type {type(value).__name__}, but expected int")
        if field == "b" and not isinstance(value, bool | int):
            raise TypeError(f"{value!r} has type {type(value).__name__}, but expected bool")
        if field == "f" and not isinstance(value, float | int):
            raise TypeError(f"{value!r} is not a float")
        if field not in ("s", "i", "b", "f"):
            raise AttributeError(field)
        object.__setattr__(self, "written", (field, value))


class ParameterMap(dict[str, AttrValue]):
    def __missing__(self, key: str) -> AttrValue:
        value = self[key] = AttrValue()
        return value


class CustomOptimizer:
    def __init__(self) -> None:
        self.name = ""
        self.parameter_map = ParameterMap()

    def recorded(self) -> dict[str, tuple[str, Any]]:
        return {k: v.written for k, v in self.parameter_map.items() if v.written is not None}


class _Optimizers(list[CustomOptimizer]):
    def add(self) -> CustomOptimizer:
        item = CustomOptimizer()
        self.append(item)
        return item


class RewriteOptions:
    def __init__(self) -> None:
        self.optimizers: list[str] = []
        self.custom_optimizers = _Optimizers()
        self.remapping = 0
        self.memory_optimization = 0


class GraphOptions:
    def __init__(self) -> None:
        self.rewrite_options = RewriteOptions()


class ConfigProto:
    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs
        self.graph_options = GraphOptions()

    def npu_map(self) -> dict[str, tuple[str, Any]]:
        """The merged parameter map of every NpuOptimizer entry, in order."""
        merged: dict[str, tuple[str, Any]] = {}
        for op in self.graph_options.rewrite_options.custom_optimizers:
            if op.name == "NpuOptimizer":
                merged.update(op.recorded())
        return merged


def as_bytes(value: Any) -> bytes:
    if isinstance(value, bytearray | bytes):
        return bytes(value)
    if isinstance(value, str):
        return value.encode("utf-8")
    raise TypeError(f"Expected binary or unicode string, got {value!r}")


RewriterConfig = types.SimpleNamespace(OFF=2, ON=1, DEFAULT=0)

# -- tf.estimator.RunConfig and the distribution strategy ------------------------------


class ParameterServerStrategy:
    pass


class RunConfig:
    def __init__(  # noqa: PLR0917 - the real signature
        self,
        model_dir: Any = None,
        tf_random_seed: Any = None,
        save_summary_steps: Any = 100,
        save_checkpoints_steps: Any = None,
        save_checkpoints_secs: Any = None,
        session_config: Any = None,
        keep_checkpoint_max: Any = 5,
        keep_checkpoint_every_n_hours: Any = 10000,
        log_step_count_steps: Any = 100,
        train_distribute: Any = None,
        device_fn: Any = None,
        protocol: Any = None,
        eval_distribute: Any = None,
        experimental_distribute: Any = None,
    ) -> None:
        if save_checkpoints_steps is not None and save_checkpoints_secs is not None:
            raise ValueError(
                "Can not provide both save_checkpoints_steps and save_checkpoints_secs."
            )
        self.model_dir = model_dir
        self.tf_random_seed = tf_random_seed
        self.save_summary_steps = save_summary_steps
        self.save_checkpoints_steps = save_checkpoints_steps
        self.save_checkpoints_secs = save_checkpoints_secs
        self.session_config = session_config
        self.keep_checkpoint_max = keep_checkpoint_max
        self.keep_checkpoint_every_n_hours = keep_checkpoint_every_n_hours
        self.log_step_count_steps = log_step_count_steps
        self.train_distribute = train_distribute
        self.eval_distribute = eval_distribute

    def replace(self, **kwargs: Any) -> RunConfig:
        new = copy.copy(self)
        for key, value in kwargs.items():
            setattr(new, key, value)
        return new


# -- npu_config.py ------------------------------------------------------------------------


def _check_positive_integer(value: Any, name: str) -> None:
    if not isinstance(value, int):
        raise TypeError(f"{name} must be int, got {type(value)}")
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")


def _check_nonnegative_integer(value: Any, name: str) -> None:
    if not isinstance(value, int):
        raise TypeError(f"{name} must be int, got {type(value)}")
    if value < 0:
        raise ValueError(f"{name} must be nonnegative, got {value}")


class ProfilingConfig:
    def __init__(self, enable_profiling: Any = False, profiling_options: Any = None) -> None:
        self._enable_profiling = enable_profiling
        self._profiling_options = profiling_options


class MemoryConfig:
    def __init__(
        self,
        atomic_clean_policy: Any = 0,
        static_memory_policy: Any = 0,
        memory_optimization_policy: Any = None,
        variable_use_1g_huge_page: Any = 0,
    ) -> None:
        self._atomic_clean_policy = atomic_clean_policy
        self._static_memory_policy = static_memory_policy
        self._memory_optimization_policy = memory_optimization_policy
        self._variable_use_1g_huge_page = variable_use_1g_huge_page


class DumpConfig:
    def __init__(  # noqa: PLR0917 - the real signature
        self,
        enable_dump: Any = False,
        dump_path: Any = None,
        dump_step: Any = None,
        dump_mode: Any = "output",
        enable_dump_debug: Any = False,
        dump_debug_mode: Any = "all",
        dump_data: Any = "tensor",
        dump_layer: Any = None,
    ) -> None:
        self._enable_dump = enable_dump
        self._dump_path = dump_path
        self._dump_step = dump_step
        self._dump_mode = dump_mode
        self._enable_dump_debug = enable_dump_debug
        self._dump_debug_mode = dump_debug_mode
        self.dump_data = dump_data
        self.dump_layer = dump_layer


class GraphMemoryOptimizeConfig:
    def __init__(self, recompute: Any = None, graph_slice: Any = None) -> None:
        for name, value in (("recompute", recompute), ("graph_slice", graph_slice)):
            if value is not None and value not in ["auto", "manual"]:
                raise ValueError(f"{name} should be in ['auto', 'manual']")
        self._recompute = recompute
        self._graph_slice = graph_slice


class ExperimentalConfig:
    def __init__(  # noqa: PLR0917 - the real signature
        self,
        logical_device_cluster_deploy_mode: Any = "LB",
        logical_device_id: Any = None,
        model_deploy_mode: Any = None,
        model_deploy_devicelist: Any = None,
        graph_memory_optimize_config: Any = None,
        enable_graph_parallel: Any = None,
        graph_parallel_option_path: Any = None,
        graph_compiler_cache_dir: Any = None,
        resource_config_path: Any = None,
        accelerate_train_mode: Any = None,
    ) -> None:
        self._logical_device_cluster_deploy_mode = logical_device_cluster_deploy_mode
        self._logical_device_id = logical_device_id
        self._model_deploy_mode = model_deploy_mode
        self._model_deploy_devicelist = model_deploy_devicelist
        if graph_memory_optimize_config is not None and not isinstance(
            graph_memory_optimize_config, GraphMemoryOptimizeConfig
        ):
            raise ValueError("graph_memory_optimize_config type must be GraphMemoryOptimizeConfig")
        self._graph_memory_optimize_config = graph_memory_optimize_config
        self._enable_graph_parallel = enable_graph_parallel
        self._graph_parallel_option_path = graph_parallel_option_path
        self._graph_compiler_cache_dir = graph_compiler_cache_dir
        self._resource_config_path = resource_config_path
        self._accelerate_train_mode = accelerate_train_mode


class DynamicInputConfig:
    def __init__(
        self, input_shape: Any, dynamic_dims: Any, dynamic_node_type: Any, compile_hybrid_mode: Any
    ) -> None:
        self._input_shape = input_shape
        self._dynamic_dims = dynamic_dims
        self._dynamic_node_type = dynamic_node_type
        self._compile_hybrid_mode = compile_hybrid_mode


from cg_npurunconfig import NPURunConfig  # noqa: E402  (long signature lives apart)

CLASSES = {
    "NPURunConfig": NPURunConfig,
    "ProfilingConfig": ProfilingConfig,
    "MemoryConfig": MemoryConfig,
    "DumpConfig": DumpConfig,
    "GraphMemoryOptimizeConfig": GraphMemoryOptimizeConfig,
    "ExperimentalConfig": ExperimentalConfig,
    "DynamicInputConfig": DynamicInputConfig,
}


def tf_module() -> types.ModuleType:
    tf = types.ModuleType("tensorflow")
    tf.ConfigProto = ConfigProto  # type: ignore[attr-defined]
    tf.compat = types.SimpleNamespace(
        as_bytes=as_bytes, v1=types.SimpleNamespace(ConfigProto=ConfigProto)
    )  # type: ignore[attr-defined]
    return tf


def set_iteration_per_loop(sess: Any, train_op: Any, iterations_per_loop: int = 1) -> Any:
    """npu_bridge's util.set_iteration_per_loop: records its arguments."""
    return ("set_iteration_per_loop", sess, train_op, iterations_per_loop)


@contextmanager
def installed() -> Iterator[dict[str, types.ModuleType]]:
    """Put stand-in ``tensorflow`` and ``npu_bridge`` modules in ``sys.modules``."""
    tf = tf_module()
    npu_config = types.ModuleType("npu_bridge.estimator.npu.npu_config")
    for name, cls in CLASSES.items():
        setattr(npu_config, name, cls)
    npu_init = types.ModuleType("npu_bridge.npu_init")
    npu_init.tf = tf  # type: ignore[attr-defined]
    npu_init.RewriterConfig = RewriterConfig  # type: ignore[attr-defined]
    for name in (
        "NPURunConfig",
        "DumpConfig",
        "ProfilingConfig",
        "MemoryConfig",
        "DynamicInputConfig",
    ):
        setattr(npu_init, name, CLASSES[name])
    util = types.ModuleType("npu_bridge.estimator.npu.util")
    util.set_iteration_per_loop = set_iteration_per_loop  # type: ignore[attr-defined]
    rewriter = types.ModuleType("tensorflow.core.protobuf.rewriter_config_pb2")
    rewriter.RewriterConfig = RewriterConfig  # type: ignore[attr-defined]
    modules = {
        "tensorflow": tf,
        "tensorflow.core": types.ModuleType("tensorflow.core"),
        "tensorflow.core.protobuf": types.ModuleType("tensorflow.core.protobuf"),
        "tensorflow.core.protobuf.rewriter_config_pb2": rewriter,
        "npu_bridge": types.ModuleType("npu_bridge"),
        "npu_bridge.npu_init": npu_init,
        "npu_bridge.estimator": types.ModuleType("npu_bridge.estimator"),
        "npu_bridge.estimator.npu": types.ModuleType("npu_bridge.estimator.npu"),
        "npu_bridge.estimator.npu.npu_config": npu_config,
        "npu_bridge.estimator.npu.util": util,
    }
    saved = {name: sys.modules.get(name) for name in modules}
    sys.modules.update(modules)
    try:
        yield modules
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def run_code(text: str, **names: Any) -> dict[str, Any]:
    """Execute exported code with the stand-ins installed; returns its namespace."""
    namespace: dict[str, Any] = {"__name__": "exported", **names}
    with installed():
        exec(compile(text, "<exported>", "exec"), namespace)
    return namespace


def tf_config_cluster() -> str:
    return json.dumps(
        {"cluster": {"ps": ["h:1"], "worker": ["h:2"]}, "task": {"type": "worker", "index": 1}}
    )
