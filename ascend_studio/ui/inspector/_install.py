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
) -> QDockWidget:
    """A dock with a translated title and a toggle in the View menu."""
    dock = QDockWidget(window)
    dock.setObjectName(f"dock:{name}")
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
    menu = window.actions_.menus.get("view")
    if menu is not None:
        menu.addAction(dock.toggleViewAction())
    follow_language(dock, window, lambda _lang: dock.setWindowTitle(title()))
    return dock


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
