"""Draws a priority chain as boxes: the winner highlighted, shadowed layers struck
through, unset ones dimmed; clicking a parameter box reports that layer.

Layout is one pure function (:func:`chain_boxes`) shared by painting, sizing and
hit testing, so what is clicked is exactly what was drawn. Boxes that do not fit
the column's width go on to the next line (the row grows), as the text of the
other columns wraps (:mod:`ascend_studio.ui._wrap`): at 1280x800 the column was
about 120 px and the chain ran off the screen.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTreeView

from ascend_studio.paths import Layer
from ascend_studio.ui._style import font_key
from ascend_studio.ui._wrap import WrapDelegate, breakable, cell_width
from ascend_studio.ui.inspector._fit import Heights, RowNeeds
from ascend_studio.ui.inspector._model import (
    CHAIN_COLUMN,
    DIM,
    WINNER_BACKGROUND,
    PathChainModel,
)
from ascend_studio.ui.inspector._text import layer_label, layer_value

__all__ = [
    "ChainDelegate",
    "box_text",
    "chain_boxes",
    "line_height",
    "row_needs",
    "text_size",
]

_PAD = 5
#: Above and below a box's text, and between the cell's top and the boxes: ``INSET``,
#: or ``COMPACT_INSET`` in a short view (a dock at the bottom of a 1280x800 window),
#: where the boxes' height decided how few rows were shown.
INSET = 3
COMPACT_INSET = 1
_GAP = 14
_LINE_GAP = 4
_MAX_VALUE = 160
_WINNER_BORDER = QColor("#2e7d32")
_Index = QModelIndex | QPersistentModelIndex


def box_text(layer: Layer) -> str:
    """``debug_dir: /data/dbg``; a very long value is shortened in the middle (the
    layer's row below the artifact and the tooltip have it whole)."""
    value = layer_value(layer)
    if len(value) > _MAX_VALUE:
        half = (_MAX_VALUE - 1) // 2
        value = value[:half] + "…" + value[-half:]
    return f"{layer_label(layer)}: {value}"


_WRAP = int(Qt.TextFlag.TextWordWrap)


def text_size(metrics: QFontMetrics, text: str, limit: int) -> QSize:
    """The size ``text`` takes wrapped at ``limit`` px (after ``/ _ . : ,`` too)."""
    return metrics.boundingRect(QRect(0, 0, max(limit, 1), 100000), _WRAP, breakable(text)).size()


def _layers(index: _Index) -> tuple[Layer, ...]:
    model = index.model()
    return model.layers_at(index) if isinstance(model, PathChainModel) else ()


def chain_boxes(
    rect: QRect,
    widths: list[int],
    line_height: int | None = None,
    heights: list[int] | None = None,
    inset: int = INSET,
) -> list[QRect]:
    """Boxes left to right with room for an arrow between, inside ``rect``: a box that
    would cross its right edge starts the next line, and a box wider than ``rect`` is
    narrowed to it. ``widths`` and ``heights`` are the boxes' texts' sizes; a line is
    as tall as its tallest box (``line_height`` at least; default: ``rect``'s). The
    boxes start ``inset`` px below the cell's top and keep as much above and below
    their text."""
    boxes: list[QRect] = []
    least = line_height or max(rect.height() - 2 * inset, 8)
    left, right = rect.left() + 2, rect.right() - 2
    x, top, tallest = left, rect.top() + inset, 0
    for number, width in enumerate(widths):
        box = min(width + 2 * _PAD, max(right - left, 8))
        height = max(least, heights[number] + 2 * inset) if heights else least
        if boxes and x + box > right:
            x, top, tallest = left, top + tallest + _LINE_GAP, 0
        boxes.append(QRect(x, top, box, height))
        tallest = max(tallest, height)
        x += box + _GAP
    return boxes


def line_height(font: QFont, inset: int = INSET) -> int:
    """The height of one line of boxes in ``font``."""
    return QFontMetrics(font).height() + 2 * inset


class ChainDelegate(WrapDelegate):
    """Paints chain cells; emits ``layer_clicked(row, layer index)`` on a click. The
    layer rows' values below a chain wrap like the other columns."""

    layer_clicked = Signal(int, int)

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        #: The four states' fonts per base font, and each box text's size per font and
        #: width: a chain cell is measured and painted again after every change of its
        #: row or of the language (the same texts: names and values), each box's text
        #: wrapped and measured anew (about a quarter of a language switch's work here).
        self._font_sets: dict[tuple[str, ...], dict[str, QFont]] = {}
        self._sizes: dict[tuple[tuple[str, ...], str, int], QSize] = {}
        #: Texts' widths on one line per font (the columns are fitted again after
        #: every change of the paths, each row's texts and boxes measured).
        self._advances: dict[tuple[tuple[str, ...], int], dict[str, int]] = {}
        self.inset = INSET

    def set_compact(self, compact: bool) -> bool:
        """Boxes with less room above and below their text; True if that changed."""
        inset = COMPACT_INSET if compact else INSET
        changed, self.inset = inset != self.inset, inset
        return changed

    def _fonts(self, base: QFont) -> dict[str, QFont]:
        key = font_key(base)
        fonts = self._font_sets.get(key)
        if fonts is None:
            fonts = self._font_sets[key] = {}
            for state in ("winner", "shadowed", "unset", "ignored"):
                font = QFont(base)
                font.setBold(state == "winner")
                font.setStrikeOut(state in ("shadowed", "ignored"))
                font.setItalic(state == "ignored")
                fonts[state] = font
        return fonts

    def _text_size(self, font: QFont, text: str, limit: int) -> QSize:
        """:func:`text_size` in ``font``, remembered."""
        key = (font_key(font), text, limit)
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 4096:
                self._sizes.clear()
            size = self._sizes[key] = text_size(QFontMetrics(font), text, limit)
        return QSize(size)

    def box_rects(self, option: QStyleOptionViewItem, index: _Index) -> list[QRect]:
        """Where each layer's box is drawn in the cell ``option.rect`` describes."""
        return self._layout(option, _layers(index))

    def advances(self, font: QFont, dpi: int = 0) -> dict[str, int]:
        """The texts' one-line widths found so far in ``font`` (on a screen of ``dpi``;
        0: the default one), for callers to fill."""
        key = (font_key(font), dpi)
        known = self._advances.get(key)
        if known is None or len(known) > 4096:
            known = self._advances[key] = {}
        return known

    def box_widths(self, font: QFont, index: _Index) -> tuple[int, ...]:
        """Each of the cell's boxes' widths with its text on one line."""
        fonts = self._fonts(font)
        widths = []
        for layer in _layers(index):
            made, text = fonts[layer.state], box_text(layer)
            known = self.advances(made)
            width = known.get(text)
            if width is None:
                width = known[text] = QFontMetrics(made).horizontalAdvance(text)
            widths.append(width + 2 * _PAD + 1)
        return tuple(widths)

    def heights(self, text_line: int, font: QFont) -> Heights:
        """Row heights as the cells wrap: ``text_line`` px a line of text (and the
        cell's margins), a line of boxes and its gap (and the insets around them)."""
        boxes = line_height(font, self.inset) + _LINE_GAP
        return Heights(text_line, boxes, 4, 2 * self.inset + 1 - _LINE_GAP)

    def _layout(
        self, option: QStyleOptionViewItem, layers: tuple[Layer, ...], rect: QRect | None = None
    ) -> list[QRect]:
        area = rect or option.rect
        limit = area.width() - 4 - 2 * _PAD  # a box's text wraps beyond the cell's width
        fonts = self._fonts(option.font)
        sizes = [self._text_size(fonts[x.state], box_text(x), limit) for x in layers]
        widths, heights = [s.width() for s in sizes], [s.height() for s in sizes]
        inset = self.inset
        return chain_boxes(area, widths, line_height(option.font, inset), heights, inset)

    def fits(self, option: QStyleOptionViewItem, index: _Index) -> bool:
        """Whether every box of the cell is drawn whole inside it, its text unclipped."""
        layers = _layers(index)
        fonts = self._fonts(option.font)
        boxes = self._layout(option, layers)
        for box, layer in zip(boxes, layers, strict=True):
            inner = box.adjusted(_PAD, 0, -_PAD, 0)
            needed = text_size(QFontMetrics(fonts[layer.state]), box_text(layer), inner.width())
            if not option.rect.contains(box) or needed.width() > inner.width():
                return False
            if needed.height() > inner.height():
                return False
        return True

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        layers = _layers(index)
        if not layers:
            super().paint(painter, option, index)
            return
        self.initStyleOption(option, index)
        opt_rect: QRect = option.rect
        palette: QPalette = option.palette
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        painter.save()
        if selected:
            painter.fillRect(opt_rect, palette.highlight())
        painter.setClipRect(opt_rect)
        fonts = self._fonts(option.font)
        text_colour = palette.color(QPalette.ColorRole.Text)
        for box, layer in zip(self._layout(option, layers), layers, strict=True):
            self._paint_box(painter, box, layer, fonts[layer.state], text_colour)
            self._paint_arrow(painter, box, layer is not layers[-1], text_colour)
        painter.restore()

    def _paint_box(
        self, painter: QPainter, box: QRect, layer: Layer, font: QFont, text: QColor
    ) -> None:
        if layer.state == "winner":
            painter.setBrush(WINNER_BACKGROUND)
            painter.setPen(QPen(_WINNER_BORDER, 2))
        else:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            pen = QPen(DIM, 1)
            if layer.state in ("unset", "ignored"):
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
        painter.drawRoundedRect(box, 4, 4)
        painter.setFont(font)
        painter.setPen(text if layer.state in ("winner", "shadowed") else DIM)
        inner = box.adjusted(_PAD, 0, -_PAD, 0)
        painter.drawText(
            inner, int(Qt.AlignmentFlag.AlignCenter) | _WRAP, breakable(box_text(layer))
        )

    def _paint_arrow(self, painter: QPainter, box: QRect, more: bool, colour: QColor) -> None:
        if not more:
            return
        arrow = QRect(box.right() + 1, box.top(), _GAP, min(box.height(), 24))
        painter.setPen(colour)
        painter.drawText(arrow, Qt.AlignmentFlag.AlignCenter, "›")

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        layers = _layers(index)
        if not layers:
            return super().sizeHint(option, index)
        base = super().sizeHint(option, index)
        width = cell_width(self.view, index)
        boxes = self._layout(option, layers, QRect(0, 0, max(width, 1), 1))
        right = max(box.right() for box in boxes) + 4
        return QSize(
            min(right, width) if width > 0 else right,
            max(base.height(), boxes[-1].bottom() + self.inset + 1),
        )

    def editorEvent(
        self,
        event: QEvent,
        model: QAbstractItemModel,
        option: QStyleOptionViewItem,
        index: _Index,
    ) -> bool:
        layers = _layers(index)
        if not layers or event.type() != QEvent.Type.MouseButtonRelease:
            return super().editorEvent(event, model, option, index)
        assert isinstance(event, QMouseEvent)
        point = event.position().toPoint()
        for number, box in enumerate(self._layout(option, layers)):
            if box.contains(point):
                self.layer_clicked.emit(index.row(), number)
                return False
        return super().editorEvent(event, model, option, index)


def _text(index: QModelIndex, column: int) -> str:
    return str(index.siblingAtColumn(column).data() or "")


def row_needs(view: QTreeView, delegate: ChainDelegate, texts: tuple[int, ...]) -> list[RowNeeds]:
    """Per shown row of ``view``, the width each of the ``texts`` columns' texts needs on
    one line (with the cell's margins, and in the first column the tree's indentation
    and the icon), and its chain's boxes' widths (or the chain cell's text)."""
    model = view.model()
    metrics, extra = view.fontMetrics(), 16  # the cell's margins and the focus frame
    shown = [model.index(row, 0) for row in range(model.rowCount())]
    shown += [
        model.index(child, 0, parent)
        for parent in list(shown)
        if view.isExpanded(parent)
        for child in range(model.rowCount(parent))
    ]
    known = delegate.advances(view.font(), view.logicalDpiX())

    def advance(text: str) -> int:
        width = known.get(text)
        if width is None:
            width = known[text] = metrics.horizontalAdvance(text)
        return width

    needs = []
    for index in shown:
        widths = {c: advance(_text(index, c)) + extra for c in texts}
        depth = 2 if index.parent().isValid() else 1
        widths[texts[0]] += depth * view.indentation() + view.iconSize().width() + 24
        boxes = delegate.box_widths(view.font(), index.siblingAtColumn(CHAIN_COLUMN))
        text = advance(_text(index, CHAIN_COLUMN)) + extra
        needs.append(RowNeeds(widths, boxes, 0 if boxes else text))
    return needs
