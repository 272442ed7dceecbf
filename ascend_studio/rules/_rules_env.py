"""Interactions between parameters and the profile's environment variables.

The profile's ``env`` is the job's environment as the user manages it: a value
means "exported", ``None`` means "explicitly unset", absence means "not managed
here". Rules fire on what the profile states, never on guesses about the shell.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping

from ascend_studio.rules._catalog_fixes import first_of
from ascend_studio.rules._context import NEW_GEN, Ctx
from ascend_studio.rules._fix import SetValue
from ascend_studio.rules._fixers import always, safe
from ascend_studio.rules._fixes_env import agree_env, origin_precision, unset
from ascend_studio.rules._model import Hit, Rule, rule, txt
from ascend_studio.schema import parse_json, stored

__all__ = [
    "ENV_RULES",
    "TEXT_CHECKED",
    "E",
    "bad_int",
    "env_int",
    "runtime_refs",
    "tf_config_cluster",
]


def env_int(c: Ctx, name: str) -> int | None:
    """The variable as an int when it parses like ``strtol`` would, else None."""
    return c.env_int(name)


def bad_int(c: Ctx, name: str, low: int, high: int | None = None) -> bool:
    if not c.env_given(name) or c.env_runtime(name):  # shell text: see env.runtime_value
        return False
    value = env_int(c, name)
    return value is None or value < low or (high is not None and value > high)


def tf_config_cluster(c: Ctx) -> bool | None:
    """TF_CONFIG defines a cluster: True/False, None when unknown or invalid."""
    text = c.env_value("TF_CONFIG")
    if text is None:
        return False if c.env_unset("TF_CONFIG") else None
    data, problem = parse_json(text or "{}")
    if problem:
        return None
    return bool(isinstance(data, dict) and data.get("cluster"))


def _in_cluster(c: Ctx) -> bool:
    sizes = (env_int(c, "RANK_SIZE") or 0, env_int(c, "CM_WORKER_SIZE") or 0)
    return max(sizes) > 1 or c.env_given("RANK_TABLE_FILE") or tf_config_cluster(c) is True


def _collect_forces_mode(c: Ctx) -> bool:
    return c.env_given("NPU_COLLECT_PATH") and c.ival("enable_exception_dump") not in (1, None)


def _hccl_env_overridden(c: Ctx) -> bool:
    value = c.ival("hccl_timeout", default_too=False)
    return (
        value is not None
        and c.env_given("HCCL_EXEC_TIMEOUT")
        and (env_int(c, "HCCL_EXEC_TIMEOUT") != value)
    )


def _cluster_hccl(c: Ctx) -> int | None:
    """The collective timeout (s) when a finite stream_sync_timeout is set in a cluster."""
    stream = c.ival("stream_sync_timeout", default_too=False)
    if stream is None or stream < 0 or not _in_cluster(c):
        return None
    seconds, _ = c.runtime_int("hccl_timeout")
    return seconds


def _stream_below_hccl(c: Ctx) -> Mapping[str, object] | None:
    seconds = _cluster_hccl(c)
    stream = c.ival("stream_sync_timeout", default_too=False)
    if not seconds or stream is None or stream > seconds * 1000:
        return None
    return {"hccl": seconds, "hccl_ms": seconds * 1000}


def _stream_with_endless_hccl(c: Ctx) -> Mapping[str, object] | None:
    """0 s: the collective never times out, so any finite sync wait is shorter."""
    _, source = c.given_int("hccl_timeout")
    if _cluster_hccl(c) != 0:
        return None
    which = "HCCL_EXEC_TIMEOUT=0" if source == "environment" else "hccl_timeout=0"
    return {"which": which}


def _multistream(c: Ctx) -> str:
    return c.sval("auto_multistream_parallel_mode") or ""


def _cv_with_env(c: Ctx) -> bool:
    return _multistream(c) == "cv" and c.env_given("ENABLE_DYNAMIC_SHAPE_MULTI_STREAM")


def _strategy_without_env(c: Ctx) -> bool:
    mode = _multistream(c)
    return mode.startswith(("LoadBalance", "MainStream")) and not c.env_given(
        "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM"
    )


def _device_env_overridden(c: Ctx) -> bool:
    value = c.ival("session_device_id", default_too=False)
    return (
        value is not None
        and c.env_given("ASCEND_DEVICE_ID")
        and (env_int(c, "ASCEND_DEVICE_ID") != value)
    )


def _wraps(name: str, *, unless: str | None = None) -> Callable[[Ctx], Mapping[str, object] | None]:
    """The variable's number does not fit the unsigned field its reader stores it in:
    the device used is the value modulo 2**bits (``static_cast<uint32_t>``)."""

    def when(c: Ctx) -> Mapping[str, object] | None:
        bits = c.ix.int_bits.get(name, 0)
        if not bits or (unless is not None and c.env_given(unless)) or c.env_runtime(name):
            return None
        value = env_int(c, name)
        if value is None or value < (1 << bits):
            return None
        return {"stored": stored(value, bits), "bits": bits}

    return when


def _device_id_shadowed(c: Ctx) -> bool:
    """Only ASCEND_DEVICE_ID hides DEVICE_ID: GE initialisation reads the variables
    whatever session_device_id says (ge_plugin.cc:196, GetEnvDeviceID)."""
    return c.env_given("DEVICE_ID") and c.env_given("ASCEND_DEVICE_ID")


def _device_id_with_session(c: Ctx) -> bool:
    return (
        c.env_given("DEVICE_ID")
        and not c.env_given("ASCEND_DEVICE_ID")
        and c.is_set("session_device_id")
    )


def _hf32_product(c: Ctx) -> bool:
    return c.env_given("ENABLE_HF32_EXECUTION") and c.product not in NEW_GEN


def _hf32_fp16_inference(c: Ctx) -> bool:
    if c.env_value("ENABLE_HF32_EXECUTION") != "1" or not c.inference:
        return False
    if c.is_set("precision_mode") or c.is_set("precision_mode_v2"):
        return c.lit("precision_mode") == "force_fp16" or c.lit("precision_mode_v2") == "fp16"
    return True


def _profiling_env(c: Ctx) -> bool:
    return c.env_given("PROFILING_OPTIONS") and c.is_true("profiling_config.enable_profiling")


E = "env:"
#: Variables whose text some rule checks (an integer, JSON, a mode...). Set to shell
#: text (``$device_id``, ``${RANK_SIZE}``, a command's output), they cannot be
#: checked: the value exists only when the job starts, so that is never an error.
TEXT_CHECKED = (
    "AOE_MODE",
    "ASCEND_DEVICE_ID",
    "CM_WORKER_SIZE",
    "DEVICE_ID",
    "ENABLE_HF32_EXECUTION",
    "HCCL_EXEC_TIMEOUT",
    "JOB_ID",
    "RANK_SIZE",
    "TF_CONFIG",
)
_REFS = re.compile(r"\$\{?([A-Za-z_]\w*|[0-9@*#?$!-])")


def runtime_refs(text: str) -> str:
    """What shell text depends on: ``$device_id``, ``$1``, ``a command's output``."""
    names = list(dict.fromkeys(f"${name}" for name in _REFS.findall(text)))
    if "`" in text or "$(" in text:
        names.append("a command's output")
    return ", ".join(names) or "the shell"


