"""Start-up phase marks: where the app's first paint goes (Qt-free, stdlib only).

The app calls :func:`mark` at the end of each start-up phase (PySide6 loaded, catalog
read, menus built, first paint...). A mark is a name, a ``time.perf_counter()`` and a
``time.process_time()`` reading (the process's CPU time, steadier than wall time on
a loaded machine) appended to a list: about a microsecond, so the marks stay in the
app whether or not anyone reads them. ``benchmarks/bench_ui.py`` prints them as a
breakdown by phase; on Linux and macOS ``perf_counter`` is a system-wide monotonic
clock, so a parent process can subtract its own launch time from them.
"""

from __future__ import annotations

import time

__all__ = ["mark", "marks", "phases"]

_MARKS: list[tuple[str, float, float]] = []


def mark(name: str) -> None:
    """Record that the phase ``name`` ends now (the first mark of a name wins)."""
    _MARKS.append((name, time.perf_counter(), time.process_time()))


def marks() -> list[tuple[str, float, float]]:
    """Every mark so far, in order: ``(name, perf_counter seconds, CPU seconds)``."""
    return list(_MARKS)


def phases(start: float) -> list[tuple[str, float]]:
    """Each mark's phase as ``(name, seconds since the previous mark)``, the first
    measured from ``start`` (e.g. the launch time a parent process recorded)."""
    out: list[tuple[str, float]] = []
    seen: set[str] = set()
    previous = start
    for name, at, _cpu in _MARKS:
        if name in seen:
            continue
        seen.add(name)
        out.append((name, at - previous))
        previous = at
    return out
