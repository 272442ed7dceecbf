"""Category navigation: each category with how many values are set in it and
how many diagnostics concern it.

The list is as wide as its widest entry with room for typical badges
(:data:`ROOM`), in the language shown and in English, from the first paint on
(:meth:`CategoryNav.needed_width`, given to the main splitter by
``ui/_places.main_sizes``): it was a share of the window's width, and at
1280x800 in English an entry with two badges was cut and the list scrolled
sideways. It never scrolls sideways: where an entry does not fit (a narrow
window, a splitter dragged, more badges than the room kept), its name is
shortened and its badges stay whole.
"""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPaintEvent
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import Language, counts_text, tr
from ascend_studio.ui._qtnames import USER_ROLE, set_enum
from ascend_studio.ui._snapshot import ENV_SECTION, UNKNOWN_SECTION, CategoryCounts
from ascend_studio.ui._style import language_font

__all__ = ["ROOM", "CategoryNav", "badges"]

_KEY = USER_ROLE
#: The badges every entry has room for beside its name: values set in two digits,
#: and findings of two severities.
ROOM = CategoryCounts(set_count=88, errors=8, warnings=8)
#: Between a name and its badges.
_GAP = "   "


def badges(counts: CategoryCounts) -> str:
    """``counts`` as the badges shown after a category's name ("" when all are 0)."""
    shown = [f"● {counts.set_count}"] if counts.set_count else []
    severities = (("✖", counts.errors), ("⚠", counts.warnings), ("ℹ", counts.infos))
    shown += [f"{icon} {n}" for icon, n in severities if n]
    return "  ".join(shown)


