"""Rules of the TF Adapter 2.x surface about the environment it reads.

The C++ part reads NPU_DEBUG, NPU_DUMP_GRAPH and NPU_ENABLE_PERF (TensorFlow's
``ReadBoolFromEnvVar``: true/false/1/0 in any case, anything else leaves the switch
off) and NPU_LOOP_SIZE (a positive integer, else 1) when ``npu_device`` is
imported. (The NPU_ENABLE_PERF page says it needs NPU_DEBUG; the code prints the
times with LOG(INFO) without it, so no rule says otherwise.) ``npu_device.open()`` reads ASCEND_DEVICE_ID (``int()``) and the cluster
variables, raising as its code says.
"""

from __future__ import annotations

from collections.abc import Iterator

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._model import Hit, Rule, txt
from ascend_studio.rules._rules_tf2 import family, when

__all__ = ["ENV_RULES_TF2"]

_DEVICE = "tf_adapter_2.x/python/npu_device/npu_device.py"
_ENV_DOCS = "docs/en/tfa_env"


_SWITCHES = ("NPU_DEBUG", "NPU_DUMP_GRAPH", "NPU_ENABLE_PERF")
#: What TensorFlow's ReadBoolFromEnvVar accepts (case-insensitive).
_BOOL_TEXT = frozenset({"true", "false", "1", "0"})


def _switch_ignored(ctx: Ctx) -> Iterator[Hit]:
    for name in _SWITCHES:
        text = ctx.env_value(name)
        if text is not None and text.lower() not in _BOOL_TEXT:
            yield Hit((f"env:{name}",), {"name": name, "text": repr(text)})


def _python_int(text: str) -> int | None:
    """``int(text)`` as Python does it, or None when it raises."""
    try:
        return int(text)
    except ValueError:
        return None


def _loop_env_ignored(ctx: Ctx) -> bool:
    text = ctx.env_value("NPU_LOOP_SIZE")
    if not text:  # unset or empty: TensorFlow's reader keeps the default, 1, as for unset
        return False
    value = ctx.env_int("NPU_LOOP_SIZE")
    return value is None or value <= 0


def _device_env(ctx: Ctx) -> bool:
    """open() without device_id runs int(ASCEND_DEVICE_ID): not an int raises ValueError."""
    text = ctx.env_value("ASCEND_DEVICE_ID")
    given = ctx.raw("session_device_id")
    return given is None and text is not None and _python_int(text) is None


def _rank_size_bad(ctx: Ctx) -> bool:
    text = ctx.env_value("RANK_SIZE")
    if ctx.env_given("CM_WORKER_SIZE") and not ctx.env_runtime("CM_WORKER_SIZE"):
        return False  # both set: tf2.env.rank_and_worker_size
    return text is not None and _python_int(text) is None


def _both_sizes(ctx: Ctx) -> bool:
    return ctx.env_value("RANK_SIZE") is not None and ctx.env_value("CM_WORKER_SIZE") is not None


def _workers(ctx: Ctx) -> int:
    text = ctx.env_value("RANK_SIZE") or ctx.env_value("CM_WORKER_SIZE")
    value = _python_int(text) if text is not None else None
    return value or 1


def _cm_and_table(ctx: Ctx) -> bool:
    both = ctx.env_value("CM_CHIEF_IP") is not None and ctx.env_value("RANK_TABLE_FILE") is not None
    return both and _workers(ctx) > 1


