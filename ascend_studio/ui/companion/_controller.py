"""Opens the companion-file dialog for a parameter and applies its result.

The profile keeps both the path and the file's text (``file_contents``); an
accepted dialog is one undoable edit of both.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from ascend_studio.companion import format_of, read_companions
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._model import ProfileModel

if TYPE_CHECKING:
    from ascend_studio.ui.companion._dialog import CompanionDialog

__all__ = ["CompanionController", "drop_stale_text"]


def drop_stale_text(before: Profile, after: Profile, param: str) -> Profile:
    """``after`` without the kept file text of ``param`` when its path changed: the
    text belonged to the old file, and checking it against the new path would mislead."""
    if param not in after.file_contents or before.values.get(param) == after.values.get(param):
        return after
    texts = {k: v for k, v in after.file_contents.items() if k != param}
    return after.model_copy(update={"file_contents": texts})


class CompanionController(QObject):
    #: Which parameters' kept text is not in the file their path names on this
    #: computer ({parameter: True}); the form marks those rows.
    unsaved_changed = Signal(object)
    #: A short confirmation for the status bar (where OK wrote the file).
    notice = Signal(str)

    def __init__(
        self,
        window: QWidget,
        model: ProfileModel,
        catalog: Catalog,
        language: Callable[[], Language],
    ) -> None:
        super().__init__(window)
        self.window, self.model, self.catalog, self.language = window, model, catalog, language
        self.dialog: CompanionDialog | None = None
        self.unsaved: frozenset[str] = frozenset()
        self._checked: object = None
        model.profile_changed.connect(self._check_files)
        model.file_state_changed.connect(lambda: self._check_files(self.model.profile))

    def _check_files(self, profile: Profile) -> None:
        """Compare each kept text with its file on disk, when the texts, their paths
        or the document's folder changed (not on every edit)."""
        from ascend_studio.ui.companion._write import holds, ok_target

        kept = profile.file_contents
        key = (
            tuple(sorted(kept.items())),
            tuple(str(profile.values.get(p)) for p in sorted(kept)),
            self.folder(),
        )
        if key == self._checked:
            return
        self._checked = key
        unsaved = set()
        for param, text in kept.items():
            value = profile.values.get(param)
            target = ok_target(value, self.folder()) if isinstance(value, str) else None
            if target is None or not holds(target, text):
                unsaved.add(param)
        if frozenset(unsaved) != self.unsaved:
            self.unsaved = frozenset(unsaved)
            self.unsaved_changed.emit(self.unsaved)

    def folder(self) -> Path:
        return self.model.path.parent if self.model.path else Path.cwd()

    def _text(self, param: str, profile: Profile) -> str | None:
        if param in profile.file_contents:
            return profile.file_contents[param]
        value = profile.values.get(param)
        if not isinstance(value, str) or not value.strip():
            return None
        found, _ = read_companions(
            Profile(values={param: value}), [self.folder(), Path.cwd()], catalog=self.catalog
        )
        return found.file_contents.get(param)

    def open(self, param: str) -> None:
        from ascend_studio.ui.companion._dialog import CompanionDialog

        fmt = format_of(self.catalog.param(param)) if self.catalog.has(param) else None
        if fmt is None:
            return
        profile = self.model.profile
        value = profile.values.get(param)
        text = self._text(param, profile)
        self.dialog = CompanionDialog(
            fmt,
            param=param,
            profile=profile,
            path=value if isinstance(value, str) else "",
            text=fmt.template.get(self.language()) if text is None else text,
            folder=self.folder(),
            catalog=self.catalog,
            lang=self.language(),
            parent=self.window,
        )
        self.dialog.accepted.connect(lambda: self._apply(param))
        self.dialog.open()

    def _apply(self, param: str) -> None:
        dialog = self.dialog
        if dialog is None:
            return
        profile = self.model.profile
        path = dialog.path.text().strip()
        after = profile.model_copy(
            update={
                "values": {**profile.values, param: path} if path else profile.values,
                "file_contents": {**profile.file_contents, param: dialog.text()},
            }
        )
        self.model.close_merge()
        self.model.edit(after, tr("Edit file {name}").format(name=param))
        if dialog.written is not None:
            self.notice.emit(tr("Wrote {path}").format(path=dialog.written))
        else:
            self.notice.emit(tr("{name}: the text is kept in the profile only").format(name=param))
