"""Screenshots of the screen at the window's first paint and once every part is built.

    python scripts/screenshots_first_paint.py --out DIR   # under xvfb-run if needed
    ASCEND_SHOT_SCREEN=1920x1080 python scripts/screenshots_first_paint.py --out DIR

The window starts as the app starts it (the shell first, the document after its
first paint) with no remembered layout, in Chinese and in English, and the
screen is grabbed from the X server right after the first paint
(``first-paint-LANG.png``) and once the start is done, the rows near the view
built (``built-LANG.png``): compare the two to see whether anything moved. A
second start with the Why dock left open is shot the same way
(``...-LANG-docked.png``). Settings go to a
temporary directory; ``docs/`` is not written unless asked with ``--out docs``.
"""

from __future__ import annotations

import os
from pathlib import Path

import _shots

SCREEN = tuple(int(n) for n in os.environ.get("ASCEND_SHOT_SCREEN", "1280x800").split("x"))


def _grab(out: Path, name: str, written: list[Path]) -> None:
    from PySide6.QtWidgets import QApplication

    path = out / name
    if not QApplication.primaryScreen().grabWindow(0).save(str(path)):
        raise SystemExit(f"screenshots: could not write {path}")
    written.append(path)


def _forget(names: tuple[str, ...]) -> None:
    from PySide6.QtCore import QByteArray

    from ascend_studio.ui._settings import Settings

    for name in names:
        Settings().set_blob(name, QByteArray())


def _start(lang: str, suffix: str, out: Path, written: list[Path]) -> object:
    """Start a window, grab the screen at its first paint and once it is all built."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from ascend_studio.ui._app import create_window
    from ascend_studio.ui._settings import Settings

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and not painted:
                painted.append(True)  # grabbed before the document is built:
                QTimer.singleShot(0, lambda: _grab(out, f"first-paint-{lang}{suffix}.png", written))
            return False

    painted: list[bool] = []
    window = create_window(Settings(), lang, progressive=True)  # type: ignore[arg-type]
    spy = FirstPaint(window)
    window.installEventFilter(spy)  # called before the window's own filter
    window.show()
    while not (window.is_built() and window.form.is_settled()):
        QApplication.processEvents()
    for _ in range(20):
        QApplication.processEvents()
    _grab(out, f"built-{lang}{suffix}.png", written)
    return window


def _shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication, QDockWidget

    from ascend_studio.profile import Profile
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._window import MainWindow

    ensure_app()
    written: list[Path] = []
    for lang in ("zh", "en"):
        _forget(("geometry", "state", "splitter_main", "splitter_side"))  # a first start
        window = _start(lang, "", out, written)
        assert isinstance(window, MainWindow)
        dock = window.findChild(QDockWidget, "dock:why")
        assert dock is not None
        dock.toggleViewAction().trigger()
        for _ in range(5):
            QApplication.processEvents()
        window.model.replace(Profile(), None, saved=Profile())
        window.close()
        _forget(("geometry", "splitter_main", "splitter_side"))  # the dock only is remembered
        docked = _start(lang, "-docked", out, written)
        assert isinstance(docked, MainWindow)
        docked.model.replace(Profile(), None, saved=Profile())
        docked.close()
    return written


if __name__ == "__main__":
    raise SystemExit(_shots.run(__file__, __doc__.splitlines()[0], (SCREEN[0], SCREEN[1]), _shoot))
