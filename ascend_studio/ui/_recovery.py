"""The offer of the unsaved work a crash left: which to recover, discard or keep.

The dialog says everything in the app's language, and says it again when the
language changes while it is open (``LanguageChange``): the window and the dialog
never speak two languages at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.ui._autosave import Recovery
from ascend_studio.ui._i18n import QT_TR_NOOP, plural, tr

__all__ = ["RecoveryChoice", "RecoveryDialog", "recovery_text"]


class RecoveryChoice(Enum):
    RECOVER = "recover"
    DISCARD = "discard"
    LATER = "later"


_EXPLANATION = QT_TR_NOOP(
    "Ascend Studio did not close normally. Unsaved work was kept for each "
    "window that was open. Recover one into this window, discard one, or "
    "decide later (nothing is deleted unless you discard it)."
)
_BUTTONS = (
    (RecoveryChoice.RECOVER, QT_TR_NOOP("Recover"), QDialogButtonBox.ButtonRole.AcceptRole),
    (RecoveryChoice.DISCARD, QT_TR_NOOP("Discard"), QDialogButtonBox.ButtonRole.DestructiveRole),
    (RecoveryChoice.LATER, QT_TR_NOOP("Later"), QDialogButtonBox.ButtonRole.RejectRole),
)


def recovery_text(recovery: Recovery) -> str:
    """``2026-01-09 10:00:00: /work/train.json (3 settings)``, in the app's language."""
    source = str(recovery.source) if recovery.source else tr("Untitled")
    count = len(recovery.profile.values) + len(recovery.profile.env)
    return plural(
        count,
        QT_TR_NOOP("{when}: {source} ({count} setting)"),
        QT_TR_NOOP("{when}: {source} ({count} settings)"),
        when=recovery.written.strftime("%Y-%m-%d %H:%M:%S"),
        source=source,
    )


class RecoveryDialog(QDialog):
    """Lists ``recoveries`` (newest first); :attr:`choice` is what the user clicked."""

    def __init__(self, parent: QWidget | None, recoveries: Sequence[Recovery]) -> None:
        super().__init__(parent)
        self.setObjectName("recovery")
        self.recoveries = tuple(recoveries)
        self.choice = RecoveryChoice.LATER
        layout = QVBoxLayout(self)
        self.explanation = QLabel(self)
        self.explanation.setWordWrap(True)
        layout.addWidget(self.explanation)
        self.listing = QListWidget(self)
        self.listing.setMinimumWidth(520)
        self.listing.addItems(["" for _ in self.recoveries])
        self.listing.setCurrentRow(0)
        layout.addWidget(self.listing)
        box = QDialogButtonBox(self)
        self.buttons: dict[RecoveryChoice, QPushButton] = {}
        for choice, _text, role in _BUTTONS:
            button = QPushButton(self)
            button.setObjectName(f"recovery:{choice.value}")
            button.clicked.connect(lambda _=False, c=choice: self._chosen(c))
            box.addButton(button, role)
            self.buttons[choice] = button
        layout.addWidget(box)
        self.retranslate()
        self.resize(self.sizeHint().width(), 280)

    def _chosen(self, choice: RecoveryChoice) -> None:
        self.choice = choice
        self.done(1)

    def index(self) -> int:
        return max(self.listing.currentRow(), 0)

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Recover unsaved work"))
        self.explanation.setText(tr(_EXPLANATION))
        for choice, text, _role in _BUTTONS:
            self.buttons[choice].setText(tr(text))
        for row, recovery in enumerate(self.recoveries):
            self.listing.item(row).setText(recovery_text(recovery))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
