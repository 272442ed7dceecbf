"""Peak memory of the app with its window shown vs a bare PySide6 window.

Usage: ``python benchmarks/bench_memory.py``. Each program runs in a fresh
process on the offscreen platform (unless a display is set), shows its window,
lets the event loop settle for a moment (so the app's deferred work — the other
form sections, rules, previews, docks — has run), and reports its peak resident
set size (``ru_maxrss``). Prints both and their ratio; there is no target.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

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


def peak_kib(code: str, home: str) -> int:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
        "XDG_CONFIG_HOME": str(Path(home, "config")),
        "XDG_STATE_HOME": str(Path(home, "state")),
        "XDG_CACHE_HOME": str(Path(home, "cache")),
        "PYTHONPATH": str(ROOT),
    }
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return int(out.stdout.strip().splitlines()[-1])


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="ascend-bench-mem-") as home:
        bare = min(peak_kib(BARE, home) for _ in range(3))
        app = min(peak_kib(APP, home) for _ in range(3))
    print(f"peak RSS: bare QMainWindow {bare / 1024:.1f} MiB | Ascend Studio {app / 1024:.1f} MiB")
    print(f"ratio app / bare: {app / bare:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
