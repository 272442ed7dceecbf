"""Which of the form's sections are laid out: those in and near the view.

The form is a view of the catalog and the document: every row holds its place (a
widget once it came near the view: ``ui/_formbuild.py``), but only the sections
within half a screen of the view are laid out.
The others are *parked* (``Section.park``): they keep the height they had, or the
height their shown rows are expected to take, and whatever changes in them (the
language, the target, values, findings, a search showing or hiding rows) costs
no layout until they come back into view, when the form's scrolling brings them
back (``FormView._scrolled``). A language switch, a product switch or a search
then lays out a screen or two of rows, not every row of the form.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6 import QtCore
from PySide6.QtCore import QPoint, QTimer
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import QApplication, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._formbuild import RowsBuilt
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._sections import ROW_HEIGHT, RowStack, Section
from ascend_studio.ui._snapshot import ENV_SECTION, UNKNOWN_SECTION

__all__ = ["BAND_MARGIN", "Band", "Banded", "estimated_height"]

#: How far beyond the view sections stay laid out, in view heights: Tab to the next
#: field and a scroll by the wheel land on rows laid out already.
BAND_MARGIN = 0.5


def estimated_height(
    section: Section,
    shown: Callable[[Parameter], bool],
    heights: dict[str, int],
) -> int:
    """The height ``section`` will take with the rows ``shown`` says: each row's last
    laid out height (a typical row's for one never laid out), its title and blurb."""
    rows = sum(heights.get(p.path, ROW_HEIGHT) for p in section.params if shown(p))
    margins = section.body.contentsMargins()
    titles = section.header.sizeHint().height() + section.blurb.heightForWidth(
        max(section.width(), 400)
    )
    return margins.top() + margins.bottom() + titles + rows


def _tab_fields(section: Section) -> list[QWidget]:
    """The widgets of ``section`` that Tab stops at, row by row from the top (a row's
    own widgets in the order they were made)."""
    fields = [
        w
        for w in section.findChildren(QWidget)
        if w.focusPolicy() & QtCore.Qt.FocusPolicy.TabFocus
        and w.isVisibleTo(section)
        and w.isEnabled()
        and w.focusProxy() is None
    ]
    return sorted(fields, key=lambda w: _row_of(w, section).mapTo(section, QPoint(0, 0)).y())


def _row_of(widget: QWidget, section: Section) -> QWidget:
    """The form row holding ``widget`` (the widget itself outside a row)."""
    holder: QWidget | None = widget
    while holder is not None and holder is not section:
        if isinstance(holder, ParamRow):
            return holder
        holder = holder.parentWidget()
    return widget


def _same_row(one: QWidget, other: QWidget, section: Section) -> bool:
    """Whether both widgets are fields of the same form row of ``section``."""
    row = _row_of(one, section)
    return isinstance(row, ParamRow) and row is _row_of(other, section)


def remember_heights(section: Section, heights: dict[str, int]) -> None:
    """The heights the shown rows of a laid out section have now."""
    for stack in section.findChildren(RowStack):
        for row in stack.rows:
            path = row.objectName().removeprefix("row:")
            if not row.isHidden() and row.height() > 0:
                heights[path] = row.height()


class Band:
    """The vertical range of the form body kept laid out (the view and a margin)."""

    def __init__(self, top: int, height: int) -> None:
        margin = int(height * BAND_MARGIN)
        self.top = top - margin
        self.bottom = top + height + margin

    def holds(self, y: int, height: int) -> bool:
        return y < self.bottom and y + height > self.top


def predicted_band(
    sections: Iterable[tuple[Section, bool, int]], band: Band, start: int = 0
) -> set[str]:
    """The keys of the sections that will lie in ``band`` once each of ``sections``
    (section, whether it will be shown, its expected height) takes its height."""
    found: set[str] = set()
    y = start
    for section, shown, height in sections:
        if not shown:
            continue
        if band.holds(y, height):
            found.add(section.key)
        y += height
    return found


class Banded(RowsBuilt):
    """The form's rows, laid out in and near the view only (the module docstring)."""

    def _init_band(self) -> None:
        """Called first in the constructor: before its widget is set."""
        # The viewport made here, as QScrollArea makes its own: Qt's, fetched from
        # Python the first time, made PySide6 look through every QWidget class for its
        # type (creating some 50 classes' enums: 6-10 ms, before the first paint).
        viewport = QWidget()
        viewport.setObjectName("qt_scrollarea_viewport")
        viewport.setBackgroundRole(QPalette.ColorRole.NoRole)
        viewport.setAutoFillBackground(True)
        self.setViewport(viewport)
        #: The rows' heights when last laid out (a parked section's expected height).
        self._row_heights: dict[str, int] = {}
        self._banding = self._band_pending = False

    def _unpark(self, section: Section) -> None:
        """Lay ``section`` out again, its rows told the language first if it changed
        while they were parked (``FormView.set_language``)."""
        stale = [p.path for p in section.params if p.path in self._stale_language]
        for path in stale:
            self.rows[path].set_language(self.lang)
        self._stale_language.difference_update(stale)
        section.unpark()

    def _parkable(self, section: Section) -> bool:
        return section.key not in (ENV_SECTION, UNKNOWN_SECTION)

    def _can_park(self) -> bool:
        return self.isVisible() and self.viewport().height() > 0

    def _park_ahead(
        self, sections: list[tuple[Section, bool]], top: int | None, focus: QWidget | None
    ) -> None:
        """Park the sections that will lie out of view once ``sections`` (each with
        whether it will be shown) take their expected heights."""
        if not self._can_park():
            return
        for section, _shown in sections:
            if self._parkable(section) and not section.parked:
                remember_heights(section, self._row_heights)
        expected = [
            (section, shown, self._expected_height(section) if shown else 0)
            for section, shown in sections
        ]
        value = self.verticalScrollBar().value() if top is None else top
        keep = predicted_band(expected, Band(value, self.viewport().height()))
        for section, _shown, height in expected:
            held = focus is not None and section.isAncestorOf(focus)
            if self._parkable(section) and section.key not in keep and not held:
                section.park(height)

    def _expected_height(self, section: Section) -> int:
        if not self._parkable(section):
            return section.sizeHint().height()
        return estimated_height(section, self._wanted, self._row_heights)

    def _update_band(self) -> None:
        """Lay out the sections in and near the view, park the others."""
        self._band_pending = False
        if self._banding or not self._can_park():
            return
        self._banding = True
        try:
            with self._anchored():
                for _ in range(4):  # a section laid out again may take another height
                    self._settle()
                    if not self._fit_band():
                        break
        finally:
            self._banding = False
        self.build_near_later()  # the view moved, took another size or other rows

    def _fit_band(self) -> bool:
        """Park and unpark by where the sections are now; True if one was unparked."""
        band = Band(self.verticalScrollBar().value(), self.viewport().height())
        focus = QApplication.focusWidget()
        unparked = False
        for section in self.sections.values():
            if not self._parkable(section) or section.isHidden():
                continue
            held = focus is not None and section.isAncestorOf(focus)
            inside = held or band.holds(section.y(), section.height())
            if inside and section.parked:
                self._unpark(section)
                unparked = True
            elif not inside and not section.parked:
                remember_heights(section, self._row_heights)
                section.park(section.height())
        return unparked

    def _park_out_of_view(self) -> None:
        self._band_later()

    def _band_later(self) -> None:
        """:meth:`_update_band` once the events already posted are handled (a language's
        fonts reach the widgets by posted events: checked before them, the sections were
        laid out twice), before the paint (posted updates come after other events)."""
        if not self._band_pending:
            self._band_pending = True
            QTimer.singleShot(0, self, self._update_band)

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab: the row the focus goes on to is built and its section laid
        out first (a parked section's fields take no focus, a row not built has none).
        The focus goes to the next field in the form's order, within its section and the
        neighbouring one: Qt's focus chain follows the order the rows were made in (the
        first screen's before the docks, the others as the view came near them), so
        where it leads elsewhere, the field that follows in the form takes the focus."""
        focus = QApplication.focusWidget()
        shown = [s for s in self.sections.values() if not s.isHidden()]
        here = [i for i, s in enumerate(shown) if focus is not None and s.isAncestorOf(focus)]
        if focus is None or not here:
            return super().focusNextPrevChild(next)
        self._build_beside(focus, next)
        index = here[0] + (1 if next else -1)
        next_to = shown[index] if 0 <= index < len(shown) else None
        if next_to is not None and next_to.parked:
            with self._anchored():
                self._unpark(next_to)
                self._settle()
        expected = self._field_along(focus, shown[here[0]], next_to, next)
        moved = super().focusNextPrevChild(next)
        landed = QApplication.focusWidget()
        if expected is None or landed is expected:
            return moved
        if landed is not None and _same_row(landed, expected, shown[here[0]]):
            return moved  # another field of the row Tab goes to: the row's own order
        Qt = QtCore.Qt
        reason = Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason
        expected.setFocus(reason)
        self.ensureWidgetVisible(expected)
        return True

    def _build_beside(self, focus: QWidget, forward: bool) -> None:
        """Build the shown row after (or before) the row holding ``focus``, if it is not
        built yet: Tab moves the focus into it."""
        holder: QWidget | None = focus
        while holder is not None and not isinstance(holder, ParamRow):
            holder = holder.parentWidget()
        if not isinstance(holder, ParamRow):
            return
        order = [p for s in self.sections.values() if not s.isHidden() for p in s.params]
        index = next((i for i, p in enumerate(order) if p.path == holder.param.path), None)
        if index is None:
            return
        step = 1 if forward else -1
        index += step
        while 0 <= index < len(order) and not self._wanted(order[index]):
            index += step
        if 0 <= index < len(order) and order[index].path in self.build_queue:
            self.ensure_built([order[index].path])

    @staticmethod
    def _field_along(
        focus: QWidget, here: Section, there: Section | None, forward: bool
    ) -> QWidget | None:
        """The field after (or before) ``focus`` in the form's order, within its section
        and the neighbouring one ``there``; None if there is none."""
        mine, theirs = _tab_fields(here), _tab_fields(there) if there is not None else []
        fields = mine + theirs if forward else list(reversed(theirs + mine))  # travel order
        index = fields.index(focus) + 1 if focus in fields else len(mine)
        return fields[index] if index < len(fields) else None

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._band_later()  # after the layout that resized it
