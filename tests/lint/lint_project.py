"""A small project tree with known findings, shared by the batch-validation tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_studio.cli import run_cli

#: precision.both_modes (error) at 4:5, status.deprecated (info) at 6:5.
TRAIN = """\
from npu_bridge.npu_init import *

config = NPURunConfig(
    precision_mode='allow_mix_precision',
    precision_mode_v2='mixed_float16',
    enable_data_pre_proc=True,
)
"""
#: env.rank_size_with_cm_worker_size (error) at 2:8.
ENV_SH = "#!/bin/bash\nexport RANK_SIZE=8\nexport CM_WORKER_SIZE=8\n"
#: range.product_rounded (warning) on atlas_training only.
WARN_ONLY = "config = NPURunConfig(hccl_timeout=600)\n"
PLAIN = "print('no NPU configuration here')\n"


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def validate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = run_cli(["validate", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def findings(out: str) -> list[str]:
    """``path:line:col rule-id`` for each finding line of text output."""
    rows = []
    for line in out.splitlines():
        head, _, rest = line.partition(": ")
        if rest and head.count(":") == 2 and not line.startswith(" "):
            rows.append(f"{head} {rest.split()[1]}")
    return rows
