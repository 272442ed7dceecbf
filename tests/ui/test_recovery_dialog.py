"""The offer of a crash's unsaved work speaks the app's language, and follows a switch."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from ascend_studio.profile import Profile
from ascend_studio.ui._autosave import Recovery
from ascend_studio.ui._recovery import RecoveryChoice, RecoveryDialog
from ascend_studio.ui._window import MainWindow


def _recoveries(tmp_path: Path) -> list[Recovery]:
    written = datetime(2026, 1, 9, 10, 0, 0)
    return [
        Recovery(tmp_path / "a.json", Profile(values={"deterministic": 1}), None, written),
        Recovery(
            tmp_path / "b.json",
            Profile(values={"hccl_timeout": 600, "deterministic": 1}),
            tmp_path / "train.ascend.json",
            written,
        ),
    ]


def _texts(dialog: RecoveryDialog) -> list[str]:
    items = [dialog.listing.item(row).text() for row in range(dialog.listing.count())]
    buttons = [b.text() for b in dialog.findChildren(QDialogButtonBox)[0].buttons()]
    return [dialog.windowTitle(), dialog.explanation.text(), *items, *buttons]


def _has_han(text: str) -> bool:
    return any("\u4e00" <= char <= "\u9fff" for char in text)


def test_the_offer_retranslates_when_the_language_changes(
    window: MainWindow, tmp_path: Path, qtbot: Any
) -> None:
    dialog = RecoveryDialog(window, _recoveries(tmp_path))
    qtbot.addWidget(dialog)
    dialog.show()
    english = _texts(dialog)
    assert english[0] == "Recover unsaved work"
    assert english[2] == "2026-01-09 10:00:00: Untitled (1 setting)"
    assert english[3].endswith("train.ascend.json (2 settings)")
    window.set_language("zh")  # Qt posts LanguageChange to each top-level window
    qtbot.waitUntil(lambda: _texts(dialog) != english)
    chinese = _texts(dialog)
    assert all(_has_han(text) for text in chinese), chinese
    assert not [text for text in chinese if "Untitled" in text or "setting" in text]
    window.set_language("en")
    qtbot.waitUntil(lambda: _texts(dialog) == english)


def test_the_choice_and_the_row_come_back(tmp_path: Path, qtbot: Any) -> None:
    dialog = RecoveryDialog(None, _recoveries(tmp_path))
    qtbot.addWidget(dialog)
    dialog.listing.setCurrentRow(1)
    dialog.buttons[RecoveryChoice.DISCARD].click()
    assert (dialog.choice, dialog.index()) == (RecoveryChoice.DISCARD, 1)
