"""Put the inspector into the main window as a dock, wired to the document.

Also home of :func:`follow_language`, which the other part-2 installers use:
the window sets ``window.lang`` before it swaps translators, so a widget that
re-reads it on ``LanguageChange`` needs no hook in the window itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui.inspector._view import InspectorView

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["follow_language", "install_inspector", "make_dock"]

#: The smallest a dock's content may get: a few lines of text plus its controls.
_DOCK_MINIMUM = QSize(240, 220)


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
) -> QDockWidget:
    """A dock with a translated title and a toggle in the View menu.

    Docks on the same side become tabs, and opening one brings it to the front:
    stacked, Qt squeezed the Why panel to a few pixels under Compare. The
    minimum size keeps every dock usable wherever the user drags it.
    """
    dock = QDockWidget(window)
    dock.setObjectName(f"dock:{name}")
    widget.setMinimumSize(_DOCK_MINIMUM)
    dock.setWidget(widget)
    neighbour = next((d for d in _docks(window) if window.dockWidgetArea(d) == area), None)
    window.addDockWidget(area, dock)
    if neighbour is not None:
        window.tabifyDockWidget(neighbour, dock)

    def toggled(shown: bool) -> None:
        if shown:
            _opened(window, dock)

    dock.toggleViewAction().triggered.connect(toggled)
    menu = window.actions_.menus.get("view")
    if menu is not None:
        menu.addAction(dock.toggleViewAction())
    follow_language(dock, window, lambda _lang: dock.setWindowTitle(title()))
    return dock


def _opened(window: MainWindow, dock: QDockWidget) -> None:
    """Bring a dock just opened to the front with a fair share of the window: a
    third of its height at the bottom, a quarter of its width at the side (Qt
    sized it by its contents, leaving the form or the other docks a sliver)."""
    dock.raise_()
    area = window.dockWidgetArea(dock)
    if area in (Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea):
        share, orientation = window.height() // 3, Qt.Orientation.Vertical
    else:
        share, orientation = window.width() // 4, Qt.Orientation.Horizontal
    window.resizeDocks([dock], [share], orientation)


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
    )
    dock.hide()
    window.model.profile_changed.connect(view.set_profile)
    view.parameter_activated.connect(window.reveal)
    follow_language(view, window, view.set_language)
    return view
