"""Apply the profile to the user's own script, and task presets, in the app.

Only the menu actions load with the window; the flows and dialogs (and libcst,
which reads the user's script) load when an action is first used.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ascend_studio.ui.apply._install import ApplyActions, install_apply

if TYPE_CHECKING:
    from ascend_studio.ui.apply._dialogs import ApplyScriptDialog, PresetDialog
    from ascend_studio.ui.apply._diffview import SideBySideDiff, align
    from ascend_studio.ui.apply._flow import (
        apply_preset_to_document,
        apply_to_script,
        new_from_preset,
        run_dialog,
    )

__all__ = [
    "ApplyActions",
    "ApplyScriptDialog",
    "PresetDialog",
    "SideBySideDiff",
    "align",
    "apply_preset_to_document",
    "apply_to_script",
    "install_apply",
    "new_from_preset",
    "run_dialog",
]

_LATER = {
    "ApplyScriptDialog": "_dialogs",
    "PresetDialog": "_dialogs",
    "SideBySideDiff": "_diffview",
    "align": "_diffview",
    "apply_preset_to_document": "_flow",
    "apply_to_script": "_flow",
    "new_from_preset": "_flow",
    "run_dialog": "_flow",
}


def __getattr__(name: str) -> Any:
    """The flows and dialogs, imported on first use."""
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_LATER[name]}"), name)
