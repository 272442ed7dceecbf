"""Dynamic-shape combinations the graph executor rejects, and the gear count.

``GeOp::ComputeAsync`` (geop_npu.cc) fails the step with an Internal error when
compile_dynamic_mode meets dynamic_input or a complete dynamic input config, and
when AOE tuning meets a dynamic input config. Only literal values count: a value
known only at run time never makes an error.
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fixes_construct import one_of
from ascend_studio.rules._model import Rule, rule
from ascend_studio.rules._rules_dynamic import DYNAMIC_FIELDS
from ascend_studio.schema._formats import check_dynamic_dims

__all__ = ["SHAPE_RULES", "dynamic_config_sent", "max_gears"]

GEOP = "tf_adapter/kernels/geop_npu.cc"
SHAPE_DOC = "docs/en/tfadapter_1/apiref/session_config/dynamic_shape.md"
#: Products the session docs give (1, 100] gears; Atlas 350 (Ascend 950PR/DT) gets (1, 256].
_HUNDRED = frozenset({"atlas_a3", "atlas_a2", "atlas_inference", "atlas_training"})


def dynamic_config_sent(c: Ctx) -> bool:
    """NPUEstimator sends the four keys only when none is None, and the executor
    treats the config as set only when input_shape, dynamic_dims and
    dynamic_node_type arrive non-empty (``GeOp::IsDynamicConfig``)."""
    values = [c.lit(p) for p in DYNAMIC_FIELDS]
    if any(v is None for v in values):
        return False
    shape, dims = values[0], values[1]
    return isinstance(shape, str) and isinstance(dims, str) and bool(shape) and bool(dims)


def _aoe_on(c: Ctx) -> bool:
    mode = c.lit("aoe_mode")
    if c.is_set("aoe_mode"):
        return mode is not None and mode != ""
    env = c.env_value("AOE_MODE")
    return bool(env) and env is not None and "$" not in env and "`" not in env


def max_gears(product: str | None) -> int | None:
    if product == "atlas_350":
        return 256
    return 100 if product in _HUNDRED else None


def _gear_count(c: Ctx) -> Mapping[str, object] | None:
    dims = c.sval("dynamic_input_config.dynamic_dims")
    if not dims or check_dynamic_dims(dims):
        return None
    count = sum(1 for group in dims.split(";") if group)
    top = max_gears(c.product)
    if count >= 2 and (top is None or count <= top):
        return None
    limit = f"2..{top}" if top is not None else "2 or more"
    return {"count": count, "limit": limit}


_COMPILE_DYNAMIC = "compile_dynamic_mode"
_DYNAMIC_PARAMS = (
    _COMPILE_DYNAMIC,
    "dynamic_input_config.input_shape",
    "dynamic_input_config.dynamic_dims",
    "dynamic_input_config.dynamic_node_type",
)

SHAPE_RULES: tuple[Rule, ...] = (
    rule(
        "compile_dynamic_mode.with_dynamic_input",
        "error",
        "runtime",
        (_COMPILE_DYNAMIC, "dynamic_input"),
        lambda c: c.is_true(_COMPILE_DYNAMIC) and c.is_true("dynamic_input"),
        message=(
            "compile_dynamic_mode=True 不能与 dynamic_input=True 同时使用：执行图时报 Internal 错误，训练在第一步失败。",
            "compile_dynamic_mode=True cannot be combined with dynamic_input=True: running the "
            "graph fails with an Internal error on the first step.",
        ),
        source=GEOP + ":1464 (GeOp::ComputeAsync, OP_REQUIRES_ASYNC: compile_dynamic_mode "
        "cannot set when dynamic_input is 1)",
        fix=(
            "只保留其中一个：删除 compile_dynamic_mode，或删除 dynamic_input。",
            "Keep one of them: remove compile_dynamic_mode, or remove dynamic_input.",
        ),
        fixes=one_of("compile_dynamic_mode", "dynamic_input"),
    ),
    rule(
        "compile_dynamic_mode.with_dynamic_dims",
        "error",
        "runtime",
        _DYNAMIC_PARAMS,
        lambda c: c.is_true(_COMPILE_DYNAMIC) and dynamic_config_sent(c),
        message=(
            "compile_dynamic_mode=True 不能与 DynamicInputConfig（input_shape、dynamic_dims、dynamic_node_type）同时使用：执行图时报 Internal 错误。",
            "compile_dynamic_mode=True cannot be combined with a DynamicInputConfig "
            "(input_shape, dynamic_dims, dynamic_node_type): running the graph fails with an "
            "Internal error.",
        ),
        source=GEOP + ":1467 (GeOp::ComputeAsync, OP_REQUIRES_ASYNC: compile_dynamic_mode "
        "cannot set with input_shape, dynamic_dims and dynamic_node_type)",
        fix=(
            "分档时删除 compile_dynamic_mode；要全动态编译则删除 dynamic_input_config。",
            "For gears, remove compile_dynamic_mode; for fully dynamic compilation, remove "
            "dynamic_input_config.",
        ),
        targets=(_COMPILE_DYNAMIC,),
        fixes=one_of("compile_dynamic_mode", "dynamic_input_config"),
    ),
    rule(
        "aoe.with_dynamic_dims",
        "error",
        "runtime",
        ("aoe_mode", "env:AOE_MODE", *DYNAMIC_FIELDS[:3]),
        lambda c: _aoe_on(c) and dynamic_config_sent(c),
        message=(
            "AOE 调优不能与 DynamicInputConfig 分档同时使用：调优前执行图时报 Internal 错误。",
            "AOE tuning cannot be combined with DynamicInputConfig gears: the graph fails with "
            "an Internal error before tuning starts.",
        ),
        source=GEOP + ":1474 (GeOp::ComputeAsync, OP_REQUIRES_ASYNC: dynamic input config "
        "can not use with mstuning)",
        fix=(
            "调优时去掉 dynamic_input_config（用固定 shape 调优），调优结束后再加回。",
            "Tune without dynamic_input_config (on fixed shapes), then add it back.",
        ),
        targets=("aoe_mode", "env:AOE_MODE"),
        fixes=one_of("dynamic_input_config"),
        also=("调优完成后再加回。", "Add it back once tuning is done."),
    ),
    rule(
        "dynamic_dims.gear_count",
        "error",
        "docs",
        ("dynamic_input_config.dynamic_dims",),
        _gear_count,
        message=(
            "dynamic_dims 有 {count} 个档位；session 配置文档要求 {limit} 个（Atlas 350 最多 256，A3/A2/推理系列/训练系列最多 100），超出范围不受支持。",
            "dynamic_dims has {count} gears; the session docs require {limit} (at most 256 on "
            "Atlas 350, 100 on A3, A2 and the inference and training series); other counts "
            "are not supported.",
        ),
        source=SHAPE_DOC + " (dynamic_dims, Notes: the profile range is (1,100], "
        "(1,256] on Ascend 950PR/950DT)",
        fix=(
            "用分号分隔 2 个以上档位，并删去超出上限的档位。",
            "Give at least 2 gears separated by ';', and drop gears beyond the limit.",
        ),
    ),
)
