"""Run every benchmark in this folder, one after another, and print the results.

Usage: ``python benchmarks/run_all.py [NAME ...]`` (NAME: e.g. ``ui`` for
``bench_ui.py``; all by default). Each ``bench_*.py`` script is run in its own
process (so start-up and memory figures are not polluted by the others) and
prints its own lines; this runner adds a header with the date, the machine, the
load average and the versions, and ends with every target line again (each ratio
or figure against its target, with its verdict) so the output can be pasted into
``docs/benchmarks.md`` as it is. The command-line and batch benchmarks time real
scripts when ``ASCEND_STUDIO_CORPUS`` names the ``TensorFlow/built-in`` folder of a
checkout of Ascend/ModelZoo-TensorFlow (the header says whether it does).
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def versions() -> str:
    parts = [f"Python {platform.python_version()}"]
    try:
        import PySide6

        parts.append(f"PySide6 {PySide6.__version__}")
    except ImportError:
        parts.append("PySide6 absent")
    import pydantic

    parts.append(f"pydantic {pydantic.__version__}")
    return ", ".join(parts)


#: Qt's offscreen platform says this on every shown window; it is noise here.
_NOISE = "This plugin does not support propagateSizeHints()"


#: A line that states a figure against its target and the verdict.
_VERDICT = re.compile(r"\b(PASS|FAIL|met|MISSED)\b")


def load_average() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def _run(script: Path, env: dict[str, str], verdicts: list[str]) -> int:
    with subprocess.Popen(
        [sys.executable, str(script)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    ) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() != _NOISE:
                print(line, end="", flush=True)
                if _VERDICT.search(line):
                    verdicts.append(f"{script.stem}: {line.strip()}")
    return child.returncode


def main(argv: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if s.stem.removeprefix("bench_") in argv]
        if not scripts:
            print(f"no benchmark named {' or '.join(argv)}", file=sys.stderr)
            return 2
    print(f"# Ascend Studio benchmarks, {dt.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}")
    print(f"# machine: {machine()}, {load_average()} at the start")
    print(f"# {versions()}")
    corpus = os.environ.get("ASCEND_STUDIO_CORPUS")
    print(f"# corpus: {corpus or 'none (ASCEND_STUDIO_CORPUS unset: generated scripts only)'}")
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    failed = []
    verdicts: list[str] = []
    for script in scripts:
        print(f"\n## {script.stem}", flush=True)
        if _run(script, env, verdicts) != 0:
            failed.append(script.name)
    print(f"\n## Targets ({load_average()} at the end)")
    for line in verdicts:
        print(f"- {line}")
    if failed:
        print(f"\nFAILED: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
