"""Cluster and launch environment: RANK_*/CM_* variables, TF_CONFIG, JOB_ID, model_dir.

These decide whether NPURunConfig/NPUEstimator can be built at all: most
violations raise in the Python constructors before anything reaches the NPU.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from ascend_studio.rules._catalog_fixes import first_of
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fixes_env import unset, unset_each
from ascend_studio.rules._fixes_interplay import mix_on, remove_set
from ascend_studio.rules._model import Rule, rule
from ascend_studio.rules._rules_env import E, bad_int, env_int, tf_config_cluster

__all__ = ["CLUSTER_RULES"]


_JOB_ID = re.compile(r"[A-Za-z0-9_-]+")


def _rank_and_cm(c: Ctx) -> bool:
    return c.env_given("RANK_SIZE") and c.env_given("CM_WORKER_SIZE")


_CM = ("CM_CHIEF_IP", "CM_CHIEF_PORT", "CM_CHIEF_DEVICE", "CM_WORKER_IP", "CM_WORKER_SIZE")


def _cm_with_rank(c: Ctx) -> Mapping[str, object] | None:
    cm = [n for n in _CM if c.env_given(n)]
    rank = [n for n in ("RANK_TABLE_FILE", "RANK_ID") if c.env_given(n)]
    if c.env_given("RANK_SIZE") and any(n != "CM_WORKER_SIZE" for n in cm):
        rank.append("RANK_SIZE")
    return {"cm": ", ".join(cm), "rank": ", ".join(rank)} if cm and rank else None


def _job_id_format(c: Ctx) -> bool:
    text = c.env_value("JOB_ID")
    return text is not None and (
        not _JOB_ID.fullmatch(text) or (text.isdigit() and text.startswith("0"))
    )


def _tf_config_invalid(c: Ctx) -> bool:
    runtime = c.env_runtime("TF_CONFIG")  # shell text: see env.runtime_value
    return c.env_given("TF_CONFIG") and not runtime and tf_config_cluster(c) is None


def _cluster_without_strategy(c: Ctx) -> bool:
    return tf_config_cluster(c) is True and not c.is_set("distribute")


def _strategy_without_cluster(c: Ctx) -> bool:
    return (
        c.is_set("distribute")
        and tf_config_cluster(c) is not True
        and not (c.env_given("TF_CONFIG") and tf_config_cluster(c) is None)
    )


def _cluster_without_mix(c: Ctx) -> bool:
    return (
        tf_config_cluster(c) is True
        and c.lit("mix_compile_mode") is not True
        and not (c.is_set("mix_compile_mode") and c.lit("mix_compile_mode") is None)
    )


def _model_dir_mismatch(c: Ctx) -> Mapping[str, object] | None:
    mine = c.raw("model_dir")
    for extra in c.profile.extra_kwargs:
        if extra.owner == "NPUEstimator" and extra.name == "model_dir" and mine is not None:
            theirs = extra.expr.strip()
            if isinstance(mine, str) and theirs != repr(mine) and theirs != json.dumps(mine):
                return {"estimator": theirs}
    return None


CLUSTER_RULES: tuple[Rule, ...] = (
    rule(
        "env.rank_size_with_cm_worker_size",
        "error",
        "env",
        (E + "RANK_SIZE", E + "CM_WORKER_SIZE"),
        _rank_and_cm,
        message=(
            "RANK_SIZE 与 CM_WORKER_SIZE 不能同时设置，TF Adapter 的 util.get_ranksize 读取时抛出 ValueError。",
            "RANK_SIZE and CM_WORKER_SIZE cannot both be set; TF Adapter's util.get_ranksize "
            "raises ValueError when it reads them.",
        ),
        source="util.py:get_ranksize",
        fix=(
            "使用 rank table 方式时只设 RANK_*，否则只设 CM_*。",
            "Use RANK_* with a rank table, or CM_* without one, not both.",
        ),
        fixes=first_of(unset("CM_WORKER_SIZE", "unsafe"), unset("RANK_SIZE", "unsafe")),
    ),
    rule(
        "env.cm_with_rank",
        "error",
        "env",
        (*(E + n for n in _CM), E + "RANK_TABLE_FILE", E + "RANK_ID", E + "RANK_SIZE"),
        _cm_with_rank,
        message=(
            "CM_* 变量（{cm}）不能与 {rank} 同时使用。",
            "CM_* variables ({cm}) cannot be combined with {rank}.",
        ),
        source="docs/en/tfa_env/CM_WORKER_SIZE.md (Constraints)",
        fix=(
            "二选一：rank table（RANK_*）或 CM_* 自动生成。",
            "Pick one: a rank table (RANK_*) or CM_* auto-generation.",
        ),
        fixes=first_of(
            unset("RANK_TABLE_FILE", "unsafe"),
            unset_each(
                "unsafe",
                "CM_CHIEF_IP",
                "CM_CHIEF_PORT",
                "CM_CHIEF_DEVICE",
                "CM_WORKER_IP",
                "CM_WORKER_SIZE",
            ),
        ),
    ),
    rule(
        "env.cm_worker_size.range",
        "error",
        "env",
        (E + "CM_WORKER_SIZE",),
        lambda c: bad_int(c, "CM_WORKER_SIZE", 0, 32768),
        message=(
            "CM_WORKER_SIZE={env:CM_WORKER_SIZE} 必须是 0 到 32768 的整数。",
            "CM_WORKER_SIZE={env:CM_WORKER_SIZE} must be an integer from 0 to 32768.",
        ),
        source="docs/en/tfa_env/CM_WORKER_SIZE.md",
        fix=(
            "把 CM_WORKER_SIZE 设为设备总数（0 到 32768）。",
            "Set CM_WORKER_SIZE to the number of devices (0 to 32768).",
        ),
    ),
    rule(
        "env.rank_size.invalid",
        "error",
        "env",
        (E + "RANK_SIZE",),
        lambda c: c.env_value("RANK_SIZE") is not None and env_int(c, "RANK_SIZE") is None,
        message=(
            "RANK_SIZE={env:RANK_SIZE} 不是整数（本作业的设备数）；TF Adapter 的 allreduce（npu_optimizer.py，NPUDistributedOptimizer 使用）用 int() 读取它时抛出 ValueError。",
            "RANK_SIZE={env:RANK_SIZE} is not an integer (devices of this job); TF Adapter's "
            "allreduce (npu_optimizer.py, used by NPUDistributedOptimizer) reads it with int() "
            "and raises ValueError.",
        ),
        source="tf_adapter/python/npu_bridge/estimator/npu/npu_optimizer.py:513 "
        "(int(util.get_ranksize())); docs/en/tfa_env/RANK_SIZE.md",
        fix=("改为设备数，例如 8。", "Use the number of devices, e.g. 8."),
    ),
    rule(
        "env.job_id.unset",
        "error",
        "env",
        (E + "JOB_ID",),
        lambda c: c.env_unset("JOB_ID"),
        message=(
            "环境中取消了 JOB_ID；没有任务配置文件时 NPUEstimator 构造失败（Load job info failed）。",
            "The profile unsets JOB_ID; without a job file NPUEstimator fails to build (Load "
            "job info failed).",
        ),
        source="npu_estimator.py:NPUEstimator.__init__ (__load_job_info)",
        fix=("设置 JOB_ID，如 10087。", "Set JOB_ID, e.g. 10087."),
        surfaces=("estimator",),
    ),
    rule(
        "env.job_id.format",
        "warning",
        "env",
        (E + "JOB_ID",),
        _job_id_format,
        message=(
            "JOB_ID={env:JOB_ID} 建议只含字母、数字、- 和 _，且不要用以 0 开头的纯数字。",
            "JOB_ID={env:JOB_ID} should contain only letters, digits, - and _, and not be all "
            "digits starting with 0.",
        ),
        source="docs/en/tfa_env/JOB_ID.md",
        fix=("例如 10087 或 job_a1。", "For example 10087 or job_a1."),
    ),
    rule(
        "env.tf_config.invalid_json",
        "error",
        "env",
        (E + "TF_CONFIG",),
        _tf_config_invalid,
        message=(
            "TF_CONFIG 不是合法的 JSON，构造 NPURunConfig 时 json.loads 抛出异常。",
            "TF_CONFIG is not valid JSON; json.loads raises when NPURunConfig is built.",
        ),
        source="npu_config.py:NPURunConfig.__init__ (json.loads(TF_CONFIG))",
        fix=(
            '把 TF_CONFIG 写成 JSON 对象，如 {"cluster": {"worker": ["host:port"]}, "task": {"type": "worker", "index": 0}}。',
            'Write TF_CONFIG as a JSON object, e.g. {"cluster": {"worker": ["host:port"]}, '
            '"task": {"type": "worker", "index": 0}}.',
        ),
        surfaces=("constructor",),
    ),
    rule(
        "env.tf_config.cluster_without_strategy",
        "error",
        "env",
        (E + "TF_CONFIG", "distribute"),
        _cluster_without_strategy,
        message=(
            "TF_CONFIG 配置了集群，但未传入 distribute（ParameterServerStrategy）；构造时抛出 ValueError。",
            "TF_CONFIG defines a cluster but distribute (a ParameterServerStrategy) is not "
            "given; the constructor raises ValueError.",
        ),
        source="npu_config.py:NPURunConfig.__init__ (cluster and distribute must all be set)",
        fix=("传入 distribute=strategy。", "Pass distribute=strategy."),
        targets=("distribute",),
        surfaces=("constructor",),
    ),
    rule(
        "env.tf_config.strategy_without_cluster",
        "error",
        "env",
        ("distribute", E + "TF_CONFIG"),
        _strategy_without_cluster,
        message=(
            "传入了 distribute，但环境中的 TF_CONFIG 未配置集群；构造时抛出 ValueError。",
            "distribute is given but the environment's TF_CONFIG defines no cluster; the "
            "constructor raises ValueError.",
        ),
        source="npu_config.py:NPURunConfig.__init__ (cluster and distribute must all be set)",
        fix=(
            "在环境中设置含 cluster 的 TF_CONFIG，或删除 distribute。",
            "Set TF_CONFIG with a cluster in the environment, or remove distribute.",
        ),
        targets=("distribute",),
        fixes=remove_set("unsafe", "distribute"),
        also=(
            "或者在环境中设置带 cluster 的 TF_CONFIG。",
            "Or set TF_CONFIG with a cluster in the environment.",
        ),
        surfaces=("constructor",),
    ),
    rule(
        "env.tf_config.mix_compile_mode",
        "error",
        "env",
        (E + "TF_CONFIG", "mix_compile_mode"),
        _cluster_without_mix,
        message=(
            "TF_CONFIG 配置了集群（PS-Worker）时必须 mix_compile_mode=True；构造时抛出 ValueError。",
            "With a TF_CONFIG cluster (PS-Worker), mix_compile_mode must be True; the "
            "constructor raises ValueError.",
        ),
        source="npu_config.py:NPURunConfig.__init__",
        fix=(
            "设置 mix_compile_mode=True（且 iterations_per_loop=1）。",
            "Set mix_compile_mode=True (and iterations_per_loop=1).",
        ),
        targets=("mix_compile_mode",),
        fixes=mix_on,
        surfaces=("constructor",),
    ),
    rule(
        "model_dir.estimator_mismatch",
        "error",
        "python",
        ("model_dir",),
        _model_dir_mismatch,
        message=(
            "NPUEstimator(model_dir={estimator}) 与 NPURunConfig(model_dir={model_dir}) 不一致，构造 NPUEstimator 时抛出 ValueError。",
            "NPUEstimator(model_dir={estimator}) differs from NPURunConfig(model_dir="
            "{model_dir}); building NPUEstimator raises ValueError.",
        ),
        source="npu_estimator.py:NPUEstimator.__check_model_dir",
        fix=("只在一处设置 model_dir。", "Set model_dir in one place only."),
        fixes=remove_set("unsafe", "model_dir"),
        surfaces=("estimator",),
    ),
)