class CategoryNav(QListWidget):
    category_chosen = Signal(str)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nav")
        self.setStyleSheet("QListWidget::item { padding: 5px 8px; }")  # this widget only
        set_enum(self, "horizontalScrollBarPolicy", "ScrollBarAlwaysOff")  # see above
        self.catalog = catalog
        self.lang: Language = "en"
        self.counts: dict[str, CategoryCounts] = {}
        for key in [UNKNOWN_SECTION] + [c.id for c in catalog.categories] + [ENV_SECTION]:
            item = QListWidgetItem(self)
            item.setData(_KEY, key)
            item.setHidden(key == UNKNOWN_SECTION)  # shown while the profile keeps such names
        self.itemClicked.connect(lambda item: self.category_chosen.emit(item.data(_KEY)))
        self.currentItemChanged.connect(self._current_changed)
        self._syncing = False
        #: The viewport's width the names were last fitted to (None: not shown yet),
        #: and the entries' margins in the font they were measured in.
        self._width: int | None = None
        self._margins: tuple[QFont | None, int] = (None, 0)
        #: Each entry's item, name, badges (after a gap) and tooltip, as last rendered.
        self._entries: list[tuple[QListWidgetItem, str, str, str]] = []
        self._render()

    def set_counts(self, counts: dict[str, CategoryCounts]) -> None:
        if counts != self.counts:
            changed = {key for key, found in counts.items() if self.counts.get(key) != found}
            changed |= self.counts.keys() - counts.keys()
            self.counts = counts
            self._render(changed)

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self._render()

    def show_categories(self, keys: set[str]) -> None:
        """Show only these categories' entries (a surface without their parameters hides
        them); the environment's stays. An entry is told only when it changes: hiding or
        showing one places the whole list again and paints it, even to the same state."""
        for row in range(self.count()):
            item = self.item(row)
            key = item.data(_KEY)
            hidden = key != ENV_SECTION and key not in keys
            if item.isHidden() != hidden:
                item.setHidden(hidden)

    def select_quietly(self, key: str) -> None:
        """Follow the form's scrolling without jumping back to the section."""
        self._syncing = True
        try:
            for row in range(self.count()):
                if self.item(row).data(_KEY) == key:
                    self.setCurrentRow(row)
        finally:
            self._syncing = False

    def item_for(self, key: str) -> QListWidgetItem:
        return next(self.item(r) for r in range(self.count()) if self.item(r).data(_KEY) == key)

    def _current_changed(self, current: QListWidgetItem | None, _old: object) -> None:
        if current is not None and not self._syncing:
            self.category_chosen.emit(current.data(_KEY))

    def needed_width(self) -> int:
        """The width that shows every entry whole with the badges :data:`ROOM` holds,
        in the language shown and in English (each in its fonts), so that a switch
        between them keeps the width. Chinese names are measured only when shown:
        measuring them loads a CJK font an English first paint does without (5 ms),
        and they are the shorter (``tests/ui/test_nav_width.py`` holds it)."""
        room = _GAP + badges(ROOM)
        widest = 0
        for lang in dict.fromkeys((self.lang, "en")):
            # the language's fonts: the list's own may not have had the application's yet
            metrics = QFontMetrics(language_font(self.font(), lang))
            names = [c.name.get(lang) for c in self.catalog.categories]
            widest = max(widest, *(metrics.horizontalAdvance(name + room) for name in names))
        shown = QFontMetrics(language_font(self.font(), self.lang))
        for own in (tr("Environment variables"), tr("Not in the catalog")):  # the language shown
            widest = max(widest, shown.horizontalAdvance(own + room))
        return widest + self._item_margins() + 2 * self.frameWidth()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The names fitted to the viewport's width (shortened, or whole again) before
        they are painted: a resize is always followed by a paint, and the viewport's
        resize events missed a width change (a vertical scroll bar hidden during the
        first layout)."""
        self._fit()
        super().paintEvent(event)

    def _viewport_width(self) -> int | None:
        """The viewport's width, from the list's own (``viewport()`` cost PySide6 ~25 ms
        the first time, before the first paint); None while hidden."""
        if not self.isVisible():
            return None
        bar = self.verticalScrollBar()
        return self.width() - 2 * self.frameWidth() - (bar.width() if bar.isVisibleTo(self) else 0)

    def _item_margins(self) -> int:
        """How much wider an entry is than its text: padding, the style's margins, and
        1 px for the text's fractional width, which an entry rounds up and the font
        metrics round to the nearest (measured on an entry with its text, once per font)."""
        font = self.font()
        if self._margins[0] != font:  # QFont's == compares the families too
            item = self.item(1)  # the first category's (the first entry may be hidden)
            hint = self.sizeHintForIndex(self.indexFromItem(item)).width()
            self._margins = (font, 1 + hint - self.fontMetrics().horizontalAdvance(item.text()))
        return self._margins[1]

    def _render(self, keys: set[str] | None = None) -> None:
        """Each entry's name, badges, tooltip and colour, from the counts and language
        (``keys``: only those categories' entries, whose counts changed: a target switch
        changes a few, and every entry's texts were made and set again)."""
        names = {c.id: c.name.get(self.lang) for c in self.catalog.categories}
        names[ENV_SECTION] = tr("Environment variables")
        names[UNKNOWN_SECTION] = tr("Not in the catalog")
        if len(self._entries) != self.count():
            keys = None
        rows = [r for r in range(self.count()) if keys is None or self.item(r).data(_KEY) in keys]
        if keys is not None and self._width is not None and self._width == self._viewport_width():
            self._render_quietly(rows, names)
            return
        entries = [self._entry(self.item(row), names) for row in rows]
        if keys is None:
            self._entries = entries
        for row, entry in zip(rows, entries, strict=True):
            self._entries[row] = entry
        self._fit(again=True, rows=None if keys is None else rows)

    def _render_quietly(self, rows: list[int], names: dict[str, str]) -> None:
        """Render the entries in ``rows`` and repaint those alone. Any change of an
        item's data makes the list place every entry again in a later turn and paint
        its whole viewport (its style sheet: about 1.4 ms on a target switch that
        changes two counts); the model keeps quiet unless an assistive technology is
        listening, and the entries are placed again only when one needs another
        height or a width beyond the viewport's."""
        from PySide6.QtGui import QAccessible  # after the first paint: no enums before

        if QAccessible.isActive():
            self._render_loudly(rows, names)
            return
        items = [self.item(row) for row in rows]
        before = [self.sizeHintForIndex(self.indexFromItem(item)) for item in items]
        model = self.model()
        was = model.blockSignals(True)
        try:
            for row, item in zip(rows, items, strict=True):
                self._entries[row] = self._entry(item, names)
            self._fit(again=True, rows=rows)
        finally:
            model.blockSignals(was)
        after = [self.sizeHintForIndex(self.indexFromItem(item)) for item in items]
        room = self.viewport().width()
        if any(
            old.height() != new.height() or max(old.width(), new.width()) > room
            for old, new in zip(before, after, strict=True)
        ):
            self.scheduleDelayedItemsLayout()  # as the model's signal would have
            self.viewport().update()
            return
        for item in items:
            if not item.isHidden():
                self.viewport().update(self.visualItemRect(item))

    def _render_loudly(self, rows: list[int], names: dict[str, str]) -> None:
        for row in rows:
            self._entries[row] = self._entry(self.item(row), names)
        self._fit(again=True, rows=rows)

    def _entry(
        self, item: QListWidgetItem, names: dict[str, str]
    ) -> tuple[QListWidgetItem, str, str, str]:
        """One entry's colour and visibility set; its name, badges and tooltip."""
        key = item.data(_KEY)
        counts = self.counts.get(key, CategoryCounts())
        shown = badges(counts)
        summary = counts_text(counts.errors, counts.warnings, counts.infos, " · ")
        tip = tr("{set} set; {counts}").format(set=counts.set_count, counts=summary)
        color = {"error": "#b3261e", "warning": "#9a5b00"}.get(counts.worst or "")
        item.setForeground(QBrush(QColor(color)) if color else QBrush())
        if key == UNKNOWN_SECTION and item.isHidden() == bool(counts.set_count):
            item.setHidden(not counts.set_count)
        return item, names[key], _GAP + shown if shown else "", tip

    def _fit(self, again: bool = False, rows: list[int] | None = None) -> None:
        """The entries' texts in the viewport's width (``again``: after a new render,
        of the entries in ``rows`` or all): a name that does not fit beside its badges
        is shortened, its tooltip names it."""
        width = self._viewport_width()
        if width == self._width and not again:
            return
        if rows is not None and width != self._width:
            rows = None  # a new width: every entry fitted again
        self._width = width
        room = width - self._item_margins() if width is not None else None
        metrics = self.fontMetrics()
        entries = self._entries if rows is None else [self._entries[row] for row in rows]
        for item, name, after, tip in entries:
            shown = name
            if room is not None and metrics.horizontalAdvance(name + after) > room:
                left = room - metrics.horizontalAdvance(after) - 1  # the sum's rounding
                shown = metrics.elidedText(name, QtCore.Qt.TextElideMode.ElideRight, left)
            if again or item.text() != shown + after:
                item.setText(shown + after)
                item.setToolTip(tip if shown == name else f"{name}\n{tip}")
