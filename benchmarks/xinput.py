"""Real input to the end of the repaint: XTest key events and DAMAGE on an Xvfb.

The benchmark (the driver) starts an ``Xvfb`` for each program it measures and
the program as a child process on it. For each sample the child is told what to
prepare (a field focused, a search typed), the screen is left to settle, then
the driver sends a key through XTest, as a keyboard would, and watches the
screen's DAMAGE events: the time from the key to the last change on the screen
(nothing changes for ``QUIET`` seconds after it) is what the user waits for.
python-xlib speaks both extensions (``pip install python-xlib``).

The child runs :func:`serve`: it reads one command a line on its standard input
and answers ``ready KEYSYM`` once it has prepared, with the key to send.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: Seconds without a change on the screen that end a sample (a repaint comes in
#: pieces a few ms apart; the app's later turns of the event loop within this).
QUIET = 0.15
#: Seconds a sample may take at most (a sample that never settles is cut here).
LONGEST = 5.0


def available() -> str | None:
    """Why real input cannot be measured here, or None when it can."""
    if shutil.which("Xvfb") is None:
        return "no Xvfb (apt-get install xvfb)"
    try:
        import Xlib.ext.damage
        import Xlib.ext.xtest  # noqa: F401
    except ImportError:
        return "no python-xlib (pip install python-xlib)"
    return None


@contextmanager
def xvfb(size: str = "2400x1300x24") -> Iterator[str]:
    """A private X server; yields its display name."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


class Screen:
    """One X display seen from outside: keys in through XTest, changes out through DAMAGE."""

    def __init__(self, display: str) -> None:
        from Xlib import XK, X
        from Xlib import display as xdisplay
        from Xlib.ext import damage, xtest

        self._x, self._xk, self._xtest = X, XK, xtest
        self.display = xdisplay.Display(display)
        root = self.display.screen().root
        self.display.damage_query_version()  # the extension answers nothing before it
        self._damage = root.damage_create(damage.DamageReportRawRectangles)
        self._notify = self.display.extension_event.DamageNotify
        size = self.display.screen()  # the pointer in a corner: no hover, no tooltip
        xtest.fake_input(
            self.display, X.MotionNotify, x=size.width_in_pixels - 1, y=size.height_in_pixels - 1
        )
        self.display.flush()

    def settle(self, quiet: float = 0.06) -> None:
        """Wait until the screen has not changed for ``quiet`` seconds."""
        self._last_change(time.perf_counter(), quiet, first=False)

    def key(self, keysym: str) -> float:
        """Press and release ``keysym``; seconds from the press to the last change."""
        code = self.display.keysym_to_keycode(self._xk.string_to_keysym(keysym))
        start = time.perf_counter()
        self._xtest.fake_input(self.display, self._x.KeyPress, code)
        self._xtest.fake_input(self.display, self._x.KeyRelease, code)
        self.display.flush()
        return self._last_change(start, QUIET, first=True) - start

    def _last_change(self, start: float, quiet: float, first: bool) -> float:
        """The time of the last change after ``start`` once ``quiet`` seconds pass with
        none; ``first``: the quiet time counts from the first change (a key whose work
        takes longer than ``quiet`` paints nothing before it is done)."""
        last = None if first else start
        fd = self.display.fileno()
        while True:
            now = time.perf_counter()
            if now - start > LONGEST:
                return now
            wait = (last if last is not None else now) + quiet - now
            if last is not None and wait <= 0 and not self.display.pending_events():
                return last
            timeout = max(wait, 0) if last is not None else LONGEST
            if self.display.pending_events() or select.select([fd], [], [], timeout)[0]:
                while self.display.pending_events():
                    event = self.display.next_event()
                    if event.type == self._notify:
                        last = time.perf_counter()

    def close(self) -> None:
        self.display.close()


class Program:
    """A child app on its own X server, taking commands (see :func:`serve`)."""

    def __init__(self, code: str, source: Path, display: str, env: dict[str, str]) -> None:
        here = Path(__file__).resolve().parent
        self.child = subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=source,
            env={
                **env,
                "DISPLAY": display,
                "QT_QPA_PLATFORM": "xcb",
                "PYTHONPATH": f"{source}{os.pathsep}{here}",
            },
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.screen = Screen(display)
        self._expect("serving")

    def sample(self, command: str) -> float:
        """Prepare ``command`` in the child, let the screen settle, send its key:
        seconds from the key to the end of the last repaint."""
        assert self.child.stdin is not None
        self.child.stdin.write(command + "\n")
        self.child.stdin.flush()
        keysym = self._expect("ready")
        self.screen.settle()
        return self.screen.key(keysym)

    def _expect(self, word: str) -> str:
        assert self.child.stdout is not None
        for line in self.child.stdout:
            head, _, rest = line.strip().partition(" ")
            if head == word:
                return rest
        raise SystemExit(f"the program ended before it said {word!r} ({self.child.wait()})")

    def close(self) -> None:
        self.screen.close()
        if self.child.stdin is not None:
            self.child.stdin.close()
        try:
            self.child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.child.kill()


def serve(prepare: Callable[[str, int], str], app: Any) -> None:
    """The child's side: for each line ``NAME N`` on standard input, call
    ``prepare(NAME, N)`` (it returns the keysym to send), let the event loop run,
    and answer ``ready KEYSYM``; the event loop keeps running between commands."""
    from PySide6.QtCore import QSocketNotifier

    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)

    def command() -> None:
        line = sys.stdin.readline()
        if not line:
            app.quit()
            return
        name, _, number = line.strip().partition(" ")
        keysym = prepare(name, int(number or 0))
        app.processEvents()
        print("ready", keysym, flush=True)

    notifier.activated.connect(command)
    print("serving", flush=True)
    app.exec()
