"""Command-line start-up: each command as a whole process, against baselines.

Targets (issue 15): ``params``, ``validate FILE``, ``export`` and ``paths`` take at
most 1.3x ``python -c "from pydantic import BaseModel"``; ``--version`` at most 2x
``python -c pass``. Commands and baselines run in turn (A B A B ...), each after
one warm-up, so the ratios hold when the machine's speed drifts; the median wall
time of each is printed with its ratio. Exits 0 always: the figures go into the
README with the targets met or missed.

When the one-folder bundle has been built (``packaging/build_bundle.sh``), its
``params`` is timed against the same command from this environment too (target:
at most 1.1x).

Usage: ``python benchmarks/bench_cli.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROFILE = ROOT / "tests" / "codegen" / "profiles" / "full.json"
SCRIPT = """\
import tensorflow as tf
from npu_bridge.npu_init import *
config = NPURunConfig(precision_mode="allow_mix_precision", iterations_per_loop=10,
                      hcom_parallel=True, enable_data_pre_proc=True)
"""

BUNDLE = ROOT / "dist" / "ascend-studio" / "ascend-studio"
PASS = [sys.executable, "-c", "pass"]
PYDANTIC = [sys.executable, "-c", "from pydantic import BaseModel"]


def _app(*args: str) -> list[str]:
    return [sys.executable, "-m", "ascend_studio", *args]


def _time(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        command,
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - start


def _median_pair(a: list[str], b: list[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    _time(a, env), _time(b, env)  # warm-up: bytecode caches, page cache
    times_a, times_b = [], []
    for _ in range(runs):
        times_a.append(_time(a, env))
        times_b.append(_time(b, env))
    return statistics.median(times_a), statistics.median(times_b)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp, "train.py")
        script.write_text(SCRIPT, encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": tmp}
        cases = [
            ("--version", _app("--version"), PASS, 2.0),
            ("params aoe_mode", _app("params", "aoe_mode"), PYDANTIC, 1.3),
            ("validate PROFILE", _app("validate", str(PROFILE)), PYDANTIC, 1.3),
            ("validate train.py", _app("validate", str(script)), PYDANTIC, 1.3),
            ("export PROFILE -f sh", _app("export", str(PROFILE), "-f", "sh"), PYDANTIC, 1.3),
            ("paths PROFILE", _app("paths", str(PROFILE)), PYDANTIC, 1.3),
        ]
        if BUNDLE.is_file():
            cases.append(
                (
                    "bundle params aoe_mode",
                    [str(BUNDLE), "params", "aoe_mode"],
                    _app("params", "aoe_mode"),
                    1.1,
                )
            )
        print(f"{'command':24} {'median':>9} {'baseline':>9} {'ratio':>6} {'target':>7}")
        for name, command, baseline, target in cases:
            mine, base = _median_pair(command, baseline, args.runs, env)
            verdict = "met" if mine / base <= target else "MISSED"
            print(
                f"{name:24} {mine * 1000:7.0f}ms {base * 1000:7.0f}ms {mine / base:5.2f}x "
                f"{target:5.1f}x  {verdict}"
            )
    print(
        'baselines: `python -c pass` for --version, `python -c "from pydantic import '
        'BaseModel"` for the commands, the same command from this environment for the bundle'
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
