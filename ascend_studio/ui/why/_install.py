"""The "why" panel, wired to the document and following the field being edited (its
dock is ``ui/_docks.py``'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QApplication, QWidget

from ascend_studio.ui._ports import Window, follow_language, row_parameter
from ascend_studio.ui.why._panel import WhyPanel

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

__all__ = ["install_why_panel", "row_parameter"]


class _Diagnostics(Protocol):
    @property
    def param_activated(self) -> SignalInstance: ...


class _Window(Window, Protocol):
    """The window, and its diagnostics list: following a finding's parameter there
    shows that parameter here."""

    @property
    def diagnostics(self) -> _Diagnostics: ...


def install_why_panel(window: _Window) -> WhyPanel:
    panel = WhyPanel(window.catalog, window.model.profile, parent=window.as_widget())
    window.model.profile_changed.connect(panel.set_profile)
    panel.parameter_activated.connect(window.reveal)
    window.diagnostics.param_activated.connect(panel.set_parameter)

    def focus_moved(_old: QWidget | None, new: QWidget | None) -> None:
        path = row_parameter(new)
        if path is not None and new is not None and window.as_widget().isAncestorOf(new):
            panel.set_parameter(path)

    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.focusChanged.connect(focus_moved)
        panel.destroyed.connect(lambda: app.focusChanged.disconnect(focus_moved))
    follow_language(panel, window, panel.set_language)
    return panel
