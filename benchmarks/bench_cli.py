"""Command-line start-up: each command as a whole process, against both floors.

Two floors, measured in the same run as the commands: ``python -c pass`` (the
interpreter alone) and ``python -c "from pydantic import BaseModel"`` (the floor
of any pydantic program). Targets: ``--help`` and ``--version`` at most 2x the
first; ``validate`` of a real training script, ``export -f py``, ``import`` of the
same script, ``preset list``, ``paths``, ``params`` at most 1.3x the second. Every
command is printed against both floors.

Real scripts: a 252-line ModelZoo training script
(``Oct-ResNet_ID0251_for_TensorFlow/train-npu.py``) and its launch script are copied
from the corpus (``--corpus``, default ``$ASCEND_STUDIO_CORPUS``: the
``TensorFlow/built-in`` folder of a checkout of Ascend/ModelZoo-TensorFlow) into a
temporary folder for the run; without a corpus those cases say so and generated
scripts stand in.

Each round runs the command and both floors in turn (the order rotating), after
one warm-up (which also fills the bytecode and the user caches), so the ratios
hold when the machine's speed drifts. Printed per case: the median wall time,
its ratio to each floor's median, the ratio of the median CPU time (user +
system) to the target's floor (a busy machine disturbs it less), the target and
the verdict (on the wall ratio). The load average is printed before and after:
on a shared machine, compare runs side by side only. Bytecode writing is switched
on for the children even when ``PYTHONDONTWRITEBYTECODE`` is set here.

``--ab`` adds the start-up machinery measured with and without, interleaved:
the dataclass method cache and the compiled patterns kept with it
(``ASCEND_STUDIO_DATACLASS_CACHE=0`` switches both off)
and the profile's plain road (off: every profile goes through pydantic).

When the one-folder bundle has been built (``packaging/build_bundle.sh``), its
``params`` is timed against the same command from this environment too (target:
at most 1.1x). Exits 0 always.

``--against DIR`` also times every command from another source tree (e.g. ``git archive
main`` extracted there, its ``resources`` included), in the same rounds, with its own
user caches: before and after in one run.

Usage: ``python benchmarks/bench_cli.py [--runs N] [--only TEXT] [--corpus DIR] [--ab]
[--against DIR]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench_codegen import typical

ROOT = Path(__file__).resolve().parents[1]
PROFILE = ROOT / "tests" / "codegen" / "profiles" / "full.json"
BUNDLE = ROOT / "dist" / "ascend-studio" / "ascend-studio"

#: A real training script of 252 lines and its launch script, in the corpus.
REAL_FOLDER = "cv/image_classification/Oct-ResNet_ID0251_for_TensorFlow"
REAL_SCRIPT = f"{REAL_FOLDER}/train-npu.py"
REAL_LAUNCH = f"{REAL_FOLDER}/test/train_full_1p.sh"

FLOORS: dict[str, list[str]] = {
    "pass": [sys.executable, "-c", "pass"],
    "pydantic": [sys.executable, "-c", "from pydantic import BaseModel"],
}
#: The profile's plain road switched off: every profile goes through pydantic.
_NO_PLAIN = (
    "import sys\n"
    "import ascend_studio.profile._io as io\n"
    "import ascend_studio.profile._plain as plain\n"
    "io.plain_profile = plain.plain_profile = lambda data: None\n"
    "from ascend_studio.__main__ import main\n"
    "raise SystemExit(main(sys.argv[1:]))\n"
)


@dataclass(frozen=True)
class Case:
    name: str
    command: list[str]
    #: The floor the target is a ratio of ("pass" or "pydantic"), or another command.
    floor: str | list[str]
    target: float | None
    #: Run the command with an empty user cache each time (a first start).
    cold: bool = False
    env: dict[str, str] = field(default_factory=dict)


def _app(*args: str) -> list[str]:
    return [sys.executable, "-m", "ascend_studio", *args]


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _time(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run (from the tree ``PYTHONPATH`` names: ``-m`` puts
    the working directory first on the module path)."""
    cpu, start = _cpu(), time.perf_counter()
    subprocess.run(
        command,
        env=env,
        cwd=env.get("PYTHONPATH", ROOT),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - start, _cpu() - cpu


def _env_for(case: Case, env: dict[str, str], scratch: Path) -> dict[str, str]:
    env = {**env, **case.env}
    if not case.cold:
        return env
    return {**env, "XDG_CACHE_HOME": tempfile.mkdtemp(dir=scratch)}


@dataclass
class Timed:
    """Median wall and CPU seconds of the command, of each floor, and of the same command
    from another source tree (``--against``), if any."""

    wall: float
    cpu: float
    floors: dict[str, tuple[float, float]]
    before: tuple[float, float] | None = None


def _median(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def _against_env(env: dict[str, str], against: Path) -> dict[str, str]:
    """The environment that runs the other tree's package (its own user caches)."""
    return {**env, "PYTHONPATH": str(against), "XDG_CACHE_HOME": env["XDG_CACHE_HOME"] + "-b"}


def _measure(
    case: Case, runs: int, env: dict[str, str], scratch: Path, against: Path | None = None
) -> Timed:
    floors = dict(FLOORS)
    if not isinstance(case.floor, str):
        floors = {"other": case.floor}
    commands = {"case": (case.command, env), **{k: (v, env) for k, v in floors.items()}}
    if against is not None and case.command[:3] == _app()[:3]:
        commands["before"] = (case.command, _against_env({**env, **case.env}, against))
    for command, command_env in commands.values():  # warm-up: bytecode, caches
        _time(command, command_env)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    names = list(commands)
    for turn in range(runs):
        for name in names[turn % len(names) :] + names[: turn % len(names)]:
            command, run_env = commands[name]
            if name in ("case", "before"):
                run_env = _env_for(case, run_env, scratch)
            samples[name].append(_time(command, run_env))
    wall, cpu = _median(samples["case"])
    before = _median(samples["before"]) if "before" in samples else None
    return Timed(wall, cpu, {name: _median(samples[name]) for name in floors}, before)


def _real_scripts(corpus: Path | None, tmp: Path) -> tuple[Path, Path, str]:
    """The training and launch scripts the commands read, and where they come from."""
    if corpus is not None and (corpus / REAL_SCRIPT).is_file():
        folder = tmp / "real" / "test"
        folder.mkdir(parents=True)
        script = shutil.copy(corpus / REAL_SCRIPT, tmp / "real" / "train-npu.py")
        launch = shutil.copy(corpus / REAL_LAUNCH, folder / "train_full_1p.sh")
        return Path(script), Path(launch), f"real scripts from {corpus}"
    script = tmp / "train.py"
    script.write_text(typical(250), encoding="utf-8")
    launch = tmp / "train_full_1p.sh"
    launch.write_text("export ASCEND_DEVICE_ID=0\npython3 train.py\n", encoding="utf-8")
    return script, launch, "GENERATED scripts: no corpus (--corpus or $ASCEND_STUDIO_CORPUS)"


def _cases(tmp: Path, corpus: Path | None) -> tuple[list[Case], str]:
    script, launch, origin = _real_scripts(corpus, tmp)
    big = tmp / "big_train.py"
    big.write_text(typical(5000), encoding="utf-8")
    profile = str(PROFILE)
    cases = [
        Case("--help", _app("--help"), "pass", 2.0),
        Case("--version", _app("--version"), "pass", 2.0),
        Case("validate train-npu.py", _app("validate", str(script)), "pydantic", 1.3),
        Case("validate launch .sh", _app("validate", str(launch)), "pydantic", 1.3),
        Case("validate PROFILE", _app("validate", profile), "pydantic", 1.3),
        Case("export PROFILE -f py", _app("export", profile, "-f", "py"), "pydantic", 1.3),
        Case("export PROFILE -f sh", _app("export", profile, "-f", "sh"), "pydantic", 1.3),
        Case("import train-npu.py", _app("import", str(script)), "pydantic", 1.3),
        Case("preset list", _app("preset", "list"), "pydantic", 1.3),
        Case("paths PROFILE", _app("paths", profile), "pydantic", 1.3),
        Case("params aoe_mode", _app("params", "aoe_mode"), "pydantic", 1.3),
        Case("import 5,000 lines", _app("import", str(big)), "pydantic", None),
        Case("params, empty cache", _app("params", "aoe_mode"), "pydantic", None, cold=True),
    ]
    if BUNDLE.is_file():
        bundle = [str(BUNDLE), "params", "aoe_mode"]
        cases.append(Case("bundle params aoe_mode", bundle, _app("params", "aoe_mode"), 1.1))
    return cases, origin


def _ab_cases(tmp: Path, corpus: Path | None) -> list[Case]:
    """Each command with the start-up machinery against the same command without it."""
    script, _, _ = _real_scripts(corpus, tmp / "ab")
    profile = str(PROFILE)
    no_cache = ["env", "ASCEND_STUDIO_DATACLASS_CACHE=0"]
    out = []
    for name, args in (
        ("validate train-npu.py", ["validate", str(script)]),
        ("export PROFILE -f py", ["export", profile, "-f", "py"]),
        ("paths PROFILE", ["paths", profile]),
        ("params aoe_mode", ["params", "aoe_mode"]),
        ("preset list", ["preset", "list"]),
    ):
        out.append(Case(f"dataclass cache: {name}", _app(*args), [*no_cache, *_app(*args)], None))
    for name, args in (
        ("validate PROFILE", ["validate", profile]),
        ("export PROFILE -f py", ["export", profile, "-f", "py"]),
        ("paths PROFILE", ["paths", profile]),
    ):
        without = [sys.executable, "-c", _NO_PLAIN, *args]
        out.append(Case(f"plain road: {name}", _app(*args), without, None))
    return out


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _line(case: Case, timed: Timed) -> str:
    ratios = {name: timed.wall / wall for name, (wall, _) in timed.floors.items()}
    floor = case.floor if isinstance(case.floor, str) else "other"
    cpu_ratio = timed.cpu / timed.floors[floor][1]
    if case.target is None:
        target, verdict = "    -", "(no target)"
    else:
        target = f"{case.target:5.1f}x"
        verdict = "met" if ratios[floor] <= case.target else "MISSED"
    shown = " ".join(f"{ratios.get(n, float('nan')):7.2f}x" for n in ("pass", "pydantic"))
    if floor == "other":
        shown = f"{'':>8} {ratios['other']:7.2f}x"
    line = (
        f"{case.name:24} {timed.wall * 1000:6.0f}ms {shown} {cpu_ratio:8.2f}x "
        f"{target} {floor:>8}  {verdict}"
    )
    if timed.before is not None:
        before, before_cpu = timed.before
        line += (
            f"  | before {before * 1000:.0f}ms = {before / timed.floors[floor][0]:.2f}x "
            f"(cpu {before_cpu / timed.floors[floor][1]:.2f}x)"
        )
    return line


def _floor_line(timed: list[Timed]) -> str:
    parts = []
    for name in FLOORS:
        walls = [t.floors[name][0] for t in timed if name in t.floors]
        if walls:
            parts.append(f"`{' '.join(FLOORS[name][1:])}` {statistics.median(walls) * 1000:.0f} ms")
    return "floors (median over the cases): " + ", ".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only", default="", help="only the cases whose name holds this text")
    parser.add_argument("--corpus", type=Path, default=os.environ.get("ASCEND_STUDIO_CORPUS"))
    parser.add_argument("--ab", action="store_true", help="the start-up machinery, with/without")
    parser.add_argument(
        "--against", type=Path, help="also time each command from this source tree (before)"
    )
    args = parser.parse_args()
    print(f"load average before: {_load()}")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env |= {"PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp / "cache")}
        cases, origin = _cases(tmp, args.corpus)
        print(f"scripts: {origin}")
        print(
            f"{'command':24} {'median':>8} {'x pass':>8} {'x pydant':>8} {'cpu ratio':>9} "
            f"{'target':>6} {'of':>8}  verdict"
        )
        timed = []
        for case in cases:
            if args.only in case.name:
                timed.append(_measure(case, args.runs, env, tmp, args.against))
                print(_line(case, timed[-1]), flush=True)
        print(_floor_line(timed))
        if args.ab:
            print("\nstart-up machinery: the command with it, against the same command without it")
            print(f"{'command':36} {'with':>8} {'without':>8} {'ratio':>7} {'cpu ratio':>9}")
            for case in _ab_cases(tmp, args.corpus):
                if args.only in case.name:
                    t = _measure(case, args.runs, env, tmp)
                    without, without_cpu = t.floors["other"]
                    print(
                        f"{case.name:36} {t.wall * 1000:6.0f}ms {without * 1000:6.0f}ms "
                        f"{t.wall / without:6.2f}x {t.cpu / without_cpu:8.2f}x",
                        flush=True,
                    )
    print(f"load average after: {_load()}")
    print(
        "ratios: the median wall time against each floor's median in the same rounds; "
        "cpu ratio: against the target's floor"
        + (f"; before: the same command from {args.against}" if args.against else "")
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
