"""The open document: the current profile, its file, and undo over pure edits.

A profile is immutable, so an undo step is just (before, after). Typing into a
field folds each keystroke into the step on top of the stack (same merge key, no
``close_merge()`` in between, nothing undone or saved since): the step's ``after``
is replaced here instead of pushing a command for Qt to merge. A command Qt
merges away is deleted inside ``QUndoStack.push``, before PySide6 takes its
ownership, and its Python object (with both profiles) then lived for the rest of
the process: a few KiB per keystroke, never freed.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ascend_studio.profile import Profile

__all__ = ["UNDO_LIMIT", "ProfileModel"]

#: Undo steps kept (each holds two immutable profiles, ~9 KiB): memory stays bounded
#: in a long session, and 500 steps is far more than anyone walks back.
UNDO_LIMIT = 500


class _EditCommand(QUndoCommand):
    """One step: the profile before and after it. Never merged by Qt (its ``id`` is
    the default -1): :meth:`ProfileModel.edit` folds typing into it."""

    def __init__(
        self, model: ProfileModel, before: Profile, after: Profile, text: str, key: str | None
    ) -> None:
        super().__init__(text)
        self.model = model
        self.before = before
        self.after = after
        self.key = key
        self.generation = model.merge_generation

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
        top = self._typing_step(merge_key)
        if top is None:
            self.undo_stack.push(_EditCommand(self, self._profile, after, text, merge_key))
            return
        top.after = after
        self._apply(after)
        if after == top.before:  # typed back to where the step began: no step at all
            top.setObsolete(True)
            self.undo_stack.undo()  # drops an obsolete command without undoing it

    def _typing_step(self, key: str | None) -> _EditCommand | None:
        """The step on top that an edit with merge key ``key`` is folded into, if any:
        the same key and typing run, nothing undone after it (a redo side would be
        dropped) and not the saved state (an edit after a save is a step of its own)."""
        stack = self.undo_stack
        index = stack.index()
        if key is None or index == 0 or index != stack.count() or index == stack.cleanIndex():
            return None
        top = stack.command(index - 1)
        if not isinstance(top, _EditCommand) or top.key != key:
            return None
        return top if top.generation == self.merge_generation else None

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
