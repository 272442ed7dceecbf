"""Qt's own dialogs speak Chinese too (qtbase_zh_CN from PySide6, loaded at run time)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLabel, QMessageBox

from ascend_studio.ui._i18n import apply_language, qt_translation_folders
from ascend_studio.ui._window import MainWindow

_CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.mark.slow
def test_the_file_dialog_is_chinese(qtbot: Any, make_window: Callable[..., MainWindow]) -> None:
    make_window("zh")
    try:
        dialog = QFileDialog()
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        qtbot.addWidget(dialog)
        look_in = dialog.findChild(QLabel, "lookInLabel")
        file_type = dialog.findChild(QLabel, "fileTypeLabel")
        assert look_in is not None and file_type is not None
        assert _CJK.search(look_in.text()), look_in.text()
        assert _CJK.search(file_type.text()), file_type.text()
        box = QMessageBox()
        qtbot.addWidget(box)
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel)
        buttons = box.findChild(QDialogButtonBox)
        assert buttons is not None
        assert all(_CJK.search(b.text()) for b in buttons.buttons()), [
            b.text() for b in buttons.buttons()
        ]
    finally:
        apply_language("en")


def test_pyside6_ships_qtbase_zh_cn() -> None:
    from pathlib import Path

    assert any(Path(folder, "qtbase_zh_CN.qm").is_file() for folder in qt_translation_folders())
