"""Every modal dialog the app opens, as plain functions.

Widgets never construct message boxes or file dialogs themselves; they call
these. Tests replace them (monkeypatch) so no modal loop ever blocks a run.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.ui._i18n import QT_TR_NOOP, tr

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
SCRIPT_FILTER = QT_TR_NOOP("Python or shell script (*.py *.sh *.env *.txt);;All files (*)")


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


class RecoveryChoice(Enum):
    RECOVER = "recover"
    DISCARD = "discard"
    LATER = "later"


def choose_recovery(parent: QWidget | None, entries: list[str]) -> tuple[RecoveryChoice, int]:
    """Which unsaved work (``entries``, newest first) to recover or discard now."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(tr("Recover unsaved work"))
    layout = QVBoxLayout(dialog)
    explanation = QLabel(
        tr(
            "Ascend Studio did not close normally. Unsaved work was kept for each "
            "window that was open. Recover one into this window, discard one, or "
            "decide later (nothing is deleted unless you discard it)."
        ),
        dialog,
    )
    explanation.setWordWrap(True)
    layout.addWidget(explanation)
    listing = QListWidget(dialog)
    listing.setMinimumWidth(520)
    listing.addItems(entries)
    listing.setCurrentRow(0)
    layout.addWidget(listing)
    buttons = QDialogButtonBox(dialog)
    chosen: list[RecoveryChoice] = [RecoveryChoice.LATER]
    for choice, text, role in (
        (RecoveryChoice.RECOVER, tr("Recover"), QDialogButtonBox.ButtonRole.AcceptRole),
        (RecoveryChoice.DISCARD, tr("Discard"), QDialogButtonBox.ButtonRole.DestructiveRole),
        (RecoveryChoice.LATER, tr("Later"), QDialogButtonBox.ButtonRole.RejectRole),
    ):
        button = QPushButton(text, dialog)
        button.clicked.connect(lambda _=False, c=choice: chosen.__setitem__(0, c))
        buttons.addButton(button, role)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    buttons.clicked.connect(lambda _button: dialog.done(1))
    layout.addWidget(buttons)
    dialog.resize(dialog.sizeHint().width(), 280)
    dialog.exec()
    return chosen[0], max(listing.currentRow(), 0)


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
        parent, title, start, tr(SCRIPT_FILTER if scripts else PROFILE_FILTER)
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
