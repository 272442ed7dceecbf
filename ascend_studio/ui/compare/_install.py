"""Put the compare view into its dock (opened from the View menu; ``ui/_docks.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio.profile import Profile
from ascend_studio.ui._dock_parts import fill_dock, follow_language
from ascend_studio.ui.compare._view import CompareView

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["install_compare"]


def _saved_version(window: MainWindow) -> Profile | None:
    """None while the document has no file: there is no saved version to compare with."""
    return window.model.saved_profile if window.model.path is not None else None


def install_compare(window: MainWindow) -> CompareView:
    view = CompareView(window.catalog, window)
    view.set_profile(window.model.profile)
    view.set_saved(_saved_version(window))
    fill_dock(window, "compare", view)
    window.model.profile_changed.connect(view.set_profile)
    window.model.file_state_changed.connect(lambda: view.set_saved(_saved_version(window)))
    view.edit_requested.connect(window.model.edit)
    view.parameter_activated.connect(window.reveal)
    follow_language(view, window, view.set_language)
    return view
