"""The main window: toolbar, category navigation, form, previews, diagnostics.

The window is the controller: it turns form edits into undoable profile edits
(``ui/_edits.py``) and, after every change, asks the engine for diagnostics,
effective values and exports and hands each view only what it renders.

It is built in two steps so it shows quickly. The *shell* (menus,
toolbar, navigation, search bar, the form's first section with empty values, and
plain stand-ins holding the previews' and the diagnostics list's places:
``ui/_shell.py``) needs PySide6 and the catalog only. The *document* (the profile
and its undo stack, rules, previews, diagnostics, file handling, companion files
and the part-2 docks: ``ui/_deferred.py``) is imported and built by
:meth:`MainWindow.finish_start`, right after the first paint, or at once when the
window is not ``progressive``. Nothing that the shell lays out changes size when
the document arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QSplitter, QToolButton, QWidget

from ascend_studio._startup import mark, release_collection
from ascend_studio.schema import Catalog
from ascend_studio.ui import _shell
from ascend_studio.ui._actions import Actions, Controls
from ascend_studio.ui._core import Engine, Finding
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, apply_language, counts_text, plural, tr
from ascend_studio.ui._places import widen_form
from ascend_studio.ui._search import select
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._snapshot import (
    DEFAULT_RELEASE,
    DEFAULT_TARGET,
    ENV_SECTION,
    Snapshot,
    take_snapshot,
)
from ascend_studio.ui._steady import line_height, show_counts, show_file
from ascend_studio.ui._style import apply_fonts

if TYPE_CHECKING:
    from ascend_studio.rules import Fix
    from ascend_studio.ui._diaglist import DiagnosticsList
    from ascend_studio.ui._docks import DockedViews
    from ascend_studio.ui._files import FileController
    from ascend_studio.ui._form import FormView
    from ascend_studio.ui._model import ProfileModel
    from ascend_studio.ui._nav import CategoryNav
    from ascend_studio.ui._previews import PreviewPane
    from ascend_studio.ui.apply import ApplyActions
    from ascend_studio.ui.companion import CompanionController
    from ascend_studio.ui.compare import CompareView
    from ascend_studio.ui.import_review import DropHandler
    from ascend_studio.ui.inspector import InspectorView
    from ascend_studio.ui.machine import MachineView
    from ascend_studio.ui.why import WhyPanel

__all__ = ["MainWindow"]

#: The preview tab a configuration's surface brings to the front (its own code).
_SURFACE_PREVIEW: dict[str | None, str] = {"estimator": "py", "sess": "sess", "tf2": "tf2"}


class MainWindow(QMainWindow):
    # the shell's, built by the constructor (ui/_shell.py)
    nav: CategoryNav
    form: FormView
    main: QSplitter
    side: QSplitter
    counts_label: QLabel
    file_label: QLabel
    fix_all_button: QToolButton
    # the document's, built by finish_start (see the module docstring)
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
        self._target: tuple[str | None, str | None, str | None] = ("", "", None)
        #: The toolbar's release entry last shown (``newest``, an id, None: not named).
        self._release: str | None = ""
        self._started = False
        self._progressive = progressive
        self._after_start: list[Callable[[], object]] = []
        self._splitters_restored = False
        #: Whether the remembered dock layout was restored before the first paint.
        self.docks_restored = False
        # Translators and fonts before the first widget: installed later, they send
        # every widget an event, and the menu bar grew a pixel after the first paint.
        apply_language(lang)
        apply_fonts(lang)
        self.actions_ = Actions(self)
        self.controls = Controls(self, self.actions_)
        mark("menus and toolbar")
        _shell.build_shell(self)
        self.set_language(lang, remember=False)
        self._rebuild_recent(settings.recent_files())
        _shell.place_window(self)
        # The application font set above reaches the widgets through posted events: in
        # the first window of a process they came after the first paint, and each row
        # grew a pixel (Chinese on X). Delivered now, before the first rows are built
        # and anything is measured.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.ApplicationFontChange)
        mark("window body")
        self._first_rows()

    def _first_rows(self) -> None:
        """The first section's rows, the document after the first paint (progressive),
        else the document and every row now; then the form holds its widest row's width."""
        if self._progressive:
            self._show_target(*DEFAULT_TARGET, release=DEFAULT_RELEASE)  # until the document exists
            self.form.build_next()  # the rest of the view's rows: when it is shown
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
            widen_form(self, self.width(), self.form.needed_width())
        super().setVisible(visible)

    def showEvent(self, event: QShowEvent) -> None:
        """The splitter layout, once the window's layout has its final size (restored
        earlier, the splitters rescaled it; later, they jumped after the paint)."""
        if not self._splitters_restored:
            self._splitters_restored = True
            _shell.restore_splitters(self)
            # The rows in view, built once the form has its size: built into the form
            # of Qt's default size (100 px wide), they were laid out twice.
            self.form.build_in_view()
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
            release_collection()
            QTimer.singleShot(0, self, self._after_first_paint)
        return False

    def _after_first_paint(self) -> None:
        """The actions' icons, shortcuts and tooltips first: the icons are painted
        before the document is built. Then the document's modules, then the document,
        each in a turn of the event loop of its own (``_deferred.preload``)."""
        self.actions_.complete()
        self.form.keep_static_contents()
        QTimer.singleShot(0, self, self._preload)

    def _preload(self, group: int = 0) -> None:
        from ascend_studio.ui._deferred import preload

        if self._started:
            return
        more = preload(self, group)
        after = partial(self._preload, group + 1) if more else self.finish_start
        # 1 ms, not 0: a zero-delay call is a posted event, handled before any timer
        # is, so the turns ran back to back as if they were one
        QTimer.singleShot(1, self, after)

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

    @property
    def machine_view(self) -> MachineView:
        return cast("MachineView", self.docked.view("machine"))

    # -- the services flows and installers use (``ui/_ports.py``) ---------------------------------
    def as_widget(self) -> QWidget:
        return self

    def show_status(self, text: str, msec: int = 10000) -> None:
        self.statusBar().showMessage(text, msec)

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
        from ascend_studio.ui._deferred import build_document, connect_document, install_part2

        release_collection()  # no paint came first (not progressive, or minimized)
        self.removeEventFilter(self)
        self.actions_.complete()
        self.form.keep_static_contents()
        build_document(self)
        self._started = True
        connect_document(self)
        install_part2(self)
        self.previews.set_formats(self.engine.formats())
        self._document_language(render=False)  # refresh() renders the previews next
        self.refresh()
        _shell.restore_state(self)
        mark("document")
        if not self._progressive:
            self.form.build_all()
        else:
            self.form.build_progressively()
        callbacks, self._after_start = self._after_start, []
        for callback in callbacks:
            callback()

    # -- refresh after every change -----------------------------------------------------------
    def refresh(self) -> None:
        profile = self.model.profile
        self._show_target(*self._judged_target())
        before = getattr(self, "snapshot", None)  # none before the first refresh
        self.snapshot = take_snapshot(self.form.catalog, self.engine, profile, before)
        self.findings = self.snapshot.findings
        self.form.apply(self.snapshot.rows)
        self.form.env.set_env(profile.env, profile.env_verbatim)
        self.form.env.set_findings(self.snapshot.env_findings)
        self.form.show_unknown(self.snapshot.unknown)
        self.nav.set_counts(self.snapshot.categories)
        self._show_safe_fixes(self.snapshot.safe_fixes())
        self.diagnostics.show_findings(self.findings)
        self.previews.refresh(self._preview_text)
        self._update_counts()
        if self.form.match is not None or self.form.hide_unavailable:
            self.controls.reapply.setEnabled(True)  # the view is now stale; rows stay put

    def _judged_target(self) -> tuple[str | None, str | None, str | None, str | None]:
        """Product, scenario, surface (``target_of``) and release the profile is judged for."""
        from ascend_studio.profile import target_of

        profile = self.model.profile
        target = target_of(profile)
        return target.product, target.scenario, target.surface, profile.release

    def refresh_target(self) -> None:
        """The toolbar and the form on the target the profile is judged for, the boxes
        too when they show something else (a choice that changed nothing).

        :meth:`refresh` leaves boxes that agree with the form alone: a target chosen
        before the document exists is read from them once it does."""
        product, scenario, surface, release = self._judged_target()
        self._show_target(product, scenario, surface, release)
        self.controls.show_target(product, scenario, surface, self._release)

    def _show_target(
        self,
        product: str | None,
        scenario: str | None,
        surface: str | None = None,
        release: str | None = None,
    ) -> None:
        shown = self._release_shown(release)
        if (product, scenario, surface) != self._target or shown != self._release:
            self._release = shown
            if (product, scenario, surface) != self._target:
                if surface != self._target[2]:  # the form shows what the surface has
                    self._show_surface(surface)
                self._target = (product, scenario, surface)
                self.form.set_target(product, scenario)
            self.controls.show_target(product, scenario, surface, shown)

    def _show_surface(self, surface: str | None) -> None:
        if surface == "tf2":  # the 2.x surface's modules and data load when first shown
            from ascend_studio.schema import tf2_catalog

            view = tf2_catalog(self.catalog)
        else:
            view = self.catalog
        self.form.set_catalog(view)
        self.nav.show_categories({p.category for p in view.params})
        # the surface's own code in front; leaving TF2 for no named way, the 1.x code
        shown = _SURFACE_PREVIEW.get(surface) or ("py" if self._target[2] == "tf2" else None)
        if self._started and shown in self.previews.tabs:
            self.previews.show_format(shown)

    def _release_shown(self, release: str | None) -> str | None:
        """The toolbar entry of the profile's release: ``newest``, an id, or None."""
        if release is None or release.strip().casefold() == "newest":
            return None if release is None else "newest"
        try:
            return self.catalog.history.resolve(release).id
        except ValueError:
            return None

    def _preview_text(self, fmt: str) -> str:
        try:
            return self.engine.export(self.model.profile, fmt, self.lang, self.snapshot.evaluation)
        except ValueError as exc:  # e.g. a value the format cannot carry
            return tr("# Cannot export this profile as {fmt}:\n# {reason}\n").format(
                fmt=fmt, reason=str(exc).replace("\n", "\n# ")
            )

    def _show_safe_fixes(self, count: int) -> None:
        """The status bar's "Fix all safe" button, with how many it would fix."""
        action = self.actions_.fix_all_safe
        action.setEnabled(count > 0)
        action.setIconText(tr("Fix all safe ({count})").format(count=count))  # the button's
        button = self.fix_all_button
        if button.isHidden() == (count > 0):
            button.setVisible(count > 0)

    def _update_counts(self) -> None:
        errors = sum(1 for f in self.findings if f.severity == "error")
        warnings = sum(1 for f in self.findings if f.severity == "warning")
        infos = len(self.findings) - errors - warnings
        values = len(self.model.profile.values) if self._started else 0
        set_text = plural(values, QT_TR_NOOP("{count} value set"), QT_TR_NOOP("{count} values set"))
        text = counts_text(errors, warnings, infos, " · ") + " · " + set_text
        show_counts(self.counts_label, text, self._status_height())

    def _status_height(self) -> int:
        return line_height([self.counts_label, self.fix_all_button, self.file_label])

    def _update_file_state(self) -> None:
        started = self._started
        name = self.files.display_name() if started else tr("Untitled")
        dirty = started and self.model.is_dirty()
        path = self.model.path if started else None
        states = (tr("modified"), tr("saved"), tr("new"))
        state = states[0] if dirty else states[1] if path else states[2]
        show_file(self.file_label, name, state, states, self._status_height())
        self.file_label.setToolTip(str(path or ""))
        self.setWindowTitle(f"{name}[*] — Ascend Studio")
        self.setWindowModified(dirty)

    # -- edits (ui/_edits.py, imported with the document, after the first paint) -----------------
    def reset_field(self, path: str) -> None:
        from ascend_studio.ui import _edits

        _edits.reset_field(self, path)

    def reset_category(self, key: str | None = None) -> None:
        from ascend_studio.ui import _edits

        _edits.reset_category(self, key)

    def reset_all(self) -> None:
        from ascend_studio.ui import _edits

        _edits.reset_all(self)

    # -- search, navigation -----------------------------------------------------------------------
    def focus_search(self) -> None:
        self.controls.search.setFocus(QtCore.Qt.FocusReason.ShortcutFocusReason)
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
            unknown_keys=frozenset(self.snapshot.unknown_keys()),
        )
        paths = set(selection.paths) if selection.paths is not None else None
        self.form.set_filter(paths, selection.show_env, selection.show_unknown)
        if paths is not None:
            self.form.verticalScrollBar().setValue(0)
        self.controls.match_count.show_count(None if paths is None else len(selection.matched))
        self.controls.reapply.setEnabled(False)

    def reveal(self, path: str) -> None:
        """Scroll to the row of ``path`` (a parameter, ``env:NAME`` or a name the catalog
        does not know) and focus it, showing it first if a search or filter hides it."""
        if path.startswith("env:"):
            self.form.set_filter(None)
            self.form.scroll_to_section(ENV_SECTION)
            return
        if self._started and path in self.snapshot.unknown_keys():
            if self.form.unknown_section.isHidden():
                self._clear_filters()
            self.form.reveal_unknown(path)
            return
        self.form.ensure_built([path])
        if path not in self.form.rows:
            return
        if not self.form.is_row_visible(path):
            self._clear_filters()
        self.form.reveal(path)

    def _clear_filters(self) -> None:
        self.controls.search.clear()
        for button in self.controls.filters.values():
            button.setChecked(False)
        self.form.set_hide_unavailable(False)
        self.form.set_filter(None)

    def apply_fix(self, fix: Fix) -> None:
        from ascend_studio.ui import _edits

        _edits.apply_fix(self, fix)

    def fix_all_safe(self) -> None:
        from ascend_studio.ui import _edits

        _edits.fix_all_safe(self)

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
        self._show_safe_fixes(self.snapshot.safe_fixes())  # its count's words too
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

    def save_layout(self) -> None:
        _shell.save_layout(self)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._started and not self.files.maybe_save():
            event.ignore()
            return
        self.save_layout()
        if self._started:
            self.files.autosave.discard()
        event.accept()
