"""The app's export also writes the companion files the profile keeps.

Asked, never silent: the user agrees to write them next to the export, and again
before any existing file is replaced.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from ascend_studio.companion import plan_companions
from ascend_studio.profile import Profile
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import tr

__all__ = ["Bundle", "companion_bundle"]

#: The profile to export and the companion files to write: (target, text).
Bundle = tuple[Profile, list[tuple[Path, str]]]


def companion_bundle(parent: QWidget, profile: Profile, fmt: str, target: Path) -> Bundle | None:
    """What to export to ``target``; None when the user cancelled the export."""
    exported, planned = plan_companions(profile, target.parent, python=fmt in ("py", "sess"))
    if not planned:
        return profile, []
    names = ", ".join(path.name for _, path, _ in planned)
    question = tr("Also write the files this profile keeps next to the export ({names})?")
    if not _dialogs.confirm(parent, tr("Export"), question.format(names=names)):
        return profile, []
    existing = ", ".join(str(path) for _, path, _ in planned if path.exists())
    if existing and not _dialogs.confirm(
        parent, tr("Export"), tr("Replace the existing {names}?").format(names=existing)
    ):
        return None
    return exported, [(path, text) for _, path, text in planned]
