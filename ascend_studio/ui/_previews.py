"""Live previews of every export format, with copy and save.

Texts are regenerated on each edit; a tab whose text did not change is left
alone (no re-highlighting, scroll position kept).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.ui._core import PREVIEW_FORMATS
from ascend_studio.ui._highlight import RuleHighlighter, highlighter_for
from ascend_studio.ui._i18n import tr

__all__ = ["FORMAT_TITLES", "PreviewPane"]

FORMAT_TITLES = {
    "py": "Estimator",
    "sess": "sess.run",
    "sh": "Shell",
    "env-file": "env-file",
    "docker": "docker -e",
    "k8s": "Kubernetes",
    "json": "JSON",
}
FORMAT_SUFFIX = {
    "py": ".py",
    "sess": ".py",
    "sh": ".sh",
    "env-file": ".env",
    "docker": ".txt",
    "k8s": ".yaml",
    "json": ".ascend.json",
}


class _Preview(QWidget):
    def __init__(self, fmt: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.fmt = fmt
        self.setObjectName(f"preview:{fmt}")
        self.text = QPlainTextEdit(self)
        self.text.setObjectName(f"preview:{fmt}:text")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.highlighter: RuleHighlighter = highlighter_for(fmt, self.text.document())
        self.copy = QPushButton(self)
        self.copy.setObjectName(f"preview:{fmt}:copy")
        self.save = QPushButton(self)
        self.save.setObjectName(f"preview:{fmt}:save")
        self.status = QLabel(self)
        bar = QHBoxLayout()
        bar.addWidget(self.status, 1)
        bar.addWidget(self.copy)
        bar.addWidget(self.save)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.text, 1)
        layout.addLayout(bar)
        self.copy.clicked.connect(self.copy_text)

    def set_text(self, text: str) -> bool:
        if text == self.text.toPlainText():
            return False
        bar = self.text.verticalScrollBar()
        position = bar.value()
        self.text.setPlainText(text)
        bar.setValue(position)
        return True

    def copy_text(self) -> None:
        QGuiApplication.clipboard().setText(self.text.toPlainText())
        self.status.setText(tr("Copied."))


class PreviewPane(QTabWidget):
    """One tab per preview format; ``save_requested(fmt)`` asks the window to save."""

    save_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previews")
        self.tabs: dict[str, _Preview] = {}
        for fmt in PREVIEW_FORMATS:
            page = _Preview(fmt, self)
            page.save.clicked.connect(lambda _c=False, f=fmt: self.save_requested.emit(f))
            self.tabs[fmt] = page
            self.addTab(page, FORMAT_TITLES[fmt])
        self.retranslate()

    def refresh(self, render: Callable[[str], str]) -> int:
        """Regenerate every tab with ``render(fmt)``; returns how many changed."""
        changed = 0
        for fmt, page in self.tabs.items():
            changed += page.set_text(render(fmt))
            page.status.setText("")
        return changed

    def text(self, fmt: str) -> str:
        return self.tabs[fmt].text.toPlainText()

    def show_format(self, fmt: str) -> None:
        self.setCurrentWidget(self.tabs[fmt])

    def retranslate(self) -> None:
        for page in self.tabs.values():
            page.copy.setText(tr("Copy"))
            page.save.setText(tr("Save…"))
            page.copy.setToolTip(tr("Copy this text to the clipboard"))


def suggested_name(fmt: str, profile_path: Path | None) -> str:
    stem = profile_path.name.split(".")[0] if profile_path else "npu_config"
    return stem + ("_session" if fmt == "sess" else "") + FORMAT_SUFFIX[fmt]
