"""Apply the profile to the user's own script, and task presets, in the app."""

from ascend_studio.ui.apply._dialogs import ApplyScriptDialog, PresetDialog
from ascend_studio.ui.apply._diffview import SideBySideDiff, align
from ascend_studio.ui.apply._flow import (
    apply_preset_to_document,
    apply_to_script,
    new_from_preset,
    run_dialog,
)
from ascend_studio.ui.apply._install import ApplyActions, install_apply

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
