"""AOE tuning: aoe_mode and the AOE_MODE variable, and the parameters that only work with AOE.

AOE can be switched on from the script or from the environment; only the
script's aoe_mode makes NPUEstimator send work_path and distribute_config.
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fixes_env import aoe_in_config, unset
from ascend_studio.rules._fixes_interplay import remove_set
from ascend_studio.rules._model import Rule, rule
from ascend_studio.rules._rules_env import E
from ascend_studio.rules._wording import subject

__all__ = ["AOE_RULES"]


AOE_PRODUCTS = frozenset({"atlas_training", "atlas_a2", "atlas_a3"})


def _aoe_env_overridden(c: Ctx) -> bool:
    return (
        c.is_set("aoe_mode")
        and c.env_given("AOE_MODE")
        and (c.lit("aoe_mode") != c.env_value("AOE_MODE"))
    )


def _aoe_env_invalid(c: Ctx) -> bool:
    return not c.is_set("aoe_mode") and c.env_value("AOE_MODE") not in (None, "1", "2", "4")


def _aoe_env_drops(c: Ctx) -> Mapping[str, object] | None:
    if c.is_set("aoe_mode") or not c.env_given("AOE_MODE"):
        return None
    which = [p for p in ("work_path", "distribute_config") if c.is_set(p)]
    return subject(which) if which else None


def _aoe_params_unused(c: Ctx) -> Mapping[str, object] | None:
    if c.is_set("aoe_mode") or c.env_given("AOE_MODE"):
        return None
    which = [p for p in ("work_path", "distribute_config", "aoe_config_file") if c.is_set(p)]
    return subject(which) if which else None


def _aoe_env_target(c: Ctx) -> bool:
    return c.env_given("AOE_MODE") and (c.inference or c.product not in AOE_PRODUCTS)


AOE_RULES: tuple[Rule, ...] = (
    rule(
        "env.aoe_mode.overridden",
        "info",
        "env",
        ("aoe_mode", E + "AOE_MODE"),
        _aoe_env_overridden,
        message=(
            "aoe_mode={aoe_mode} 优先于环境变量 AOE_MODE={env:AOE_MODE}。",
            "aoe_mode={aoe_mode} takes precedence over AOE_MODE={env:AOE_MODE}.",
        ),
        source="npurunconfig-page:AOE aoe_mode; npu_attrs.cc (AOE_MODE read only without aoe_mode)",
        targets=(E + "AOE_MODE",),
    ),
    rule(
        "env.aoe_mode.invalid",
        "error",
        "env",
        (E + "AOE_MODE",),
        _aoe_env_invalid,
        message=(
            "AOE_MODE={env:AOE_MODE} 不在 1、2、4 中；作业启动时报错。",
            "AOE_MODE={env:AOE_MODE} is not 1, 2 or 4; the job fails at start.",
        ),
        source="npu_attrs.cc:CheckAoeMode",
        fix=("改为 1、2 或 4。", "Use 1, 2 or 4."),
    ),
    rule(
        "env.aoe_mode.params_dropped",
        "warning",
        "env",
        (E + "AOE_MODE", "aoe_mode", "work_path", "distribute_config"),
        _aoe_env_drops,
        message=(
            'AOE 仅由环境变量 AOE_MODE 开启时，NPURunConfig 中的 {which} 不会发送，work_path 实际为 "./"（依据代码推断）。',
            "When AOE is enabled only by AOE_MODE, {which} from NPURunConfig {is} never sent and "
            'work_path is "./" (derived from the code).',
        ),
        source="npu_estimator.py (work_path/distribute_config written only if aoe_mode)",
        fix=("在 NPURunConfig 中同时设置 aoe_mode。", "Also set aoe_mode in NPURunConfig."),
        targets=("work_path", "distribute_config"),
        fixes=aoe_in_config,
        surfaces=("estimator",),
    ),
    rule(
        "aoe.params_without_aoe",
        "warning",
        "python",
        ("work_path", "distribute_config", "aoe_config_file", "aoe_mode", E + "AOE_MODE"),
        _aoe_params_unused,
        message=(
            "未开启 AOE（aoe_mode 与 AOE_MODE 均未设置），{which} 不起作用。",
            "AOE is off (neither aoe_mode nor AOE_MODE is set), so {which} {does} nothing.",
        ),
        source="npu_estimator.py (work_path/distribute_config written only if aoe_mode); npurunconfig-page:AOE",
        fix=("设置 aoe_mode，或删除这些参数。", "Set aoe_mode, or remove them."),
        targets=("work_path", "distribute_config", "aoe_config_file"),
        fixes=remove_set("unsafe", "work_path", "distribute_config", "aoe_config_file"),
        surfaces=("estimator",),
    ),
    rule(
        "env.aoe_mode.target",
        "warning",
        "env",
        (E + "AOE_MODE",),
        _aoe_env_target,
        message=(
            "AOE 调优仅支持 Atlas A3/A2/训练系列产品的训练场景，当前目标为 {product}、{scenario}。",
            "AOE tuning only supports training on Atlas A3, A2 and the training series; the "
            "target is {product}, {scenario}.",
        ),
        source="npurunconfig-page:AOE",
        fix=("取消 AOE_MODE。", "Unset AOE_MODE."),
        fixes=unset("AOE_MODE", "safe"),
    ),
)
