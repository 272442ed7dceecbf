"""Task presets (Qt-free): data files that answer a task with settings."""

from ascend_studio.presets._apply import (
    NOT_SET,
    Change,
    Kept,
    PresetOutcome,
    Skip,
    apply_preset,
    preset_side,
    shown_value,
)
from ascend_studio.presets._model import (
    Preset,
    PresetEnv,
    PresetError,
    PresetFile,
    PresetSetting,
    load_presets,
    shipped_presets,
)

__all__ = [
    "NOT_SET",
    "Change",
    "Kept",
    "Preset",
    "PresetEnv",
    "PresetError",
    "PresetFile",
    "PresetOutcome",
    "PresetSetting",
    "Skip",
    "apply_preset",
    "load_presets",
    "preset_side",
    "shipped_presets",
    "shown_value",
]
