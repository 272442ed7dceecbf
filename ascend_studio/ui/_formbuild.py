"""How the form's rows are built: after the first paint, a time slice per turn of the
event loop, the rows the user needs now first.

A row not built yet holds its place in its section with a spacer of a typical row's
height (``ui/_sections.py``); the rows in view, navigated to or searched for are built
at once (a search key while the build runs: as many as one slice's budget allows, the
rest of the view by the next slices, before any other row). The form keeps the latest
state, target and language and gives them to each row as it is built. ``FormView``
(``ui/_form.py``) adds what is shown (filters, folds) and navigation.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QTimer, Signal
from PySide6.QtWidgets import QScrollArea, QWidget

from ascend_studio.schema import Catalog, Parameter
from ascend_studio.ui._build import BuildQueue
from ascend_studio.ui._i18n import Language
from ascend_studio.ui._quietbar import QuietBar
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._sections import ROW_HEIGHT, Run, Section
from ascend_studio.ui._snapshot import RowState
from ascend_studio.ui.editors import PathEditor, SubconfigEditor

__all__ = ["UNSET", "RowsBuilt"]

#: The share of a slice's budget a search key may spend building its matches: the
#: rest of its turn of the event loop filters the form and paints it (with a whole
#: slice, the keys that build rows took 11-12 ms, their turns 17-20 ms).
KEY_SHARE = 0.5

#: Seconds of a turn of the event loop spent, once every row is built, laying out the
#: rows never shown (see ``_warm_slice``).
WARM_BUDGET = 0.004

#: The state of a row with no value, finding or note (made once: a frozen dataclass's
#: ``__init__`` for every row asked was 3 % of building the rows).
UNSET = RowState()


class RowsBuilt(QScrollArea):
    """The form's rows by path, built progressively into their sections."""

    edited = Signal(str, object, bool)
    finished = Signal()
    reset_requested = Signal(str)
    file_edit_requested = Signal(str)
    #: A row's fix link was clicked: the fix to apply (``ascend_studio.rules.Fix``).
    fix_requested = Signal(object)
    #: Every section's rows exist now (and those the filters show are shown).
    fully_built = Signal()

    # set by the form before it calls _init_building
    catalog: Catalog
    lang: Language
    body: QWidget
    rows: dict[str, ParamRow]
    sections: dict[str, Section]
    _states: dict[str, RowState]
    _target: tuple[str | None, str | None] | None
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
        self._announced = False
        #: Builds a slice of rows on each turn of the event loop until every row exists.
        self._slicer = QTimer(self)
        self._slicer.setInterval(0)
        self._slicer.timeout.connect(self.build_slice)
        #: Lays out the rows never shown, a few per turn, once every row is built.
        self._warmer = QTimer(self)
        self._warmer.setInterval(0)
        self._warmer.timeout.connect(self._warm_slice)
        self._cold: list[ParamRow] = []
        #: Both scroll bars: the horizontal one (a narrow window) repainted after every
        #: slice too, 0.5 ms of CPU each time.
        self._bars = (QuietBar(self.verticalScrollBar()), QuietBar(self.horizontalScrollBar()))

    def build_next(self) -> bool:
        """Build the rest of the next section with rows to build; False once all are built."""
        pending = self.build_queue.pending()
        if pending:
            self._build_now(p.path for p in self._section_of[pending[0]].params)
        return not self.is_fully_built()

    def build_all(self) -> None:
        self._build_now(self.build_queue.pending())

    def build_progressively(self) -> None:
        """Build the remaining rows a slice per turn of the event loop (input stays live)."""
        self._progressive = True
        self._park_out_of_view()  # rows built into a parked section are not laid out
        if self.build_queue:
            for bar in self._bars:
                bar.start()
            self._slicer.start()

    def build_slice(self) -> None:
        """One time-bounded slice: the unbuilt rows in view first, then the others in
        order. After a change the user made (a search key, a filter), the next slice
        passes: its turn of the event loop is the key's and the view's new paint (with
        a slice too, 20-35 ms)."""
        if self._pass_turn:
            self._pass_turn = False
            return
        with self._kept_in_place():
            # the matches of a search key not built yet (not laid out for them yet)
            first, self._urgent = [*self._urgent, *self._in_view()], []
            self.build_queue.run_slice(self._make_row, first, self._place_runs)
        for bar in self._bars:
            bar.tick()
        self._check_done()

    def pass_next_slice(self) -> None:
        """Leave the next turn of the event loop to what the user just did."""
        self._pass_turn = self._slicer.isActive()

    def ensure_built(self, paths: Iterable[str]) -> None:
        """Build these rows now (those not built yet), before the view moves to them."""
        self._build_now(paths)

    def is_fully_built(self) -> bool:
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
        """While the rows are built a slice at a time, a search key builds the first of
        its matches in view within half a slice's budget (``KEY_SHARE``), and the next
        slices build the rest of the view first: each key is taken within a frame (all
        of a screen's matches at once took 40-65 ms a key). Otherwise, all of them now."""
        if not self._slicer.isActive():
            self._build_now(paths)
            return
        with self._kept_in_place():
            self.build_queue.run_slice(
                self._make_row, paths, self._place_runs, rest=False, share=KEY_SHARE
            )
        self._urgent = [p for p in paths if p in self.build_queue]
        self._check_done()

    def _check_done(self) -> None:
        if not self.build_queue:
            for bar in self._bars:
                bar.stop()
            self._slicer.stop()
            self._park_out_of_view()
            if not self._announced:
                self._announced = True
                if self._progressive:
                    self._warm_later()
                self.fully_built.emit()

    def _warm_later(self) -> None:
        """Lay out the insides of the rows never shown (built into sections out of view),
        a few per idle turn of the event loop. The first layout of a row makes its
        labels' text layouts (about 0.5 ms a row): the first search that showed them
        took it all at once (a BackSpace to "d" laid out 60 rows in 50 ms)."""
        self._cold = [row for row in reversed(self.rows.values()) if not row.isVisible()]
        if self._cold:
            self._warmer.start()

    def _warm_slice(self) -> None:
        end = time.perf_counter() + WARM_BUDGET
        while self._cold and time.perf_counter() < end:
            row = self._cold.pop()  # in the form's order: the first rows first
            layout = row.layout()
            if layout is not None and not row.isVisible():
                layout.activate()
        if not self._cold:
            self._warmer.stop()

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

    def _place_runs(self) -> None:
        runs, self._runs = self._runs, []
        for run in runs:
            run.place()

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
            for path, spacer in section.spacers.items():
                area = spacer.geometry()
                if area.height() and y + area.bottom() >= top and y + area.top() <= bottom:
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
