"""The docked views (output-path inspector, Why, Compare, This machine): each made on first use.

After the first paint the window gets the docks as empty shells: their
titles, their View-menu toggles (F1 for Why) and their places. A dock's view is
built and wired to the document the first time the dock is shown (from the menu,
by a remembered layout, by a test) or the window asks for it
(``window.inspector``). Built with the document, they made the window wait
about 0.3 s, mostly the path engine and the script importers the inspector
loads, for views most sessions never open.

Until the Why panel exists, the parameter the user was last on (a focused field,
a diagnostic followed) is remembered here, so it opens on it as it did when it
was built up front.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QWidget

from ascend_studio.ui._dock_parts import BOTTOM, RIGHT, fill_dock, make_dock, row_parameter
from ascend_studio.ui._i18n import tr
from ascend_studio.ui._shell import DOCK_TITLES

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["DockedViews"]


# -- the views, built on first use ---------------------------------------------------------------


def _inspector(views: DockedViews) -> QWidget:
    from ascend_studio.ui.inspector._install import install_inspector

    return install_inspector(views.window)


def _why(views: DockedViews) -> QWidget:
    from ascend_studio.ui.why._install import install_why_panel

    panel = install_why_panel(views.window)
    views.stop_tracking()  # the panel follows the focus itself from now on
    if views.last_parameter:
        panel.set_parameter(views.last_parameter)
    return panel


def _compare(views: DockedViews) -> QWidget:
    from ascend_studio.ui.compare._install import install_compare

    return install_compare(views.window)


def _machine(views: DockedViews) -> QWidget:
    from ascend_studio.ui.machine._install import install_machine

    return install_machine(views.window)


#: name: (title, area, share of the window when opened, View-menu shortcut, builder),
#: in the order the docks are made (``DOCKS`` in ``_shell``).
_SHELLS: dict[
    str, tuple[Callable[[], str], Qt.DockWidgetArea, float | None, str, Callable[..., QWidget]]
] = {
    # at 1280x800: what leaves the form five rows (FORM_HEIGHT), seven artifact rows
    "inspector": (lambda: tr(DOCK_TITLES["inspector"]), BOTTOM, 0.45, "", _inspector),
    # the window is wide already; F1 or View > Why opens it
    "why": (lambda: tr(DOCK_TITLES["why"]), RIGHT, None, "F1", _why),
    "compare": (lambda: tr(DOCK_TITLES["compare"]), RIGHT, None, "", _compare),
    # a doctor report of this machine or another; it sets the output-path view's context
    "machine": (lambda: tr(DOCK_TITLES["machine"]), RIGHT, 0.4, "", _machine),
}


class DockedViews(QObject):
    """The docks' shells now, each view the first time it is needed."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._views: dict[str, QWidget] = {}
        #: The parameter the user was last on, for the Why panel once it exists.
        self.last_parameter = ""
        self._tracking = False
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
            self._tracking = True
        window.diagnostics.param_activated.connect(self._followed)
        for name, (title, area, share, keys, _build) in _SHELLS.items():
            dock = make_dock(window, name, title, area, share=share)
            if keys:
                dock.toggleViewAction().setShortcut(QKeySequence(keys))
            dock.visibilityChanged.connect(lambda shown, name=name: shown and self.view(name))
            if not dock.isHidden():  # left open last time: needed now
                self.view(name)

    def view(self, name: str) -> QWidget:
        """The view of the dock ``name``, built (and wired to the document) now if need be."""
        view = self._views.get(name)
        if view is None:
            view = self._views[name] = _SHELLS[name][4](self)
            fill_dock(self.window, name, view)
        return view

    def is_built(self, name: str) -> bool:
        return name in self._views

    def stop_tracking(self) -> None:
        if self._tracking:
            self._tracking = False
            app = QApplication.instance()
            if isinstance(app, QApplication):
                app.focusChanged.disconnect(self._focus_moved)
        self.window.diagnostics.param_activated.disconnect(self._followed)

    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        path = row_parameter(new)
        if path is not None and new is not None and self.window.isAncestorOf(new):
            self.last_parameter = path

    def _followed(self, path: str) -> None:
        self.last_parameter = path
