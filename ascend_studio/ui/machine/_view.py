"""The "This machine" view: what doctor found on this machine, or on another one.

"Read this machine" runs doctor here (off the GUI thread: ``npu-smi`` may take a
moment) for the profile being edited; "Open report…" reads a file written by
``ascend-studio doctor --json`` on the NPU server. Either way the report's working
directory, home, device id and environment are handed to the output-path view
(``context_ready``), so its chains resolve as they would on that machine.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.doctor import DoctorDocument, counts, live_document, read_document_file
from ascend_studio.profile import Profile
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, plural, tr
from ascend_studio.ui.machine._tables import fill_env, fill_installed, fill_paths, findings_html

__all__ = ["MachineView"]

#: (object name, header labels) of the four tables, in tab order.
_TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("installed", (QT_TR_NOOP("Component"), QT_TR_NOOP("Version and where"))),
    ("environment", (QT_TR_NOOP("Variable"), QT_TR_NOOP("Value"), QT_TR_NOOP("Set by"))),
    ("paths", (QT_TR_NOOP("Output"), QT_TR_NOOP("State"), QT_TR_NOOP("Free"), QT_TR_NOOP("Path"))),
)
_TAB_TITLES = (
    QT_TR_NOOP("Findings"),
    QT_TR_NOOP("Installed"),
    QT_TR_NOOP("Environment"),
    QT_TR_NOOP("Output folders"),
)
_POLL_MS = 50


class MachineView(QWidget):
    #: A report was shown (a :class:`DoctorDocument`).
    loaded = Signal(object)
    #: The report's context, for the output-path view (a :class:`DoctorDocument`).
    context_ready = Signal(object)
    #: Reading failed; the one-line reason.
    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("machine")
        self.lang: Language = "en"
        self.document: DoctorDocument | None = None
        self.origin = ""  # "live" or the report's file name
        self.profile_source: Callable[[], Profile] = Profile
        self._future: Future[DoctorDocument] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(_POLL_MS)
        self._timer.timeout.connect(self._poll)
        self.read_button = QPushButton(self)
        self.read_button.setObjectName("machine:read")
        self.read_button.clicked.connect(self.read_live)
        self.open_button = QPushButton(self)
        self.open_button.setObjectName("machine:open")
        self.open_button.clicked.connect(self._choose_report)
        self.status = QLabel(self)
        self.status.setObjectName("machine:status")
        self.status.setWordWrap(True)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("machine:tabs")
        self.findings = QTextBrowser(self)
        self.findings.setObjectName("machine:findings")
        self.findings.setOpenLinks(False)
        self.tabs.addTab(self.findings, "")
        self.trees: dict[str, QTreeWidget] = {}
        for name, _ in _TABLES:
            tree = QTreeWidget(self)
            tree.setObjectName(f"machine:{name}")
            tree.setRootIsDecorated(False)
            tree.setUniformRowHeights(True)
            self.trees[name] = tree
            self.tabs.addTab(tree, "")
        self._build_layout()
        self.set_language(self.lang)

    def _build_layout(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.read_button)
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.tabs, 1)

    # -- language -------------------------------------------------------------------------
    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self.read_button.setText(tr("Read this machine"))
        self.read_button.setToolTip(
            tr("Run doctor here: installed software, environment, and every output folder checked")
        )
        self.open_button.setText(tr("Open doctor report…"))
        self.open_button.setToolTip(
            tr("A report written by `ascend-studio doctor --json` on the NPU server")
        )
        for index, title in enumerate(_TAB_TITLES):
            self.tabs.setTabText(index, tr(title))
        for name, headers in _TABLES:
            self.trees[name].setHeaderLabels([tr(h) for h in headers])
        self._show()

    # -- reading --------------------------------------------------------------------------
    def read_live(self) -> None:
        """Run doctor on this machine in the background; ``loaded`` when done."""
        if self._future is not None:
            return
        self.read_button.setEnabled(False)
        self.status.setText(tr("Reading this machine…"))
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="doctor")
        self._future = executor.submit(live_document, self.profile_source())
        executor.shutdown(wait=False)
        self._timer.start()

    def _poll(self) -> None:
        future = self._future
        if future is None or not future.done():
            return
        self._timer.stop()
        self._future = None
        self.read_button.setEnabled(True)
        try:
            document = future.result()
        except Exception as exc:  # a bug must not take the window down: say it
            self._fail(f"{type(exc).__name__}: {exc}")
            return
        self.show_document(document, "live")

    def open_report(self, path: str) -> bool:
        """Show the report in ``path``; False (and ``failed``) when it cannot be read."""
        try:
            document = read_document_file(path)
        except ValueError as exc:
            self._fail(str(exc))
            return False
        self.show_document(document, os.path.basename(path))
        return True

    def _choose_report(self) -> None:
        path = _dialogs.choose_path(self, tr("Open doctor report"), os.getcwd(), directory=False)
        if path:
            self.open_report(path)

    def _fail(self, reason: str) -> None:
        self.status.setText(tr("Could not read the report: {reason}").format(reason=reason))
        self.failed.emit(reason)

    # -- showing --------------------------------------------------------------------------
    def show_document(self, document: DoctorDocument, origin: str) -> None:
        self.document, self.origin = document, origin
        self._show()
        self.loaded.emit(document)
        self.context_ready.emit(document)

    def _summary(self, doc: DoctorDocument) -> str:
        m = doc.machine
        found = counts(doc.findings)
        where = (
            tr("This machine")
            if self.origin == "live"
            else tr("Report {file}").format(file=self.origin)
        )
        tally = ", ".join(
            (
                plural(found["error"], QT_TR_NOOP("{count} error"), QT_TR_NOOP("{count} errors")),
                plural(
                    found["warning"], QT_TR_NOOP("{count} warning"), QT_TR_NOOP("{count} warnings")
                ),
            )
        )
        return tr(
            "{where}: {host}, user {user}, read {when}: {tally}. The output-path view now uses "
            "its working directory, home, device id and environment."
        ).format(
            where=where, host=m.process.hostname, user=m.process.user, when=m.taken_at, tally=tally
        )

    def _show(self) -> None:
        doc = self.document
        if doc is None:
            self.status.setText(
                tr("Read this machine, or open a report written by `ascend-studio doctor --json`.")
            )
            self.findings.clear()
            for tree in self.trees.values():
                tree.clear()
            return
        self.status.setText(self._summary(doc))
        self.findings.setHtml(findings_html(doc, self.lang))
        fill_installed(self.trees["installed"], doc, self.lang)
        fill_env(self.trees["environment"], doc)
        fill_paths(self.trees["paths"], doc, self.lang)
        for tree in self.trees.values():
            tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
            for column in range(tree.columnCount() - 1):  # the last one takes the rest
                tree.resizeColumnToContents(column)
