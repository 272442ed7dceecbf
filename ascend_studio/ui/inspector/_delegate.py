"""Draws a priority chain as boxes: the winner highlighted, shadowed layers struck
through, unset ones dimmed; clicking a parameter box reports that layer.

Layout is one pure function (:func:`chain_boxes`) shared by painting and hit
testing, so what is clicked is exactly what was drawn.
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
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from ascend_studio.paths import Layer
from ascend_studio.ui.inspector._model import DIM, WINNER_BACKGROUND, PathChainModel
from ascend_studio.ui.inspector._text import layer_label, layer_value

__all__ = ["ChainDelegate", "box_text", "chain_boxes"]

_PAD = 6
_GAP = 18
_MAX_VALUE = 32
_WINNER_BORDER = QColor("#2e7d32")
_Index = QModelIndex | QPersistentModelIndex


def box_text(layer: Layer) -> str:
    """``debug_dir: /data/dbg``; long values are shortened in the middle."""
    value = layer_value(layer)
    if len(value) > _MAX_VALUE:
        half = (_MAX_VALUE - 1) // 2
        value = value[:half] + "…" + value[-half:]
    return f"{layer_label(layer)}: {value}"


def _layers(index: _Index) -> tuple[Layer, ...]:
    model = index.model()
    return model.layers_at(index) if isinstance(model, PathChainModel) else ()


def chain_boxes(rect: QRect, widths: list[int]) -> list[QRect]:
    """Boxes left to right with room for an arrow between; clipped to ``rect``."""
    boxes: list[QRect] = []
    x = rect.left() + 2
    top, height = rect.top() + 3, max(rect.height() - 6, 8)
    for width in widths:
        boxes.append(QRect(x, top, width + 2 * _PAD, height))
        x += width + 2 * _PAD + _GAP
    return boxes


class ChainDelegate(QStyledItemDelegate):
    """Paints chain cells; emits ``layer_clicked(row, layer index)`` on a click."""

    layer_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)

    def _fonts(self, base: QFont) -> dict[str, QFont]:
        fonts: dict[str, QFont] = {}
        for state in ("winner", "shadowed", "unset", "ignored"):
            font = QFont(base)
            font.setBold(state == "winner")
            font.setStrikeOut(state in ("shadowed", "ignored"))
            font.setItalic(state == "ignored")
            fonts[state] = font
        return fonts

    def box_rects(self, option: QStyleOptionViewItem, index: _Index) -> list[QRect]:
        """Where each layer's box is drawn in the cell ``option.rect`` describes."""
        return self._layout(option, _layers(index))

    def _layout(self, option: QStyleOptionViewItem, layers: tuple[Layer, ...]) -> list[QRect]:
        fonts = self._fonts(option.font)
        widths = [QFontMetrics(fonts[x.state]).horizontalAdvance(box_text(x)) for x in layers]
        return chain_boxes(option.rect, widths)

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
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, box_text(layer))

    def _paint_arrow(self, painter: QPainter, box: QRect, more: bool, colour: QColor) -> None:
        if not more:
            return
        arrow = QRect(box.right() + 1, box.top(), _GAP, box.height())
        painter.setPen(colour)
        painter.drawText(arrow, Qt.AlignmentFlag.AlignCenter, "›")

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        layers = _layers(index)
        base = super().sizeHint(option, index)
        if not layers:
            return base
        boxes = self._layout(option, layers)
        return QSize(
            boxes[-1].right() + 4, max(base.height(), QFontMetrics(option.font).height() + 12)
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