ENV_RULES_TF2: tuple[Rule, ...] = (
    family(
        "tf2.env.switch_ignored",
        "warning",
        "env",
        message=txt(
            "{name}={text}：TF Adapter 2.x 只认 true/false/1/0（不区分大小写），其他取值被忽略，开关保持关闭。",
            "{name}={text}: TF Adapter 2.x accepts only true/false/1/0 (any case); another value is ignored and the switch stays off.",
        ),
        scan=_switch_ignored,
        source="tf_adapter_2.x/npu_device/core/npu_env.h (ReadBoolFromEnvVar); docs/en/tfa_env/NPU_DEBUG.md",
        fix=txt("设为 1 或 0。", "Set it to 1 or 0."),
    ),
    when(
        "tf2.env.loop_size_ignored",
        "warning",
        "env",
        params=("env:NPU_LOOP_SIZE",),
        when=_loop_env_ignored,
        message=txt(
            "NPU_LOOP_SIZE={env:NPU_LOOP_SIZE}：必须是正整数；TF Adapter 2.x 忽略这个值，循环次数为 1。",
            "NPU_LOOP_SIZE={env:NPU_LOOP_SIZE}: it must be a positive integer; TF Adapter 2.x ignores this value and loops once.",
        ),
        source="tf_adapter_2.x/npu_device/core/npu_global.cpp:g_npu_loop_size; docs/en/tfa_env/NPU_LOOP_SIZE.md",
        fix=txt("设为正整数，如 32。", "Set a positive integer, such as 32."),
    ),
    when(
        "tf2.env.device_id",
        "error",
        "env",
        params=("env:ASCEND_DEVICE_ID",),
        when=_device_env,
        message=txt(
            "ASCEND_DEVICE_ID={env:ASCEND_DEVICE_ID}：npu_device.open() 未给 device_id 时执行 int(ASCEND_DEVICE_ID)，这个值会抛出 ValueError。",
            "ASCEND_DEVICE_ID={env:ASCEND_DEVICE_ID}: npu_device.open() without device_id runs int(ASCEND_DEVICE_ID), which raises ValueError for this value.",
        ),
        source=f"{_DEVICE}:open",
        fix=txt(
            "设为整数设备 ID，或给 open() 传 device_id。",
            "Set an integer device id, or pass device_id to open().",
        ),
    ),
    when(
        "tf2.env.rank_size",
        "error",
        "env",
        params=("env:RANK_SIZE",),
        when=_rank_size_bad,
        message=txt(
            "RANK_SIZE={env:RANK_SIZE}：npu_device.open() 执行 int(RANK_SIZE)，这个值会抛出 ValueError。",
            "RANK_SIZE={env:RANK_SIZE}: npu_device.open() runs int(RANK_SIZE), which raises ValueError for this value.",
        ),
        source=f"{_DEVICE}:open, get_ranksize",
        fix=txt(
            "把 RANK_SIZE 设为整数设备数，例如 export RANK_SIZE=8。",
            "Set RANK_SIZE to the number of devices as an integer, e.g. export RANK_SIZE=8.",
        ),
    ),
    when(
        "tf2.env.rank_and_worker_size",
        "error",
        "env",
        params=("env:RANK_SIZE", "env:CM_WORKER_SIZE"),
        when=_both_sizes,
        message=txt(
            "RANK_SIZE 与 CM_WORKER_SIZE 同时设置：npu_device.open() 抛出 ValueError。",
            "RANK_SIZE and CM_WORKER_SIZE are both set: npu_device.open() raises ValueError.",
        ),
        source=f"{_DEVICE}:get_ranksize",
        fix=txt(
            "只保留 RANK_SIZE（配合 rank table）或 CM_WORKER_SIZE（配合 CM_CHIEF_IP）中的一个。",
            "Keep only RANK_SIZE (with a rank table) or CM_WORKER_SIZE (with CM_CHIEF_IP), not both.",
        ),
    ),
    when(
        "tf2.env.cm_and_rank_table",
        "error",
        "env",
        params=("env:CM_CHIEF_IP", "env:RANK_TABLE_FILE"),
        when=_cm_and_table,
        message=txt(
            "多卡时 CM_CHIEF_IP 与 RANK_TABLE_FILE 同时设置：npu_device.open() 抛出 RuntimeError。",
            "With more than one device, CM_CHIEF_IP and RANK_TABLE_FILE are both set: npu_device.open() raises RuntimeError.",
        ),
        source=f"{_DEVICE}:open",
        fix=txt(
            "只用一种组网方式：CM_CHIEF_IP 等 CM_* 变量，或 RANK_TABLE_FILE。",
            "Use one way of forming the cluster: the CM_* variables (CM_CHIEF_IP...) or RANK_TABLE_FILE.",
        ),
    ),
)
