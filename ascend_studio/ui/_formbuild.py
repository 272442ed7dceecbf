"""How the form's rows are built: only those the user can see or is about to.

A row not built yet holds its place in its section with a spacer of a typical row's
height (``ui/_sections.py``). After the first paint, the rows in the view and within
a screen above and below it (``NEAR_MARGIN``) are built, a time slice per turn of the
event loop; when the view moves (a scroll, a resize, a fold, a filter), the rows that
came near are built the same way, and those scrolled into view before the view paints
(``FormView._scrolled``). The rows navigated to, revealed, searched for or reached by
Tab are built at once. No other row is built: ``build_all`` builds every one, for the
code that needs them all. The form keeps the latest state, target and language and
gives them to each row as it is built. ``FormView`` (``ui/_form.py``) adds what is
shown (filters, folds) and navigation.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QTimer, Signal
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QSpacerItem, QWidget

from ascend_studio.schema import Catalog, Parameter
from ascend_studio.ui._build import SLICE_SECONDS, BuildQueue
from ascend_studio.ui._i18n import Language
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._sections import ROW_HEIGHT, Run, Section
from ascend_studio.ui._snapshot import RowState
from ascend_studio.ui.editors import PathEditor, SubconfigEditor

__all__ = ["LEAD", "NEAR_MARGIN", "SCROLL_SLICE_SECONDS", "UNSET", "RowsBuilt"]

#: The share of a slice's budget a search key may spend building its matches: the
#: rest of its turn of the event loop filters the form and paints it (with a whole
#: slice, the keys that build rows took 11-12 ms, their turns 17-20 ms).
KEY_SHARE = 0.5

#: How far beyond the view rows are built ahead of the user, in view heights: a
#: PageDown, a wheel turn or a Tab lands on rows that exist.
NEAR_MARGIN = 1.0

#: How far ahead rows are built in the direction the view last moved, in view heights
#: (and the rest of the sections reaching there): a PageDown shows rows built a screen
#: before it, and the rows the slices after it build lie in sections not laid out yet
#: (parked: ``ui/_band.py``), so building them lays out no section and changes nothing
#: on the screen.
LEAD = 2.0

#: A slice's budget once the start-up's rows exist: a key pressed while the view's
#: rows ahead are built waits for one slice at most (the start keeps ``SLICE_SECONDS``).
SCROLL_SLICE_SECONDS = 0.004

_TAIL_W, _TAIL_H = QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed

#: The state of a row with no value, finding or note (made once: a frozen dataclass's
#: ``__init__`` for every row asked was 3 % of building the rows).
UNSET = RowState()


class RowsBuilt(QScrollArea):
    """The form's rows by path, built into their sections as they come near the view."""

    edited = Signal(str, object, bool)
    finished = Signal()
    reset_requested = Signal(str)
    file_edit_requested = Signal(str)
    #: A row's fix link was clicked: the fix to apply (``ascend_studio.rules.Fix``).
    fix_requested = Signal(object)
    #: The start-up's rows exist: those in and near the view when the window started
    #: (emitted once; nothing is left to build until the view moves).
    settled = Signal()

    # set by the form before it calls _init_building
    catalog: Catalog
    lang: Language
    body: QWidget
    rows: dict[str, ParamRow]
    sections: dict[str, Section]
    _states: dict[str, RowState]
    _target: tuple[str | None, str | None] | None
    #: The rows' heights when last laid out (``ui/_band.py``).
    _row_heights: dict[str, int]
    #: Blank space under the last section that keeps the form's height while rows are
    #: built ahead of the view (see ``_hold_height``).
    _tail: QSpacerItem
    #: Parameters whose file text is kept in the profile only (their rows say so).
    unsaved_files: frozenset[str]

    def _wanted(self, param: Parameter) -> bool:
        """Whether the row of ``param`` is shown (the form's filters decide)."""
        return True

    def set_folded(self, holder: str, folded: bool) -> None:
        """Hide or show a sub-config's fields (the form's folds decide)."""

    def _park_out_of_view(self) -> None:
        """Park the sections out of view (the form decides which: ``ui/_band.py``)."""

    def _init_building(self) -> None:
        self._section_of = {
            p.path: section for section in self.sections.values() for p in section.params
        }
        self.build_queue = BuildQueue(self._section_of)
        self._runs: list[Run] = []
        self._urgent: list[str] = []  # built first by the next slice
        self._progressive = False  # build_progressively was called (set_catalog does so too)
        self._pass_turn = False  # the next slice gives its turn to the view's new paint
        self._building = False
        self._settled = False
        #: Where the view last moved: 1 down, -1 up, 0 not yet (rows are built further
        #: ahead that way: ``LEAD``); and where its top was then.
        self._heading = 0
        self._heading_from = 0
        #: Rows of parked sections not told the language yet (``Banded._unpark``).
        self._stale_language: set[str] = set()
        #: Builds a slice of the rows near the view on each turn of the event loop, until
        #: every row near it exists.
        self._slicer = QTimer(self)
        self._slicer.setInterval(0)
        self._slicer.timeout.connect(self.build_slice)

    def build_next(self) -> bool:
        """Build the rest of the next section with rows to build; False once all are built."""
        pending = self.build_queue.pending()
        if pending:
            self._build_now(p.path for p in self._section_of[pending[0]].params)
        return not self.is_fully_built()

    def build_all(self) -> None:
        """Build every row now, each in the form's language (for code that needs them
        all, and tests)."""
        self._build_now(self.build_queue.pending())
        self._release_tail(always=True)
        for path in self._stale_language:
            self.rows[path].set_language(self.lang)
        self._stale_language.clear()

    def build_progressively(self) -> None:
        """From now on, build the rows near the view a slice per turn of the event loop
        (input stays live), now and whenever the view moves."""
        self._progressive = True
        self._park_out_of_view()  # rows built into a parked section are not laid out
        if self.build_queue:  # room for rows taller than the height they hold (a screen)
            self._hold_height(-self.viewport().height())
        if not self.build_queue and not self._settled:  # every row exists already
            self._settled = True
            self.build_queue.budget = min(self.build_queue.budget, SCROLL_SLICE_SECONDS)
            self.settled.emit()
        self.build_near_later()

    def build_near_later(self) -> None:
        """Build the rows that are near the view and not built yet, from the next turn
        of the event loop on (nothing if every row near it exists)."""
        if not (self._progressive and self.build_queue):
            return
        if not self._building:
            # the view's new paint first, slices running already too (one ran before the
            # paint of a key pressed between two of them)
            self._pass_turn = True
        if not self._slicer.isActive():
            self._pass_turn = True
            self._slicer.start()

    def is_settled(self) -> bool:
        """Whether the start-up's rows (near the view when it started) exist."""
        return self._settled

    def build_slice(self) -> None:
        """One time-bounded slice of the rows near the view: those a search key left
        first, then those in view, then below it, then above it. The slicer stops once
        none is left. After a change the user made (a search key, a filter), the next
        slice passes: its turn of the event loop is the key's and the view's new paint."""
        if self._pass_turn:
            self._pass_turn = False
            return
        wanted, self._urgent = [*self._urgent, *self._near()], []
        if not wanted:
            self._slicer.stop()
            if not self._settled:
                self._settled = True
                self.build_queue.budget = min(self.build_queue.budget, SCROLL_SLICE_SECONDS)
                self.settled.emit()
            return
        with self._kept_in_place():
            self.build_queue.run_slice(self._make_row, wanted, self._place_ahead, rest=False)
        self._check_done()

    def _place_ahead(self) -> None:
        """Show a slice's rows, the form keeping its height (``_hold_height``)."""
        self._hold_height(self._place_runs())

    def _hold_height(self, grown: int) -> None:
        """Give or take what the sections grew by from the blank space under the last
        one, so the form keeps its height while rows are built ahead of the view: its
        scroll bar changed (and repainted, with the window around it) after the slices
        that followed each PageDown, 20-60 ms after the view had moved. The space goes
        when the view comes near it (``_release_tail``)."""
        tail = self._tail.sizeHint().height()
        held = max(tail - grown, 0)
        if held != tail:
            self._tail.changeSize(0, held, _TAIL_W, _TAIL_H)
            self._relayout()

    def _relayout(self) -> None:
        layout = self.body.layout()
        if layout is not None:
            layout.invalidate()

    def _release_tail(self, always: bool = False) -> None:
        """Take the blank space under the last section away once the view comes within
        a screen of it (or ``always``): the form then ends where its rows do."""
        if not self._tail.sizeHint().height():
            return
        top = self._tail.geometry().top()
        reach = self.verticalScrollBar().value() + 2 * self.viewport().height()
        if always or top <= reach:
            self._tail.changeSize(0, 0, _TAIL_W, _TAIL_H)
            self._relayout()

    def pass_next_slice(self) -> None:
        """Leave the next turn of the event loop to what the user just did."""
        self._pass_turn = self._slicer.isActive()

    def ensure_built(self, paths: Iterable[str]) -> None:
        """Build these rows now (those not built yet), before the view moves to them."""
        self._build_now(paths)

    def is_fully_built(self) -> bool:
        """Whether every row exists (only after :meth:`build_all`, or once the user has
        been near every row)."""
        return not self.build_queue

    def _build_now(self, paths: Iterable[str]) -> None:
        queue = self.build_queue
        with self._kept_in_place():
            start = queue.clock()
            taken = queue.take(paths)
            for path in taken:
                self._make_row(path)
            made = queue.clock()
            self._place_runs()
            queue.learn(len(taken), made - start, queue.clock() - made)
        self._check_done()

    def _build_matches(self, paths: list[str]) -> None:
        """While rows are built a slice at a time, a search key builds the first of its
        matches in view within half a slice's budget (``KEY_SHARE``), and the next
        slices build the rest of the view first: each key is taken within a frame (all
        of a screen's matches at once took 40-65 ms a key). Otherwise, all of them now."""
        if not self._slicer.isActive():
            self._build_now(paths)
            return
        budget = self.build_queue.budget
        share = KEY_SHARE * max(budget, SLICE_SECONDS) / budget  # the start's share at least
        with self._kept_in_place():
            self.build_queue.run_slice(
                self._make_row, paths, self._place_runs, rest=False, share=share
            )
        self._urgent = [p for p in paths if p in self.build_queue]
        self._check_done()

    def _check_done(self) -> None:
        if not self.build_queue:
            self._slicer.stop()
            self._park_out_of_view()

    def note_heading(self, top: int) -> None:
        """The view's top moved to ``top``: rows are built further ahead that way."""
        if top != self._heading_from:
            self._heading = 1 if top > self._heading_from else -1
            self._heading_from = top

    def _near(self, margin: float = NEAR_MARGIN) -> list[str]:
        """The unbuilt rows shown within ``margin`` view heights of the view (``LEAD``
        on the side the view last moved to, and the rest of the sections reaching
        there: rows built into a section laid out and in view repainted the rows in
        view after the key): those in it first, then those below it, then those above
        it (the nearest first)."""
        top = self.verticalScrollBar().value()
        height = self.viewport().height()
        ahead, behind = (max(LEAD, margin), margin) if self._heading > 0 else (margin, margin)
        if self._heading < 0:
            ahead, behind = margin, max(LEAD, margin)
        low, high = top - int(height * behind), top + height + int(height * ahead)
        view: list[str] = []
        below: list[str] = []
        above: list[str] = []
        for section in self.sections.values():
            y = section.y()
            if section.isHidden() or not section.spacers or y > high:
                continue
            if y + section.height() < low:
                continue
            for path, at, tall in self._places(section):
                if (at + tall < low and self._heading >= 0) or (at > high and self._heading <= 0):
                    continue
                if at + tall >= top and at <= top + height:
                    view.append(path)
                else:
                    (below if at > top else above).append(path)
        return view + below + above[::-1]

    def _places(self, section: Section) -> Iterator[tuple[str, int, int]]:
        """Each unbuilt shown row of ``section``: its path, its top in the form and the
        height it holds. A section laid out knows where its spacers are; a parked one's
        rows are placed by the heights they are expected to take. A row may hold no
        height (taller rows built before it took it: ``Section.absorb``): it still
        has its place (1 px), or it would never be built."""
        y = section.y()
        if not section.parked:
            for path, spacer in section.spacers.items():
                if self._wanted(section.params[section.order[path]]):
                    area = spacer.geometry()
                    yield path, y + area.top(), max(area.height(), 1)
            return
        margins = section.body.contentsMargins()
        width = max(section.width(), 400)
        y += margins.top() + section.header.sizeHint().height()
        y += section.blurb.heightForWidth(width)
        for param in section.params:
            held = section.spacers.get(param.path)
            if held is None:
                y += self._built_height(param.path)
                continue
            tall = held.sizeHint().height()
            if self._wanted(param):
                yield param.path, y, max(tall, 1)
            y += tall

    def _built_height(self, path: str) -> int:
        """The height a built row of a parked section is expected to take (0 hidden)."""
        return 0 if self.rows[path].isHidden() else self._row_heights.get(path, ROW_HEIGHT)

    def _make_row(self, path: str) -> None:
        section = self._section_of[path]
        run = self._runs[-1] if self._runs else None
        if run is None or run.section is not section or run.next != section.order[path]:
            run = Run(section, path)
            self._runs.append(run)
        param = section.params[section.order[path]]
        level = param.path.count(".")
        row = ParamRow(param, self.catalog, level=level, parent=run.box, lang=self.lang)
        row.edited.connect(self.edited)
        row.finished.connect(self.finished)
        row.reset_requested.connect(self.reset_requested)
        row.file_edit_requested.connect(self.file_edit_requested)
        row.fix_requested.connect(self.fix_requested)
        if isinstance(row.editor, SubconfigEditor):
            row.editor.expanded_changed.connect(
                lambda on, path=param.path: self.set_folded(path, not on)
            )
        if self._target is not None:
            row.set_target(*self._target)
        row.apply(self._states.get(param.path, UNSET))
        if param.path in self.unsaved_files and isinstance(row.editor, PathEditor):
            row.editor.set_unsaved(True)
        if not self._wanted(param):
            row.setVisible(False)
        self.rows[param.path] = row
        run.add(row)

    def _place_runs(self) -> int:
        """Show the rows built since the last call; the px the sections grew by."""
        runs, self._runs = self._runs, []
        return sum(run.place() for run in runs)

    @contextmanager
    def _kept_in_place(self) -> Iterator[None]:
        """Rows built above the view push it down: keep the row at its top where it was."""
        bar = self.verticalScrollBar()
        anchor = self._anchor() if bar.value() > 0 and not self._building else None
        self._building = True
        try:
            yield
            if anchor is not None:
                widget, offset = anchor
                self._settle()
                bar.setValue(self._top_of(widget) - offset)
        finally:
            self._building = False

    @contextmanager
    def _anchored(self) -> Iterator[None]:
        """Keep the row (or section) at the top of the view where it is, whatever else
        is going on (a build's own anchoring included): sections above it are laid out
        again or parked inside."""
        bar = self.verticalScrollBar()
        anchor = self._anchor() if bar.value() > 0 else None
        yield
        if anchor is not None:
            widget, offset = anchor
            self._settle()
            bar.setValue(self._top_of(widget) - offset)

    def _top_of(self, widget: QWidget) -> int:
        return widget.mapTo(self.body, QPoint(0, 0)).y()

    def _anchor(self) -> tuple[QWidget, int] | None:
        """The first built row (or else section) at the top of the view, and its offset."""
        top = self.verticalScrollBar().value()
        for section in self.sections.values():
            if section.isHidden() or section.y() + section.height() <= top:
                continue
            if section.parked:  # its rows are not laid out: where they are is not known
                return section, section.y() - top
            for param in section.params:
                row = self.rows.get(param.path)
                if row is not None and not row.isHidden():
                    y = self._top_of(row)
                    if y + row.height() > top:
                        return row, y - top
            return section, section.y() - top
        return None

    def _in_view(self) -> list[str]:
        """Unbuilt rows whose reserved space is in the view (as last laid out)."""
        top = self.verticalScrollBar().value()
        bottom = top + self.viewport().height()
        found = []
        for section in self.sections.values():
            y = section.y()
            if section.isHidden() or section.parked or not section.spacers or y > bottom:
                continue
            if y + section.height() < top:
                continue
            for path, at, tall in self._places(section):
                if at + tall >= top and at <= bottom:
                    found.append(path)
        return found

    def _first_screen(self, params: Iterable[Parameter]) -> list[str]:
        """The first of ``params`` that are shown, as many as fill the view (by the
        heights of built rows and the height reserved for the others)."""
        room = self.viewport().height()
        shown: list[str] = []
        section: Section | None = None
        for param in params:
            if room <= 0:
                break
            if not self._wanted(param):
                continue
            if self._section_of[param.path] is not section:
                section = self._section_of[param.path]
                room -= section.header.sizeHint().height() + section.blurb.sizeHint().height()
            row = self.rows.get(param.path)
            # a hidden row may never have been laid out (Qt's default height is 30 px)
            laid_out = row is not None and not row.isHidden() and row.height() > 0
            room -= row.height() if row is not None and laid_out else ROW_HEIGHT
            shown.append(param.path)
        return shown

    def _settle(self) -> None:
        """Lay out pending changes now, so section and row positions are final.

        Row stacks take their rows' new heights from the layout requests the rows
        post (a value, tag or language changed): those are delivered first."""
        layout = self.body.layout()
        for _ in range(3):  # a stack's new height posts one more request to the body
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            if layout is not None:
                layout.activate()
        self.body.adjustSize()
