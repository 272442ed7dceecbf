"""The generated form: one section per catalog category, one row per parameter.

Nothing here knows a parameter by name: rows come from the catalog, editors from
the registry. Filtering only changes visibility and is applied when the search
or filters change, never on a value change, so a row the user is editing in a
filtered view does not vanish under the cursor.

Rows are built after the window shows, in time slices that leave the event
loop free for input (``build_progressively``); a row not built yet holds its
place with a spacer of a typical row's height, and the rows the user needs now
(in view, navigated to, searched for) are built at once. The form keeps the
latest state, target and language and gives them to each row as it is built.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QSpacerItem, QVBoxLayout, QWidget

from ascend_studio.schema import Catalog, Category, Parameter
from ascend_studio.ui._build import BuildQueue
from ascend_studio.ui._formwidth import widest_row
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._quietbar import QuietBar
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._sections import ROW_HEIGHT, Run, Section
from ascend_studio.ui._snapshot import ENV_SECTION, RowState
from ascend_studio.ui.editors import SubconfigEditor

if TYPE_CHECKING:
    from ascend_studio.ui._env import EnvTable

__all__ = ["ENV_SECTION", "FormView"]

#: The state of a row with no value, finding or note (made once: a frozen dataclass's
#: ``__init__`` for every row asked was 3 % of building the rows).
UNSET = RowState()


class FormView(QScrollArea):
    """Rows for every catalog parameter plus the environment table."""

    edited = Signal(str, object, bool)
    finished = Signal()
    reset_requested = Signal(str)
    file_edit_requested = Signal(str)
    #: The category whose section is at the top of the viewport changed.
    category_scrolled = Signal(str)
    #: Every section's rows exist now.
    fully_built = Signal()

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("form")
        self.catalog = catalog
        self.lang: Language = "en"
        self.setWidgetResizable(True)
        # A narrow form (the Why panel open) scrolls sideways instead of cutting fields off.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.rows: dict[str, ParamRow] = {}
        self.sections: dict[str, Section] = {}
        self._categories: dict[str, Category] = {c.id: c for c in catalog.categories}
        self._states: dict[str, RowState] = {}
        self._target: tuple[str, str] | None = None
        self.match: set[str] | None = None
        self._show_env = True
        self.hide_unavailable = False
        self._folded: set[str] = set()
        self._last_top = ""
        body = self.body = QWidget(self)
        body.setObjectName("formBody")
        # Growing as rows are built must not repaint what is already in view (children
        # repaint themselves when they change): that repaint was 7 of a slice's ~17 ms.
        body.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        self._layout = QVBoxLayout(body)
        self._layout.setContentsMargins(8, 0, 8, 24)
        self._layout.setSpacing(0)
        for category in catalog.categories:
            section = Section(category.id, catalog.in_category(category.id), body)
            self.sections[category.id] = section
            self._layout.addWidget(section)
        self.env_section = Section(ENV_SECTION, (), body)
        self._env: EnvTable | None = None  # made on first use: see env
        self.sections[ENV_SECTION] = self.env_section
        self._layout.addWidget(self.env_section)
        #: The width the widest row needs, held from the first paint (reserve_width).
        self._strut = QSpacerItem(0, 0, QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._layout.addItem(self._strut)
        self._layout.addStretch(1)
        self.setWidget(body)
        self._init_building()
        self.verticalScrollBar().valueChanged.connect(self._scrolled)
        self.set_language(self.lang)

    @property
    def env(self) -> EnvTable:
        """The environment table, made when first used: the document, set up right after
        the first paint, fills it. It sits below every section, out of the first view,
        and its table, header and name box cost the first paint about 5 ms."""
        if self._env is None:
            from ascend_studio.ui._env import EnvTable  # its Qt classes are costly to fetch

            self._env = EnvTable(self.catalog, self.env_section)
            self._env.set_language(self.lang)
            self.env_section.body.addWidget(self._env)
        return self._env

    def _init_building(self) -> None:
        self._section_of = {
            p.path: section for section in self.sections.values() for p in section.params
        }
        self.build_queue = BuildQueue(self._section_of)
        self._runs: list[Run] = []
        self._building = False
        self._announced = False
        #: Builds a slice of rows on each turn of the event loop until every row exists.
        self._slicer = QTimer(self)
        self._slicer.setInterval(0)
        self._slicer.timeout.connect(self.build_slice)
        #: Both scroll bars: the horizontal one (a narrow window) repainted after every
        #: slice too, 0.5 ms of CPU each time.
        self._bars = (QuietBar(self.verticalScrollBar()), QuietBar(self.horizontalScrollBar()))

    # -- building ------------------------------------------------------------------------------
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
        if self.build_queue:
            for bar in self._bars:
                bar.start()
            self._slicer.start()

    def build_slice(self) -> None:
        """One time-bounded slice: the unbuilt rows in view first, then in order."""
        with self._kept_in_place():
            self.build_queue.run_slice(self._make_row, self._in_view(), self._place_runs)
        for bar in self._bars:
            bar.tick()
        self._check_done()

    def reserve_width(self) -> None:
        """Hold the width the widest row of any parameter needs (``ui/_formwidth.py``):
        a wider row built later made the form scroll sideways and every row widen."""
        width = widest_row(self.rows, self.catalog.params)
        if width != self._strut.sizeHint().width():
            self._strut.changeSize(width, 0, QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            self._layout.invalidate()

    def needed_width(self, body: int | None = None) -> int:
        """The width the form needs to show a body ``body`` px wide (by default its
        widest row's, as held, and its margins) without scrolling sideways."""
        if body is None:
            margins = self._layout.contentsMargins()
            body = self._strut.sizeHint().width() + margins.left() + margins.right()
        return body + self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()

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

    def _check_done(self) -> None:
        if not self.build_queue:
            for bar in self._bars:
                bar.stop()
            self._slicer.stop()
            if not self._announced:
                self._announced = True
                self.fully_built.emit()

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
        if isinstance(row.editor, SubconfigEditor):
            row.editor.expanded_changed.connect(
                lambda on, path=param.path: self.set_folded(path, not on)
            )
        if self._target is not None:
            row.set_target(*self._target)
        row.apply(self._states.get(param.path, UNSET))
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

    def _top_of(self, widget: QWidget) -> int:
        return widget.mapTo(self.body, QPoint(0, 0)).y()

    def _anchor(self) -> tuple[QWidget, int] | None:
        """The first built row (or else section) at the top of the view, and its offset."""
        top = self.verticalScrollBar().value()
        for section in self.sections.values():
            if section.isHidden() or section.y() + section.height() <= top:
                continue
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
            if section.isHidden() or not section.spacers or y > bottom:
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
            room -= row.height() if row is not None and row.height() > 0 else ROW_HEIGHT
            shown.append(param.path)
        return shown

    # -- state -------------------------------------------------------------------------------------
    def apply(self, states: dict[str, RowState]) -> None:
        self._states = states
        for path, row in self.rows.items():
            row.apply(states.get(path, UNSET))

    def state(self, path: str) -> RowState:
        return self._states.get(path, UNSET)

    def set_target(self, product: str, scenario: str) -> None:
        self._target = (product, scenario)
        for row in self.rows.values():
            row.set_target(product, scenario)

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        for key, section in self.sections.items():
            if key == ENV_SECTION:
                section.header.setText(tr("Environment variables"))
                section.blurb.setText(
                    tr("Variables exported for the job; 'unset' removes one from the environment.")
                )
            else:
                category = self._categories[key]
                section.header.setText(category.name.get(lang))
                section.blurb.setText(category.description.get(lang))
        for row in self.rows.values():
            row.set_language(lang)
        if self._env is not None:
            self._env.set_language(lang)
        if self.rows:
            QTimer.singleShot(0, self, self.reserve_width)  # once the new fonts are in

    # -- visibility ----------------------------------------------------------------------------------
    def set_filter(self, match: set[str] | None, show_env: bool = True) -> None:
        """Show only ``match`` (``None``: every row); folding is ignored while filtering."""
        self.match = match
        self._show_env = show_env
        if match is not None:  # the matches the view opens on exist before it shows them
            self._build_now(self._first_screen(self.catalog.params))
        self._update_visibility()

    def set_hide_unavailable(self, hide: bool) -> None:
        self.hide_unavailable = hide
        self._update_visibility()

    def set_folded(self, holder: str, folded: bool) -> None:
        if folded:
            self._folded.add(holder)
        else:
            self._folded.discard(holder)
        self._update_visibility()

    def is_row_visible(self, path: str) -> bool:
        row = self.rows.get(path)
        return row is not None and not row.isHidden()

    def visible_paths(self) -> list[str]:
        return [path for path, row in self.rows.items() if not row.isHidden()]

    def _wanted(self, param: Parameter) -> bool:
        path = param.path
        if self.match is not None:
            return path in self.match
        if any(path.startswith(holder + ".") for holder in self._folded):
            return False
        state = self.state(path)
        return not (self.hide_unavailable and state.unavailable is not None and state.value is None)

    def _update_visibility(self) -> None:
        for key, section in self.sections.items():
            any_shown = resized = False
            for param in section.params:
                wanted = self._wanted(param)
                any_shown = any_shown or wanted
                row = self.rows.get(param.path)
                if row is None:
                    resized = section.reserve(param.path, ROW_HEIGHT if wanted else 0) or resized
                elif row.isHidden() == wanted:
                    row.setVisible(wanted)
            if resized:
                section.body.invalidate()
            if key == ENV_SECTION:
                any_shown = self._show_env
            if section.isHidden() == any_shown:
                section.setVisible(any_shown)

    # -- navigation ------------------------------------------------------------------------------------
    def scroll_to_section(self, key: str) -> None:
        section = self.sections[key]
        self._build_now(self._first_screen(section.params))
        if not section.isHidden():
            self._settle()
            self.verticalScrollBar().setValue(section.y())
            # Rows above may still re-wrap their text; land on the header once they have.
            QTimer.singleShot(0, lambda: self.verticalScrollBar().setValue(section.y()))

    def reveal(self, path: str) -> None:
        """Scroll to a row, unfold its holders, focus its editor and flash it."""
        parts = path.split(".")
        self._build_now(".".join(parts[: n + 1]) for n in range(len(parts)))
        for holder in [h for h in self._folded if path.startswith(h + ".")]:
            editor = self.rows[holder].editor if holder in self.rows else None
            if isinstance(editor, SubconfigEditor):
                editor.toggle.setChecked(True)  # emits expanded_changed -> unfolds
            self.set_folded(holder, False)
        row = self.rows[path]
        self._settle()
        self.ensureWidgetVisible(row, 0, 40)
        row.editor.setFocus(Qt.FocusReason.OtherFocusReason)
        row.flash()
        self._last_top = row.param.category
        self.category_scrolled.emit(row.param.category)

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

    def _scrolled(self, value: int) -> None:
        """The section at the top of the view; at the very end, the last one shown
        (the last short sections never reach the top, so the navigation stuck).

        Rows scrolled into view are built before the view paints."""
        for _ in range(4):  # built rows shorter than reserved pull more into view
            in_view = self._in_view() if not self._building and self.build_queue else []
            if not in_view:
                break
            self._build_now(in_view)
            self._settle()
        top = ""
        shown = [k for k, s in self.sections.items() if not s.isHidden()]
        for key in shown:
            if self.sections[key].y() <= value + 8:
                top = key
        bar = self.verticalScrollBar()
        if shown and bar.maximum() > 0 and value >= bar.maximum() - 2:
            top = shown[-1]
        if top and top != self._last_top:
            self._last_top = top
            self.category_scrolled.emit(top)
