"""Put the inspector into the main window as a dock, wired to the document.

Also home of :func:`follow_language`, which the other part-2 installers use:
the window sets ``window.lang`` before it swaps translators, so a widget that
re-reads it on ``LanguageChange`` needs no hook in the window itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._places import DOCK_MINIMUM
from ascend_studio.ui.inspector._view import InspectorView

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["follow_language", "install_inspector", "make_dock"]


class _LanguageFollower(QObject):
    def __init__(self, watched: QWidget, window: MainWindow, apply: Callable[[Language], None]):
        super().__init__(watched)
        self.window = window
        self.apply = apply
        self.last: Language | None = None
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange and self.window.lang != self.last:
            self.last = self.window.lang
            self.apply(self.window.lang)
        return False


def follow_language(
    watched: QWidget, window: MainWindow, apply: Callable[[Language], None]
) -> None:
    """Call ``apply(window.lang)`` now and whenever the window's language changes."""
    _LanguageFollower(watched, window, apply)
    apply(window.lang)


def make_dock(
    window: MainWindow,
    name: str,
    widget: QWidget,
    title: Callable[[], str],
    area: Qt.DockWidgetArea,
    *,
    share: float | None = None,
) -> QDockWidget:
    """A dock with a translated title and a toggle in the View menu.

    Docks on the same side become tabs, and opening one brings it to the front:
    stacked, Qt squeezed the Why panel to a few pixels under Compare. The
    minimum size keeps every dock usable wherever the user drags it.
    """
    # the window may have made it already, to keep a remembered layout's place for it
    dock = window.findChild(QDockWidget, f"dock:{name}")
    if dock is None:
        dock = QDockWidget(window)
        dock.setObjectName(f"dock:{name}")
        window.addDockWidget(area, dock)
    widget.setMinimumSize(DOCK_MINIMUM)
    stand_in = dock.widget()
    dock.setWidget(widget)
    if stand_in is not None:
        stand_in.deleteLater()

    def toggled(shown: bool) -> None:
        if shown:
            _tab_with_open_neighbour(window, dock)
            _opened(window, dock, share)

    dock.toggleViewAction().triggered.connect(toggled)
    menu = window.actions_.menus.get("view")
    if menu is not None:
        menu.addAction(dock.toggleViewAction())
    follow_language(dock, window, lambda _lang: dock.setWindowTitle(title()))
    return dock


def _opened(window: MainWindow, dock: QDockWidget, share: float | None = None) -> None:
    """Bring a dock just opened to the front with a fair share of the window: by
    default a third of its height at the bottom, a quarter of its width at the
    side (Qt sized it by its contents, leaving the form or the other docks a sliver)."""
    dock.raise_()
    area = window.dockWidgetArea(dock)
    if area in (Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea):
        size, orientation = int(window.height() * (share or 1 / 3)), Qt.Orientation.Vertical
    else:
        size, orientation = int(window.width() * (share or 1 / 4)), Qt.Orientation.Horizontal
    window.resizeDocks([dock], [size], orientation)


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


def install_inspector(window: MainWindow) -> InspectorView:
    view = InspectorView(window.catalog, window.model.profile, parent=window)
    dock = make_dock(
        window,
        "inspector",
        view,
        lambda: tr("Output paths"),
        Qt.DockWidgetArea.BottomDockWidgetArea,
        share=0.45,  # eight artifact rows and the path field at 1280x800
    )
    dock.hide()
    window.model.profile_changed.connect(view.set_profile)
    view.parameter_activated.connect(window.reveal)
    follow_language(view, window, view.set_language)
    return view
