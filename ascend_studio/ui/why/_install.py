"""Put the "why" panel into the main window, following the field being edited."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QWidget

from ascend_studio.ui._dock_parts import fill_dock, follow_language, row_parameter
from ascend_studio.ui.why._panel import WhyPanel

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["install_why_panel", "row_parameter"]


def install_why_panel(window: MainWindow) -> WhyPanel:
    panel = WhyPanel(window.catalog, window.model.profile, parent=window)
    fill_dock(window, "why", panel)
    window.model.profile_changed.connect(panel.set_profile)
    panel.parameter_activated.connect(window.reveal)
    window.diagnostics.param_activated.connect(panel.set_parameter)

    def focus_moved(_old: QWidget | None, new: QWidget | None) -> None:
        path = row_parameter(new)
        if path is not None and new is not None and window.isAncestorOf(new):
            panel.set_parameter(path)

    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.focusChanged.connect(focus_moved)
        panel.destroyed.connect(lambda: app.focusChanged.disconnect(focus_moved))
    follow_language(panel, window, panel.set_language)
    return panel
