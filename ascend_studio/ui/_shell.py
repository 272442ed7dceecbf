"""The main window's shell: its widgets, their places, and the layout it remembers.

What ``ui/_window.py`` builds before its first paint: the navigation,
the search bar and the form beside stand-ins of the previews and the diagnostics
list, the status bar, and what works without the document (navigation, search,
language, recent files). Its places are decided before that paint, once: the
window's first size, empty docks where the remembered layout shows them, and the
main splitter's sizes (remembered, or what the form's widest row and the
navigation's widest entry need, ``ui/_places.main_sizes``). The layout is saved
when the window closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QByteArray, QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.ui._form import FormView
from ascend_studio.ui._i18n import QT_TR_NOOP, tr
from ascend_studio.ui._nav import CategoryNav
from ascend_studio.ui._places import (
    DEFAULT_SIZE,
    DIAGNOSTICS_MINIMUM,
    DOCK_MINIMUM,
    MAIN_SHARES,
    PREVIEWS_MINIMUM,
    SIDE_SIZES,
    first_geometry,
    widen_form,
)
from ascend_studio.ui._qtnames import set_enum

if TYPE_CHECKING:
    from collections.abc import Callable

    from ascend_studio.profile import Value
    from ascend_studio.ui._window import MainWindow

__all__ = [
    "DOCKS",
    "DOCK_TITLES",
    "build_shell",
    "default_geometry",
    "place_window",
    "reserve_docks",
    "restore_splitters",
    "restore_state",
    "save_layout",
]

_SPLITTERS = ("main", "side")
#: The docks the part-2 views live in (``make_dock`` names), in the order they are made.
DOCKS = ("inspector", "why", "compare", "machine")
#: Their titles (the installers give the same), shown from the first paint on.
DOCK_TITLES = {
    "inspector": QT_TR_NOOP("Output paths"),
    "why": QT_TR_NOOP("Why"),
    "compare": QT_TR_NOOP("Compare"),
    "machine": QT_TR_NOOP("This machine"),
}


def build_shell(window: MainWindow) -> None:
    """The body and the status bar, wired for what works before the document exists,
    with the targets to choose from and the remembered "hide unavailable"."""
    _build_body(window)
    _build_status(window)
    _connect_shell(window)
    window.controls.fill_targets(window.catalog)
    hide = window.actions_.hide_unavailable
    hide.setChecked(window.settings.flag("hide_unavailable"))
    window.form.set_hide_unavailable(hide.isChecked(), build=False)


def place_window(window: MainWindow) -> None:
    """The remembered geometry (else :func:`default_geometry`) and docks reserved
    where the remembered layout shows them."""
    geometry = window.settings.blob("geometry")
    if geometry is None or not window.restoreGeometry(geometry):
        default_geometry(window)
    reserve_docks(window)


def _build_body(window: MainWindow) -> None:
    window.nav = CategoryNav(window.catalog, window)
    window.form = FormView(window.catalog, window)
    # by keyword: a positional widget makes PySide6 try QSplitter(Qt.Orientation) first,
    # which creates Qt's enum classes (ui/_qtnames.py)
    window.side = QSplitter(parent=window)
    set_enum(window.side, "orientation", "Vertical")
    window.side.setObjectName("splitter:side")
    # stand-ins of the previews and the diagnostics list (see _deferred.build_document)
    for stand_in, minimum in (
        (QTabWidget(window.side), PREVIEWS_MINIMUM),
        (QListWidget(window.side), DIAGNOSTICS_MINIMUM),
    ):
        stand_in.setMinimumSize(minimum)  # the real view's (ui/_places.py)
        window.side.addWidget(stand_in)
    window.side.setSizes(list(SIDE_SIZES))
    center = QWidget(window)
    column = QVBoxLayout(center)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(0)
    column.addWidget(window.controls.search_bar)
    column.addWidget(window.form, 1)
    window.main = QSplitter(parent=window)
    set_enum(window.main, "orientation", "Horizontal")
    window.main.setObjectName("splitter:main")
    for widget in (window.nav, center, window.side):
        window.main.addWidget(widget)
    window.main.setStretchFactor(1, 3)
    window.main.setStretchFactor(2, 2)
    window.main.setSizes(list(MAIN_SHARES))
    _KeepWidths(window)
    window.setCentralWidget(window.main)


class _KeepWidths(QObject):
    """The main splitter resized (the window grown from a small first size, or shrunk to
    a laptop screen's 1280 px) gives the navigation and the form the widths they need
    where it has room for them, the previews giving way: it shared the change by its
    stretch factors, and the navigation stayed cut ("Estimator (RunC…") while the form
    got more than it needs."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window.main)
        self.window = window
        window.main.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Resize
            and isinstance(event, QResizeEvent)
            and event.size().width() != event.oldSize().width()
            and self.window.isVisible()
        ):
            # after the splitter has shared out its new width (it does once this returns)
            QTimer.singleShot(0, self, lambda: keep_widths(self.window))
        return False


