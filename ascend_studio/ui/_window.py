"""The main window: toolbar, category navigation, form, previews, diagnostics.

The window is the controller: it turns form edits into undoable profile edits
and, after every change, asks the engine for diagnostics, effective values and
exports and hands each view only what it renders.

It is built in two steps so it shows quickly (issue 15). The *shell* (menus,
toolbar, navigation, search bar, the form's first section with empty values, and
plain stand-ins holding the previews' and the diagnostics list's places) needs
PySide6 and the catalog only. The *document* (the profile and its undo stack,
rules, previews, diagnostics, file handling, companion files and the part-2 docks)
is imported and built by :meth:`MainWindow.finish_start`, right after the first
paint, or at once when the window is not ``progressive``. Nothing that the
shell lays out changes size when the document arrives.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ascend_studio._startup import mark
from ascend_studio.schema import Catalog
from ascend_studio.ui._actions import Actions, Controls
from ascend_studio.ui._core import Engine, Finding
from ascend_studio.ui._deferred import (
    SIDE_SIZES,
    build_document,
    connect_document,
    install_part2,
)
from ascend_studio.ui._form import FormView
from ascend_studio.ui._i18n import (
    QT_TR_NOOP,
    Language,
    apply_language,
    counts_text,
    plural,
    tr,
)
from ascend_studio.ui._nav import CategoryNav
from ascend_studio.ui._places import (
    DEFAULT_SIZE,
    DIAGNOSTICS_MINIMUM,
    DOCK_MINIMUM,
    MAIN_SHARES,
    PREVIEWS_MINIMUM,
    first_geometry,
    main_sizes,
)
from ascend_studio.ui._search import select
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._snapshot import DEFAULT_TARGET, ENV_SECTION, Snapshot, take_snapshot
from ascend_studio.ui._style import apply_fonts

if TYPE_CHECKING:
    from ascend_studio.profile import Value
    from ascend_studio.ui._diaglist import DiagnosticsList
    from ascend_studio.ui._docks import DockedViews
    from ascend_studio.ui._files import FileController
    from ascend_studio.ui._model import ProfileModel
    from ascend_studio.ui._previews import PreviewPane
    from ascend_studio.ui.apply import ApplyActions
    from ascend_studio.ui.companion import CompanionController
    from ascend_studio.ui.compare import CompareView
    from ascend_studio.ui.import_review import DropHandler
    from ascend_studio.ui.inspector import InspectorView
    from ascend_studio.ui.why import WhyPanel

__all__ = ["MainWindow"]

_SPLITTERS = ("main", "side")
#: The docks the part-2 views live in (``make_dock`` names), in the order they are made.
DOCKS = ("inspector", "why", "compare")
#: Their titles (the installers give the same), shown from the first paint on.
DOCK_TITLES = {
    "inspector": QT_TR_NOOP("Output paths"),
    "why": QT_TR_NOOP("Why"),
    "compare": QT_TR_NOOP("Compare"),
}


class MainWindow(QMainWindow):
    # built by finish_start (see the module docstring)
    model: ProfileModel
    files: FileController
    companions: CompanionController
    previews: PreviewPane
    diagnostics: DiagnosticsList
    snapshot: Snapshot
    docked: DockedViews
    drops: DropHandler
    applier: ApplyActions

    def __init__(
        self,
        catalog: Catalog,
        settings: Settings,
        lang: Language,
        engine: Engine | None = None,
        parent: QWidget | None = None,
        *,
        progressive: bool = False,
    ) -> None:
        """``progressive``: build the shell now, the document right after the first paint."""
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.catalog = catalog
        self.settings = settings
        self.engine = engine or Engine(catalog)
        self.lang: Language = lang
        self.findings: tuple[Finding, ...] = ()
        self._target: tuple[str, str] = ("", "")
        self._started = False
        self._progressive = progressive
        self._after_start: list[Callable[[], object]] = []
        self._splitters_restored = False
        # Translators and fonts before the first widget: installed later, they send
        # every widget an event, and the menu bar grew a pixel after the first paint.
        apply_language(lang)
        apply_fonts(lang)
        self.actions_ = Actions(self)
        self.controls = Controls(self, self.actions_)
        mark("menus and toolbar")
        self._build_body()
        self._build_status()
        self._connect_shell()
        self.controls.fill_targets(catalog)
        self.actions_.hide_unavailable.setChecked(settings.flag("hide_unavailable"))
        self.form.set_hide_unavailable(self.actions_.hide_unavailable.isChecked())
        self.set_language(lang, remember=False)
        self._rebuild_recent(settings.recent_files())
        geometry = settings.blob("geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self._default_geometry()
        self._reserve_docks()
        # The application font set above reaches the widgets through posted events: in
        # the first window of a process they came after the first paint, and each row
        # grew a pixel (Chinese on X). Delivered now, before the first rows are built
        # and anything is measured.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.ApplicationFontChange)
        mark("window body")
        if progressive:
            self._show_target(*DEFAULT_TARGET)  # a new profile's, until the document exists
            self.form.build_next()
            mark("first rows")
            self.installEventFilter(self)
        else:
            self.finish_start()
        self.form.reserve_width()

    def setVisible(self, visible: bool) -> None:
        """A first start (nothing remembered) sizes the main splitter before the window
        is first laid out: set after it, the form was laid out twice (6 ms)."""
        fresh = self.settings.blob("splitter_main") is None and self.settings.blob("state") is None
        if visible and fresh and not self._splitters_restored:
            self._widen_form(self.width(), self.form.needed_width())
        super().setVisible(visible)

    def showEvent(self, event: QShowEvent) -> None:
        """The splitter layout, once the window's layout has its final size (restored
        earlier, the splitters rescaled it; later, they jumped after the paint)."""
        if not self._splitters_restored:
            self._splitters_restored = True
            self._restore_splitters()
            if not self._started:  # in case no paint comes (a minimized window)
                # a timer of the window's own: QTimer.singleShot(ms, receiver, slot)
                # makes PySide6 create QMetaMethod's enum classes before the paint
                fallback = QTimer(self)
                fallback.setSingleShot(True)
                fallback.timeout.connect(self.finish_start)
                fallback.start(1000)
        super().showEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self and event.type() == QEvent.Type.Paint and not self._started:
            self.removeEventFilter(self)
            mark("first paint")
            QTimer.singleShot(0, self, self._after_first_paint)
        return False

    def _after_first_paint(self) -> None:
        """The actions' icons, shortcuts and tooltips first: the icons are painted
        before the document is built."""
        self.actions_.complete()
        QTimer.singleShot(0, self, self.finish_start)

    # the docked views, built the first time they are needed (ui/_docks.py)
    @property
    def inspector(self) -> InspectorView:
        return cast("InspectorView", self.docked.view("inspector"))

    @property
    def why_panel(self) -> WhyPanel:
        return cast("WhyPanel", self.docked.view("why"))

    @property
    def compare(self) -> CompareView:
        return cast("CompareView", self.docked.view("compare"))

    def is_built(self) -> bool:
        """Whether the document and its views exist (:meth:`finish_start` ran)."""
        return self._started

    def after_start(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` once the document is built (now, if it is)."""
        if self._started:
            callback()
        else:
            self._after_start.append(callback)

    def finish_start(self) -> None:
        """Build the document and everything that needs it, once.

        Called right after the first paint in progressive mode (the window appears
        sooner), directly from the constructor otherwise.
        """
        if self._started:
            return
        self.removeEventFilter(self)
        self.actions_.complete()
        build_document(self)
        self._started = True
        connect_document(self)
        install_part2(self)
        self.previews.set_formats(self.engine.formats())
        self._document_language(render=False)  # refresh() renders the previews next
        self.refresh()
        self._restore_state()
        mark("document")
        if not self._progressive:
            self.form.build_all()
        else:
            self.form.build_progressively()
        callbacks, self._after_start = self._after_start, []
        for callback in callbacks:
            callback()

    # -- construction ------------------------------------------------------------------------
    def _build_body(self) -> None:
        self.nav = CategoryNav(self.catalog, self)
        self.form = FormView(self.catalog, self)
        self.side = QSplitter(Qt.Orientation.Vertical, self)
        self.side.setObjectName("splitter:side")
        # stand-ins of the previews and the diagnostics list (see _build_document)
        for stand_in, minimum in (
            (QTabWidget(self.side), PREVIEWS_MINIMUM),
            (QListWidget(self.side), DIAGNOSTICS_MINIMUM),
        ):
            stand_in.setMinimumSize(minimum)  # the real view's (ui/_places.py)
            self.side.addWidget(stand_in)
        self.side.setSizes(list(SIDE_SIZES))
        center = QWidget(self)
        column = QVBoxLayout(center)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.controls.search_bar)
        column.addWidget(self.form, 1)
        self.main = QSplitter(Qt.Orientation.Horizontal, self)
        self.main.setObjectName("splitter:main")
        for widget in (self.nav, center, self.side):
            self.main.addWidget(widget)
        self.main.setStretchFactor(1, 3)
        self.main.setStretchFactor(2, 2)
        self.main.setSizes(list(MAIN_SHARES))
        self.setCentralWidget(self.main)

    def _default_geometry(self) -> None:
        """No remembered geometry: a size that fits the screen (ui/_places.py)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(DEFAULT_SIZE)
            return
        place = first_geometry(screen.availableGeometry())
        self.resize(place.size())
        self.move(place.topLeft())

    def _build_status(self) -> None:
        self.counts_label = QLabel(self)
        self.counts_label.setObjectName("status:counts")
        self.file_label = QLabel(self)
        self.file_label.setObjectName("status:file")
        self.statusBar().addWidget(self.counts_label, 1)
        self.statusBar().addPermanentWidget(self.file_label)

    def _connect_shell(self) -> None:
        """What works before the document exists: navigation, search, language."""
        a, c = self.actions_, self.controls
        self.form.category_scrolled.connect(self.nav.select_quietly)
        self.nav.category_chosen.connect(self.form.scroll_to_section)
        a.quit.triggered.connect(self.close)
        a.find.triggered.connect(self.focus_search)
        a.hide_unavailable.toggled.connect(self._hide_unavailable)
        a.clear_recent.triggered.connect(self._clear_recent)
        a.undo.setEnabled(False)
        a.redo.setEnabled(False)
        c.search.textChanged.connect(lambda _t: self.apply_filter())
        for button in c.filters.values():
            button.toggled.connect(lambda _on: self.apply_filter())
        c.reapply.clicked.connect(self.apply_filter)
        c.language.activated.connect(lambda _i: self.set_language(c.language.currentData()))

    # -- refresh after every change -----------------------------------------------------------
    def refresh(self) -> None:
        profile = self.model.profile
        target = (profile.product, profile.scenario)
        self._show_target(*target)
        self.snapshot = take_snapshot(self.catalog, self.engine, profile)
        self.findings = self.snapshot.findings
        self.form.apply(self.snapshot.rows)
        self.form.env.set_env(profile.env, profile.env_verbatim)
        self.form.env.set_findings(self.snapshot.env_findings)
        self.nav.set_counts(self.snapshot.categories)
        self.diagnostics.show_findings(self.findings)
        self.previews.refresh(self._preview_text)
        self._update_counts()
        if self.form.match is not None or self.form.hide_unavailable:
            self.controls.reapply.setEnabled(True)  # the view is now stale; rows stay put

    def _show_target(self, product: str, scenario: str) -> None:
        if (product, scenario) != self._target:
            self._target = (product, scenario)
            self.form.set_target(product, scenario)
            self.controls.show_target(product, scenario)

    def _preview_text(self, fmt: str) -> str:
        try:
            return self.engine.export(self.model.profile, fmt, self.lang, self.snapshot.evaluation)
        except ValueError as exc:  # e.g. a value the format cannot carry
            return tr("# Cannot export this profile as {fmt}:\n# {reason}\n").format(
                fmt=fmt, reason=str(exc).replace("\n", "\n# ")
            )

    def _update_counts(self) -> None:
        errors = sum(1 for f in self.findings if f.severity == "error")
        warnings = sum(1 for f in self.findings if f.severity == "warning")
        infos = len(self.findings) - errors - warnings
        values = len(self.model.profile.values) if self._started else 0
        set_text = plural(values, QT_TR_NOOP("{count} value set"), QT_TR_NOOP("{count} values set"))
        self.counts_label.setText(counts_text(errors, warnings, infos, " · ") + " · " + set_text)

    def _update_file_state(self) -> None:
        started = self._started
        name = self.files.display_name() if started else tr("Untitled")
        dirty = started and self.model.is_dirty()
        path = self.model.path if started else None
        state = tr("modified") if dirty else tr("saved") if path else tr("new")
        self.file_label.setText(f"{name} — {state}")
        self.file_label.setToolTip(str(path or ""))
        self.setWindowTitle(f"{name}[*] — Ascend Studio")
        self.setWindowModified(dirty)

    # -- edits ------------------------------------------------------------------------------------
    def _edited(self, path: str, value: Value | None, coalesce: bool) -> None:
        if isinstance(value, float) and not math.isfinite(value):
            return  # inf/nan have no Python literal: the exported snippet would not run
        profile = self.model.profile
        after = profile.without_value(path) if value is None else profile.with_value(path, value)
        from ascend_studio.ui.companion import drop_stale_text

        after = drop_stale_text(profile, after, path)
        text = tr("Edit {name}").format(name=path)
        self.model.edit(after, text, merge_key=path if coalesce else None)

    def _env_edited(self, env: dict[str, str | None], shell: frozenset[str]) -> None:
        verbatim = tuple(sorted(n for n in shell if env.get(n) is not None))
        after = self.model.profile.model_copy(update={"env": dict(env), "env_verbatim": verbatim})
        self.model.edit(after, tr("Edit environment"))

    def _target_chosen(self) -> None:
        product = self.controls.product.currentData()
        scenario = self.controls.scenario.currentData()
        after = self.model.profile.with_target(product=product, scenario=scenario)
        self.model.edit(after, tr("Change target"))

    def reset_field(self, path: str) -> None:
        profile = self.model.profile
        prefix = path + "."
        values = {k: v for k, v in profile.values.items() if k != path and not k.startswith(prefix)}
        after = profile.model_copy(update={"values": values})
        self.model.edit(after, tr("Reset {name}").format(name=path))

    def reset_category(self, key: str | None = None) -> None:
        if key is None:
            current = self.nav.currentItem()
            key = str(current.data(Qt.ItemDataRole.UserRole)) if current is not None else None
        if not key:
            return
        profile = self.model.profile
        if key == ENV_SECTION:
            name, after = tr("Environment variables"), profile.model_copy(update={"env": {}})
        else:
            in_cat = {p.path for p in self.catalog.in_category(key)}
            name = next(c.name.get(self.lang) for c in self.catalog.categories if c.id == key)
            values = {k: v for k, v in profile.values.items() if k not in in_cat}
            after = profile.model_copy(update={"values": values})
        if after == profile:
            return
        question = tr("Reset every value in {name}?").format(name=name)
        from ascend_studio.ui import _dialogs

        if _dialogs.confirm(self, tr("Reset category"), question):
            self.model.edit(after, tr("Reset {name}").format(name=name))

    def reset_all(self) -> None:
        profile = self.model.profile
        after = profile.model_copy(update={"values": {}, "env": {}, "extra_kwargs": ()})
        if after == profile:
            return
        question = tr("Reset every value and environment variable of this profile?")
        from ascend_studio.ui import _dialogs

        if _dialogs.confirm(self, tr("Reset all"), question):
            self.model.edit(after, tr("Reset all"))

    # -- search, navigation -----------------------------------------------------------------------
    def focus_search(self) -> None:
        self.controls.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.controls.search.selectAll()

    def apply_filter(self) -> None:
        if not self._started:  # typed before the document exists: filter once it does
            self.after_start(self.apply_filter)
            return
        active = [k for k, b in self.controls.filters.items() if b.isChecked()]
        selection = select(
            self.catalog,
            self.controls.search.text(),
            active,
            profile=self.model.profile,
            problem_paths=self.snapshot.problem_paths(),
            unavailable_paths=self.snapshot.unavailable_paths(),
        )
        paths = set(selection.paths) if selection.paths is not None else None
        self.form.set_filter(paths, selection.show_env)
        count = ""
        if paths is not None:
            self.form.verticalScrollBar().setValue(0)
            count = tr("Matches: {count}").format(count=len(selection.matched))
        self.controls.match_count.setText(count)
        self.controls.reapply.setEnabled(False)

    def reveal(self, path: str) -> None:
        if path.startswith("env:"):
            self.form.set_filter(None)
            self.form.scroll_to_section(ENV_SECTION)
            return
        self.form.ensure_built([path])
        if path not in self.form.rows:
            return
        if not self.form.is_row_visible(path):
            self.controls.search.clear()
            for button in self.controls.filters.values():
                button.setChecked(False)
            self.form.set_hide_unavailable(False)
            self.form.set_filter(None)
        self.form.reveal(path)

    def _hide_unavailable(self, on: bool) -> None:
        self.settings.set_flag("hide_unavailable", on)
        self.form.set_hide_unavailable(on)

    # -- language -------------------------------------------------------------------------------
    def set_language(self, lang: Language, remember: bool = True) -> None:
        self.lang = lang
        apply_language(lang)
        apply_fonts(lang)
        if remember:
            self.settings.set_language(lang)
        self.actions_.retranslate()
        self.controls.retranslate()
        self.controls.show_language(self.catalog, lang)
        self.form.set_language(lang)
        self.nav.set_language(lang)
        if self._started:
            self._document_language()
        else:
            self._update_counts()
            self._update_file_state()

    def _document_language(self, render: bool = True) -> None:
        self.diagnostics.set_language(self.lang)
        self.previews.retranslate(self.lang)
        if render:  # comments in the exported code follow it
            self.previews.refresh(self._preview_text)
        self._update_counts()
        self._update_file_state()

    # -- recent files, layout, closing ----------------------------------------------------------------
    def _rebuild_recent(self, recent: list[str]) -> None:
        # the file controller comes with the document: look it up when a file is chosen
        self.actions_.show_recent(recent, lambda path: self.files.open(path))  # noqa: PLW0108

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self._rebuild_recent([])

    def _restore_state(self) -> None:
        """Dock layout (after the docks exist)."""
        state = self.settings.blob("state")
        if state is not None:
            self.restoreState(state)

    def _reserve_docks(self) -> None:
        """Empty docks where the remembered layout shows them, before the first paint
        (install_part2 fills them): added after it, an open dock narrowed the form."""
        # the side docks run the full height; the bottom one stays under the form
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        state = self.settings.blob("state")
        if state is None:
            return
        from PySide6.QtWidgets import QDockWidget  # its enums cost a few ms: only when needed

        for name in DOCKS:
            dock = QDockWidget(tr(DOCK_TITLES[name]), self)
            dock.setObjectName(f"dock:{name}")
            stand_in = QWidget(dock)  # the view's minimum: the form keeps its width
            stand_in.setMinimumSize(DOCK_MINIMUM)
            dock.setWidget(stand_in)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.hide()
        self.restoreState(state)

    def _restore_splitters(self) -> None:
        """Splitter layout, before the first paint: the remembered one, else shares of
        the window's width that leave the form room for its widest row. The stand-ins
        have the real views' minimum sizes, so the document does not move it."""
        for name in _SPLITTERS:
            blob = self.settings.blob(f"splitter_{name}")
            splitter = self.main if name == "main" else self.side
            if blob is not None and splitter.restoreState(blob):
                continue
            if splitter is self.main and self.settings.blob("state") is not None:
                needs = self.form.needed_width(self.form.body.minimumSizeHint().width())
                self._widen_form(self.main.width(), needs)

    def _widen_form(self, width: int, needs: int) -> None:
        """The form as wide as its widest row ``needs`` and the navigation as wide as
        its widest entry, where the main splitter's ``width`` has room for them
        (ui/_places.main_sizes)."""
        total = width - self.main.handleWidth() * (self.main.count() - 1)
        side = max(self.side.minimumWidth(), *(w.minimumWidth() for w in self._side_views()))
        self.main.setSizes(main_sizes(total, needs, side, self.nav.needed_width()))

    def _side_views(self) -> list[QWidget]:
        return [w for w in (self.side.widget(0), self.side.widget(1)) if w is not None]

    def save_layout(self) -> None:
        self.settings.set_blob("geometry", self.saveGeometry())
        self.settings.set_blob("state", self.saveState())
        self.settings.set_blob("splitter_main", QByteArray(self.main.saveState()))
        self.settings.set_blob("splitter_side", QByteArray(self.side.saveState()))
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._started and not self.files.maybe_save():
            event.ignore()
            return
        self.save_layout()
        if self._started:
            self.files.autosave.discard()
        event.accept()
