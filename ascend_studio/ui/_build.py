"""Which form rows to build next, in slices that leave the event loop free.

Plain Python (no Qt) so the slicing is tested with an injected clock: a slice
builds rows until its time budget is spent, then returns to the event loop, so a
keystroke waits at most one slice (the budget plus the one row that crossed it).
Rows the user needs now (in view, navigated to, searched for) go first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

__all__ = ["SLICE_SECONDS", "BuildQueue"]

#: Build time per slice: a quarter of a 16 ms frame. Showing the slice's rows and
#: the layout and paint that follow cost about as much again, and the keystroke
#: that waited for all that still has to be handled within the frame.
SLICE_SECONDS = 0.004


class BuildQueue:
    """The paths still to build, in display order; each is handed out once."""

    def __init__(
        self,
        paths: Iterable[str],
        clock: Callable[[], float] = time.perf_counter,
        budget: float = SLICE_SECONDS,
    ) -> None:
        self._pending: dict[str, None] = dict.fromkeys(paths)  # ordered set
        self.clock = clock
        self.budget = budget

    def __len__(self) -> int:
        return len(self._pending)

    def __contains__(self, path: object) -> bool:
        return path in self._pending

    def pending(self) -> list[str]:
        return list(self._pending)

    def take(self, paths: Iterable[str]) -> list[str]:
        """Remove and return those of ``paths`` still pending, in display order."""
        wanted = set(paths)
        taken = [p for p in self._pending if p in wanted]
        for path in taken:
            del self._pending[path]
        return taken

    def run_slice(self, build: Callable[[str], object], first: Iterable[str] = ()) -> list[str]:
        """Build ``first`` (those still pending), then the rest in order, until the
        budget is spent; at least one row per slice, so the build always advances."""
        start = self.clock()
        urgent = [p for p in dict.fromkeys(first) if p in self._pending]
        done: list[str] = []
        for path in [*urgent, *self._pending]:
            if path not in self._pending:
                continue
            del self._pending[path]
            build(path)
            done.append(path)
            if self.clock() - start >= self.budget:
                break
        return done