def keep_widths(window: MainWindow) -> None:
    """Widen the navigation or the form to what it needs, where the splitter left it
    short: from the previews, or with a side dock open, as opening it did."""
    nav, form = window.main.sizes()[:2]
    needs = window.form.needed_width()
    if nav >= window.nav.needed_width() and form >= needs:
        return
    # docks exist once the document does, or where a remembered layout reserved them
    # (looking for them before the first paint cost it about 1 ms of PySide6's classes)
    if window.is_built() or window.settings.blob("state") is not None:
        from ascend_studio.ui._dock_parts import fit_beside_open_dock, side_dock_open

        if side_dock_open(window):
            fit_beside_open_dock(window)
            return
    widen_form(window, window.main.width(), needs)


def _build_status(window: MainWindow) -> None:
    window.counts_label = QLabel(window)
    window.counts_label.setObjectName("status:counts")
    window.file_label = QLabel(window)
    window.file_label.setObjectName("status:file")
    window.fix_all_button = QToolButton(window)
    window.fix_all_button.setObjectName("status:fixall")
    window.fix_all_button.setDefaultAction(window.actions_.fix_all_safe)
    set_enum(window.fix_all_button, "toolButtonStyle", "ToolButtonTextOnly")
    window.fix_all_button.setVisible(False)  # while there is a safe fix to apply
    window.statusBar().addWidget(window.counts_label, 1)
    window.statusBar().addPermanentWidget(window.fix_all_button)
    window.statusBar().addPermanentWidget(window.file_label)


def _connect_shell(window: MainWindow) -> None:
    """What works before the document exists: navigation, search, language."""
    a, c = window.actions_, window.controls
    window.form.category_scrolled.connect(window.nav.select_quietly)
    window.nav.category_chosen.connect(window.form.scroll_to_section)
    a.quit.triggered.connect(window.close)
    a.find.triggered.connect(window.focus_search)
    a.hide_unavailable.toggled.connect(window._hide_unavailable)
    a.clear_recent.triggered.connect(window._clear_recent)
    a.undo.setEnabled(False)
    a.redo.setEnabled(False)
    c.search.textChanged.connect(lambda _t: window.apply_filter())
    for button in c.filters.values():
        button.toggled.connect(lambda _on: window.apply_filter())
    c.reapply.clicked.connect(window.apply_filter)
    c.language.activated.connect(lambda _i: window.set_language(c.language.currentData()))
    _keep_until_document(window)


