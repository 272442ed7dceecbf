"""Shell text is not a literal, and a shell suffix decides.

A value known only at run time (``$1``, ``$device_id``, a command's output) is
never an error: the importer expands what the script itself defines, and the
rules say at most "cannot check, depends on $X" (info).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_studio.codegen import import_file, import_text
from ascend_studio.codegen._import import guess_kind
from ascend_studio.rules import evaluate


def _env(text: str) -> tuple[dict[str, str | None], tuple[str, ...]]:
    (config,) = import_text(text, "run.sh").configs
    return dict(config.profile.env), config.profile.env_verbatim


def _findings(text: str, name: str = "run.sh") -> list[tuple[str, str]]:
    result = import_text(text, name)
    return [(d.severity, d.rule_id) for c in result.configs for d in evaluate(c.profile)]


def test_variables_the_script_defines_are_expanded() -> None:
    env, verbatim = _env(
        "RANK_SIZE=8\nexport RANK_SIZE=${RANK_SIZE}\nroot=/data\n"
        'export DATA="$root/imagenet" DEV=${dev:-0} ID=${root:-x}\n'
    )
    assert env["RANK_SIZE"] == "8"
    assert env["DATA"] == "/data/imagenet"
    assert env["ID"] == "/data"
    assert verbatim == ("DEV",)  # $dev is not set by the script: the caller's value wins


def test_a_variable_set_in_a_branch_is_not_expanded() -> None:
    env, verbatim = _env(
        'if [ "$1" = big ]; then n=8; else n=1; fi\nexport RANK_SIZE=$n\nm=2 cmd\nexport A=$m\n'
    )
    assert verbatim == ("A", "RANK_SIZE")
    assert env["RANK_SIZE"] == "$n"


@pytest.mark.parametrize(
    "line",
    [
        "export ASCEND_DEVICE_ID=$device_id",
        "export RANK_SIZE=${RANK_SIZE}",
        "export DEVICE_ID=$1",
        "export DEVICE_ID=`expr $1 + 0`",
        "export JOB_ID=$(date +%s)",
        "export HCCL_EXEC_TIMEOUT=${T:-abc}",
        "export TF_CONFIG=$cfg",
    ],
)
def test_runtime_values_are_info_never_errors(line: str) -> None:
    found = _findings("device_id=$1\n" + line + "\n")
    assert not [f for f in found if f[0] == "error"], found
    assert ("info", "env.runtime_value") in found


def test_the_info_names_what_the_value_depends_on() -> None:
    result = import_text("export ASCEND_DEVICE_ID=$device_id\n", "run.sh")
    (diag,) = [d for d in evaluate(result.configs[0].profile) if d.rule_id == "env.runtime_value"]
    assert "depends on $device_id" in diag.message.en
    assert diag.params == ("env:ASCEND_DEVICE_ID",)


def test_a_literal_that_is_wrong_is_still_an_error() -> None:
    assert ("error", "env.rank_size.invalid") in _findings("n=abc\nexport RANK_SIZE=$n\n")


EMBEDDED = '''export RANK_SIZE=1
python3 -c """
import os
from npu_bridge.npu_init import *
print(os.environ)
"""
export ASCEND_DEVICE_ID=0
'''


@pytest.mark.parametrize("name", ["run.sh", "env.bash", "train.env", "RUN.SH"])
def test_a_shell_suffix_decides_over_content(name: str) -> None:
    assert guess_kind(EMBEDDED, name) in ("shell", "env-file")


def test_an_embedded_python_snippet_does_not_lose_the_exports(tmp_path: Path) -> None:
    path = tmp_path / "train_full_1p.sh"
    path.write_text(EMBEDDED, encoding="utf-8")
    result = import_file(path)
    assert result.dialect == "shell"
    assert result.configs[0].profile.env == {"RANK_SIZE": "1", "ASCEND_DEVICE_ID": "0"}


def test_content_decides_only_without_a_known_suffix() -> None:
    assert guess_kind(EMBEDDED, "launcher") == "python"  # sniffed: it mentions imports
    assert guess_kind("#!/bin/bash\n" + EMBEDDED, "launcher") == "shell"
    assert guess_kind("#!/usr/bin/env python3\nx = 1\n", "launcher") == "python"
    assert guess_kind("x = 1\n", "train.py") == "python"
