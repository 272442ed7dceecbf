"""The generated form: one section per catalog category, one row per parameter.

Nothing here knows a parameter by name: rows come from the catalog, editors from
the registry. Filtering only changes visibility and is applied when the search
or filters change, never on a value change, so a row the user is editing in a
filtered view does not vanish under the cursor.

Rows can be built section by section (``build_next``) so the window shows
before all ~120 rows exist; the form keeps the latest state, target and
language and gives them to each row as it is built.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from ascend_studio.schema import Catalog, Category, Parameter
from ascend_studio.ui._env import EnvTable
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._snapshot import ENV_SECTION, RowState
from ascend_studio.ui._style import set_text_color, styled_font
from ascend_studio.ui.editors import SubconfigEditor

__all__ = ["ENV_SECTION", "FormView"]


class _Section(QFrame):
    def __init__(self, key: str, params: tuple[Parameter, ...], parent: QWidget) -> None:
        super().__init__(parent)
        self.key = key
        self.params = params
        self.built = not params
        self.setObjectName(f"section:{key}")
        self.header = QLabel(self)
        self.header.setObjectName("sectionTitle")
        self.blurb = QLabel(self)
        self.blurb.setObjectName("sectionBlurb")
        self.blurb.setWordWrap(True)
        styled_font(self.header, bold=True, scale=1.6)
        set_text_color(self.blurb, "muted")
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(0, 12, 0, 4)
        self.body.setSpacing(0)
        self.body.addWidget(self.header)
        self.body.addWidget(self.blurb)


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
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rows: dict[str, ParamRow] = {}
        self.sections: dict[str, _Section] = {}
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
        self._layout = QVBoxLayout(body)
        self._layout.setContentsMargins(8, 0, 8, 24)
        self._layout.setSpacing(0)
        for category in catalog.categories:
            section = _Section(category.id, catalog.in_category(category.id), body)
            self.sections[category.id] = section
            self._layout.addWidget(section)
        self.env_section = _Section(ENV_SECTION, (), body)
        self.env = EnvTable(catalog, self.env_section)
        self.env_section.body.addWidget(self.env)
        self.sections[ENV_SECTION] = self.env_section
        self._layout.addWidget(self.env_section)
        self._layout.addStretch(1)
        self.setWidget(body)
        self.verticalScrollBar().valueChanged.connect(self._scrolled)
        self.set_language(self.lang)

    # -- building ------------------------------------------------------------------------------
    def build_next(self) -> bool:
        """Build the rows of the next unbuilt section; False once all are built."""
        pending = next((s for s in self.sections.values() if not s.built), None)
        if pending is None:
            return False
        self._build(pending)
        if all(s.built for s in self.sections.values()):
            self.fully_built.emit()
            return False
        return True

    def build_all(self) -> None:
        while self.build_next():
            pass

    def is_fully_built(self) -> bool:
        return all(s.built for s in self.sections.values())

    def _build(self, section: _Section) -> None:
        section.built = True
        for param in section.params:
            row = ParamRow(param, self.catalog, level=param.path.count("."), parent=section)
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
            row.set_language(self.lang)
            row.apply(self._states.get(param.path, RowState()))
            row.setVisible(self._wanted(param))
            self.rows[param.path] = row
            section.body.addWidget(row)

    # -- state -------------------------------------------------------------------------------------
    def apply(self, states: dict[str, RowState]) -> None:
        self._states = states
        for path, row in self.rows.items():
            row.apply(states.get(path, RowState()))

    def state(self, path: str) -> RowState:
        return self._states.get(path, RowState())

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
        self.env.set_language(lang)

    # -- visibility ----------------------------------------------------------------------------------
    def set_filter(self, match: set[str] | None, show_env: bool = True) -> None:
        """Show only ``match`` (``None``: every row); folding is ignored while filtering."""
        self.match = match
        self._show_env = show_env
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
            any_shown = False
            for param in section.params:
                wanted = self._wanted(param)
                any_shown = any_shown or wanted
                row = self.rows.get(param.path)
                if row is not None and row.isHidden() == wanted:
                    row.setVisible(wanted)
            if key == ENV_SECTION:
                any_shown = self._show_env
            if section.isHidden() == any_shown:
                section.setVisible(any_shown)

    # -- navigation ------------------------------------------------------------------------------------
    def scroll_to_section(self, key: str) -> None:
        self.build_all()
        section = self.sections[key]
        if not section.isHidden():
            self._settle()
            self.verticalScrollBar().setValue(section.y())
            # Rows above may still re-wrap their text; land on the header once they have.
            QTimer.singleShot(0, lambda: self.verticalScrollBar().setValue(section.y()))

    def reveal(self, path: str) -> None:
        """Scroll to a row, unfold its holders, focus its editor and flash it."""
        self.build_all()
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
        """Lay out pending changes now, so section and row positions are final."""
        layout = self.body.layout()
        if layout is not None:
            layout.activate()
        self.body.adjustSize()

    def _scrolled(self, value: int) -> None:
        top = ""
        for key, section in self.sections.items():
            if not section.isHidden() and section.y() <= value + 8:
                top = key
        if top and top != self._last_top:
            self._last_top = top
            self.category_scrolled.emit(top)