def _runtime_values(c: Ctx) -> Iterator[Hit]:
    for name in TEXT_CHECKED:
        if c.env_runtime(name):
            text = c.env.get(name) or ""
            yield Hit((E + name,), {"name": name, "text": text, "depends": runtime_refs(text)})


_RUNTIME_RULE = Rule(
    id="env.runtime_value",
    severity="info",
    kind="env",
    params=(),  # a family: each firing concerns one variable (see ``involves``)
    message=txt(
        "{name}={text} 是 shell 文本，取决于 {depends}，只有运行时才知道其值，无法静态检查。",
        "{name}={text} is shell text that depends on {depends}; its value is known only when "
        "the job runs, so it cannot be checked here.",
    ),
    source="npu_attrs.cc:GetEnvDeviceID (reads the environment when the job starts, after the "
    "shell has expanded the text)",
    fix=txt(
        "如需检查 {name}，请在脚本中直接写出它的取值。",
        "To have {name} checked, write its value itself in the script.",
    ),
    scan=_runtime_values,
    involves=lambda _ix, path: path.startswith(E) and path[len(E) :] in TEXT_CHECKED,
)


ENV_RULES: tuple[Rule, ...] = (
    _RUNTIME_RULE,
    rule(
        "env.npu_collect_path.exception_dump",
        "warning",
        "env",
        (E + "NPU_COLLECT_PATH", "enable_exception_dump"),
        _collect_forces_mode,
        message=(
            "设置了 NPU_COLLECT_PATH，无论 enable_exception_dump={enable_exception_dump} 如何，都按 1（普通 ExceptionDump）执行，数据写到 NPU_COLLECT_PATH。",
            "NPU_COLLECT_PATH is set, so exception dump runs in mode 1 (plain ExceptionDump) "
            "whatever enable_exception_dump={enable_exception_dump} says, writing to "
            "NPU_COLLECT_PATH.",
        ),
        source="npurunconfig-page:功能调试 enable_exception_dump",
        fix=(
            "设置 enable_exception_dump=1 以与实际一致，或取消 NPU_COLLECT_PATH。",
            "Set enable_exception_dump=1 to match, or unset NPU_COLLECT_PATH.",
        ),
        targets=("enable_exception_dump",),
        fixes=first_of(
            always(safe(SetValue("enable_exception_dump", 1))),
            unset("NPU_COLLECT_PATH", "unsafe"),
        ),
    ),
    rule(
        "env.hccl_exec_timeout.overridden",
        "warning",
        "env",
        ("hccl_timeout", E + "HCCL_EXEC_TIMEOUT"),
        _hccl_env_overridden,
        message=(
            "hccl_timeout={hccl_timeout} 优先于环境变量 HCCL_EXEC_TIMEOUT={env:HCCL_EXEC_TIMEOUT}，后者被忽略。",
            "hccl_timeout={hccl_timeout} takes precedence over HCCL_EXEC_TIMEOUT="
            "{env:HCCL_EXEC_TIMEOUT}, which is ignored.",
        ),
        source="npurunconfig-page:异常补救 hccl_timeout",
        fix=(
            "删除 HCCL_EXEC_TIMEOUT，或让它与 hccl_timeout 取值相同。",
            "Remove HCCL_EXEC_TIMEOUT, or give it the value of hccl_timeout.",
        ),
        targets=(E + "HCCL_EXEC_TIMEOUT",),
        fixes=first_of(
            agree_env("HCCL_EXEC_TIMEOUT", "hccl_timeout", "safe"),
            unset("HCCL_EXEC_TIMEOUT", "unsafe"),
        ),
    ),
    rule(
        "env.hccl_exec_timeout.invalid",
        "warning",
        "env",
        (E + "HCCL_EXEC_TIMEOUT",),
        lambda c: bad_int(c, "HCCL_EXEC_TIMEOUT", 0),
        message=(
            "HCCL_EXEC_TIMEOUT={env:HCCL_EXEC_TIMEOUT} 不是非负整数秒；它是 hccl_timeout 所代替的集合通信超时（秒），HCCL 如何处理其他取值未见文档。",
            "HCCL_EXEC_TIMEOUT={env:HCCL_EXEC_TIMEOUT} is not a non-negative number of seconds; "
            "it is the collective timeout hccl_timeout stands in for (in seconds), and no "
            "source here says what HCCL makes of another value.",
        ),
        source="docs/en/tfadapter_1/apiref/npu_config/npurunconfig_constructor/"
        "exception_remedy.md (hccl_timeout, in seconds, takes precedence over "
        "HCCL_EXEC_TIMEOUT; stream_sync_timeout compares with either)",
        fix=(
            "把 HCCL_EXEC_TIMEOUT 设为非负整数秒。",
            "Set HCCL_EXEC_TIMEOUT to a whole, non-negative number of seconds.",
        ),
    ),
    rule(
        "stream_sync_timeout.below_hccl",
        "error",
        "env",
        (
            "stream_sync_timeout",
            "hccl_timeout",
            E + "HCCL_EXEC_TIMEOUT",
            E + "RANK_SIZE",
            E + "CM_WORKER_SIZE",
            E + "RANK_TABLE_FILE",
        ),
        _stream_below_hccl,
        message=(
            "集群场景下 stream_sync_timeout（{stream_sync_timeout} 毫秒）必须大于集合通信超时（{hccl} 秒 = {hccl_ms} 毫秒）。",
            "In a cluster, stream_sync_timeout ({stream_sync_timeout} ms) must exceed the "
            "collective timeout ({hccl} s = {hccl_ms} ms).",
        ),
        source="npurunconfig-page:异常补救 stream_sync_timeout",
        fix=(
            "把 stream_sync_timeout 设为大于 {hccl_ms} 的毫秒数（hccl_timeout 以秒计，stream_sync_timeout 以毫秒计）。",
            "Set stream_sync_timeout above {hccl_ms} (it is in milliseconds; hccl_timeout is in "
            "seconds).",
        ),
        targets=("stream_sync_timeout",),
    ),
    rule(
        "stream_sync_timeout.collective_never_times_out",
        "error",
        "env",
        (
            "stream_sync_timeout",
            "hccl_timeout",
            E + "HCCL_EXEC_TIMEOUT",
            E + "RANK_SIZE",
            E + "CM_WORKER_SIZE",
            E + "RANK_TABLE_FILE",
        ),
        _stream_with_endless_hccl,
        message=(
            "集群场景下 stream_sync_timeout 必须大于集合通信超时；{which} 表示集合通信永不超时，有限的 stream_sync_timeout（{stream_sync_timeout} 毫秒）总是更短。",
            "In a cluster, stream_sync_timeout must exceed the collective timeout; {which} "
            "means the collective never times out, so a finite stream_sync_timeout "
            "({stream_sync_timeout} ms) is always shorter.",
        ),
        source="npurunconfig-page:异常补救 stream_sync_timeout",
        fix=(
            "把 stream_sync_timeout 设为 -1（不限等待），或给集合通信一个有限的超时（秒）。",
            "Set stream_sync_timeout=-1 (wait indefinitely), or give the collective a finite "
            "timeout in seconds.",
        ),
        targets=("stream_sync_timeout",),
    ),
    rule(
        "env.multistream.cv_conflict",
        "warning",
        "env",
        ("auto_multistream_parallel_mode", E + "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM"),
        _cv_with_env,
        message=(
            "NPURunConfig 参数说明页称 cv 并行不能与 ENABLE_DYNAMIC_SHAPE_MULTI_STREAM 同时启用；而当前仓库文档要求动态 shape 多流时先设置该变量。两处来源互相矛盾，请以实测为准。",
            "The NPURunConfig parameter page says cv parallelism cannot be combined with "
            "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM, while the current repository docs require that "
            "variable first for dynamic-shape multi-stream. The sources contradict each other; "
            "verify on the target.",
        ),
        source="npurunconfig-page:试验参数 auto_multistream_parallel_mode vs docs experiment_options.md",
        fix=(
            "静态 shape 使用 cv 时取消 ENABLE_DYNAMIC_SHAPE_MULTI_STREAM。",
            "For cv on static shapes, unset ENABLE_DYNAMIC_SHAPE_MULTI_STREAM.",
        ),
        fixes=unset("ENABLE_DYNAMIC_SHAPE_MULTI_STREAM", "unsafe"),
    ),
    rule(
        "env.multistream.dynamic_needs_env",
        "info",
        "env",
        ("auto_multistream_parallel_mode", E + "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM"),
        _strategy_without_env,
        message=(
            "当前文档：动态 shape 下使用多流策略需先设置 ENABLE_DYNAMIC_SHAPE_MULTI_STREAM（NPURunConfig 参数说明页对 cv 的说法相反，见 cv 规则）。",
            "Current docs: for dynamic shapes, multi-stream strategies need "
            "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM set first (the NPURunConfig parameter page says the "
            "opposite for cv).",
        ),
        source="docs/en/tfadapter_1/apiref/npu_config/npurunconfig_constructor/experiment_options.md",
        targets=(E + "ENABLE_DYNAMIC_SHAPE_MULTI_STREAM",),
    ),
    rule(
        "env.ascend_device_id.overridden",
        "info",
        "env",
        ("session_device_id", E + "ASCEND_DEVICE_ID"),
        _device_env_overridden,
        message=(
            "session_device_id={session_device_id} 优先于 ASCEND_DEVICE_ID={env:ASCEND_DEVICE_ID}。",
            "session_device_id={session_device_id} takes precedence over "
            "ASCEND_DEVICE_ID={env:ASCEND_DEVICE_ID}.",
        ),
        source="npu_attrs.cc:GetDeviceID; npurunconfig-page:基础功能",
        targets=(E + "ASCEND_DEVICE_ID",),
    ),
    rule(
        "env.ascend_device_id.invalid",
        "error",
        "env",
        (E + "ASCEND_DEVICE_ID",),
        lambda c: bad_int(c, "ASCEND_DEVICE_ID", 0),
        message=(
            "ASCEND_DEVICE_ID={env:ASCEND_DEVICE_ID} 不是 TF Adapter 能读的非负整数（safe_strto64：不能带“+”号，不能超出 64 位有符号范围）；读取设备号时报错，进程中止。",
            "ASCEND_DEVICE_ID={env:ASCEND_DEVICE_ID} is not a non-negative integer TF Adapter "
            "can read (safe_strto64: no '+' sign, within the signed 64-bit range); reading the "
            "device id fails and the process aborts.",
        ),
        source="npu_attrs.cc:GetEnvDeviceID; ge_plugin.cc (GePlugin::Init: LOG(FATAL) on failure)",
        fix=("改为 0 到设备数减 1 的整数。", "Use an integer from 0 to the device count minus 1."),
    ),
    rule(
        "env.device_id.invalid",
        "error",
        "env",
        (E + "DEVICE_ID",),
        lambda c: bad_int(c, "DEVICE_ID", 0) and not c.env_given("ASCEND_DEVICE_ID"),
        message=(
            "DEVICE_ID={env:DEVICE_ID} 不是 TF Adapter 能读的非负整数（safe_strto64：不能带“+”号，不能超出 64 位有符号范围）；读取设备号时报错，进程中止。",
            "DEVICE_ID={env:DEVICE_ID} is not a non-negative integer TF Adapter can read "
            "(safe_strto64: no '+' sign, within the signed 64-bit range); reading the device id "
            "fails and the process aborts.",
        ),
        source="npu_attrs.cc:GetEnvDeviceID; ge_plugin.cc (GePlugin::Init: LOG(FATAL) on failure)",
        fix=(
            "改为非负整数，或改用 ASCEND_DEVICE_ID。",
            "Use a non-negative integer, or ASCEND_DEVICE_ID.",
        ),
    ),
    rule(
        "env.ascend_device_id.wraps",
        "warning",
        "env",
        (E + "ASCEND_DEVICE_ID",),
        _wraps("ASCEND_DEVICE_ID"),
        message=(
            "ASCEND_DEVICE_ID={env:ASCEND_DEVICE_ID} 超出 TF Adapter 存放设备号的 {bits} 位无符号整数，回绕后实际使用设备 {stored}。",
            "ASCEND_DEVICE_ID={env:ASCEND_DEVICE_ID} does not fit the {bits}-bit unsigned number "
            "TF Adapter keeps the device id in: it wraps around, and the job uses device {stored}.",
        ),
        source="npu_attrs.cc:GetEnvDeviceID (safe_strto64, then static_cast<uint32_t>)",
        fix=(
            "直接写要用的设备号（0 到设备数减 1）。",
            "Write the device number itself (0 to the device count minus 1).",
        ),
    ),
    rule(
        "env.device_id.wraps",
        "warning",
        "env",
        (E + "DEVICE_ID",),
        _wraps("DEVICE_ID", unless="ASCEND_DEVICE_ID"),
        message=(
            "DEVICE_ID={env:DEVICE_ID} 超出 TF Adapter 存放设备号的 {bits} 位无符号整数，回绕后按物理设备 {stored} 处理。",
            "DEVICE_ID={env:DEVICE_ID} does not fit the {bits}-bit unsigned number TF Adapter "
            "keeps the device id in: it wraps around to physical device {stored}.",
        ),
        source="npu_attrs.cc:GetEnvDeviceID (safe_strto64, then static_cast<uint32_t>)",
        fix=(
            "直接写要用的设备号，或改用 ASCEND_DEVICE_ID。",
            "Write the device number itself, or use ASCEND_DEVICE_ID.",
        ),
    ),
    rule(
        "env.device_id.shadowed",
        "info",
        "env",
        (E + "DEVICE_ID", E + "ASCEND_DEVICE_ID"),
        _device_id_shadowed,
        message=(
            "ASCEND_DEVICE_ID 优先于 DEVICE_ID，DEVICE_ID 被忽略。",
            "ASCEND_DEVICE_ID takes precedence over DEVICE_ID; DEVICE_ID is ignored.",
        ),
        source="tf_adapter/util/npu_attrs.cc:166 (GetEnvDeviceID: ASCEND_DEVICE_ID read "
        "first, DEVICE_ID only when it is empty)",
        fix=("删除 DEVICE_ID。", "Remove DEVICE_ID."),
        targets=(E + "DEVICE_ID",),
        fixes=unset("DEVICE_ID", "unsafe"),
    ),
    rule(
        "env.device_id.read_by_ge_init",
        "info",
        "env",
        (E + "DEVICE_ID", "session_device_id"),
        _device_id_with_session,
        message=(
            "session_device_id 决定会话所用设备，但 GE 初始化仍读取 DEVICE_ID={env:DEVICE_ID}（非法值会中止进程），两者应一致。",
            "session_device_id picks the session's device, but GE initialisation still reads "
            "DEVICE_ID={env:DEVICE_ID} (an invalid value aborts); keep the two consistent.",
        ),
        source="tf_adapter/util/ge_plugin.cc:196 (GePlugin::Init: GetEnvDeviceID, LOG(FATAL) on "
        "failure, whatever session_device_id says)",
        fix=(
            "让 DEVICE_ID 与 session_device_id 指向同一设备，或改用 ASCEND_DEVICE_ID。",
            "Make DEVICE_ID name the same device as session_device_id, or use ASCEND_DEVICE_ID.",
        ),
        targets=(E + "DEVICE_ID",),
    ),
    rule(
        "env.hf32.product",
        "warning",
        "env",
        (E + "ENABLE_HF32_EXECUTION",),
        _hf32_product,
        message=(
            "ENABLE_HF32_EXECUTION 仅适用于 Atlas 350/A3/A2，在 {product} 上无效。",
            "ENABLE_HF32_EXECUTION only applies to Atlas 350, A3 and A2; it does nothing on "
            "{product}.",
        ),
        source="docs/en/tfa_env/ENABLE_HF32_EXECUTION.md (Applicability)",
        fix=("取消 ENABLE_HF32_EXECUTION。", "Unset ENABLE_HF32_EXECUTION."),
        fixes=unset("ENABLE_HF32_EXECUTION", "safe"),
    ),
    rule(
        "env.hf32.fp16_inference",
        "info",
        "env",
        (E + "ENABLE_HF32_EXECUTION", "precision_mode", "precision_mode_v2"),
        _hf32_fp16_inference,
        message=(
            "在线推理默认精度为 force_fp16/fp16，算子走 float16，ENABLE_HF32_EXECUTION 不生效。",
            "Online inference defaults to force_fp16/fp16, so operators run in float16 and "
            "ENABLE_HF32_EXECUTION has no effect.",
        ),
        source="docs/en/tfa_env/ENABLE_HF32_EXECUTION.md (Constraints)",
        fix=('改用 precision_mode_v2="origin"。', 'Use precision_mode_v2="origin".'),
        targets=(E + "ENABLE_HF32_EXECUTION",),
        fixes=origin_precision,
    ),
    rule(
        "env.profiling_options.both",
        "info",
        "env",
        (E + "PROFILING_OPTIONS", "profiling_config.enable_profiling"),
        _profiling_env,
        message=(
            "同时设置了环境变量 PROFILING_OPTIONS 与脚本内 Profiling 配置，两者的优先级来源未说明。",
            "Both PROFILING_OPTIONS and in-script profiling are configured; no source states "
            "which one wins.",
        ),
        source="tf_adapter/util/npu_attrs.cc:2737 (profiling_options passed on as "
        "ge.exec.profilingOptions; TF Adapter never reads PROFILING_OPTIONS); the ASCEND_WORK_PATH "
        "page (envref_07_0007, table 1) ranks both above ASCEND_WORK_PATH, not against each other",
        fix=(
            "取消 PROFILING_OPTIONS，或在脚本中设置 enable_profiling=False：只用一种方式。",
            "Unset PROFILING_OPTIONS, or set enable_profiling=False in the script: one way only.",
        ),
    ),
)
