"""Golden apply cases: a script, the configuration, and the user's edits to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ascend_studio.profile import Profile

GOLDEN = Path(__file__).parent / "golden"


@dataclass(frozen=True)
class Case:
    name: str
    script: str  # file name inside the case folder
    edit: Callable[[Profile], Profile]
    config: int = 1

    @property
    def before(self) -> Path:
        return GOLDEN / self.name / self.script

    @property
    def after(self) -> Path:
        return GOLDEN / self.name / self.script.replace("before", "after")


def _estimator(p: Profile) -> Profile:
    return (
        p.with_value("precision_mode", "allow_fp32_to_fp16")
        .with_value("dump_config.enable_dump", True)
        .with_value("dump_config.dump_step", "0|5|10")
        .without_value("keep_checkpoint_max")
        .with_value("hccl_timeout", 1800)
        .with_value("op_compiler_cache_mode", "enable")
    )


def _sess_run(p: Profile) -> Profile:
    return (
        p.with_value("precision_mode", "must_keep_origin_dtype")
        .without_value("mix_compile_mode")
        .with_value("iterations_per_loop", 100)
        .with_value("enable_exception_dump", 1)
        .with_value("op_compiler_cache_dir", "/home/test/kernel_cache")
    )


def _keras(p: Profile) -> Profile:
    return p.with_value("precision_mode", "allow_fp32_to_fp16").with_value("deterministic", 1)


def _train_branch(p: Profile) -> Profile:
    return p.with_value("iterations_per_loop", 50).with_value("op_compiler_cache_mode", "enable")


def _eval_branch(p: Profile) -> Profile:
    return (
        p.with_value("precision_mode", "allow_fp32_to_fp16")
        .with_value("dump_config.enable_dump", True)
        .with_value("dump_config.dump_path", "/home/test/output")
    )


def _env(p: Profile) -> Profile:
    pythonpath = "/home/test/extra:" + str(p.env["PYTHONPATH"])
    return (
        p.with_env("ASCEND_GLOBAL_LOG_LEVEL", "1")
        .with_env("ASCEND_SLOG_PRINT_TO_STDOUT", "1")
        .with_env("NPU_COLLECT_PATH", None)
        .with_env("ASCEND_DEVICE_ID", None)
        .without_env("LD_LIBRARY_PATH")  # not the profile's business any more: left as it is
        .with_env("PYTHONPATH", pythonpath, verbatim=True)  # one more entry in front
        .with_env("HCCL_EXEC_TIMEOUT", "1836")
        .with_env("ASCEND_CACHE_PATH", "/home/test/cache dir")
    )


def _launch(p: Profile) -> Profile:
    return (
        p.with_env("RANK_TABLE_FILE", "/home/test/rank_table_8p.json")
        .with_env("JOB_ID", "20001")
        .with_env("HCCL_EXEC_TIMEOUT", "1836")
    )


CASES = (
    Case("estimator", "before.py", _estimator),
    Case("sess_run", "before.py", _sess_run),
    Case("keras", "before.py", _keras),
    Case("two_configs", "before.py", _train_branch),
    Case("two_configs", "before.py", _eval_branch, config=2),
    Case("env_sh", "before.sh", _env),
    Case("launch_8p", "before.sh", _launch),
)
