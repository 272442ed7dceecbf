"""One entry of the diagnostics list: a finding's rich text, laid out once per text
and width, its document made when it is first measured or painted."""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QEvent, QMargins, QPoint, QPointF, QSize, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QPainter,
    QPaintEvent,
    QPalette,
    QTextDocument,
)
from PySide6.QtWidgets import QWidget

from ascend_studio.ui._wrap import BREAK, breakable

__all__ = ["Entry", "plain_text"]

#: The text between an HTML text's tags (an entity such as ``&amp;`` stays whole).
_TEXT_OUTSIDE_TAGS = re.compile(r"(?<=>)[^<]+|^[^<]+")


def _breakable_text(found: re.Match[str]) -> str:
    """A break opportunity after ``. _ /`` and the like inside a word: a narrow list
    wraps ``dump_config.enable_dump`` after the dot, not inside ``dump``."""
    return breakable(found.group())


class Entry(QWidget):
    """One finding's text, laid out once per text and width and painted from that layout.

    A rich-text QLabel laid its text out twice for every height asked (unwrapped, then
    at the width) and again to paint it: about 1 ms an entry in Chinese, 4x this, for
    each entry an edit changed and for every entry of a long list when it first
    appears. Clicks go through to the list.
    """

    MARGINS = QMargins(6, 4, 6, 4)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        policy = self.sizePolicy()
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._html = ""
        #: The width the list's item was last given this entry's height for (None:
        #: the text changed since); kept here, not as item data, whose every change
        #: places all the list's entries again.
        self.fitted_for: int | None = None
        self._set = True  # whether the document holds ``_html``
        self._doc = QTextDocument(self)
        self._doc.setDocumentMargin(0)
        self._doc.setDefaultFont(self.font())

    def text(self) -> str:
        """The entry's rich text (as a label's ``text()``)."""
        return self._html

    def plain_text(self) -> str:
        """The words a reader of the entry hears."""
        return self._document().toPlainText().replace(BREAK, "")

    def anchor_at(self, point: QPoint) -> str:
        """The link under ``point`` (the entry's coordinates), or ""."""
        area = self.contentsRect().marginsRemoved(self.MARGINS)
        self._laid_out(area.width())
        inside = QPointF(point - area.topLeft())
        return self._doc.documentLayout().anchorAt(inside)

    def setText(self, html: str) -> None:
        """Show ``html``; its document is made when the entry is measured or painted
        (an entry never scrolled to costs nothing)."""
        if html != self._html:
            self._html = html
            self._set = False
            self.updateGeometry()
            self.update()

    def _document(self) -> QTextDocument:
        if not self._set:
            self._set = True
            self._doc.setHtml(_TEXT_OUTSIDE_TAGS.sub(_breakable_text, self._html))
        return self._doc

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._laid_out(width - self.MARGINS.left() - self.MARGINS.right()) + (
            self.MARGINS.top() + self.MARGINS.bottom()
        )

    def sizeHint(self) -> QSize:
        width = self.width() or 300
        return QSize(width, self.heightForWidth(width))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._doc.setDefaultFont(self.font())
            self.updateGeometry()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        area = self.contentsRect().marginsRemoved(self.MARGINS)
        self._laid_out(area.width())
        painter = QPainter(self)
        try:
            painter.translate(area.topLeft())
            context = QAbstractTextDocumentLayout.PaintContext()
            palette = self.palette()  # the text in the colour a label's would have
            palette.setColor(QPalette.ColorRole.Text, palette.color(self.foregroundRole()))
            context.palette = palette
            self._doc.documentLayout().draw(painter, context)
        finally:
            painter.end()

    def _laid_out(self, width: int) -> int:
        """Lay the text out at ``width`` (if it is not already); its height."""
        width = max(width, 1)
        doc = self._document()
        if doc.textWidth() != width:
            doc.setTextWidth(width)
        return math.ceil(doc.size().height())


_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"[ \t\n\r\f]+")
_LINE = "\x00"
#: The entities :func:`escape` writes, ``&amp;`` last (read back in the reverse order).
_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#x27;", "'"), ("&amp;", "&"))


def plain_text(html: str) -> str:
    """The words of an entry's rich text, as its document's ``toPlainText`` gives them
    (read by screen readers), without making the document."""
    text = _SPACE.sub(" ", _TAG.sub("", html.replace("<br>", _LINE)))
    for entity, plain in _ENTITIES:
        text = text.replace(entity, plain)
    return text.replace(_LINE, "\n")
