"""Application start: QApplication, language, fonts, main window, recovery."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal, Slot
from PySide6.QtWidgets import QApplication

from ascend_studio import __version__, _dataclass_cache
from ascend_studio._lang import env_language
from ascend_studio._startup import mark
from ascend_studio.schema import CatalogError, shipped_catalog
from ascend_studio.ui._display import NO_DISPLAY_STATUS, display_problem
from ascend_studio.ui._i18n import Language, normalize_language, system_language, tr
from ascend_studio.ui._settings import APP_ID, Settings
from ascend_studio.ui._window import MainWindow

__all__ = [
    "SMOKE_TEST_ENV",
    "CatalogCheck",
    "check_catalog",
    "create_window",
    "ensure_app",
    "run_app",
    "start_app",
]

#: Set (e.g. by packaging CI) to start, show the window once, report and quit.
SMOKE_TEST_ENV = "ASCEND_STUDIO_SMOKE_TEST"


def ensure_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    QCoreApplication.setApplicationName(APP_ID)
    QCoreApplication.setApplicationVersion(__version__)
    QCoreApplication.setOrganizationName(APP_ID)
    app = QApplication([sys.argv[0] if sys.argv else APP_ID, *(argv or [])])
    app.setApplicationDisplayName("Ascend Studio")
    app.setDesktopFileName("ascend-studio")
    mark("QApplication")
    return app


def create_window(
    settings: Settings | None = None, lang: Language | None = None, *, progressive: bool = True
) -> MainWindow:
    """The main window with the remembered (or the system's) language.

    ``progressive``: build the window's shell (and the first form section) now and
    the document, its views and the other sections right after the window first
    paints, so it appears without waiting for them (``ui/_window.py``).
    """
    settings = settings or Settings()
    chosen = lang or settings.language() or system_language()
    catalog = shipped_catalog()
    mark("catalog")
    return MainWindow(catalog, settings, chosen, progressive=progressive)


def start_app(argv: list[str], lang: Language | None = None) -> tuple[QApplication, MainWindow]:
    """The application and its shown main window. Once the window is fully built,
    ``argv``'s file is opened (:func:`open_file`), then, in the next turn, any unsaved
    work a crash left is offered, whether or not a file was named (a recovered document
    replaces the file just opened only if the user says so); once the form's rows near
    the view are built, the shipped catalog is verified on a worker thread (:class:`CatalogCheck`).
    ``lang`` (``ascend-studio --lang zh``): the language of this run, not remembered."""
    files = [a for a in argv if not a.startswith("-")]
    app = ensure_app([a for a in argv if a.startswith("-")])
    window = create_window(lang=lang)
    window.show()
    mark("show")

    def check() -> None:
        CatalogCheck(window, lambda: app.exit(1)).start()

    def session() -> None:
        window.files.offer_recovery()
        # Python code on its thread holds the GIL, which PySide6 keeps while Qt works:
        # started with the row build, it took about 0.2 s of the build's time.
        if window.form.is_settled():
            check()
        else:
            window.form.settled.connect(check)  # emitted once

    # the file first, with the document: what the user did before the document existed
    # is done right after (ui/_shell.py), into it; the offer of a crash's unsaved work
    # (a dialog) in the next turn
    window.after_start(lambda: open_file(window, files))
    window.after_start(lambda: QTimer.singleShot(0, window, session))
    return app, window


def catalog_problem() -> str | None:
    """Validate the shipped catalog in full (the window was drawn from its cache):
    the problem found, or None."""
    from ascend_studio.schema import verify_shipped_catalog

    try:
        verify_shipped_catalog()
    except CatalogError as exc:
        return str(exc)
    finally:
        mark("catalog verified")
    return None


def report_broken_catalog(window: MainWindow, problem: str) -> None:
    """A catalog problem means a broken installation: printed and shown."""
    from ascend_studio.ui import _dialogs

    print(f"ascend-studio: {problem}", file=sys.stderr)
    text = tr("The parameter catalog shipped with Ascend Studio is invalid:\n{error}")
    _dialogs.show_error(window, tr("Broken installation"), text.format(error=problem))


def check_catalog(window: MainWindow) -> bool:
    """:func:`catalog_problem` then :func:`report_broken_catalog`, on this thread."""
    problem = catalog_problem()
    if problem is not None:
        report_broken_catalog(window, problem)
    return problem is None


class CatalogCheck(QObject):
    """Verifies the catalog on a worker thread (reading and validating the files with
    pydantic takes a few hundred ms, which on the GUI thread froze the new window) and
    reports a problem on the GUI thread, then calls ``failed`` (the app quits with 1)."""

    problem_found = Signal(str)

    def __init__(self, window: MainWindow, failed: Callable[[], object]) -> None:
        super().__init__(window)
        self.window = window
        self.failed = failed
        self.problem_found.connect(self._report, QtCore.Qt.ConnectionType.QueuedConnection)

    def start(self) -> threading.Thread:
        worker = threading.Thread(target=self._run, name="catalog check", daemon=True)
        worker.start()
        return worker

    def _run(self) -> None:
        problem = catalog_problem()
        # The start's classes are all defined by now: keep their compiled methods even
        # if the app is killed rather than closed (the exit saves them too).
        cache = _dataclass_cache.installed()
        if cache is not None:
            cache.save()
        if problem is not None:
            with contextlib.suppress(RuntimeError):  # the window has been closed since
                self.problem_found.emit(problem)

    @Slot(str)
    def _report(self, problem: str) -> None:
        report_broken_catalog(self.window, problem)
        self.failed()


def run_app(argv: list[str], lang: str | None = None) -> int:
    """Entry point of ``ascend-studio`` without a subcommand; ``argv`` may hold a file,
    ``lang`` is a ``--lang`` given before it."""
    chosen = normalize_language(lang) if lang else None
    problem = display_problem(argv, lang=chosen or env_language() or "en")
    if problem is not None and QApplication.instance() is None:
        print(problem, file=sys.stderr)
        return NO_DISPLAY_STATUS
    app, window = start_app(argv, chosen)
    if os.environ.get(SMOKE_TEST_ENV):
        return _smoke_test(app, window)
    return app.exec()


def open_file(window: MainWindow, files: list[str]) -> None:
    """Open the first of ``files`` (a start's command line), if any."""
    if files:
        window.files.load(Path(files[0]))


def _smoke_test(app: QApplication, window: MainWindow) -> int:
    """Let the event loop show the window, then report what was built and quit."""
    seen: list[bool] = []

    def check() -> None:
        seen.append(window.isVisible() and window.windowHandle() is not None)
        app.quit()

    QTimer.singleShot(0, check)
    app.exec()
    shown = bool(seen and seen[0])
    print(
        f"ascend-studio {__version__}: main window {'shown' if shown else 'NOT shown'}, "
        f"{len(shipped_catalog().params)} parameters in the catalog, "
        f"platform {QApplication.platformName()}"
    )
    return 0 if shown else 1
