"""Rules of the TF Adapter 2.x surface (``npu_device.global_options()``), from its code.

The option classes (``configs/option_base.py``) raise ValueError for a name the
class does not have, listing all its options, and ValueError (TypeError in newer
releases, when the value's type differs from a non-None default) for a value not
in an option's list, compared with ``==`` as Python's ``in`` does (so ``1`` passes
for ``True``). A ``DeprecatedValue`` prints a warning and is sent anyway.
``npu_device.open()`` reads ASCEND_DEVICE_ID and the cluster variables, and the C++
part reads the NPU_* switches when ``npu_device`` is imported. Facts hold for the
newest release the catalog knows; messages say so where older ones differ.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator

from ascend_studio.profile import Expr
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._model import Condition, Hit, Kind, Rule, Severity, show, txt
from ascend_studio.schema import Text, Tf2, Tf2Facts, Tf2Option

__all__ = ["TF2_RULES"]

_BASE = "tf_adapter_2.x/python/npu_device/configs/option_base.py"
_DEVICE = "tf_adapter_2.x/python/npu_device/npu_device.py"
_ENV_DOCS = "docs/en/tfa_env"


def _g(path: str) -> str:
    return f"global_options().{path}"


def _releases(tf2: Tf2, option: Tf2Option) -> Text:
    """Where an option exists, as a short list of release ids."""
    ids = [r for r in tf2.release_ids if option.facts_in(r) is not None]
    if len(ids) <= 3:
        return txt("、".join(ids), ", ".join(ids))
    return txt(
        f"{ids[0]} 到 {ids[-1]}（共 {len(ids)} 个发布）",
        f"{ids[0]} to {ids[-1]} ({len(ids)} releases)",
    )


def _newest(tf2: Tf2, option: Tf2Option) -> Tf2Facts | None:
    return option.facts_in(tf2.newest)


# -- names -----------------------------------------------------------------------------------
def _unknown(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    classes = {h.name for h in tf2.holders}
    for extra in ctx.profile.extra_kwargs:
        if extra.owner not in classes or extra.name in ("*", "**"):
            continue
        holder, _, name = extra.name.rpartition(".")
        options = tf2.children(holder)
        near = difflib.get_close_matches(name, options, n=1)
        yield Hit(
            (extra.name,),
            {
                "owner": extra.owner,
                "name": name,
                "options": ", ".join(options),
                "value": extra.expr,
                "near_zh": f"，或改为相近的名称 {near[0]}" if near else "",
                "near_en": f", or use the close name {near[0]}" if near else "",
            },
        )


def _removed(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    for key in ctx.values:
        option = tf2.option(key)
        if option is None or _newest(tf2, option) is not None:
            continue
        holder = option.holder
        instead = option.replaced_by
        yield Hit(
            (key,),
            {
                "option": _g(option.path),
                "owner": tf2.holder_name(holder),
                "releases": _releases(tf2, option),
                "instead_zh": f"；请改用 {_g(instead)}" if instead else "",
                "instead_en": f"; use {_g(instead)} instead" if instead else "",
            },
        )


def _not_an_option(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    for key in ctx.values:
        if key in ctx.ix.facts and tf2.for_key(key) is None and tf2.call_for(key) is None:
            if ctx.ix.facts[key].param.kind == "subconfig":
                continue  # a holder of fields; the fields themselves are judged
            yield Hit((key,), {"param": key})


# -- values ------------------------------------------------------------------------------
def _shown_list(facts: Tf2Facts) -> str:
    items = [repr(v) for v in facts.values or ()]
    return ", ".join([*items, *(["None"] if facts.none_allowed else [])])


def _rejected(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    release = tf2.release(tf2.newest)
    type_error = release is not None and release.type_error
    for key, value in ctx.values.items():
        option = tf2.for_key(key)
        facts = _newest(tf2, option) if option is not None else None
        if option is None or facts is None or isinstance(value, Expr) or facts.accepts(value):
            continue
        default = facts.default
        typed = default is not None and not isinstance(value, type(default))
        raised = "TypeError" if type_error and typed else "ValueError"
        yield Hit(
            (key,),
            {
                "option": _g(option.path),
                "value": show(value),
                "allowed": _shown_list(facts),
                "error": raised,
            },
        )


def _deprecated(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    for key, value in ctx.values.items():
        option = tf2.for_key(key)
        facts = _newest(tf2, option) if option is not None else None
        if option is None or facts is None or not facts.deprecated or value is None:
            continue
        if facts.replacement is None:
            printed = (
                f"Option '{option.name}' is deprecated and will be removed in future version. "
                "Please do not configure this option in the future."
            )
            fix = txt(f"删除 {_g(option.path)}。", f"Remove {_g(option.path)}.")
        else:
            printed = (
                f"Option '{option.name}' is deprecated and will be removed in future version. "
                f"Please use '{facts.replacement}' instead."
            )
            fix = txt(f"改用 {_g(facts.replacement)}。", f"Use {_g(facts.replacement)} instead.")
        yield Hit((key,), {"option": _g(option.path), "printed": printed, "fix_text": fix})


def _not_sent(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    for key, value in ctx.values.items():
        option = tf2.for_key(key)
        if option is None or option.not_sent is None or value is None:
            continue
        yield Hit((key,), {"option": _g(option.path), "why": option.not_sent})


# -- calls -----------------------------------------------------------------------------------
def _loop_size(ctx: Ctx, bad: str) -> bool:
    value = ctx.raw("iterations_per_loop")
    if isinstance(value, bool) or value is None or isinstance(value, Expr):
        return False
    if bad == "type":
        return not isinstance(value, int)
    return isinstance(value, int) and value <= 0


def _device_type(ctx: Ctx) -> bool:
    value = ctx.raw("session_device_id")
    return value is not None and not isinstance(value, int | Expr)


# -- environment -------------------------------------------------------------------------------
_SWITCHES = ("NPU_DEBUG", "NPU_DUMP_GRAPH", "NPU_ENABLE_PERF")
#: What TensorFlow's ReadBoolFromEnvVar accepts (case-insensitive).
_BOOL_TEXT = frozenset({"true", "false", "1", "0"})


def _switch_ignored(ctx: Ctx) -> Iterator[Hit]:
    for name in _SWITCHES:
        text = ctx.env_value(name)
        if text is not None and text.lower() not in _BOOL_TEXT:
            yield Hit((f"env:{name}",), {"name": name, "text": repr(text)})


def _switch_on(ctx: Ctx, name: str) -> bool | None:
    text = ctx.env_value(name)
    if text is None:
        return False if not ctx.env_given(name) else None
    return text.lower() in ("true", "1") if text.lower() in _BOOL_TEXT else False


def _perf_without_debug(ctx: Ctx) -> bool:
    return _switch_on(ctx, "NPU_ENABLE_PERF") is True and _switch_on(ctx, "NPU_DEBUG") is False


def _python_int(text: str) -> int | None:
    """``int(text)`` as Python does it, or None when it raises."""
    try:
        return int(text)
    except ValueError:
        return None


def _loop_env_ignored(ctx: Ctx) -> bool:
    text = ctx.env_value("NPU_LOOP_SIZE")
    if text is None:
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


def _family(
    rule_id: str,
    severity: Severity,
    kind: Kind,
    *,
    message: Text,
    scan: Callable[[Ctx], Iterator[Hit]],
    source: str,
    fix: Text | None = None,
) -> Rule:
    return Rule(
        id=rule_id,
        severity=severity,
        kind=kind,
        params=(),
        message=message,
        source=source,
        fix=fix,
        scan=scan,
        involves=lambda ix, path: ix.catalog.tf2.for_key(path) is not None,
    )


def _when(
    rule_id: str,
    severity: Severity,
    kind: Kind,
    *,
    params: tuple[str, ...],
    when: Condition,
    message: Text,
    source: str,
    fix: Text | None = None,
) -> Rule:
    return Rule(
        id=rule_id,
        severity=severity,
        kind=kind,
        params=params,
        message=message,
        source=source,
        fix=fix,
        when=when,
    )


TF2_RULES: tuple[Rule, ...] = (
    _family(
        "tf2.option.unknown",
        "error",
        "python",
        message=txt(
            "{owner} 没有选项 {name}（脚本写作 {value}）：赋值时抛出 ValueError，并列出它的全部选项：{options}。",
            "{owner} has no option {name} (the script assigns {value}): the assignment raises ValueError, listing all its options: {options}.",
        ),
        scan=_unknown,
        source=f"{_BASE}:NpuBaseConfig.__setattr__",
        fix=txt("删除这一行{near_zh}。", "Remove the line{near_en}."),
    ),
    _family(
        "tf2.option.removed",
        "error",
        "python",
        message=txt(
            "{option}：最新的 TF Adapter 2.x 中 {owner} 已没有这个选项，赋值会抛出 ValueError；只有 {releases} 有它。",
            "{option}: {owner} of the newest TF Adapter 2.x no longer has this option, so assigning it raises ValueError; only {releases} have it.",
        ),
        scan=_removed,
        source=f"{_BASE}:NpuBaseConfig.__setattr__; tf_adapter_2.x/python/npu_device/configs/npu_config.py",
        fix=txt("删除这一行{instead_zh}。", "Remove the line{instead_en}."),
    ),
    _family(
        "tf2.option.none",
        "warning",
        "python",
        message=txt(
            "{param} 没有对应的 TF Adapter 2.x 选项（global_options() 中没有，也不是 open()/set_npu_loop_size() 的参数）：TF2 作业拿不到这个设置，tf2 导出也不会写它。",
            "{param} has no TF Adapter 2.x counterpart (no global_options() option, not an argument of open() or set_npu_loop_size()): a TF2 job does not get this setting and the tf2 export leaves it out.",
        ),
        scan=_not_an_option,
        source="tf_adapter_2.x/python/npu_device/configs/npu_config.py (NpuConfig's options)",
        fix=txt(
            "删除它，或改用 TF Adapter 1.x（NPURunConfig / sess.run）。",
            "Remove it, or use TF Adapter 1.x (NPURunConfig or sess.run).",
        ),
    ),
    _family(
        "tf2.value.rejected",
        "error",
        "python",
        message=txt(
            "{option} = {value}：该选项只接受 {allowed}，赋值时抛出 {error}。",
            "{option} = {value}: the option accepts only {allowed}; the assignment raises {error}.",
        ),
        scan=_rejected,
        source=f"{_BASE}:OptionValue.value (setter); tf_adapter_2.x/python/npu_device/configs/",
        fix=txt("改为以下取值之一：{allowed}。", "Use one of: {allowed}."),
    ),
    _family(
        "tf2.option.deprecated",
        "info",
        "python",
        message=txt(
            "{option} 在 TF Adapter 2.x 中已废弃：值仍会下发，但启动时打印警告：{printed}",
            "{option} is deprecated in TF Adapter 2.x: the value is still sent, but a warning is printed: {printed}",
        ),
        scan=_deprecated,
        source=f"{_BASE}:DeprecatedValue, NpuBaseConfig.as_dict; docs/en/tfadapter_2/apiref/npu-global_options/deprecated_options.md",
        fix=txt("{fix_text}", "{fix_text}"),
    ),
    _family(
        "tf2.option.not_sent",
        "warning",
        "runtime",
        message=txt("{option}：{why}", "{option}: {why}"),
        scan=_not_sent,
        source="tf_adapter_2.x/npu_device/core/npu_wrapper.cpp:kGlobalConfigOptions, kSessionConfigOptions (ParserGeOptions)",
        fix=txt(
            "删除这一行，改用 npu_device.npu_run_context()。",
            "Remove the line; use npu_device.npu_run_context() instead.",
        ),
    ),
    _when(
        "tf2.loop_size.type",
        "error",
        "runtime",
        params=("iterations_per_loop",),
        when=lambda c: _loop_size(c, "type"),
        message=txt(
            "npu_device.set_npu_loop_size({iterations_per_loop})：参数必须是整数，调用时抛出 TypeError。",
            "npu_device.set_npu_loop_size({iterations_per_loop}): the argument must be an integer; the call raises TypeError.",
        ),
        source="tf_adapter_2.x/npu_device/core/npu_wrapper.cpp:SetNpuLoopSize (int64_t loop_size)",
        fix=txt("传入正整数。", "Pass a positive integer."),
    ),
    _when(
        "tf2.loop_size.ignored",
        "warning",
        "runtime",
        params=("iterations_per_loop",),
        when=lambda c: _loop_size(c, "range"),
        message=txt(
            "npu_device.set_npu_loop_size({iterations_per_loop})：小于等于 0 的值只会记录一条错误日志，设置被忽略，循环次数不变。",
            "npu_device.set_npu_loop_size({iterations_per_loop}): a value of 0 or less only logs an error; the setting is ignored and the loop size stays as it was.",
        ),
        source="tf_adapter_2.x/npu_device/core/npu_wrapper.cpp:SetNpuLoopSize; docs/en/tfadapter_2/apiref/npu-set_npu_loop_size.md",
        fix=txt("传入正整数。", "Pass a positive integer."),
    ),
    _when(
        "tf2.device_id.type",
        "error",
        "runtime",
        params=("session_device_id",),
        when=_device_type,
        message=txt(
            "npu_device.open({session_device_id})：device_id 必须是整数，打开设备时抛出 TypeError。",
            "npu_device.open({session_device_id}): device_id must be an integer; opening the device raises TypeError.",
        ),
        source=f"{_DEVICE}:open; tf_adapter_2.x/npu_device/core/npu_wrapper.cpp:Open (int device_index)",
        fix=txt("传入整数设备 ID。", "Pass an integer device id."),
    ),
    _family(
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
    _when(
        "tf2.env.perf_without_debug",
        "warning",
        "env",
        params=("env:NPU_ENABLE_PERF", "env:NPU_DEBUG"),
        when=_perf_without_debug,
        message=txt(
            "NPU_ENABLE_PERF 只在 NPU_DEBUG 开启时生效；NPU_DEBUG 未开启，耗时不会打印。",
            "NPU_ENABLE_PERF takes effect only with NPU_DEBUG on; NPU_DEBUG is off, so no times are printed.",
        ),
        source=f"{_ENV_DOCS}/NPU_ENABLE_PERF.md (Constraints)",
        fix=txt("同时设置 NPU_DEBUG=1。", "Set NPU_DEBUG=1 as well."),
    ),
    _when(
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
    _when(
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
    _when(
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
        fix=txt("设为整数设备数。", "Set the number of devices, an integer."),
    ),
    _when(
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
        fix=txt("只保留其中一个。", "Keep only one of them."),
    ),
    _when(
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
        fix=txt("只用其中一种组网方式。", "Use one way of forming the cluster."),
    ),
)
