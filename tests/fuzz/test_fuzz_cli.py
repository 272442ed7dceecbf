"""Mutated real-looking scripts through every reading command: no traceback, ever.

Seeds are small scripts written for this test (a training script, an env script,
a docker env-file, a profile); each example applies a few mutations (hostile
tokens, deletions, duplicated lines, CRLF, truncation) and runs import, validate,
and, on what imports, export in every format and paths, through the real CLI
entry point. Every run must end with a documented exit status. The number of
examples is bounded and derandomized so CI is stable.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_studio.cli import run_cli
from ascend_studio.codegen import EXPORT_FORMATS

PY_SEED = """import os
import tensorflow as tf
from npu_bridge.npu_init import *

os.environ["ASCEND_GLOBAL_LOG_LEVEL"] = "3"
DEBUG = False
dump = DumpConfig(enable_dump=True, dump_path="/tmp/dump", dump_step="0|5")
config = NPURunConfig(
    iterations_per_loop=100,
    precision_mode="allow_mix_precision",
    dump_config=dump,
    keep_checkpoint_max=None,
    insert_op_file=b"./aipp.cfg",
)
sess_config = tf.ConfigProto()
custom_op = sess_config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_fp32_to_fp16")
if args.over_dump:
    custom_op.parameter_map["enable_dump_debug"].b = True
elif DEBUG:
    custom_op.parameter_map["op_debug_level"].i = 1
"""
SH_SEED = """#!/bin/bash
export RANK_SIZE=8
device_id=$1
export ASCEND_DEVICE_ID=${device_id:-0}
export JOB_ID=10087
for ((i=0;i<${RANK_SIZE};i++)); do
    export DEVICE_ID=$i
done
if [ -n "$2" ]; then
    export HCCL_EXEC_TIMEOUT=1800
fi
export PATH=$HOME/bin:~/x:$PATH
"""
ENV_SEED = "ASCEND_GLOBAL_LOG_LEVEL=3\nRANK_SIZE=1\n# comment\nTF_CONFIG={}\n"
JSON_SEED = (
    '{"product": "atlas_a2", "values": {"iterations_per_loop": 10, '
    '"keep_checkpoint_max": null, "insert_op_file": {"bytes": "./aipp.cfg"}}, '
    '"env": {"RANK_SIZE": "8"}, "notes": "x"}'
)
SEEDS = [("train.py", PY_SEED), ("run.sh", SH_SEED), ("job.env", ENV_SEED), ("p.json", JSON_SEED)]
TOKENS = [
    '"$(',
    '"$(' * 100,
    "'",
    '"',
    "`",
    "${",
    "\r\n",
    "\\ud800",
    '"\\udc00"',
    "1e999",
    '"%d" % 1e999',
    "(" * 300,
    "[" * 2000,
    "~" * 500,
    "if False:\n    ",
    "\t",
    "\x85",
    "\u2028",
    "é",
    "$'\\x'",
    "os.environ['X'] = ",
    "NPURunConfig(",
    ")",
    "\\\n",
    "<<EOF\n",
    "9" * 5000,
    "export A=",
    "class C(NPURunConfig):\n    pass\n",
    "None",
    "b'\\xff'",
    "\0",
]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    name, text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "insert", "delete", "duplicate", "crlf", "cut"]))
        if action == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif action == "duplicate":
            lines = text.splitlines(keepends=True) or [""]
            index = draw(st.integers(0, len(lines) - 1))
            lines.insert(index, lines[index] * draw(st.integers(1, 3)))
            text = "".join(lines)
        elif action == "crlf":
            text = text.replace("\n", "\r\n")
        else:
            text = text[:at]
    return name, text


def _run(*args: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return run_cli(list(args))


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(case=mutated())
def test_no_traceback_on_mutated_scripts(case: tuple[str, str]) -> None:
    name, text = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        profile = Path(folder) / "imported.json"
        assert _run("import", str(path), "--json") in (0, 1)
        assert _run("validate", str(path), "--json") in (0, 1, 2)
        assert _run("paths", str(path), "--json") in (0, 2)
        if _run("import", str(path), "-o", str(profile)) != 0:
            return
        assert _run("validate", str(profile)) in (0, 1)
        for fmt in EXPORT_FORMATS:
            assert _run("export", str(profile), "-f", fmt) in (0, 1)
        assert _run("paths", str(profile)) in (0, 2)
