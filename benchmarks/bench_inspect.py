"""Part-2 views speed: what one edit costs while the inspector, why and compare docks are open.

Each dock follows every document change, so their refresh adds to the per-edit
budget (16 ms p95 for diagnostics and previews). Closed docks do no
work (they catch up when shown); this measures the worst case, all three open.
Also prints what building the three views adds to window start-up.

Usage: ``python benchmarks/bench_inspect.py [--edits N]``. Offscreen Qt unless
a display is set. Exits 1 when the three refreshes together exceed 8 ms p95
(half of the issue-6 edit budget).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGET_MS = 8.0


def _p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[18]


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--edits", type=int, default=300)
    options = parser.parse_args(argv)

    from PySide6.QtWidgets import QApplication

    from ascend_studio.paths import load_artifacts
    from ascend_studio.profile import Profile
    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui.compare import CompareView
    from ascend_studio.ui.inspector import InspectorView
    from ascend_studio.ui.why import WhyPanel

    app = QApplication.instance() or QApplication([])
    catalog, artifacts = shipped_catalog(), load_artifacts()
    build: dict[str, float] = {}
    views: dict[str, InspectorView | WhyPanel | CompareView] = {}
    build["inspector"] = _timed(lambda: views.setdefault("inspector", InspectorView(catalog)))
    build["why"] = _timed(lambda: views.setdefault("why", WhyPanel(catalog, artifacts=artifacts)))
    build["compare"] = _timed(lambda: views.setdefault("compare", CompareView(catalog)))
    for view in views.values():
        view.show()
    why = views["why"]
    assert isinstance(why, WhyPanel)
    why.set_parameter("precision_mode")
    app.processEvents()

    base = Profile().with_value("precision_mode_v2", "mixed_float16")
    per_view: dict[str, list[float]] = {name: [] for name in views}
    total: list[float] = []
    for index in range(options.edits):
        profile = base.with_value("debug_dir", f"/data/debug/{index}")
        spent = 0.0
        for name, view in views.items():
            took = _timed(partial(view.set_profile, profile))
            per_view[name].append(took)
            spent += took
        total.append(spent)

    print("part-2 views: build (ms) " + ", ".join(f"{k} {v:.1f}" for k, v in build.items()))
    for name, samples in per_view.items():
        print(
            f"  {name:<9} per edit: p50 {statistics.median(samples):.2f} ms, p95 {_p95(samples):.2f} ms"
        )
    p95 = _p95(total)
    print(
        f"  all three per edit: p50 {statistics.median(total):.2f} ms, p95 {p95:.2f} ms (target <= {TARGET_MS} ms)"
    )
    return 0 if p95 <= TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
