"""Compare the current profile with another one; take values over, undoably."""

from ascend_studio.ui.compare._diff import (
    ABSENT,
    ENV_CATEGORY,
    OTHER_CATEGORY,
    Absent,
    Difference,
    apply_changes,
    diff_profiles,
)
from ascend_studio.ui.compare._install import install_compare
from ascend_studio.ui.compare._view import CompareView

__all__ = [
    "ABSENT",
    "ENV_CATEGORY",
    "OTHER_CATEGORY",
    "Absent",
    "CompareView",
    "Difference",
    "apply_changes",
    "diff_profiles",
    "install_compare",
]
