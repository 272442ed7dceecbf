"""A side-by-side diff of a script: as it is, and as applying would write it.

Both sides use the previews' syntax highlighting; rows are aligned (a filler
row stands opposite an added or removed line) and the two sides scroll together.
Long lines wrap, so the new value of a long line is on screen whatever the
dialog's width (at 1280x800 a side is about 560 px); a row that wraps to more
lines on one side gets the same height on the other (a margin under its line),
so the rows stay face to face.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QTimer
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QFontMetricsF,
    QResizeEvent,
    QTextBlockFormat,
    QTextCursor,
    QTextOption,
)
from PySide6.QtWidgets import QSplitter, QTextEdit, QVBoxLayout, QWidget

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


def _side(parent: QWidget, name: str) -> QTextEdit:
    text = QTextEdit(parent)
    text.setObjectName(name)
    text.setReadOnly(True)
    text.setAcceptRichText(False)
    text.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
    text.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    return text


class SideBySideDiff(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.left = _side(self, "diff:before")
        self.right = _side(self, "diff:after")
        self._highlighters: list[RuleHighlighter] = []
        self.rows: list[Row] = []
        self._first_change = 0
        split = QSplitter(self)
        split.addWidget(self.left)
        split.addWidget(self.right)
        split.splitterMoved.connect(lambda _pos, _index: self._schedule())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        a, b = self.left.verticalScrollBar(), self.right.verticalScrollBar()
        a.valueChanged.connect(b.setValue)
        b.valueChanged.connect(a.setValue)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.face_rows)

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
            _colour(side, kinds)
        self._first_change = next((i for i, r in enumerate(self.rows) if r.left_kind != "same"), 0)
        self.face_rows()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._schedule()

    def _schedule(self) -> None:
        self._timer.start(0)

    def face_rows(self) -> None:
        """Give each row the height of its taller side (its lines as wrapped now), then
        show the first change with three rows above it."""
        left, right = _heights(self.left), _heights(self.right)
        _pad(self.left, [max(b - a, 0.0) for a, b in zip(left, right, strict=True)])
        _pad(self.right, [max(a - b, 0.0) for a, b in zip(left, right, strict=True)])
        block = self.left.document().findBlockByNumber(max(self._first_change - 3, 0))
        top = self.left.document().documentLayout().blockBoundingRect(block).top()
        self.left.verticalScrollBar().setValue(int(top))

    def row_tops(self) -> tuple[list[float], list[float]]:
        """Where each row starts on each side (equal when the rows face each other)."""
        return _tops(self.left), _tops(self.right)


def _colour(side: QTextEdit, kinds: list[RowKind]) -> None:
    """Each row's background by its kind, and a hanging indent: a wrapped line goes on
    four columns right of its own indentation, so the code's shape stays readable."""
    space = QFontMetricsF(side.font()).horizontalAdvance(" ")
    document = side.document()
    cursor = QTextCursor(document)
    cursor.beginEditBlock()
    block = document.firstBlock()
    for kind in kinds:
        text = block.text()
        hang = (len(text) - len(text.lstrip(" ")) + 4) * space
        shown = block.blockFormat()
        shown.setLeftMargin(hang)
        shown.setTextIndent(-hang)
        if kind != "same":
            shown.setBackground(QColor(_COLOURS[kind]))
        cursor.setPosition(block.position())
        cursor.setBlockFormat(shown)
        block = block.next()
    cursor.endEditBlock()


def _heights(side: QTextEdit) -> list[float]:
    """Each block's height as its lines wrap now, without the margin under it."""
    document = side.document()
    document.setTextWidth(side.viewport().width())
    layout = document.documentLayout()
    heights = []
    block = document.firstBlock()
    while block.isValid():
        layout.blockBoundingRect(block)  # lays the block out
        heights.append(block.layout().boundingRect().height())
        block = block.next()
    return heights


def _pad(side: QTextEdit, margins: list[float]) -> None:
    document = side.document()
    cursor = QTextCursor(document)
    cursor.beginEditBlock()
    block = document.firstBlock()
    for margin in margins:
        if block.blockFormat().bottomMargin() != margin:
            cursor.setPosition(block.position())
            padded = QTextBlockFormat(block.blockFormat())
            padded.setBottomMargin(margin)
            cursor.setBlockFormat(padded)
        block = block.next()
    cursor.endEditBlock()


def _tops(side: QTextEdit) -> list[float]:
    layout = side.document().documentLayout()
    tops = []
    block = side.document().firstBlock()
    while block.isValid():
        tops.append(layout.blockBoundingRect(block).top())
        block = block.next()
    return tops
