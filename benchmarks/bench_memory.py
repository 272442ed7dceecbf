"""Memory: the app's peak beside a bare PySide6 window, and what typing adds.

Usage: ``python benchmarks/bench_memory.py [--edits N] [--runs N] [--baseline DIR]``.

Peak: each program runs in a fresh process on the offscreen platform (unless a
display is set), shows its window, lets the event loop settle for a moment (so
the app's deferred work has run) and reports its peak resident set size
(``ru_maxrss``); there is no target.

Typing (target <= 0.5 MiB per 1,000 edits): a window with every value set and the
Why, Compare and output-paths docks open takes typed edits as the form sends
them (each keystroke folded into its field's undo step, a step ended every 20
keys as leaving the field does, a New/Open every 200 keys). After a warm-up of
the same length, the current resident set (``/proc/self/statm``, after
``gc.collect()``) is read before and after ``--edits`` more; the growth per
1,000 edits is the figure. ``--baseline DIR`` measures another checkout (e.g.
main's) in the same run, the two interleaved, and prints both; medians of
``--runs`` processes each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GROWTH_MIB = 0.5

_REPORT = """
import resource, sys
from PySide6.QtCore import QTimer
def report():
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
    app.quit()
QTimer.singleShot(1500, report)
sys.exit(app.exec())
"""
BARE = (
    """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow(); window.resize(1500, 900); window.show()
"""
    + _REPORT
)
APP = (
    """
from ascend_studio.ui import create_window, ensure_app
app = ensure_app([])
window = create_window(); window.resize(1500, 900); window.show()
"""
    + _REPORT
)


def _env(home: str, source: Path) -> dict[str, str]:
    return {
        **os.environ,
        "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
        "XDG_CONFIG_HOME": str(Path(home, "config")),
        "XDG_STATE_HOME": str(Path(home, "state")),
        "XDG_CACHE_HOME": str(Path(home, "cache")),
        "PYTHONPATH": f"{source}{os.pathsep}{ROOT / 'benchmarks'}",
    }


def peak_kib(code: str, home: str) -> int:
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=_env(home, ROOT),
        capture_output=True,
        text=True,
        check=True,
    )
    return int(out.stdout.strip().splitlines()[-1])


def current_mib() -> float:
    """The resident set now (not its peak), after a full collection."""
    import gc

    gc.collect()
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:  # not Linux: the peak is the best there is
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def typing_growth(edits: int) -> tuple[float, int]:
    """MiB of resident set added per 1,000 typed edits after a warm-up, and the undo
    steps kept at the end (run in the child process)."""
    from bench_frame import open_window
    from PySide6.QtWidgets import QApplication

    window = open_window(tempfile.mkdtemp(prefix="ascend-bench-"))

    def typed(count: int, offset: int) -> None:
        for index in range(count):
            value = 68 * (1 + (offset + index) % 200)
            window.form.edited.emit("hccl_timeout", value, True)
            if index % 20 == 19:
                window.model.close_merge()  # leaving the field ends the typing step
            if index % 200 == 199:  # New / Open: a new document, the undo history dropped
                current = window.model.profile
                window.model.replace(current, None, saved=current)
            if index % 10 == 9:
                QApplication.processEvents()

    typed(edits, 0)  # warm-up: caches, the docks' models, Qt's pools
    before = current_mib()
    typed(edits, edits)
    after = current_mib()
    steps = window.model.undo_stack.count()
    current = window.model.profile
    window.model.replace(current, None, saved=current)
    window.close()
    return (after - before) * 1000 / edits, steps


def _child_growth(source: Path, edits: int, home: str) -> tuple[float, int]:
    code = (
        "import os, sys\n"
        "from ascend_studio.ui import ensure_app\n"
        "ensure_app()\n"
        "from bench_memory import typing_growth\n"
        f"print('growth', *typing_growth({edits}), flush=True)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=_env(home, source),
        cwd=source,
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(x for x in out.stdout.splitlines() if x.startswith("growth "))
    _, mib, steps = line.split()
    return float(mib), int(steps)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--edits", type=int, default=2000, help="typed edits measured")
    parser.add_argument("--runs", type=int, default=3, help="processes per checkout")
    parser.add_argument("--baseline", type=Path, help="another checkout, run in turn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ascend-bench-mem-") as home:
        bare = min(peak_kib(BARE, home) for _ in range(3))
        app = min(peak_kib(APP, home) for _ in range(3))
        print(
            f"peak RSS: bare QMainWindow {bare / 1024:.1f} MiB | Ascend Studio {app / 1024:.1f} MiB"
        )
        print(f"ratio app / bare: {app / bare:.2f}x")
        sources = [("", ROOT)] + (
            [("[baseline] ", args.baseline.resolve())] if args.baseline else []
        )
        found: dict[str, list[tuple[float, int]]] = {label: [] for label, _ in sources}
        for _ in range(args.runs):  # interleaved, so machine load hits both alike
            for label, source in sources:
                found[label].append(_child_growth(source, args.edits, home))
    ok = True
    for label, _ in reversed(sources):
        growth = statistics.median(g for g, _ in found[label])
        steps = found[label][-1][1]
        passed = growth <= GROWTH_MIB
        ok = ok and (passed or bool(label))
        print(
            f"{label}memory while typing: {growth:+.2f} MiB resident per 1,000 typed edits "
            f"(median of {args.runs}; New/Open every 200 keys; {steps} undo steps kept) "
            f"(target <= {GROWTH_MIB} MiB: {'PASS' if passed else 'FAIL'})"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
