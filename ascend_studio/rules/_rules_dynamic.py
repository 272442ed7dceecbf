"""DynamicInputConfig (dynamic dims): its four required fields and their formats.

The Python constructor needs all four arguments; the C++ reader checks the
formats only when input_shape, dynamic_dims and dynamic_node_type all arrive.
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import SetValue
from ascend_studio.rules._fixers import always, unsafe
from ascend_studio.rules._fixes_dynamic import complete_gears
from ascend_studio.rules._model import Rule, rule
from ascend_studio.rules._rules_construct import ATTRS
from ascend_studio.schema import (
    check_dynamic_dims,
    check_input_shape,
    count_dims,
)

__all__ = ["DYNAMIC_FIELDS", "DYNAMIC_RULES"]


DYNAMIC_FIELDS = tuple(
    f"dynamic_input_config.{n}"
    for n in ("input_shape", "dynamic_dims", "dynamic_node_type", "compile_hybrid_mode")
)


def _dynamic_incomplete(c: Ctx) -> Mapping[str, object] | None:
    given = [p for p in DYNAMIC_FIELDS if p in c.values]  # an explicit None is given
    if not given or len(given) == len(DYNAMIC_FIELDS):
        return None
    missing = [p.rsplit(".", 1)[1] for p in DYNAMIC_FIELDS if p not in c.values]
    return {"missing": ", ".join(missing)}


_ABSENT = object()


def _given_none(c: Ctx) -> Mapping[str, object] | None:
    """Some of the four are given as None (kept from a script or a profile)."""
    nones = [p for p in DYNAMIC_FIELDS if c.values.get(p, _ABSENT) is None]
    if not nones or len(nones) == len(DYNAMIC_FIELDS):
        return None
    return {"none": ", ".join(p.rsplit(".", 1)[1] for p in nones)}


_TOGETHER = DYNAMIC_FIELDS[:3]


def _session_partial(c: Ctx) -> Mapping[str, object] | None:
    """Written into a parameter_map, the three keys go together or not at all."""
    given = [p for p in _TOGETHER if c.is_set(p)]
    if not given or len(given) == len(_TOGETHER):
        return None
    missing = [p.rsplit(".", 1)[1] for p in _TOGETHER if p not in given]
    return {"missing": ", ".join(missing)}


def _session_hybrid_alone(c: Ctx) -> bool:
    alone = not any(c.is_set(p) for p in _TOGETHER)
    return alone and c.ival("dynamic_input_config.compile_hybrid_mode", default_too=False) == 1


def _hybrid_node_type(c: Ctx) -> bool:
    hybrid = c.ival("dynamic_input_config.compile_hybrid_mode")
    node = c.ival("dynamic_input_config.dynamic_node_type")
    return hybrid == 1 and node is not None and node != 1


def _dims_mismatch(c: Ctx) -> Mapping[str, object] | None:
    shape = c.sval("dynamic_input_config.input_shape")
    dims = c.sval("dynamic_input_config.dynamic_dims")
    if not shape or not dims or check_input_shape(shape) or check_dynamic_dims(dims):
        return None
    unknown, groups = count_dims(shape, dims)
    bad = sorted({g for g in groups if g != unknown})
    return {"unknown": unknown, "groups": ", ".join(map(str, bad))} if bad else None


NPU_CONFIG = "tf_adapter/python/npu_bridge/estimator/npu/npu_config.py"
ESTIMATOR = "tf_adapter/python/npu_bridge/estimator/npu/npu_estimator.py"

DYNAMIC_RULES: tuple[Rule, ...] = (
    rule(
        "dynamic_input_config.incomplete",
        "error",
        "python",
        DYNAMIC_FIELDS,
        _dynamic_incomplete,
        message=(
            "DynamicInputConfig 的四个参数都是必填位置参数，缺少：{missing}。调用中省略时构造抛出 TypeError；"
            "以 None 传入（导出的代码就这样写）时不报错，但 NPUEstimator 四个键都不发送，分档静默失效。",
            "All four DynamicInputConfig arguments are required; missing: {missing}. Left out "
            "of the call, the constructor raises TypeError; passed as None (as the exported "
            "code writes them) it does not, but NPUEstimator then sends none of the four keys "
            "and the gears are silently off.",
        ),
        source=NPU_CONFIG + ":508 (DynamicInputConfig.__init__: four positional arguments, no "
        "defaults); " + ESTIMATOR + ":688 (NPUEstimator.__load_dynamic_input_config: "
        "all four written only when none is None)",
        fix=(
            "补全 input_shape、dynamic_dims、dynamic_node_type、compile_hybrid_mode。",
            "Set input_shape, dynamic_dims, dynamic_node_type and compile_hybrid_mode.",
        ),
        fixes=complete_gears("unsafe"),
    ),
    rule(
        "dynamic_input_config.none_dropped",
        "warning",
        "python",
        DYNAMIC_FIELDS,
        _given_none,
        message=(
            "DynamicInputConfig 的 {none} 为 None：NPUEstimator 只在四个参数都不为 None 时才发送它们，"
            "于是 input_shape、dynamic_dims、dynamic_node_type、compile_hybrid_mode 全部被静默丢弃，分档不生效。",
            "DynamicInputConfig has {none} = None: NPUEstimator sends the four keys only when "
            "none of them is None, so input_shape, dynamic_dims, dynamic_node_type and "
            "compile_hybrid_mode are all silently dropped and no gears apply.",
        ),
        source=ESTIMATOR + ":688 (NPUEstimator.__load_dynamic_input_config: all four written "
        "only when none is None)",
        fix=(
            "给四个参数都赋值，例如 compile_hybrid_mode=0、dynamic_node_type=0；不需要分档时删除 dynamic_input_config。",
            "Give all four a value (e.g. compile_hybrid_mode=0, dynamic_node_type=0), or remove "
            "dynamic_input_config when no gears are wanted.",
        ),
        fixes=complete_gears("safe"),
        surfaces=("estimator",),
    ),
    rule(
        "dynamic_input_config.keys_together",
        "error",
        "runtime",
        DYNAMIC_FIELDS[:3],
        _session_partial,
        message=(
            "parameter_map 中 input_shape、dynamic_dims、dynamic_node_type 必须同时设置，缺少：{missing}；TF Adapter 以 LOG(FATAL) 中止进程。",
            "In a parameter_map, input_shape, dynamic_dims and dynamic_node_type go together; "
            "missing: {missing}. TF Adapter aborts the process (LOG(FATAL)).",
        ),
        source=ATTRS + " (input_shape, dynamic_dims and dynamic_node_type should use together)",
        fix=(
            "补上 {missing}，或删除其余几个键。",
            "Add {missing}, or remove the other keys.",
        ),
        surfaces=("session",),
    ),
    rule(
        "dynamic_input_config.hybrid_alone",
        "error",
        "runtime",
        ("dynamic_input_config.compile_hybrid_mode",),
        _session_hybrid_alone,
        message=(
            "compile_hybrid_mode=1 需要同时设置 input_shape、dynamic_dims、dynamic_node_type；作业启动时报 Internal 错误。",
            "compile_hybrid_mode=1 needs input_shape, dynamic_dims and dynamic_node_type; the "
            "job fails at start with an Internal error.",
        ),
        source=ATTRS + " (input_shape, dynamic_dims and dynamic_node_type should be set when "
        "compile_hybrid_mode is 1)",
        fix=(
            "设置这三个键，或删除 compile_hybrid_mode。",
            "Set the three keys, or remove compile_hybrid_mode.",
        ),
        surfaces=("session",),
    ),
    rule(
        "dynamic_input_config.hybrid_node_type",
        "error",
        "runtime",
        ("dynamic_input_config.compile_hybrid_mode", "dynamic_input_config.dynamic_node_type"),
        _hybrid_node_type,
        message=(
            "compile_hybrid_mode=1 要求 dynamic_node_type=1（placeholder），当前为 "
            "{dynamic_input_config.dynamic_node_type}；作业启动时报错。",
            "compile_hybrid_mode=1 needs dynamic_node_type=1 (placeholder), got "
            "{dynamic_input_config.dynamic_node_type}; the job fails at start.",
        ),
        source=ATTRS + " (When compile_hybrid_mode set, dynamic_node_type should be 1)",
        fix=(
            "把 dynamic_node_type 设为 1，或把 compile_hybrid_mode 设为 0。",
            "Set dynamic_node_type=1, or compile_hybrid_mode=0.",
        ),
        fixes=always(
            unsafe(SetValue("dynamic_input_config.dynamic_node_type", 1)),
            unsafe(SetValue("dynamic_input_config.compile_hybrid_mode", 0)),
        ),
    ),
    rule(
        "dynamic_input_config.dims_count",
        "error",
        "docs",
        ("dynamic_input_config.dynamic_dims", "dynamic_input_config.input_shape"),
        _dims_mismatch,
        message=(
            "dynamic_dims 每组的数值个数应等于 input_shape 中 -1 的个数（{unknown}），但有组的个数为 {groups}。",
            "Each dynamic_dims group must have as many values as input_shape has -1 entries "
            "({unknown}); found groups of {groups}.",
        ),
        source="docs/en/tfadapter_1/apiref/session_config/dynamic_shape.md (dynamic_dims must "
        "match input_shape, failure may lead to an error and exit); npu_config.py:DynamicInputConfig "
        "docstring (dims correspond to -1 in input_shape)",
        fix=("让每组的数值个数与 -1 的个数一致。", "Give every group one value per -1."),
        targets=("dynamic_input_config.dynamic_dims",),
    ),
)
