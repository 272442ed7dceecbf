"""Path editor: a text field, a browse button and a validity hint.

The path is checked for what would break the job wherever it runs (control
characters, an empty name); whether it exists is only a hint, because the
profile is usually written for another machine.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLineEdit, QToolButton, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui.editors._registry import register
from ascend_studio.ui.editors._scalar import StrEditor

__all__ = ["PathEditor", "path_hint"]


def path_hint(text: str, directory: bool) -> tuple[str, str] | None:
    """(level, message) for a path value, or ``None`` when nothing is worth saying."""
    if any(ord(ch) < 32 for ch in text):
        return "error", tr("The path contains a control character (newline or tab).")
    if not text.strip():
        return "error", tr("The path is blank.")
    expanded = Path(os.path.expandvars(os.path.expanduser(text)))
    if not expanded.is_absolute():
        return "info", tr("Relative paths are resolved from the job's working directory.")
    if not expanded.exists():
        return "info", tr("Not found on this computer (it may exist where the job runs).")
    if directory and not expanded.is_dir():
        return "warning", tr("This is a file, but a directory is expected.")
    return None


@register("path")
class PathEditor(StrEditor):
    """A path; ``variant == "dir"`` browses for directories, anything else for files.

    A file whose format the tool knows (``ascend_studio.companion``) also offers
    "Edit file…"; the row forwards the request to whoever owns the profile.
    """

    #: The user asked to edit the file this parameter points to (its path).
    file_edit_requested = Signal(str)

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.directory = param.variant == "dir"
        self.hint: tuple[str, str] | None = None
        self._hint_action = QAction(self.line)
        self.browse = QToolButton(self)
        self.browse.setObjectName(f"{param.path}:browse")
        self.browse.setText("…")
        self.box.addWidget(self.browse)
        self.browse.clicked.connect(self._browse)
        self.edit_file: QToolButton | None = None
        # the catalog names the format (the companion package knows every one of them)
        if param.variant == "file" and param.file_format is not None:
            self.edit_file = QToolButton(self)
            self.edit_file.setObjectName(f"{param.path}:edit_file")
            self.edit_file.setText(tr("Edit file…"))
            self.edit_file.clicked.connect(lambda: self.file_edit_requested.emit(param.path))
            self.box.addWidget(self.edit_file)
        self.line.textChanged.connect(self._check)
        #: The profile keeps text for this file that the file on disk does not hold.
        self.unsaved = False

    def set_unsaved(self, unsaved: bool) -> None:
        """Say, for as long as it holds, that the file's text is in the profile only."""
        if unsaved != self.unsaved:
            self.unsaved = unsaved
            self._check(self.line.text())

    def _check(self, text: str) -> None:
        self.hint = path_hint(text, self.directory) if text else None
        if self.unsaved:
            self.hint = (
                "warning",
                tr(
                    "Not saved to a file: the text edited with Edit file… is kept in the profile, "
                    "and this path does not hold it on this computer. Edit file… > OK writes it "
                    "where its folder exists; ascend-studio export -o DIR/ writes it next to the "
                    "export."
                ),
            )
        if self.edit_file is not None:
            self.edit_file.setText(
                tr("Edit file… (not saved)") if self.unsaved else tr("Edit file…")
            )
        self.line.removeAction(self._hint_action)
        if self.hint is None:
            return
        level, message = self.hint
        # QStyle's enums cost ~15 ms to create: not before the first paint (ui/_actions.py)
        from PySide6.QtWidgets import QStyle

        icon = {
            "error": QStyle.StandardPixmap.SP_MessageBoxCritical,
            "warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
        }.get(level, QStyle.StandardPixmap.SP_MessageBoxInformation)
        self._hint_action.setIcon(self.style().standardIcon(icon))
        self._hint_action.setToolTip(message)
        self.line.addAction(self._hint_action, QLineEdit.ActionPosition.TrailingPosition)

    def set_language(self, lang: Language) -> None:
        super().set_language(lang)
        self._check(self.line.text())

    def _browse(self) -> None:
        from ascend_studio.ui import _dialogs

        title = tr("Choose a directory") if self.directory else tr("Choose a file")
        chosen = _dialogs.choose_path(self, title, self.line.text(), self.directory)
        if chosen:
            self.line.setText(chosen)
            self._emit()
            self.editing_finished.emit()
