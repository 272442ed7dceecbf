"""When each open document is checked: at once when it is cheap, later when it is not,
one check at a time, always on its newest version, never on the reader thread.

A check runs on one worker thread, so the event loop that reads the editor's
messages keeps answering (hovers, completions) while a large file is checked.
Each change asks for a check after a delay as long as the document's last check
took (none for a small script, up to :data:`MAX_DELAY`): typing in a large file
does not queue a check per keystroke. A change that arrives while its document
is being checked marks it stale; when the running check ends, its result is
dropped and the newest version is checked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from ascend_studio.lsp._check import Outcome
from ascend_studio.lsp._text import Snapshot

__all__ = ["MAX_DELAY", "Scheduler"]

log = logging.getLogger(__name__)

#: The longest a change waits before its check starts (seconds).
MAX_DELAY = 0.5
#: Checks faster than this start at once (seconds).
CHEAP = 0.05

Check = Callable[[Snapshot], Outcome]
Current = Callable[[str], Snapshot | None]
Publish = Callable[[Outcome], None]


@dataclass
class _State:
    timer: asyncio.TimerHandle | None = None
    running: bool = False
    stale: bool = False
    seconds: float = 0.0


class Scheduler:
    """Runs checks for documents by uri; ``current`` gives a document's newest version."""

    def __init__(self, check: Check, current: Current, publish: Publish) -> None:
        self._check, self._current, self._publish = check, current, publish
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ascend-studio-check")
        self._states: dict[str, _State] = {}

    def request(self, uri: str, *, now: bool = False) -> None:
        """Check ``uri`` soon (``now``: without waiting, as on open or a settings change)."""
        state = self._states.setdefault(uri, _State())
        if state.timer is not None:
            state.timer.cancel()
        delay = 0.0 if now or state.seconds < CHEAP else min(state.seconds, MAX_DELAY)
        loop = asyncio.get_running_loop()
        state.timer = loop.call_later(delay, self._start, uri)

    def warm_up(self, work: Callable[[], object]) -> None:
        """Run ``work`` on the checking thread before any check (loading the engine)."""
        self._pool.submit(work)

    def forget(self, uri: str) -> None:
        state = self._states.pop(uri, None)
        if state is not None and state.timer is not None:
            state.timer.cancel()

    def shutdown(self) -> None:
        for state in self._states.values():
            if state.timer is not None:
                state.timer.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _start(self, uri: str) -> None:
        state = self._states.get(uri)
        if state is None:
            return
        state.timer = None
        if state.running:
            state.stale = True
            return
        snapshot = self._current(uri)
        if snapshot is None:
            return
        state.running = True
        future = self._pool.submit(self._check, snapshot)
        loop = asyncio.get_running_loop()
        future.add_done_callback(
            lambda done: loop.call_soon_threadsafe(self._finished, uri, snapshot, done)
        )

    def _finished(self, uri: str, snapshot: Snapshot, future: Future[Outcome]) -> None:
        state = self._states.get(uri)
        if state is None:  # closed meanwhile
            return
        state.running = False
        current = self._current(uri)
        try:
            outcome = future.result()
        except Exception:  # a bug in a check must not end the server; the log says which
            log.exception("checking %s failed", uri)
            outcome = None
        if outcome is not None:
            state.seconds = outcome.seconds
        if state.stale or current is None or current.version != snapshot.version:
            state.stale = False
            if current is not None:
                self.request(uri)
            return
        if outcome is not None:
            self._publish(outcome)
