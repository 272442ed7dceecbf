"""A row's tags ("undocumented", "only on Atlas A2", …) drawn as coloured chips.

The tags were a word-wrapped rich-text label: Qt makes a text document for each
such label and lays it out for every width it is asked, about 1.2 ms for each of
the ~50 rows with tags while the form was built. Here the chips are measured
with the font's metrics and painted: the same look (the tag's words on its
colour, a no-break space of padding each side, a space between tags, wrapped
between words like the label did), at a small part of the cost.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPalette
from PySide6.QtWidgets import QWidget

from ascend_studio.ui._style import set_text_color
from ascend_studio.ui._texts import tag_colors

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent

__all__ = ["TagStrip", "least_width"]

#: The padding each side of a tag's words (as the label had: a no-break space).
PAD = "\xa0"


@dataclass(frozen=True)
class _Piece:
    """Words of one tag on one line, at ``x`` (px) on line ``line``."""

    kind: str
    text: str
    x: float
    width: float
    line: int


class TagStrip(QWidget):
    """Tags as chips that wrap between words; hidden while there are none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tags: tuple[tuple[str, str], ...] = ()
        #: Kept until the tags or the font change: layouts call the size methods
        #: several times per row while the form is built.
        self._laid: dict[int, list[_Piece]] = {}
        self._heights: dict[int, int] = {}
        self._least: QSize | None = None
        self._metrics: QFontMetricsF | None = None
        set_text_color(self, _INK)  # the pen its painter starts with: see paintEvent

    def set_tags(self, tags: list[tuple[str, str]]) -> None:
        """Show ``tags``, (kind, text) pairs, in order."""
        if tuple(tags) == self._tags:
            return
        self._tags = tuple(tags)
        self.setAccessibleName(self.text())
        self._changed()

    def tags(self) -> tuple[tuple[str, str], ...]:
        return self._tags

    def text(self) -> str:
        """The tags' words as plain text, as a reader of the row gets them."""
        return "  ".join(text for _kind, text in self._tags)

    # -- size ------------------------------------------------------------------------------
    def hasHeightForWidth(self) -> bool:  # what layouts ask (a size policy would say it too)
        return True

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            pieces = self._lay_out(width)
            lines = pieces[-1].line + 1 if pieces else 0
            height = self._heights[width] = math.ceil(lines * self._font_metrics().lineSpacing())
        return height

    def sizeHint(self) -> QSize:
        width = self._one_line_width()
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        """The widest word of a tag with its padding: narrower, a word would be cut."""
        if self._least is None:
            metrics = self._font_metrics()
            least = least_width([text for _kind, text in self._tags], metrics.horizontalAdvance)
            self._least = QSize(least, math.ceil(metrics.lineSpacing()) if least else 0)
        return QSize(self._least)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._changed()
        super().changeEvent(event)

    def _changed(self) -> None:
        self._laid.clear()
        self._heights.clear()
        self._least = self._metrics = None
        self.updateGeometry()
        self.update()

    def _font_metrics(self) -> QFontMetricsF:
        if self._metrics is None:
            self._metrics = QFontMetricsF(self.font())
        return self._metrics

    def _one_line_width(self) -> int:
        pieces = self._lay_out(1 << 20)
        return int(pieces[-1].x + pieces[-1].width) + 1 if pieces else 0

    def _lay_out(self, width: int) -> list[_Piece]:
        laid = self._laid.get(width)
        if laid is None:
            if len(self._laid) > 16:  # a window dragged wider and narrower
                self._laid.clear()
                self._heights.clear()
            laid = self._laid[width] = lay_out(self._tags, self._font_metrics(), width)
        return laid

    # -- painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        """Each chip's colour, then its words. The rows on the first screen carry notes
        only, and they are painted without PySide6's ``Qt`` namespace (ui/_qtnames.py):
        every overload set of ``QPainter.fillRect`` and ``setPen`` takes a ``Qt`` enum,
        so the chip is the painter's background (``eraseRect``) and a note's words are
        in the pen the painter starts with, the widget's text colour."""
        metrics = self._font_metrics()
        step, ascent = metrics.lineSpacing(), metrics.ascent()
        painter = QPainter(self)
        try:
            for piece in self._lay_out(self.width()):
                fg, bg = tag_colors(piece.kind)
                top = piece.line * step
                painter.setBackground(_solid(bg))
                painter.eraseRect(QRectF(piece.x, top, piece.width, step))
                at = QPointF(piece.x, top + ascent)
                if fg == _INK:
                    painter.drawText(at, piece.text)
                    continue
                painter.save()
                painter.setPen(QColor(fg))
                painter.drawText(at, piece.text)
                painter.restore()
        finally:
            painter.end()


#: A note's text colour, the strip's own: its painter starts with this pen.
_INK = tag_colors("note")[0]


def _solid(color: str) -> QBrush:
    """A solid brush of ``color``, made as a palette makes its own (``QBrush(QColor)``
    and ``QBrush.setColor`` would make PySide6 create ``Qt``)."""
    brush = _BRUSHES.get(color)
    if brush is None:
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.Window, QColor(color))
        brush = _BRUSHES[color] = palette.brush(QPalette.ColorRole.Window)
    return brush


_BRUSHES: dict[str, QBrush] = {}


def least_width(texts: list[str], advance: Callable[[str], float]) -> int:
    """The narrowest the chips of ``texts`` can be (0 for no words): their widest word
    with its padding, as ``advance`` measures it, and 1 px for its fractional part.
    ``ui/_formwidth.py`` reserves this much for a row's tags before the row exists."""
    words = [word for text in texts for word in text.split()]
    return int(max(advance(PAD + word + PAD) for word in words)) + 1 if words else 0


def lay_out(tags: tuple[tuple[str, str], ...], metrics: QFontMetricsF, width: int) -> list[_Piece]:
    """Place the tags' words in lines ``width`` px wide: a tag's words stay on its
    colour, a tag wraps between words, tags are a space apart."""
    space = metrics.horizontalAdvance(" ")
    pieces: list[_Piece] = []
    x, line = 0.0, 0
    for kind, text in tags:
        words = text.split() or [""]
        for index, word in enumerate(words):
            shown = (PAD if index == 0 else "") + word + (PAD if index == len(words) - 1 else "")
            advance = metrics.horizontalAdvance(shown)
            joined = index > 0 and bool(pieces) and pieces[-1].line == line
            gap = space if x > 0 else 0.0
            if x > 0 and x + gap + advance > width:
                x, line, joined, gap = 0.0, line + 1, False, 0.0
            if joined:  # the same tag goes on: its colour spans the space between words
                last = pieces[-1]
                pieces[-1] = _Piece(
                    kind, f"{last.text} {shown}", last.x, last.width + gap + advance, line
                )
            else:
                pieces.append(_Piece(kind, shown, x + gap, advance, line))
            x += gap + advance
    return pieces
