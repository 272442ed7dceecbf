"""DumpConfig and ProfilingConfig: which switch each field needs, and what NPUEstimator drops."""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.rules._catalog_fixes import first_of
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import SetValue
from ascend_studio.rules._fixers import always, unsafe
from ascend_studio.rules._fixes_interplay import remove_listed, remove_set, settings_off
from ascend_studio.rules._model import Rule, rule
from ascend_studio.rules._wording import subject

__all__ = ["DUMP_RULES"]

ATTRS = "npu_attrs.cc:SetNpuOptimizerAttr"


DATA_DUMP_FIELDS = (
    "dump_config.dump_step",
    "dump_config.dump_mode",
    "dump_config.dump_data",
    "dump_config.dump_layer",
)


def _dump_fields_ignored(c: Ctx) -> Mapping[str, object] | None:
    ignored = []
    if c.is_off("dump_config.enable_dump"):
        ignored += [p for p in DATA_DUMP_FIELDS if c.is_set(p)]
    if c.is_off("dump_config.enable_dump_debug") and c.is_set("dump_config.dump_debug_mode"):
        ignored.append("dump_config.dump_debug_mode")
    both_off = c.is_off("dump_config.enable_dump") and c.is_off("dump_config.enable_dump_debug")
    if both_off and c.is_set("dump_config.dump_path"):
        ignored.append("dump_config.dump_path")
    return subject(ignored) if ignored else None


def _debug_mode_dropped(c: Ctx) -> bool:
    mode = c.raw("dump_config.dump_mode")
    dropped = mode is not None and not isinstance(mode, str) and getattr(mode, "expr", "") == "None"
    return dropped and c.is_set("dump_config.dump_debug_mode")


def _options_without_profiling(c: Ctx) -> bool:
    return c.is_set("profiling_config.profiling_options") and c.is_off(
        "profiling_config.enable_profiling"
    )


def _both_dumps(c: Ctx) -> bool:
    return c.is_true("dump_config.enable_dump") and c.is_true("dump_config.enable_dump_debug")


DUMP_RULES: tuple[Rule, ...] = (
    rule(
        "dump.settings_ignored",
        "warning",
        "runtime",
        (
            "dump_config.enable_dump",
            "dump_config.enable_dump_debug",
            *DATA_DUMP_FIELDS,
            "dump_config.dump_debug_mode",
            "dump_config.dump_path",
        ),
        _dump_fields_ignored,
        message=(
            "未开启对应的 dump 开关，{which} 不会生效。",
            "The matching dump switch is off, so {which} {has} no effect.",
        ),
        source=ATTRS + " (dump fields read only if enable_dump / enable_dump_debug)",
        fix=(
            "开启 enable_dump 或 enable_dump_debug，或删除这些字段。",
            "Turn on enable_dump or enable_dump_debug, or remove these fields.",
        ),
        targets=(*DATA_DUMP_FIELDS, "dump_config.dump_debug_mode", "dump_config.dump_path"),
        fixes=remove_listed("unsafe"),
        also=(
            "或者开启 enable_dump 或 enable_dump_debug。",
            "Or turn on enable_dump or enable_dump_debug.",
        ),
    ),
    rule(
        "dump_debug_mode.dropped_without_dump_mode",
        "warning",
        "python",
        ("dump_config.dump_debug_mode", "dump_config.dump_mode"),
        _debug_mode_dropped,
        message=(
            "dump_mode=None 时 NPUEstimator 不会写入 dump_debug_mode（代码缺陷），该设置被丢弃。",
            "With dump_mode=None NPUEstimator never writes dump_debug_mode (a code bug), so "
            "the setting is dropped.",
        ),
        source="npu_estimator.py:__load_dump_config (dump_debug_mode inside if dump_mode)",
        fix=('为 dump_mode 保留默认值 "output"。', 'Leave dump_mode at its default "output".'),
        targets=("dump_config.dump_debug_mode",),
        fixes=remove_set("unsafe", "dump_config.dump_mode"),
        surfaces=("estimator",),
    ),
    rule(
        "profiling_options.without_profiling",
        "warning",
        "python",
        ("profiling_config.profiling_options", "profiling_config.enable_profiling"),
        _options_without_profiling,
        message=(
            "未开启 enable_profiling，profiling_options 不会发送。",
            "enable_profiling is off, so profiling_options is not sent.",
        ),
        source="npu_estimator.py:__load_profiling_options (sent only when profiling is on)",
        fix=(
            "设置 enable_profiling=True，或删除 profiling_options。",
            "Set enable_profiling=True, or remove profiling_options.",
        ),
        targets=("profiling_config.profiling_options",),
        fixes=first_of(
            always(unsafe(SetValue("profiling_config.enable_profiling", True))),
            remove_set("unsafe", "profiling_config.profiling_options"),
        ),
        surfaces=("estimator",),
    ),
    rule(
        "profiling_options.not_read",
        "warning",
        "runtime",
        ("profiling_config.profiling_options", "profiling_config.enable_profiling"),
        _options_without_profiling,
        message=(
            "profiling_options 已写入 parameter_map，但 profiling_mode 未开启，TF Adapter 不读取它。",
            "profiling_options is in the parameter_map, but profiling_mode is off, so TF "
            "Adapter does not read it.",
        ),
        source=ATTRS + " (profiling_options read only if profiling_mode)",
        fix=(
            '加上 parameter_map["profiling_mode"].b = True，或删除 profiling_options。',
            'Add parameter_map["profiling_mode"].b = True, or remove profiling_options.',
        ),
        targets=("profiling_config.profiling_options",),
        surfaces=("session",),
    ),
    rule(
        "dump.both_enabled",
        "error",
        "docs",
        ("dump_config.enable_dump", "dump_config.enable_dump_debug"),
        _both_dumps,
        message=(
            "enable_dump 与 enable_dump_debug 互斥，不能同时为 True。",
            "enable_dump and enable_dump_debug are mutually exclusive; they cannot both be True.",
        ),
        source="docs/en/tfadapter_1/apiref/npu_config/dumpconfig_constructor.md (Restrictions)",
        fix=(
            "把 enable_dump 或 enable_dump_debug 之一设为 False：一次只开启一种。",
            "Set enable_dump or enable_dump_debug to False: one at a time.",
        ),
        fixes=settings_off("dump_config.enable_dump_debug", "dump_config.enable_dump"),
    ),
)
