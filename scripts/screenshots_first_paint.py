"""Screenshots of the screen at the window's first paint and once every part is built.

    python scripts/screenshots_first_paint.py --out DIR   # under xvfb-run if needed
    ASCEND_SHOT_SCREEN=1920x1080 python scripts/screenshots_first_paint.py --out DIR

The window starts as the app starts it (the shell first, the document after its
first paint) with no remembered layout, in Chinese and in English, and the
screen is grabbed from the X server right after the first paint
(``first-paint-LANG.png``) and after the last row is built (``built-LANG.png``):
compare the two to see whether anything moved. A second start with the Why dock
left open is shot the same way (``...-LANG-docked.png``). Settings go to a
temporary directory; ``docs/`` is not written unless asked with ``--out docs``.
"""

from __future__ import annotations

import os
from pathlib import Path

import _shots

SCREEN = tuple(int(n) for n in os.environ.get("ASCEND_SHOT_SCREEN", "1280x800").split("x"))


def _shoot(out: Path) -> list[Path]:
    from PySide6.QtCore import QByteArray, QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QDockWidget

    from ascend_studio.profile import Profile
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._app import create_window
    from ascend_studio.ui._settings import Settings
    from ascend_studio.ui._window import MainWindow

    app = ensure_app()
    written: list[Path] = []

    def grab(name: str) -> None:
        screen = QApplication.primaryScreen()
        path = out / name
        if not screen.grabWindow(0).save(str(path)):
            raise SystemExit(f"screenshots: could not write {path}")
        written.append(path)

    class FirstPaint(QObject):
        """Grabs the screen once the first paint has reached it."""

        def __init__(self, window: MainWindow, name: str) -> None:
            super().__init__(window)
            self.name = name
            self.done = False
            window.installEventFilter(self)  # called before the window's own filter

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and not self.done:
                self.done = True
                QTimer.singleShot(0, lambda: grab(self.name))  # before the document is built
            return False

    def start(lang: str, suffix: str) -> MainWindow:
        window = create_window(Settings(), lang, progressive=True)  # type: ignore[arg-type]
        FirstPaint(window, f"first-paint-{lang}{suffix}.png")
        window.show()
        while not (window.is_built() and window.form.is_fully_built()):
            app.processEvents()
        for _ in range(20):
            app.processEvents()
        grab(f"built-{lang}{suffix}.png")
        return window

    for lang in ("zh", "en"):
        Settings().set_blob("state", QByteArray())  # no dock left open
        window = start(lang, "")
        dock = window.findChild(QDockWidget, "dock:why")
        assert dock is not None
        dock.toggleViewAction().trigger()
        for _ in range(5):
            app.processEvents()
        window.model.replace(Profile(), None, saved=Profile())
        window.close()
        Settings().set_blob("geometry", QByteArray())  # the size a first start picks
        docked = start(lang, "-docked")
        docked.model.replace(Profile(), None, saved=Profile())
        docked.close()
    return written


if __name__ == "__main__":
    raise SystemExit(_shots.run(__file__, __doc__.splitlines()[0], (SCREEN[0], SCREEN[1]), _shoot))
