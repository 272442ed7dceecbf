"""The open document: the current profile, its file, and undo over pure edits.

A profile is immutable, so an undo step is just (before, after). Typing into a
field pushes one command per keystroke; consecutive commands with the same
merge key and no ``close_merge()`` in between are folded into one step.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ascend_studio.profile import Profile

__all__ = ["UNDO_LIMIT", "ProfileModel"]

_MERGE_ID = 0x6A5C
#: Undo steps kept (each holds two immutable profiles, ~9 KiB): memory stays bounded
#: in a long session, and 500 steps is far more than anyone walks back.
UNDO_LIMIT = 500


class _EditCommand(QUndoCommand):
    def __init__(
        self, model: ProfileModel, before: Profile, after: Profile, text: str, key: str | None
    ) -> None:
        super().__init__(text)
        self.model = model
        self.before = before
        self.after = after
        self.key = key
        self.generation = model.merge_generation

    def id(self) -> int:
        return _MERGE_ID if self.key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, _EditCommand) or other.key != self.key:
            return False
        if other.generation != self.generation:
            return False
        self.after = other.after
        self.setObsolete(self.after == self.before)
        return True

    def redo(self) -> None:
        self.model._apply(self.after)

    def undo(self) -> None:
        self.model._apply(self.before)


class ProfileModel(QObject):
    """Holds the profile being edited; every change goes through :meth:`edit`."""

    profile_changed = Signal(object)
    file_state_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(UNDO_LIMIT)
        # a document made in the app targets the newest release until the user picks one
        self._profile = Profile(release="newest")
        self._saved = self._profile
        self.path: Path | None = None
        self.merge_generation = 0
        self.undo_stack.indexChanged.connect(self._index_changed)

    @property
    def profile(self) -> Profile:
        return self._profile

    @property
    def saved_profile(self) -> Profile:
        return self._saved

    def is_dirty(self) -> bool:
        return self._profile != self._saved

    def edit(self, after: Profile, text: str, merge_key: str | None = None) -> None:
        """Apply ``after`` as one undoable step (folded into the last one when typing)."""
        if after == self._profile:
            return
        self.undo_stack.push(_EditCommand(self, self._profile, after, text, merge_key))

    def close_merge(self) -> None:
        """End the current typing run: the next edit becomes its own undo step."""
        self.merge_generation += 1

    def replace(self, profile: Profile, path: Path | None, *, saved: Profile) -> None:
        """Start a new document (New/Open/Recover); clears undo history.

        ``saved`` is the baseline for "unsaved changes": what is on disk for
        ``path``, or the fresh profile of a new document.
        """
        self.undo_stack.clear()
        self.path = path
        self._saved = saved
        self._apply(profile)
        self.file_state_changed.emit()

    def mark_saved(self, path: Path) -> None:
        self.path = path
        self._saved = self._profile
        self.undo_stack.setClean()
        self.file_state_changed.emit()

    def _index_changed(self, _index: int) -> None:
        self.file_state_changed.emit()

    def _apply(self, profile: Profile) -> None:
        if profile == self._profile:
            return
        self._profile = profile
        self.profile_changed.emit(profile)
        self.file_state_changed.emit()
