"""The compare view, wired to the document (its dock, opened from the View menu, is
``ui/_docks.py``'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio.profile import Profile
from ascend_studio.ui._ports import follow_language
from ascend_studio.ui.compare._view import CompareView

if TYPE_CHECKING:
    from ascend_studio.ui._ports import Window

__all__ = ["install_compare"]


def _saved_version(window: Window) -> Profile | None:
    """None while the document has no file: there is no saved version to compare with."""
    return window.model.saved_profile if window.model.path is not None else None


def install_compare(window: Window) -> CompareView:
    view = CompareView(window.catalog, window.as_widget())
    view.set_profile(window.model.profile)
    view.set_saved(_saved_version(window))
    window.model.profile_changed.connect(view.set_profile)
    window.model.file_state_changed.connect(lambda: view.set_saved(_saved_version(window)))
    view.edit_requested.connect(window.model.edit)
    view.parameter_activated.connect(window.reveal)
    follow_language(view, window, view.set_language)
    return view
