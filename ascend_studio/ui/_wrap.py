"""Item views whose cells wrap their text in the column instead of eliding it.

Qt's views can wrap (``setWordWrap``), but a row's height is measured as if the
column were endless, so a long message stays one line and is elided: the import
review's details and the compare view's values were cut at 1280x800. The
delegate here measures each cell at its column's width, and long words (paths,
expressions, parameter names) get break opportunities after ``/ _ . , = :`` so
they wrap too, on screen only (the item's own text is unchanged).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTreeView

__all__ = ["BREAK", "WrapDelegate", "breakable", "cell_fits", "cell_width", "wrap_columns"]

#: Zero-width space: a place a long word may wrap; shown as nothing.
BREAK = "\u200b"
_AFTER = re.compile(r"([/_.,=:|])(?=\S)")
_Index = QModelIndex | QPersistentModelIndex


@lru_cache(maxsize=4096)
def breakable(text: str) -> str:
    """``text`` with a break opportunity after each ``/ _ . , = : |`` inside a word
    (remembered: a view measures and paints each cell's text several times, a language
    switch every cell: about 1,000 substitutions, 7 ms, in the docks per switch)."""
    return _AFTER.sub(r"\1" + BREAK, text) if text else text


class WrapDelegate(QStyledItemDelegate):
    """Wraps the text of ``columns`` (all when None) and sizes rows to it."""

    def __init__(self, view: QTreeView, columns: Collection[int] | None = None) -> None:
        super().__init__(view)
        self.view = view
        self.columns = None if columns is None else frozenset(columns)

    def wraps(self, column: int) -> bool:
        return self.columns is None or column in self.columns

    def initStyleOption(self, option: QStyleOptionViewItem, index: _Index) -> None:
        super().initStyleOption(option, index)
        if self.wraps(index.column()):
            option.text = breakable(option.text)
            option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        if not self.wraps(index.column()):
            return super().sizeHint(option, index)
        # the width the text wants on one line (what "fit to contents" reads), the
        # height it takes wrapped in the column as it is now (what the row gets)
        natural = super().sizeHint(option, index)
        width = max(cell_width(self.view, index), 1)
        if natural.width() + self._slack(index) <= width:
            # whole on one line in its cell with room to spare: wrapped at that width it
            # is the same line (its text laid out once, not twice: most of the docks'
            # cells, each measured again after every change of its row or language)
            return natural
        measured = QStyleOptionViewItem(option)
        measured.rect = QRect(0, 0, width, 1)
        return QSize(natural.width(), super().sizeHint(measured, index).height())

    def _slack(self, index: _Index) -> int:
        """How much narrower than its cell a one-line text must be to stay on one line
        when wrapped: an icon's margins count differently there (up to 4 px more); a
        cell with a check box is always measured wrapped."""
        if index.data(Qt.ItemDataRole.CheckStateRole) is not None:
            return _ANY_WIDTH
        if index.data(Qt.ItemDataRole.DecorationRole) is None:
            return 2
        style = self.view.style()
        return 4 * (style.pixelMetric(style.PixelMetric.PM_FocusFrameHMargin, None, self.view) + 1)


_ANY_WIDTH = 1 << 24


def cell_width(view: QTreeView, index: _Index) -> int:
    """The width a cell's contents get: its column, less the tree's indentation."""
    width = view.header().sectionSize(index.column())
    if index.column() == 0 and view.isFirstColumnSpanned(index.row(), index.parent()):
        width = view.viewport().width()  # a title across the row
    if index.column() == view.header().logicalIndex(0):
        depth, parent = 0, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        width -= view.indentation() * (depth + int(view.rootIsDecorated()))
    return width


def wrap_columns(view: QTreeView, columns: Collection[int] | None = None) -> WrapDelegate:
    """Make ``view`` wrap ``columns`` (all when None), rows growing to fit."""
    delegate = WrapDelegate(view, columns)
    view.setItemDelegate(delegate)
    view.setWordWrap(True)
    view.setUniformRowHeights(False)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)
    view.header().sectionResized.connect(lambda *_: view.scheduleDelayedItemsLayout())
    return delegate


def cell_fits(view: QTreeView, index: _Index) -> bool:
    """Whether the text of ``index`` is drawn whole in its cell: every line (as the
    delegate wraps it) no wider than the cell, all lines within its height. Tests and
    the screenshot check read the views through this."""
    rect = view.visualRect(index)
    option = QStyleOptionViewItem()
    delegate = view.itemDelegateForIndex(index)
    delegate.initStyleOption(option, index)  # type: ignore[attr-defined]
    text: str = option.text
    if not text:
        return True
    if not rect.isValid():
        return False
    style = view.style()
    margin = 2 * (style.pixelMetric(style.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)
    features = option.features
    room = rect.width() - margin
    if features & QStyleOptionViewItem.ViewItemFeature.HasDecoration:
        room -= option.decorationSize.width() + margin
    wrap = bool(features & QStyleOptionViewItem.ViewItemFeature.WrapText)
    flags = int(Qt.TextFlag.TextWordWrap) if wrap else 0
    metrics = QFontMetrics(option.font)
    needed = metrics.boundingRect(QRect(0, 0, max(room, 1), 100000), flags, text)
    return needed.width() <= room and needed.height() <= rect.height()
