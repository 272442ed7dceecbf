"""Env values kept as shell text (from an imported env script) resolve as the job's shell
would read them, instead of being joined to the working directory quotes and all."""

from __future__ import annotations

import pytest

from ascend_studio.codegen import parse_env_script
from ascend_studio.paths import Context, Environment, EnvSource, resolve
from ascend_studio.paths._shelltext import expand_shell_text
from ascend_studio.profile import Profile

SCRIPT = """\
export ASCEND_WORK_PATH=$HOME/ascend_work/10.0.0.1_0_0
export ASCEND_PROCESS_LOG_PATH="${ASCEND_WORK_PATH}/日志 log"
export ASCEND_CACHE_PATH="$(pwd)/cache"
"""
CTX = Context(cwd="/job", home="/home/用户", pid=7)


def _paths(env: Environment, ctx: Context = CTX) -> dict[str, str | None]:
    return {r.id: r.path for r in resolve(Profile(), env, ctx)}


def test_references_and_home_are_filled_and_quotes_removed() -> None:
    script = parse_env_script(SCRIPT, "env.sh")
    env = Environment.build(scripts=[("env.sh", script.values)])
    paths = _paths(env)
    assert paths["log"] == "/home/用户/ascend_work/10.0.0.1_0_0/日志 log"
    assert paths["atrace"] == "/home/用户/ascend_work/10.0.0.1_0_0/atrace"
    # A command substitution stays visible and is not joined to the working directory.
    kernel_cache = next(r for r in resolve(Profile(), env, CTX) if r.id == "kernel_cache")
    assert kernel_cache.layers[1].path == "$(pwd)/cache/kernel_cache"


def test_unknown_home_stays_visible() -> None:
    env = Environment.build(scripts=[("env.sh", parse_env_script(SCRIPT).values)])
    assert _paths(env, Context(cwd="/job"))["log"] == "$HOME/ascend_work/10.0.0.1_0_0/日志 log"


def test_literal_values_and_json_are_left_alone() -> None:
    env = Environment().with_layer(
        EnvSource.typed(),
        {
            "ASCEND_WORK_PATH": "/data/it's here",
            "PROFILING_OPTIONS": '{"output": "/prof", "task_time": "on"}',
        },
    )
    resolved = {r.id: r for r in resolve(Profile(), env, CTX)}
    assert resolved["atrace"].path == "/data/it's here/atrace"
    seed_table = next(v for v in resolved["profiling_data"].variants if v.id == "seed_table")
    assert seed_table.path == "/prof"


def test_self_reference_and_cycles_end() -> None:
    env = Environment().with_layer(
        EnvSource.typed(),
        {"ASCEND_WORK_PATH": "${DUMP_GRAPH_PATH}/w", "DUMP_GRAPH_PATH": "$ASCEND_WORK_PATH"},
    )
    assert _paths(env)["atrace"] == "$ASCEND_WORK_PATH/w/atrace"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("'$A'/x", "$A/x"),
        ('"$A"/\\$B', "1/$B"),
        ('"a\\"b"', 'a"b'),
        ("${A}${UNKNOWN}", "1${UNKNOWN}"),
        ("`id`/x", "`id`/x"),
        ("'unterminated", None),
        ("two words", None),
    ],
)
def test_expand_shell_text(text: str, expected: str | None) -> None:
    assert expand_shell_text(text, {"A": "1"}.get) == expected
