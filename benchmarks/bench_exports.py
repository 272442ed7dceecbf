"""Every export format on the profile with every parameter set.

Usage: ``python benchmarks/bench_exports.py [--rounds N]``. Prints p50/p95 per
format and for all formats together; rule diagnostics are included in the code
exports, as the app's previews show them. No target: the app regenerates every
preview on each edit, so the total is what an edit pays: the rules run once and
their evaluation goes to every exporter, as in the app. A single format's time
includes its own evaluation.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ascend_studio.codegen import EXPORT_FORMATS, ExportError, export_text
from ascend_studio.profile import Profile, load_profile
from ascend_studio.rules import Diagnostic, evaluate

FULL = Path(__file__).resolve().parents[1] / "tests" / "codegen" / "profiles" / "full.json"


def _time(fn: Callable[[], object], rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def _export(profile: Profile, fmt: str, diagnostics: Sequence[Diagnostic] | None = None) -> None:
    # A format that cannot carry a value still did the work to find out.
    with contextlib.suppress(ExportError):
        export_text(profile, fmt, diagnostics=diagnostics)


def _all(profile: Profile) -> None:
    diagnostics = evaluate(profile)
    for fmt in EXPORT_FORMATS:
        _export(profile, fmt, diagnostics)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    profile = load_profile(FULL)
    print(f"profile: {FULL.name}, {len(profile.values)} values, {len(profile.env)} env vars")
    for fmt in EXPORT_FORMATS:
        _export(profile, fmt)  # warm caches (catalog index, rules)
    total = _time(lambda: _all(profile.model_copy()), args.rounds)
    for fmt in EXPORT_FORMATS:
        samples = _time(lambda f=fmt: _export(profile.model_copy(), f), args.rounds)
        p95 = statistics.quantiles(samples, n=20)[-1]
        print(f"  {fmt:<9} p50 {statistics.median(samples):6.2f} ms   p95 {p95:6.2f} ms")
    p95 = statistics.quantiles(total, n=20)[-1]
    print(
        f"  all {len(EXPORT_FORMATS)} formats: p50 {statistics.median(total):.2f} ms, p95 {p95:.2f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
