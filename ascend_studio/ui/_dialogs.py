"""Every modal dialog the app opens, as plain functions.

Widgets never construct message boxes or file dialogs themselves; they call
these. Tests replace them (monkeypatch) so no modal loop ever blocks a run.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from pathlib import Path

from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMessageBox,
    QWidget,
)

from ascend_studio.ui._autosave import Recovery
from ascend_studio.ui._i18n import QT_TR_NOOP, tr
from ascend_studio.ui._recovery import RecoveryChoice, RecoveryDialog

__all__ = [
    "ChangedOnDiskChoice",
    "RecoveryChoice",
    "SaveChoice",
    "ask_changed_on_disk",
    "ask_open_path",
    "ask_save_changes",
    "ask_save_path",
    "choose_item",
    "choose_path",
    "choose_recovery",
    "confirm",
    "show_error",
    "show_info",
]

PROFILE_FILTER = QT_TR_NOOP("Ascend Studio profile (*.ascend.json *.json);;All files (*)")
SCRIPT_FILTER = QT_TR_NOOP("Python or shell script (*.py *.sh *.bash *.env *.txt);;All files (*)")
#: File > Open reads a profile or imports a script (through the review).
OPEN_FILTER = QT_TR_NOOP(
    "Profile or script (*.json *.py *.sh *.bash *.env *.txt);;"
    "Ascend Studio profile (*.ascend.json *.json);;"
    "Python or shell script (*.py *.sh *.bash *.env *.txt);;All files (*)"
)


class SaveChoice(Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def ask_save_changes(parent: QWidget | None, name: str) -> SaveChoice:
    buttons = (
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel
    )
    answer = QMessageBox.question(
        parent,
        tr("Unsaved changes"),
        tr("Save the changes to {name}?").format(name=name),
        buttons,
        QMessageBox.StandardButton.Save,
    )
    if answer == QMessageBox.StandardButton.Save:
        return SaveChoice.SAVE
    if answer == QMessageBox.StandardButton.Discard:
        return SaveChoice.DISCARD
    return SaveChoice.CANCEL


class ChangedOnDiskChoice(Enum):
    OVERWRITE = "overwrite"
    SAVE_AS = "save_as"
    CANCEL = "cancel"


def ask_changed_on_disk(parent: QWidget | None, name: str) -> ChangedOnDiskChoice:
    """The file was written by someone else since this window opened or saved it."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(tr("File changed on disk"))
    box.setText(
        tr(
            "{name} was changed on disk by another window or command since you opened "
            "or saved it here. Saving now would replace those changes."
        ).format(name=name)
    )
    overwrite = box.addButton(tr("Overwrite"), QMessageBox.ButtonRole.DestructiveRole)
    save_as = box.addButton(tr("Save As…"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.exec()
    clicked = box.clickedButton()
    if clicked is overwrite:
        return ChangedOnDiskChoice.OVERWRITE
    if clicked is save_as:
        return ChangedOnDiskChoice.SAVE_AS
    return ChangedOnDiskChoice.CANCEL


def choose_recovery(
    parent: QWidget | None, recoveries: Sequence[Recovery]
) -> tuple[RecoveryChoice, int]:
    """Which unsaved work (``recoveries``, newest first) to recover or discard now."""
    dialog = RecoveryDialog(parent, recoveries)
    dialog.exec()
    return dialog.choice, dialog.index()


def confirm(parent: QWidget | None, title: str, text: str) -> bool:
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    answer = QMessageBox.question(parent, title, text, buttons, QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def show_error(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.critical(parent, title, text)


def show_info(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


def ask_open_path(
    parent: QWidget | None, title: str, start: str, scripts: bool = False
) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(
        parent, title, start, tr(SCRIPT_FILTER if scripts else OPEN_FILTER)
    )
    return Path(name) if name else None


def ask_save_path(
    parent: QWidget | None, title: str, start: str, filters: str | None = None
) -> Path | None:
    """``filters``: translated name filters; a profile by default."""
    name, _ = QFileDialog.getSaveFileName(parent, title, start, filters or tr(PROFILE_FILTER))
    return Path(name) if name else None


def choose_path(parent: QWidget | None, title: str, start: str, directory: bool) -> str | None:
    if directory:
        name = QFileDialog.getExistingDirectory(parent, title, start)
    else:
        name, _ = QFileDialog.getOpenFileName(parent, title, start)
    return name or None


def choose_item(parent: QWidget | None, title: str, label: str, items: list[str]) -> int | None:
    """Index of the chosen item, or ``None`` when cancelled."""
    if len(items) == 1:
        return 0
    text, ok = QInputDialog.getItem(parent, title, label, items, 0, False)
    return items.index(text) if ok and text in items else None
