"""Command-line start-up: each command as a whole process, against baselines.

Targets: ``params``, ``validate FILE``, ``export`` and ``paths`` take at
most 1.3x ``python -c "from pydantic import BaseModel"``; ``--version`` at most 2x
``python -c pass``. ``import`` of a 5,000-line script is timed against the same
baseline (the issue's table lists it; it has no target of its own), and so is a
first ``params`` with an empty user cache (the catalog then parsed and validated
once: what a user sees once per upgrade).

Commands and baselines run in turn (A B A B ...), each after one warm-up (which
also fills the bytecode and the user caches), so the ratios hold when the
machine's speed drifts. Printed per case: the median wall time of each, their
ratio, and the ratio of the median CPU time (user + system) of the two processes,
which a busy machine disturbs less. The verdict is on the wall ratio, as the
issue defines it. The load average is printed before and after: on a loaded
machine, compare runs side by side only. Bytecode writing is switched on for the
children even when ``PYTHONDONTWRITEBYTECODE`` is set here, or every run would
compile the app from source. Exits 0 always: the figures go into the README with
the targets met or missed.

When the one-folder bundle has been built (``packaging/build_bundle.sh``), its
``params`` is timed against the same command from this environment too (target:
at most 1.1x).

Usage: ``python benchmarks/bench_cli.py [--runs N] [--only TEXT]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench_codegen import typical

ROOT = Path(__file__).resolve().parents[1]
PROFILE = ROOT / "tests" / "codegen" / "profiles" / "full.json"

BUNDLE = ROOT / "dist" / "ascend-studio" / "ascend-studio"
PASS = [sys.executable, "-c", "pass"]
PYDANTIC = [sys.executable, "-c", "from pydantic import BaseModel"]


@dataclass(frozen=True)
class Case:
    name: str
    command: list[str]
    baseline: list[str]
    target: float | None
    #: Run the command with an empty user cache each time (a first start).
    cold: bool = False


def _app(*args: str) -> list[str]:
    return [sys.executable, "-m", "ascend_studio", *args]


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _time(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run."""
    cpu, start = _cpu(), time.perf_counter()
    subprocess.run(
        command,
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - start, _cpu() - cpu


def _env_for(case: Case, env: dict[str, str], scratch: Path) -> dict[str, str]:
    if not case.cold:
        return env
    return {**env, "XDG_CACHE_HOME": tempfile.mkdtemp(dir=scratch)}


def _medians(case: Case, runs: int, env: dict[str, str], scratch: Path) -> list[float]:
    """Median wall and CPU of the command, then of its baseline."""
    _time(case.command, env), _time(case.baseline, env)  # warm-up: bytecode, caches
    mine: list[tuple[float, float]] = []
    base: list[tuple[float, float]] = []
    for _ in range(runs):
        mine.append(_time(case.command, _env_for(case, env, scratch)))
        base.append(_time(case.baseline, env))
    return [statistics.median(s[i] for s in samples) for samples in (mine, base) for i in (0, 1)]


def _cases(tmp: Path) -> list[Case]:
    script = tmp / "train.py"
    script.write_text(typical(300), encoding="utf-8")
    big = tmp / "big_train.py"
    big.write_text(typical(5000), encoding="utf-8")
    profile = str(PROFILE)
    cases = [
        Case("--version", _app("--version"), PASS, 2.0),
        Case("params aoe_mode", _app("params", "aoe_mode"), PYDANTIC, 1.3),
        Case("validate PROFILE", _app("validate", profile), PYDANTIC, 1.3),
        Case("validate train.py", _app("validate", str(script)), PYDANTIC, 1.3),
        Case("export PROFILE -f sh", _app("export", profile, "-f", "sh"), PYDANTIC, 1.3),
        Case("export PROFILE -f py", _app("export", profile, "-f", "py"), PYDANTIC, 1.3),
        Case("paths PROFILE", _app("paths", profile), PYDANTIC, 1.3),
        Case("import 5,000 lines", _app("import", str(big)), PYDANTIC, None),
        Case("params, empty cache", _app("params", "aoe_mode"), PYDANTIC, None, cold=True),
    ]
    if BUNDLE.is_file():
        bundle = [str(BUNDLE), "params", "aoe_mode"]
        cases.append(Case("bundle params aoe_mode", bundle, _app("params", "aoe_mode"), 1.1))
    return cases


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only", default="", help="only the cases whose name holds this text")
    args = parser.parse_args()
    print(f"load average before: {_load()}")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env |= {"PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp / "cache")}
        print(
            f"{'command':24} {'median':>9} {'baseline':>9} {'ratio':>6} {'cpu ratio':>9} "
            f"{'target':>7}"
        )
        for case in _cases(tmp):
            if args.only not in case.name:
                continue
            wall, cpu, base_wall, base_cpu = _medians(case, args.runs, env, tmp)
            ratio = wall / base_wall
            if case.target is None:
                target, verdict = "    -", "(no target)"
            else:
                target = f"{case.target:5.1f}x"
                verdict = "met" if ratio <= case.target else "MISSED"
            print(
                f"{case.name:24} {wall * 1000:7.0f}ms {base_wall * 1000:7.0f}ms {ratio:5.2f}x "
                f"{cpu / base_cpu:8.2f}x {target}  {verdict}"
            )
    print(f"load average after: {_load()}")
    print(
        'baselines: `python -c pass` for --version, `python -c "from pydantic import '
        'BaseModel"` for the commands, the same command from this environment for the bundle'
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
