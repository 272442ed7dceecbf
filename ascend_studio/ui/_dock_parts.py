"""What every dock shares: an empty dock with its title and View-menu toggle, a view put
into it, its share of the window when opened, the language it follows.

The docks' owner (``ui/_docks.py``) makes the shells, calls each view's installer on
first use (``ui/<view>/_install.py``, which builds the view and wires it to the
document) and puts the view into its dock from here. The language a view follows and
the form row the user is on come from ``ui/_ports.py`` (the installers' side).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from ascend_studio.ui._places import DOCK_MINIMUM, FORM_HEIGHT, widen_form
from ascend_studio.ui._ports import follow_language, row_parameter

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = [
    "BOTTOM",
    "PREVIEWS_READABLE",
    "RIGHT",
    "fill_dock",
    "fit_beside_open_dock",
    "follow_language",
    "make_dock",
    "row_parameter",
    "side_dock_open",
]

BOTTOM, RIGHT = Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea


def make_dock(
    window: MainWindow,
    name: str,
    title: Callable[[], str],
    area: Qt.DockWidgetArea,
    *,
    share: float | None = None,
) -> QDockWidget:
    """An empty dock with a translated title and a toggle in the View menu.

    Docks on the same side become tabs, and opening one brings it to the front:
    stacked, Qt squeezed the Why panel to a few pixels under Compare.
    """
    # the window may have made it already, to keep a remembered layout's place for it
    dock = window.findChild(QDockWidget, f"dock:{name}")
    if dock is None:
        dock = QDockWidget(window)
        dock.setObjectName(f"dock:{name}")
        window.addDockWidget(area, dock)
        dock.hide()

    def toggled(shown: bool) -> None:
        if shown:
            _tab_with_open_neighbour(window, dock)
            _opened(window, dock, share)
        else:
            _closed(window)

    dock.toggleViewAction().triggered.connect(toggled)
    menu = window.actions_.menus.get("view")
    if menu is not None:
        menu.addAction(dock.toggleViewAction())
    follow_language(dock, window, lambda _lang: dock.setWindowTitle(title()))
    return dock


def fill_dock(window: QWidget, name: str, widget: QWidget) -> QDockWidget:
    """Put ``widget`` into the dock ``name`` in place of the stand-in a remembered layout
    gave it; its minimum size keeps it usable anywhere."""
    dock = window.findChild(QDockWidget, f"dock:{name}")
    if dock is None:
        raise LookupError(f"no dock {name!r}: make_dock makes it")
    widget.setMinimumSize(DOCK_MINIMUM)
    stand_in = dock.widget()
    dock.setWidget(widget)
    if stand_in is not None:
        stand_in.deleteLater()
    return dock


def _opened(window: MainWindow, dock: QDockWidget, share: float | None = None) -> None:
    """Bring a dock just opened to the front with a fair share of the window: by
    default a third of its height at the bottom (what leaves the form FORM_HEIGHT at
    most), a quarter of its width at the side (Qt sized it by its contents, leaving
    the form or the other docks a sliver)."""
    dock.raise_()
    area = window.dockWidgetArea(dock)
    if area in (Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea):
        height = window.height()
        size = min(int(height * (share or 1 / 3)), max(height - FORM_HEIGHT, DOCK_MINIMUM.height()))
        orientation = Qt.Orientation.Vertical
    else:
        size, orientation = int(window.width() * (share or 1 / 4)), Qt.Orientation.Horizontal
    window.resizeDocks([dock], [size], orientation)
    if area == RIGHT and not dock.isFloating():
        QApplication.sendPostedEvents()  # the layout gives the dock its width first
        _make_room_beside(window, dock)


#: The width below which the previews are no use (a code line of about 35 characters):
#: narrower, they make way for a side dock rather than be squeezed.
PREVIEWS_READABLE = 300


def _make_room_beside(window: MainWindow, dock: QDockWidget) -> None:
    """A side dock where the window is narrow (1280 px): the navigation and the form
    keep the widths they need, and the previews make way when what is left for them
    would be unreadable; the dock gets that width. Squeezed together, the navigation
    cut its names ("Perfo…"), the form scrolled sideways and the previews were 170 px.
    Closing the dock gives the previews back (:func:`_closed`)."""
    main = window.main
    handles = main.handleWidth() * (main.count() - 1)
    nav, form = window.nav.needed_width(), window.form.needed_width()
    width = main.width() + dock.width()  # what the central area and the dock share
    left = width - nav - form - handles - PREVIEWS_READABLE
    if left >= dock.width():
        widen_form(window, main.width(), form)
        return
    room = max(width - nav - form - handles, DOCK_MINIMUM.width())
    window.resizeDocks([dock], [room], Qt.Orientation.Horizontal)
    main.setSizes([nav, max(main.width() - nav - handles, form), 0])


def side_dock_open(window: MainWindow) -> bool:
    """A dock is open at the window's side (not floating)."""
    return any(_on_the_side(window, d, hidden_ok=False) for d in _docks(window))


def fit_beside_open_dock(window: MainWindow) -> None:
    """A side dock a remembered layout reopened, where the navigation or the form lacks
    the width it needs (a layout saved on a larger screen, or without the splitters'):
    the room the View menu's opening would have made (:func:`_make_room_beside`)."""
    dock = next((d for d in _docks(window) if _on_the_side(window, d, hidden_ok=False)), None)
    if dock is None:
        return
    nav, form = window.main.sizes()[:2]
    if nav < window.nav.needed_width() or form < window.form.needed_width():
        _make_room_beside(window, dock)


def _on_the_side(window: MainWindow, dock: QDockWidget, *, hidden_ok: bool = True) -> bool:
    shown = hidden_ok or not dock.isHidden()
    return shown and window.dockWidgetArea(dock) == RIGHT and not dock.isFloating()


def _closed(window: MainWindow) -> None:
    """The last side dock closed: the previews come back at their share."""
    side_open = any(
        d.isVisible() and window.dockWidgetArea(d) == RIGHT and not d.isFloating()
        for d in _docks(window)
    )
    if not side_open and window.main.sizes()[-1] == 0:
        # the width the dock gives back first: measured before it, the splitter shared
        # the dock's old width, the navigation was cut to its floor ("Estimator (RunC…")
        # and the form got the rest when the splitter grew
        QApplication.sendPostedEvents()
        widen_form(window, window.main.width(), window.form.needed_width())


def _tab_with_open_neighbour(window: MainWindow, dock: QDockWidget) -> None:
    """Share the side with an open dock there as tabs (tabified while hidden, Qt left
    a stray tab bar of the hidden dock's title over the menu bar)."""
    area = window.dockWidgetArea(dock)
    open_there = [
        other
        for other in _docks(window)
        if other is not dock
        and other.isVisible()
        and not other.isFloating()
        and window.dockWidgetArea(other) == area
    ]
    if open_there and dock not in window.tabifiedDockWidgets(open_there[0]):
        window.tabifyDockWidget(open_there[0], dock)
        dock.show()


def _docks(window: MainWindow) -> list[QDockWidget]:
    return [d for d in window.findChildren(QDockWidget) if d.objectName().startswith("dock:")]
