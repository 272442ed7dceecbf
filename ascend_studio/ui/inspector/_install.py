"""Put the inspector into its dock in the main window, wired to the document.

The dock itself (title, View-menu toggle) is made by ``ui/_docks.py``, which calls
this the first time the inspector is needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio.ui._dock_parts import fill_dock, follow_language, make_dock
from ascend_studio.ui.inspector._view import InspectorView

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["follow_language", "install_inspector", "make_dock"]


def install_inspector(window: MainWindow) -> InspectorView:
    view = InspectorView(window.catalog, window.model.profile, parent=window)
    fill_dock(window, "inspector", view)
    window.model.profile_changed.connect(view.set_profile)
    view.parameter_activated.connect(window.reveal)
    follow_language(view, window, view.set_language)
    return view
