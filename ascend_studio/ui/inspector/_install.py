"""The output-path inspector, wired to the document.

Its dock (title, View-menu toggle) is ``ui/_docks.py``'s, which calls this the first
time the inspector is needed and puts the view into the dock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio.ui._ports import follow_language
from ascend_studio.ui.inspector._view import InspectorView

if TYPE_CHECKING:
    from ascend_studio.ui._ports import Window

__all__ = ["install_inspector"]


def install_inspector(window: Window) -> InspectorView:
    view = InspectorView(window.catalog, window.model.profile, parent=window.as_widget())
    window.model.profile_changed.connect(view.set_profile)
    view.parameter_activated.connect(window.reveal)
    follow_language(view, window, view.set_language)
    return view