def _keep_until_document(window: MainWindow) -> None:
    """What the user does to the document before it exists is done once it does, in
    order: a value typed into the first rows, a target chosen, a file action (Ctrl+S).

    The first rows and the toolbar work from the first paint; the document is built a
    few turns of the event loop later (``ui/_deferred.py``), and an edit made between
    the two was dropped while its field went on showing it (the profile, the previews
    and a save did not have it). They are done right after the file named on the
    command line is opened (``ui/_app.py``): an edit typed meanwhile goes into that
    file's document, not into one the file then replaces."""
    a, c, form = window.actions_, window.controls, window.form

    def later(do: Callable[[], object]) -> None:
        if not window.is_built():  # once it is, the document's own connections do it
            window.after_start(do)

    # ui/_edits.py comes with the document
    def edit(path: str, value: Value | None, merge: bool) -> None:
        def do() -> None:
            from ascend_studio.ui import _edits

            _edits.edit_value(window, path, value, merge)

        later(do)

    def change_target() -> None:
        def do() -> None:
            from ascend_studio.ui import _edits

            _edits.change_target(window)

        later(do)

    def close_merge() -> None:  # the model is the document's: looked up when it exists
        window.model.close_merge()

    form.edited.connect(edit)
    form.finished.connect(lambda: later(close_merge))
    form.file_edit_requested.connect(lambda path: later(lambda: window.companions.open(path)))
    c.product.activated.connect(lambda _i: change_target())
    c.scenario.activated.connect(lambda _i: change_target())
    c.surface.activated.connect(lambda _i: change_target())
    c.release.activated.connect(lambda _i: change_target())
    for action in (a.new, a.open, a.save, a.save_as, a.import_script, a.export):
        action.triggered.connect(lambda _checked=False, action=action: later(action.trigger))


def default_geometry(window: MainWindow) -> None:
    """No remembered geometry: a size that fits the screen (ui/_places.py)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(DEFAULT_SIZE)
        return
    place = first_geometry(screen.availableGeometry())
    window.resize(place.size())
    window.move(place.topLeft())


def restore_state(window: MainWindow) -> None:
    """Dock layout (after the docks exist), unless :func:`reserve_docks` restored it
    before the first paint: again, it undid the room made beside a side dock then."""
    _side_docks_full_height(window)
    state = window.settings.blob("state")
    if state is not None and not window.docks_restored:
        window.restoreState(state)


def reserve_docks(window: MainWindow) -> None:
    """Empty docks where the remembered layout shows them, before the first paint
    (install_part2 fills them): added after it, an open dock narrowed the form."""
    state = window.settings.blob("state")
    if state is None:  # no dock before the document's (restore_state)
        return
    _side_docks_full_height(window)
    from PySide6.QtWidgets import QDockWidget  # its enums cost a few ms: only when needed

    for name in DOCKS:
        dock = QDockWidget(tr(DOCK_TITLES[name]), window)
        dock.setObjectName(f"dock:{name}")
        stand_in = QWidget(dock)  # the view's minimum: the form keeps its width
        stand_in.setMinimumSize(DOCK_MINIMUM)
        dock.setWidget(stand_in)
        window.addDockWidget(QtCore.Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.hide()
    window.docks_restored = window.restoreState(state)


def _side_docks_full_height(window: MainWindow) -> None:
    """The side docks run the full height; the bottom one stays under the form. (With
    no dock the corners change nothing: the window's first paint, which has none unless
    a remembered layout reserves them, does without ``Qt``, ui/_qtnames.py.)"""
    Qt = QtCore.Qt
    window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)


def restore_splitters(window: MainWindow) -> None:
    """Splitter layout, before the first paint: the remembered one, else shares of
    the window's width that leave the form room for its widest row. The stand-ins
    have the real views' minimum sizes, so the document does not move it."""
    for name in _SPLITTERS:
        blob = window.settings.blob(f"splitter_{name}")
        splitter = window.main if name == "main" else window.side
        if blob is not None and splitter.restoreState(blob):
            continue
        if splitter is window.main and window.settings.blob("state") is not None:
            needs = window.form.needed_width(window.form.body.minimumSizeHint().width())
            widen_form(window, window.main.width(), needs)
    if window.settings.blob("state") is not None:  # a side dock left open: room beside it
        from ascend_studio.ui._dock_parts import fit_beside_open_dock

        fit_beside_open_dock(window)


def save_layout(window: MainWindow) -> None:
    settings = window.settings
    settings.set_blob("geometry", window.saveGeometry())
    settings.set_blob("state", window.saveState())
    settings.set_blob("splitter_main", QByteArray(window.main.saveState()))
    settings.set_blob("splitter_side", QByteArray(window.side.saveState()))
    settings.sync()
