"""A side-by-side diff of a script: as it is, and as applying would write it.

Both sides use the previews' syntax highlighting; rows are aligned (a filler
row stands opposite an added or removed line) and the two sides scroll together.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Literal

from PySide6.QtGui import QColor, QFontDatabase, QTextCursor, QTextFormat
from PySide6.QtWidgets import QPlainTextEdit, QSplitter, QTextEdit, QVBoxLayout, QWidget

from ascend_studio.ui._highlight import RuleHighlighter, highlighter_for

__all__ = ["Row", "SideBySideDiff", "align"]

RowKind = Literal["same", "removed", "added", "changed", "filler"]
_COLOURS: dict[str, str] = {
    "removed": "#fbe3e4",
    "added": "#e2f5e6",
    "changed": "#fff4d6",
    "filler": "#f2f2f2",
}


@dataclass(frozen=True)
class Row:
    left: str
    right: str
    left_kind: RowKind
    right_kind: RowKind


def align(before: str, after: str) -> list[Row]:
    """Rows of a side-by-side diff (line endings dropped)."""
    old, new = before.splitlines(), after.splitlines()
    rows: list[Row] = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            rows += [Row(a, a, "same", "same") for a in old[i1:i2]]
            continue
        left, right = old[i1:i2], new[j1:j2]
        lkind: RowKind = "changed" if tag == "replace" else "removed"
        rkind: RowKind = "changed" if tag == "replace" else "added"
        for index in range(max(len(left), len(right))):
            has_l, has_r = index < len(left), index < len(right)
            rows.append(
                Row(
                    left[index] if has_l else "",
                    right[index] if has_r else "",
                    lkind if has_l else "filler",
                    rkind if has_r else "filler",
                )
            )
    return rows


def _side(parent: QWidget, name: str) -> QPlainTextEdit:
    text = QPlainTextEdit(parent)
    text.setObjectName(name)
    text.setReadOnly(True)
    text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    return text


class SideBySideDiff(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.left = _side(self, "diff:before")
        self.right = _side(self, "diff:after")
        self._highlighters: list[RuleHighlighter] = []
        self.rows: list[Row] = []
        split = QSplitter(self)
        split.addWidget(self.left)
        split.addWidget(self.right)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        a, b = self.left.verticalScrollBar(), self.right.verticalScrollBar()
        a.valueChanged.connect(b.setValue)
        b.valueChanged.connect(a.setValue)

    def set_texts(self, before: str, after: str, fmt: str) -> None:
        """``fmt``: the preview format whose highlighting to use (``py`` or ``sh``)."""
        self.rows = align(before, after)
        self._highlighters = []
        for side, texts, kinds in (
            (self.left, [r.left for r in self.rows], [r.left_kind for r in self.rows]),
            (self.right, [r.right for r in self.rows], [r.right_kind for r in self.rows]),
        ):
            side.setPlainText("\n".join(texts))
            self._highlighters.append(highlighter_for(fmt, side.document()))
            side.setExtraSelections(_marks(side, kinds))
        first = next((i for i, r in enumerate(self.rows) if r.left_kind != "same"), 0)
        block = self.left.document().findBlockByNumber(max(first - 3, 0))
        self.left.verticalScrollBar().setValue(block.firstLineNumber())


def _marks(side: QPlainTextEdit, kinds: list[RowKind]) -> list[QTextEdit.ExtraSelection]:
    marks = []
    document = side.document()
    for number, kind in enumerate(kinds):
        if kind == "same":
            continue
        mark = QTextEdit.ExtraSelection()
        mark.format.setBackground(QColor(_COLOURS[kind]))
        mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        cursor = QTextCursor(document.findBlockByNumber(number))
        mark.cursor = cursor
        marks.append(mark)
    return marks
