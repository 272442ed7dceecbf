"""The generated form: one section per catalog category, one row per parameter.

Nothing here knows a parameter by name: rows come from the catalog, editors from
the registry. Filtering only changes visibility and is applied when the search
or filters change, never on a value change, so a row the user is editing in a
filtered view does not vanish under the cursor.

The form is a view of the catalog and the document: only the sections in and near
the view are laid out (``ui/_band.py``); the others hold their place, and a
language, target or value change or a search costs their rows no layout until
scrolling brings them back. Rows are widgets only once they come near the view:
after the window shows, and whenever the view moves, the rows within a screen of it
are built in time slices that leave the event loop free for input
(``build_progressively``, in ``ui/_formbuild.py``); the rows the user needs now (in
view, navigated to, revealed, searched for, reached by Tab) are built at once. The
search, the filters and the navigation's counts work on the catalog and the
document, not on the rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QApplication, QSizePolicy, QSpacerItem, QVBoxLayout, QWidget

from ascend_studio.schema import Catalog, Category, Parameter
from ascend_studio.ui._band import Banded
from ascend_studio.ui._core import unavailable_here
from ascend_studio.ui._formbuild import UNSET
from ascend_studio.ui._formwidth import widest_row
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._qtnames import set_enum
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._sections import ROW_HEIGHT, RowStack, Section
from ascend_studio.ui._snapshot import ENV_SECTION, UNKNOWN_SECTION, RowState, UnknownState
from ascend_studio.ui.editors import PathEditor, SubconfigEditor

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ascend_studio.ui._env import EnvTable
    from ascend_studio.ui._unknown import UnknownRows

__all__ = ["ENV_SECTION", "FormView"]


class FormView(Banded):
    """Rows for every catalog parameter plus the environment table."""

    #: The category whose section is at the top of the viewport changed.
    category_scrolled = Signal(str)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._init_band()
        self.setObjectName("form")
        self.catalog = catalog
        self.lang: Language = "en"
        self.setWidgetResizable(True)
        # A narrow form (the Why panel open) scrolls sideways instead of cutting fields off.
        set_enum(self, "horizontalScrollBarPolicy", "ScrollBarAsNeeded")  # ui/_qtnames.py
        self.rows: dict[str, ParamRow] = {}
        self.sections: dict[str, Section] = {}
        self._categories: dict[str, Category] = {c.id: c for c in catalog.categories}
        self._states: dict[str, RowState] = {}
        self._target: tuple[str | None, str | None] | None = None
        self.unsaved_files: frozenset[str] = frozenset()
        self.match: set[str] | None = None
        self._show_env = True
        self.hide_unavailable = False
        self._folded: set[str] = set()
        self._last_top = ""
        body = self.body = QWidget(self)
        body.setObjectName("formBody")
        self._layout = QVBoxLayout(body)
        self._layout.setContentsMargins(8, 0, 8, 24)
        self._layout.setSpacing(0)
        # what the profile keeps that the catalog does not know: first, shown when there is any
        self.unknown_section = Section(UNKNOWN_SECTION, (), body)
        self.unknown_section.setVisible(False)
        self._unknown: UnknownRows | None = None  # made on first use: see unknown
        self._show_unknown = True
        self.sections[UNKNOWN_SECTION] = self.unknown_section
        self._layout.addWidget(self.unknown_section)
        for category in catalog.categories:
            section = Section(category.id, catalog.in_category(category.id), body)
            self.sections[category.id] = section
            self._layout.addWidget(section)
        self.env_section = Section(ENV_SECTION, (), body)
        self._env: EnvTable | None = None  # made on first use: see env
        self.sections[ENV_SECTION] = self.env_section
        self._layout.addWidget(self.env_section)
        self._tail = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        self._layout.addItem(self._tail)
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

    @property
    def unknown(self) -> UnknownRows:
        """The rows of names the catalog does not know, made when first used (a new
        profile has none; the first paint does without them)."""
        if self._unknown is None:
            from ascend_studio.ui._unknown import UnknownRows

            self._unknown = UnknownRows(self.unknown_section)
            self._unknown.set_language(self.lang)
            self._unknown.fix_requested.connect(self.fix_requested)
            self.unknown_section.body.addWidget(self._unknown)
        return self._unknown

    def show_unknown(self, states: tuple[UnknownState, ...]) -> None:
        """The unknown names' rows; the section shows while there is any (and the
        search or filters let it)."""
        if states or self._unknown is not None:
            self.unknown.show_entries(states)
        wanted = bool(states) and self._show_unknown
        if self.unknown_section.isHidden() == wanted:
            self.unknown_section.setVisible(wanted)

    def reveal_unknown(self, key: str) -> None:
        """Scroll to the row of an unknown name, focus its Remove button and flash it."""
        row = self.unknown.rows.get(key) if self._unknown is not None else None
        if row is None:
            return
        if self.unknown_section.isHidden():
            self.set_filter(None)
        self._settle()
        self.ensureWidgetVisible(row, 0, 40)
        row.remove.setFocus(QtCore.Qt.FocusReason.OtherFocusReason)
        row.flash()
        self._last_top = UNKNOWN_SECTION
        self.category_scrolled.emit(UNKNOWN_SECTION)

    def flash_rows(self, paths: Iterable[str]) -> None:
        """Flash the rows of ``paths`` that are built (what a fix just changed)."""
        for path in paths:
            row = self.rows.get(path)
            if row is not None and not row.isHidden():
                row.flash()
            unknown = self._unknown.rows.get(path) if self._unknown is not None else None
            if unknown is not None:
                unknown.flash()

    def set_catalog(self, catalog: Catalog) -> None:
        """Rows for another view of the catalog (TF Adapter 2.x's options on the tf2
        surface): every category's section is made again; the environment table stays."""
        if catalog is self.catalog:
            return
        self._slicer.stop()
        kept = (ENV_SECTION, UNKNOWN_SECTION)  # the environment and the unknown names stay
        old = [s for key, s in self.sections.items() if key not in kept]
        for section in old:
            self._layout.removeWidget(section)
            section.hide()
            section.deleteLater()
        self._slicer.deleteLater()
        self.catalog = catalog
        self.rows = {}
        self._categories = {c.id: c for c in catalog.categories}
        self.sections = {UNKNOWN_SECTION: self.unknown_section}
        for index, category in enumerate(catalog.categories, start=1):  # after the unknown
            section = Section(category.id, catalog.in_category(category.id), self.body)
            self.sections[category.id] = section
            self._layout.insertWidget(index, section)
            section.setVisible(bool(section.params))  # not left to the layout's queued show
        self.sections[ENV_SECTION] = self.env_section
        self._folded = {h for h in self._folded if catalog.has(h)}
        progressive, settled = self._progressive, self._settled
        self._init_building()
        self._settled = settled  # the start-up is over: no second announcement
        self.set_language(self.lang)
        if progressive:
            self.build_progressively()
        else:
            self.build_all()
        self._update_visibility()

    def keep_static_contents(self) -> None:
        """Rows built below the view make the form's body and their section taller:
        that must not repaint what is already in view (children repaint themselves when
        they change); the repaint was 7 of a build slice's ~17 ms. Set right after the
        first paint, which it does not change (it needs ``Qt``: ui/_qtnames.py)."""
        static = QtCore.Qt.WidgetAttribute.WA_StaticContents
        for widget in (self.body, *self.sections.values()):
            widget.setAttribute(static)

    # -- width -----------------------------------------------------------------------------------
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

    # -- state -------------------------------------------------------------------------------------
    def apply(self, states: dict[str, RowState]) -> None:
        self._states = states
        for path, row in self.rows.items():
            row.apply(states.get(path, UNSET))

    def state(self, path: str) -> RowState:
        return self._states.get(path, UNSET)

    def set_unsaved_files(self, params: frozenset[str]) -> None:
        """Mark the rows whose file text is kept in the profile only (rows built later
        are marked as they are built)."""
        self.unsaved_files = params
        for path, row in self.rows.items():
            if isinstance(row.editor, PathEditor):
                row.editor.set_unsaved(path in params)

    def set_target(self, product: str | None, scenario: str | None) -> None:
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
            elif key == UNKNOWN_SECTION:
                section.header.setText(tr("Not in the catalog"))
                section.blurb.setText(
                    tr(
                        "Keywords and parameter_map keys TF Adapter does not know, kept as "
                        "written: remove them, or rename them to the parameter they were meant as."
                    )
                )
            else:
                category = self._categories[key]
                section.header.setText(category.name.get(lang))
                section.blurb.setText(category.description.get(lang))
        for path, row in self.rows.items():
            if self._section_of[path].parked:  # told when its section is laid out again
                self._stale_language.add(path)
            else:
                row.set_language(lang)
        if self._env is not None:
            self._env.set_language(lang)
        if self._unknown is not None:
            self._unknown.set_language(lang)
        if self.rows:
            QTimer.singleShot(0, self, self.reserve_width)  # once the new fonts are in
        self._band_later()  # the sections in view may take other heights (and fonts)

    # -- visibility ----------------------------------------------------------------------------------
    def set_filter(
        self, match: set[str] | None, show_env: bool = True, show_unknown: bool = True
    ) -> None:
        """Show only ``match`` (``None``: every row); folding is ignored while filtering."""
        self.match = match
        self._show_env = show_env
        self._show_unknown = show_unknown or match is None
        if match is not None:  # the matches the view opens on exist before it shows them
            self._build_matches(self._first_screen(self.catalog.params))
        self._update_visibility(top=0 if match is not None else None)

    def set_hide_unavailable(self, hide: bool, build: bool = True) -> None:
        """``build``: build the rows it brings into view now (not while the window is
        made: its first rows are built once, at the form's real width)."""
        self.hide_unavailable = hide
        self._update_visibility()
        if build:
            self.build_in_view()

    def set_folded(self, holder: str, folded: bool) -> None:
        """Fold or unfold a sub-config's fields (those that come into view are built
        at once: they open under the pointer)."""
        if folded:
            self._folded.add(holder)
        else:
            self._folded.discard(holder)
        self._update_visibility()
        self.build_in_view()

    def build_in_view(self) -> None:
        """Build the rows in view not built yet, before the view paints."""
        for _ in range(4):  # built rows shorter than reserved pull more into view
            in_view = self._in_view() if not self._building and self.build_queue else []
            if not in_view:
                break
            self._build_now(in_view)
            self._settle()

    def is_row_visible(self, path: str) -> bool:
        """Whether the row is built and shown (in view, or where scrolling finds it: a
        row of a parked section is not laid out, but it is shown)."""
        row = self.rows.get(path)
        return row is not None and not row.isHidden()

    def visible_paths(self) -> list[str]:
        return [path for path in self.rows if self.is_row_visible(path)]

    def _wanted(self, param: Parameter) -> bool:
        path = param.path
        if self.match is not None:
            return path in self.match
        if any(path.startswith(holder + ".") for holder in self._folded):
            return False
        state = self.state(path)
        hidden = self.hide_unavailable and unavailable_here(state.unavailable)
        return not (hidden and state.value is None)

    def _update_visibility(self, top: int | None = None) -> None:
        """Show the rows the filters and folds want. The sections that will lie out of
        view (the view's top at ``top``, by default where it is) are parked first, so
        their rows are shown or hidden without a layout (``ui/_band.py``)."""
        self.pass_next_slice()
        self._release_tail(always=True)  # the form is laid out again anyway
        focus = QApplication.focusWidget()
        plan: list[tuple[Section, list[tuple[ParamRow, bool]], bool, bool]] = []
        for key, section in self.sections.items():
            any_shown = resized = False
            changed: list[tuple[ParamRow, bool]] = []
            for param in section.params:
                wanted = self._wanted(param)
                row = self.rows.get(param.path)
                if row is None:
                    resized = section.reserve(param.path, ROW_HEIGHT if wanted else 0) or resized
                elif row.isHidden() == wanted:
                    changed.append((row, wanted))
                any_shown = any_shown or wanted
            if key == ENV_SECTION:
                any_shown = self._show_env
            elif key == UNKNOWN_SECTION:
                has_rows = self._unknown is not None and bool(self._unknown.rows)
                any_shown = self._show_unknown and has_rows
            elif not section.params:
                any_shown = False  # a category the catalog's view has no parameter in
            plan.append((section, changed, any_shown, resized))
        self._park_ahead([(section, shown) for section, _c, shown, _r in plan], top, focus)
        for section, changed, any_shown, resized in plan:
            self._set_rows_visible(section, changed, keep=focus)  # may leave it hidden
            if resized:
                section.body.invalidate()
            if section.isHidden() == any_shown:
                section.setVisible(any_shown)
        self._update_band()  # before the paint: a section the estimate missed

    @staticmethod
    def _set_rows_visible(
        section: Section, changed: list[tuple[ParamRow, bool]], keep: QWidget | None
    ) -> None:
        """Show or hide rows of ``section``, leaving it hidden for the caller to show.
        Each row shown in a shown section laid the section out again, every row below
        it included: clearing a search re-showed ~100 rows in 25-55 ms. A hidden
        section takes them all at once when shown (not the one holding the focus:
        hiding it would move the focus)."""
        if section.parked:  # laid out when it is back in view
            for row, wanted in changed:
                row.setVisible(wanted)
            return
        quiet = len(changed) > 1 and not section.isHidden()
        if quiet and keep is not None and section.isAncestorOf(keep):
            quiet = False
        if quiet:
            section.hide()
        for row, wanted in changed:
            row.setVisible(wanted)
        for stack in {row.parentWidget() for row, _wanted in changed}:
            if isinstance(stack, RowStack):  # now: a posted request came a turn or two late
                stack.rows_shown_or_hidden()

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
        """Scroll to a row, unfold its holders, focus its editor and flash it (a path the
        form has no row for, such as an NPURunConfig parameter on the tf2 surface: none)."""
        if not self.catalog.has(path):
            return
        parts = path.split(".")
        self._build_now(".".join(parts[: n + 1]) for n in range(len(parts)))
        for holder in [h for h in self._folded if path.startswith(h + ".")]:
            editor = self.rows[holder].editor if holder in self.rows else None
            if isinstance(editor, SubconfigEditor):
                editor.toggle.setChecked(True)  # emits expanded_changed -> unfolds
            self.set_folded(holder, False)
        row = self.rows[path]
        self._unpark(self._section_of[path])  # laid out to be scrolled to
        for _ in range(3):  # the sections scrolled into view take their own heights
            self._settle()
            bar = self.verticalScrollBar().value()
            self.ensureWidgetVisible(row, 0, 40)
            if self.verticalScrollBar().value() == bar:
                break
        row.editor.setFocus(QtCore.Qt.FocusReason.OtherFocusReason)
        row.flash()
        self._last_top = row.param.category
        self.category_scrolled.emit(row.param.category)

    def _scrolled(self, value: int) -> None:
        """The section at the top of the view; at the very end, the last one shown
        (the last short sections never reach the top, so the navigation stuck).

        Sections scrolled into view are laid out, and their rows built, before the view
        paints; those scrolled out of it are parked."""
        self.note_heading(value)
        self._release_tail()
        self._update_band()
        self.build_in_view()
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
        self.build_near_later()  # the rows that came within a screen of the view
