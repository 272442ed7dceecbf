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
from signatures import NPU_RUN_CONFIG, signature_of

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
    """The real signature (``tests/signatures.py``) and the constructor's checks."""

    __signature__ = signature_of(NPU_RUN_CONFIG)

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # noqa: C901, PLR0912 - the real checks
        # Binding raises TypeError for an unknown or twice-given keyword, as the real one.
        bound = self.__signature__.bind(self, *args, **kwargs)
        bound.apply_defaults()
        given = dict(bound.arguments)
        given.pop("self")
        iterations_per_loop = given["iterations_per_loop"]
        mix_compile_mode = given["mix_compile_mode"]
        jit_compile = given["jit_compile"]
        distribute = given["distribute"]
        dump_config = given["dump_config"]
        horovod_mode = given["horovod_mode"]
        graph_run_mode = given["graph_run_mode"]
        enable_exception_dump = given["enable_exception_dump"]
        dynamic_input_config = given["dynamic_input_config"]
        experimental_config = given["experimental_config"]
        save_checkpoints_secs = given["save_checkpoints_secs"]
        save_checkpoints_steps = given["save_checkpoints_steps"]
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
        inherited = {name: given[name] for name in RUN_CONFIG_ARGS}
        super().__init__(**{**inherited, "save_checkpoints_steps": save_checkpoints_steps})
