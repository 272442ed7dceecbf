"""The one-folder bundle against the same commands run from this environment.

Target: the bundle starts no slower than 1.1x the virtual environment,
for the command line and for the app's first paint (offscreen smoke start: the
window is shown once, then the app quits). Each case runs the environment's
command and the bundle's in turn (A B A B ...), after two warm-ups each, so the
ratios hold when the machine's speed drifts; the medians of the wall time and of
the CPU time (user + system, from the child's resource usage) are printed with
their ratios. The environment's side runs with a bytecode cache of its own (as
an installed wheel has), whatever ``PYTHONDONTWRITEBYTECODE`` says, so both
sides load compiled modules. Exits 0 always (the figures go into
``packaging/BUNDLE.md``); prints one line and exits 0 when no bundle was built.

Usage: ``python benchmarks/bench_bundle.py [--runs N] [--bundle PATH]``
(default ``dist/ascend-studio/ascend-studio``, what ``packaging/build_bundle.sh``
builds).
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
BUNDLE = ROOT / "dist" / "ascend-studio" / "ascend-studio"
TARGET = 1.1

#: (name, arguments, extra environment)
CASES: list[tuple[str, list[str], dict[str, str]]] = [
    ("--version", ["--version"], {}),
    ("params aoe_mode", ["params", "aoe_mode"], {}),
    ("validate PROFILE", ["validate", str(PROFILE)], {}),
    ("export PROFILE -f sh", ["export", str(PROFILE), "-f", "sh"], {}),
    ("app smoke start", [], {"ASCEND_STUDIO_SMOKE_TEST": "1", "QT_QPA_PLATFORM": "offscreen"}),
]


def _run(command: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``command``."""
    start = time.perf_counter()
    child = subprocess.Popen(
        command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, _, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def _medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def _environment(tmp: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(
        PYTHONPATH=str(ROOT),
        PYTHONPYCACHEPREFIX=str(Path(tmp, "pycache")),
        XDG_CACHE_HOME=str(Path(tmp, "cache")),
        XDG_CONFIG_HOME=str(Path(tmp, "config")),
        XDG_STATE_HOME=str(Path(tmp, "state")),
    )
    return env


def _size_mb(folder: Path) -> float:
    files = (p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    return sum(p.stat().st_size for p in files) / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--bundle", type=Path, default=BUNDLE)
    args = parser.parse_args()
    if not args.bundle.is_file():
        print(f"no bundle at {args.bundle}: build it with packaging/build_bundle.sh")
        return 0
    print(f"bundle {args.bundle.parent.name}/: {_size_mb(args.bundle.parent):.0f} MB")
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        f"{'command':22} {'env wall':>9} {'bundle':>8} {'ratio':>6} {'env CPU':>8} {'bundle':>7} {'ratio':>6}"
    )
    with tempfile.TemporaryDirectory(prefix="ascend-bench-bundle-") as tmp:
        base = _environment(tmp)
        for name, arguments, extra in CASES:
            env = {**base, **extra}
            venv = [sys.executable, "-m", "ascend_studio", *arguments]
            bundle = [str(args.bundle), *arguments]
            for _ in range(2):  # warm-up: bytecode cache, catalog cache, page cache
                _run(venv, env, tmp), _run(bundle, env, tmp)
            times_venv, times_bundle = [], []
            for _ in range(args.runs):
                times_venv.append(_run(venv, env, tmp))
                times_bundle.append(_run(bundle, env, tmp))
            (wall_v, cpu_v), (wall_b, cpu_b) = _medians(times_venv), _medians(times_bundle)
            worst = max(wall_b / wall_v, cpu_b / cpu_v)
            print(
                f"{name:22} {wall_v * 1000:7.0f}ms {wall_b * 1000:6.0f}ms {wall_b / wall_v:5.2f}x "
                f"{cpu_v * 1000:6.0f}ms {cpu_b * 1000:5.0f}ms {cpu_b / cpu_v:5.2f}x  "
                f"{'met' if worst <= TARGET else 'MISSED'}"
            )
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"medians of {args.runs}; target: the bundle at most {TARGET}x the environment")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
