"""What the runtime really uses for a parameter, and why.

The UI shows this next to what the user typed ("effective: 544 s"). Unset is a
real state: the documented default for the target applies when there is one,
else the signature default (None meaning "not sent").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ascend_studio.profile import Expr, Profile
from ascend_studio.rules._adjust import JIT_TO_GE, clamp_fusion, round_hccl
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._env_values import HCCL_DEFAULT, env_int
from ascend_studio.rules._evaluate import context_for
from ascend_studio.rules._files import read_debug_config
from ascend_studio.rules._model import txt
from ascend_studio.schema import Catalog, Text

__all__ = ["EffectiveSource", "EffectiveValue", "effective_value"]

EffectiveSource = Literal[
    "set",
    "documented default",
    "signature default",
    "environment",
    "clamped",
    "rounded",
    "forced",
    "ignored",
]


@dataclass(frozen=True)
class EffectiveValue:
    path: str
    #: What the runtime uses; None: not sent / not applied ("ignored").
    value: object
    source: EffectiveSource
    note: Text | None = None
    #: The user set a value and the runtime uses something else (or drops it).
    differs: bool = False
    #: What the profile holds (None when unset).
    entered: object = None


Resolver = Callable[[Ctx, str], "EffectiveValue | None"]


def _ev(
    c: Ctx, path: str, value: object, source: EffectiveSource, note: Text | None
) -> EffectiveValue:
    entered = c.raw(path)
    differs = entered is not None and (source == "ignored" or value != entered)
    return EffectiveValue(path, value, source, note, differs, entered)


def _ignored(c: Ctx, path: str, why: Text) -> EffectiveValue | None:
    return _ev(c, path, None, "ignored", why) if c.is_set(path) else None


def _hccl(c: Ctx, path: str) -> EffectiveValue | None:
    value = c.ival(path, default_too=False)
    source: EffectiveSource = "set"
    if value is None and not c.is_set(path):
        value, source = env_int(c, "HCCL_EXEC_TIMEOUT"), "environment"
        if value is None:
            value, source = HCCL_DEFAULT, "documented default"
    if value is None or not c.legacy_hccl or value <= 0 or round_hccl(value) == value:
        return _ev(c, path, value, source, None) if source != "set" else None
    note = txt("按 68 秒的整数倍向下取整（最小 68）", "floored to a multiple of 68 s (at least 68)")
    return _ev(c, path, round_hccl(value), "rounded", note)


def _fusion(c: Ctx, path: str) -> EffectiveValue | None:
    value = c.ival(path, default_too=False)
    if value is None or clamp_fusion(value) == value:
        return None
    note = txt("截断到 [0, 33554432] 字节", "clamped to [0, 33554432] bytes")
    return _ev(c, path, clamp_fusion(value), "clamped", note)


def _small_channel(c: Ctx, path: str) -> EffectiveValue | None:
    if c.graph_run_mode != 0:
        return None
    note = txt("在线推理时运行时强制为 1", "forced to 1 in online inference")
    return _ev(c, path, 1, "forced", note)


def _exception_dump(c: Ctx, path: str) -> EffectiveValue | None:
    if not c.env_given("NPU_COLLECT_PATH"):
        return None
    note = txt("设置了 NPU_COLLECT_PATH，强制按 1 执行", "forced to 1 by NPU_COLLECT_PATH")
    return _ev(c, path, 1, "forced", note)


def _static_memory(c: Ctx, path: str) -> EffectiveValue | None:
    if c.ival(path, default_too=False) != 1:
        return None
    return _ev(c, path, 2, "forced", txt("1 按 2 处理（兼容）", "1 behaves as 2 (compatibility)"))


def _cache_mode(c: Ctx, path: str) -> EffectiveValue | None:
    level = c.ival("op_debug_level", default_too=False)
    text = c.file("op_debug_config")
    if level not in (None, 0):
        why = txt("op_debug_level 非 0，编译缓存关闭", "op_debug_level is not 0: caching is off")
    elif text is not None and not read_debug_config(text).has_list:
        why = txt(
            "op_debug_config 无 op_debug_list，编译缓存关闭",
            "op_debug_config without op_debug_list: caching is off",
        )
    else:
        return None
    return _ev(c, path, "disable", "forced", why)


def _generalization(c: Ctx, path: str) -> EffectiveValue | None:
    if c.eff("jit_compile") != "true":
        return _ignored(
            c, path, txt('仅 jit_compile="true" 时生效', 'only used with jit_compile="true"')
        )
    if c.is_true("compile_dynamic_mode"):
        return _ignored(
            c,
            path,
            txt(
                "compile_dynamic_mode 已泛化所有 shape",
                "compile_dynamic_mode generalizes every shape",
            ),
        )
    return None


def _customize_dtypes(c: Ctx, path: str) -> EffectiveValue | None:
    for mode_path, keep in (
        ("precision_mode", "must_keep_origin_dtype"),
        ("precision_mode_v2", "origin"),
    ):
        if c.precision(mode_path)[0] == keep and (
            c.is_set(mode_path) or not (c.is_set("precision_mode") or c.is_set("precision_mode_v2"))
        ):
            return _ignored(
                c, path, txt(f"{mode_path}={keep} 时不生效", f"no effect with {mode_path}={keep}")
            )
    return None


def _dynamic(c: Ctx, path: str) -> EffectiveValue | None:
    if not c.is_true("dynamic_input"):
        return _ignored(
            c, path, txt("仅 dynamic_input=True 时读取", "only read with dynamic_input=True")
        )
    if path == "dynamic_inputs_shape_range" and c.is_set("dynamic_input_config.dynamic_dims"):
        return _ignored(c, path, txt("dynamic_dims 优先", "dynamic_dims wins"))
    return None


def _implmode(c: Ctx, path: str) -> EffectiveValue | None:
    if not c.is_set("op_precision_mode"):
        return None
    return _ignored(c, path, txt("op_precision_mode 优先", "op_precision_mode wins"))


def _aoe_path(c: Ctx, path: str) -> EffectiveValue | None:
    if c.is_set("aoe_mode"):
        return None
    if path == "work_path" and c.env_given("AOE_MODE"):
        note = txt(
            'AOE 仅由 AOE_MODE 开启，使用 "./"', 'AOE enabled by AOE_MODE only: "./" is used'
        )
        return _ev(c, path, "./", "forced", note)
    return _ignored(c, path, txt("未通过 aoe_mode 开启 AOE，不发送", "not sent without aoe_mode"))


def _from_env(*names: str) -> Resolver:
    def resolve(c: Ctx, path: str) -> EffectiveValue | None:
        if c.is_set(path):
            return None
        for name in names:
            if c.env_given(name):
                note = txt(f"来自环境变量 {name}", f"from the environment variable {name}")
                return _ev(c, path, c.env_value(name), "environment", note)
        return None

    return resolve


def _jit(c: Ctx, path: str) -> EffectiveValue | None:
    value = c.eff(path)
    if not isinstance(value, str) or value not in JIT_TO_GE:
        return None
    source: EffectiveSource = "set" if c.is_set(path) else "signature default"
    ge = JIT_TO_GE[value]
    return _ev(
        c, path, value, source, txt(f"GE 收到 jit_compile={ge}", f"GE receives jit_compile={ge}")
    )


def _dump_field(switch: str) -> Resolver:
    def resolve(c: Ctx, path: str) -> EffectiveValue | None:
        if c.is_true(f"dump_config.{switch}"):
            return None
        return _ignored(c, path, txt(f"{switch} 未开启", f"{switch} is off"))

    return resolve


def _not_sent(why: Text) -> Resolver:
    return lambda c, path: _ignored(c, path, why)


def _profiling_options(c: Ctx, path: str) -> EffectiveValue | None:
    if not c.is_true("profiling_config.enable_profiling"):
        return _ignored(c, path, txt("未开启 Profiling，不发送", "not sent: profiling is off"))
    if c.sval(path) or (c.is_set(path) and c.sval(path) is None):
        return None
    note = txt("运行时使用默认选项", "the runtime substitutes its default options")
    default = '{"output":"./","training_trace":"on","task_time":"on","hccl":"on","aicpu":"on","aic_metrics":"PipeUtilization","msproftx":"off"}'
    return _ev(c, path, default, "documented default", note)


_RESOLVERS: dict[str, Resolver] = {
    "hccl_timeout": _hccl,
    "input_fusion_size": _fusion,
    "enable_small_channel": _small_channel,
    "enable_exception_dump": _exception_dump,
    "memory_config.static_memory_policy": _static_memory,
    "op_compiler_cache_mode": _cache_mode,
    "shape_generalization_mode": _generalization,
    "customize_dtypes": _customize_dtypes,
    "dynamic_inputs_shape_range": _dynamic,
    "dynamic_graph_execute_mode": _dynamic,
    "op_select_implmode": _implmode,
    "optypelist_for_implmode": _implmode,
    "work_path": _aoe_path,
    "distribute_config": _aoe_path,
    "session_device_id": _from_env("ASCEND_DEVICE_ID", "DEVICE_ID"),
    "aoe_mode": _from_env("AOE_MODE"),
    "jit_compile": _jit,
    "profiling_config.profiling_options": _profiling_options,
    "experimental_config.graph_memory_optimize_config.recompute": _not_sent(
        txt("NPUEstimator 不转发", "NPUEstimator does not forward it")
    ),
    **{
        f"dump_config.{name}": _dump_field("enable_dump")
        for name in ("dump_step", "dump_mode", "dump_data", "dump_layer")
    },
    "dump_config.dump_debug_mode": _dump_field("enable_dump_debug"),
}


def _generic(c: Ctx, path: str) -> EffectiveValue:
    param = c.ix.param(path)
    if param is not None and param.no_effect:
        found = _ignored(c, path, txt("当前版本不生效", "no longer has any effect"))
        if found is not None:
            return found
    if c.is_set(path):
        return _ev(c, path, c.raw(path), "set", None)
    signature = c.ix.defaults.get(path)
    # A key NPUEstimator always writes carries the signature default; documented
    # defaults (e.g. of the sess.run style) never apply to it.
    always = param is not None and param.session is not None and param.session.sent == "always"
    default = None if _OTHER.get(path, "") in c.values or always else c.doc_default(path)
    if default is not None:
        return _ev(c, path, default, "documented default", None)
    return _ev(c, path, signature, "signature default", None)


#: Pairs where setting one means the other's default does not apply.
_OTHER = {
    "precision_mode": "precision_mode_v2",
    "precision_mode_v2": "precision_mode",
    "save_checkpoints_steps": "save_checkpoints_secs",
}


def _env_var(c: Ctx, path: str) -> EffectiveValue:
    """An ``env:NAME`` path: what the profile exports (its rules say what overrides it)."""
    name = path.removeprefix("env:")
    if name not in c.env:
        return EffectiveValue(
            path, None, "environment", txt("配置未设置", "not set by the profile")
        )
    value = c.env[name]
    note = None if value is not None else txt("配置中取消设置", "unset by the profile")
    return EffectiveValue(path, value, "environment", note, False, value)


def effective_value(profile: Profile, path: str, catalog: Catalog | None = None) -> EffectiveValue:
    """The value the runtime uses for ``path`` under ``profile``, with its origin."""
    ctx = context_for(profile, catalog)
    if path.startswith("env:"):
        return _env_var(ctx, path)
    if isinstance(ctx.raw(path), Expr):
        return _ev(ctx, path, ctx.raw(path), "set", None)
    resolver = _RESOLVERS.get(path)
    found = resolver(ctx, path) if resolver is not None else None
    return found if found is not None else _generic(ctx, path)
