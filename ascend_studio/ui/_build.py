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

#: Time per slice, rows made and shown: half of a 16 ms frame. The layout and paint
#: that follow and the keystroke that waited for them fit in the other half.
SLICE_SECONDS = 0.008


class BuildQueue:
    """The paths still to build, in display order; each is handed out once.

    A slice stops before the row that would take it past its budget (by the cost
    per row seen so far), so it stays within the budget unless one row alone is
    over it; it always builds at least one row, so the build always advances.
    """

    def __init__(
        self,
        paths: Iterable[str],
        clock: Callable[[], float] = time.perf_counter,
        budget: float = SLICE_SECONDS,
    ) -> None:
        self._pending: dict[str, None] = dict.fromkeys(paths)  # ordered set
        self.clock = clock
        self.budget = budget
        #: Seconds to make a row, and to show a slice's rows: means of the last slices.
        self.row_cost = 0.0
        self.finish_cost = 0.0

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

    def run_slice(
        self,
        build: Callable[[str], object],
        first: Iterable[str] = (),
        finish: Callable[[], object] | None = None,
        rest: bool = True,
        share: float = 1.0,
    ) -> list[str]:
        """Build ``first`` (those still pending), then the rest in order (unless not
        ``rest``), while the next row and ``finish`` (showing the slice's rows) fit in
        ``share`` of the budget."""
        budget = self.budget * share
        start = self.clock()
        urgent = [p for p in dict.fromkeys(first) if p in self._pending]
        done: list[str] = []
        for path in [*urgent, *self._pending] if rest else urgent:
            if path not in self._pending:
                continue
            spent = self.clock() - start
            if done and spent + self.row_cost + self.finish_cost > budget:
                break
            del self._pending[path]
            build(path)
            done.append(path)
        made = self.clock()
        if finish is not None:
            finish()
        self.learn(len(done), made - start, self.clock() - made)
        return done

    def learn(self, rows: int, making: float, showing: float) -> None:
        """Take the costs of ``rows`` rows built outside a slice (the first view's rows,
        built before the first paint): the first slice then keeps its budget too (it
        built rows until it had spent it, then showed them all: ~30 ms)."""
        if rows:
            self.row_cost = _mean(self.row_cost, making / rows)
            self.finish_cost = _mean(self.finish_cost, showing)


def _mean(old: float, new: float) -> float:
    """A running mean that follows the machine's current speed."""
    return new if not old else (old + new) / 2
