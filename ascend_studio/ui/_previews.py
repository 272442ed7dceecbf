"""Live previews of the export formats, with copy and save.

The tabs come from the formats' descriptors (``Engine.formats()``: label,
highlighting language, whether it previews), set once the window has shown.
Texts are regenerated on each edit; a tab whose text did not change is left
alone (no re-highlighting, scroll position kept).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

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

from ascend_studio.ui._core import FormatInfo
from ascend_studio.ui._highlight import RuleHighlighter, highlighter_for
from ascend_studio.ui._i18n import tr
from ascend_studio.ui._places import PREVIEWS_MINIMUM

__all__ = ["PreviewPane"]


class _Preview(QWidget):
    def __init__(self, info: FormatInfo, parent: QWidget) -> None:
        super().__init__(parent)
        fmt = self.fmt = info.id
        self.info = info
        self.setObjectName(f"preview:{fmt}")
        self.text = QPlainTextEdit(self)
        self.text.setObjectName(f"preview:{fmt}:text")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        # Read-only text rewritten on every edit: its own undo history only grew
        # (58,724 steps, ~2.6 MiB per 1,000 edits across the five previews).
        self.text.document().setUndoRedoEnabled(False)
        self.highlighter: RuleHighlighter = highlighter_for(info.language, self.text.document())
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
        self.setMinimumSize(PREVIEWS_MINIMUM)  # its stand-in's (the splitter stays put)
        self.tabs: dict[str, _Preview] = {}
        self.lang = "en"

    def set_formats(self, formats: Iterable[FormatInfo]) -> None:
        """One tab per format that previews, in the given order (the old tabs go)."""
        for page in self.tabs.values():
            self.removeTab(self.indexOf(page))
            page.deleteLater()
        self.tabs = {}
        for info in formats:
            if not info.preview:
                continue
            page = _Preview(info, self)
            page.save.clicked.connect(lambda _c=False, f=info.id: self.save_requested.emit(f))
            self.tabs[info.id] = page
            self.addTab(page, "")
        self.retranslate(self.lang)

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

    def retranslate(self, lang: str | None = None) -> None:
        self.lang = lang or self.lang
        for fmt, page in self.tabs.items():
            self.setTabText(self.indexOf(page), page.info.label.get(self.lang))
            self.setTabToolTip(self.indexOf(page), fmt)
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
