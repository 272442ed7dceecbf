"""Start-up phase marks: where the app's first paint goes (Qt-free, stdlib only).

The app calls :func:`mark` at the end of each start-up phase (PySide6 loaded, catalog
read, menus built, first paint...). A mark is a name, a ``time.perf_counter()`` and a
``time.process_time()`` reading (the process's CPU time, steadier than wall time on
a loaded machine) appended to a list: about a microsecond, so the marks stay in the
app whether or not anyone reads them. ``benchmarks/bench_ui.py`` prints them as a
breakdown by phase; on Linux and macOS ``perf_counter`` is a system-wide monotonic
clock, so a parent process can subtract its own launch time from them.

The app's start makes some 53,000 objects the collector tracks, nearly all of them
living as long as it does (modules, PySide6's enum classes, the catalog; a
collection at the first paint finds about 140 unreachable), yet the collector ran
some 70 times over them before the first paint (7-9 ms by ``gc.callbacks``;
``benchmarks/bench_ui.py`` shows the paint 3-6 ms sooner without them, every row
built 10-40 ms sooner). :func:`hold_collection` (the ``ascend-studio`` entry point,
before any import) pauses it; :func:`release_collection` (the window's first paint)
moves what exists then out of the collector's reach (``gc.freeze``: later
collections no longer scan it) and resumes it. A command's process (not the language
server's) holds it the same way until the command's own work starts (``run_cli``).
"""

from __future__ import annotations

import gc
import time

__all__ = ["hold_collection", "mark", "marks", "phases", "release_collection"]

_MARKS: list[tuple[str, float, float]] = []
#: Whether :func:`hold_collection` paused the collector (and nothing resumed it yet).
_HELD: list[bool] = []


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


def hold_collection() -> None:
    """Pause the cyclic garbage collector until :func:`release_collection`."""
    if gc.isenabled() and not _HELD:
        gc.disable()
        _HELD.append(True)


def release_collection() -> None:
    """Resume what :func:`hold_collection` paused, with what exists now frozen; a
    collector nobody paused here is left alone."""
    if _HELD:
        _HELD.clear()
        gc.freeze()
        gc.enable()
