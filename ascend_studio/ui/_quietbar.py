"""A scroll bar that repaints a few times a second while the form's rows are built.

Every slice of the row build changes the form's height, so the scroll bar's range
changed and it repainted (and the window flushed it) after every slice: about 2 ms of
the ~5 ms each slice pays in the event loop, 10 % of the build. While the build runs
it now repaints at most every ``PERIOD`` seconds (its handle lags that much behind the
growing form), and at once and normally again as soon as anyone uses it (the pointer
comes over it, or its value changes: a wheel, a key, a jump).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QScrollBar

__all__ = ["QuietBar"]

_USED = (QEvent.Type.Enter, QEvent.Type.MouseButtonPress, QEvent.Type.Wheel)


class QuietBar(QObject):
    """Holds back ``bar``'s repaints between :meth:`start` and :meth:`stop`."""

    PERIOD = 0.15

    def __init__(self, bar: QScrollBar, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(bar)
        self.bar = bar
        self.clock = clock
        self.quiet = False
        self._painted_at = 0.0
        bar.valueChanged.connect(lambda _value: self.stop())

    def start(self) -> None:
        if not self.quiet:
            self.quiet = True
            self._painted_at = self.clock()
            self.bar.installEventFilter(self)
            self.bar.setUpdatesEnabled(False)

    def tick(self) -> None:
        """After a slice: let this turn of the event loop paint the bar if it is time."""
        if not self.quiet:
            return
        due = self.clock() - self._painted_at >= self.PERIOD
        if due:
            self._painted_at = self.clock()
        self.bar.setUpdatesEnabled(due)  # enabling it schedules the repaint

    def stop(self) -> None:
        if self.quiet:
            self.quiet = False
            self.bar.removeEventFilter(self)
            self.bar.setUpdatesEnabled(True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _USED:
            self.stop()
        return False
