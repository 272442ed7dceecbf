"""What the main window builds right after its first paint: the document and its views.

The shell (``ui/_window.py``, ``ui/_shell.py``) paints with PySide6 and the catalog only; these
functions import the profile document, the rules and exporters
behind the previews and the diagnostics, file handling, companion files and the
part-2 docks' shells, and wire them to the window. The real previews and
diagnostics list take their stand-ins' splitter slots at the same sizes. The
docked views are built when first used.
"""

from __future__ import annotations

import importlib
from functools import partial
from typing import TYPE_CHECKING

from ascend_studio.ui import _edits
from ascend_studio.ui._places import SIDE_SIZES
from ascend_studio.ui._snapshot import Snapshot

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = [
    "PRELOAD",
    "build_document",
    "connect_document",
    "install_part2",
    "preload",
]

#: The modules the document and its first refresh import (about 90 ms on the 2-core test
#: machine), in groups of about 30 ms. ``preload`` imports one group per turn of the
#: event loop, right before the turn that builds the document (about 40 ms): input after
#: the first paint waits for one of those turns, not for all of them (the longest was
#: about 130 ms).
PRELOAD = (
    ("ascend_studio.ui._files", "ascend_studio.ui.companion"),
    (
        "ascend_studio.ui._previews",
        "ascend_studio.ui._diaglist",
        "ascend_studio.ui._docks",
        "ascend_studio.ui._model",
        "ascend_studio.ui._env",
    ),
    (
        "ascend_studio.ui.apply._install",
        "ascend_studio.ui.import_review._drop",
        "ascend_studio.rules._registry",
        "ascend_studio.rules._context",
        "ascend_studio.rules._effective",
        "ascend_studio.rules._evaluate",
        "ascend_studio.rules._incremental",
        "ascend_studio.rules._split",
        "ascend_studio.rules._rules_predicates",
        "ascend_studio.rules._unknown",
    ),
)


def preload(window: MainWindow, group: int) -> bool:
    """Import group ``group`` of what building the document needs (the first one also
    makes the search's texts, the last one finds the export formats); whether another
    group follows."""
    for name in PRELOAD[group]:
        importlib.import_module(name)
    if group == 0:
        window.catalog.prepare_search()
    if group == len(PRELOAD) - 1:
        window.engine.formats()
    return group + 1 < len(PRELOAD)


def build_document(window: MainWindow) -> None:
    """The profile model, file handling, companion files, previews and diagnostics."""
    from ascend_studio.ui._diaglist import DiagnosticsList
    from ascend_studio.ui._files import FileController
    from ascend_studio.ui._model import ProfileModel
    from ascend_studio.ui._previews import PreviewPane
    from ascend_studio.ui.companion import CompanionController

    window.model = ProfileModel(window)
    window.snapshot = Snapshot(window.model.profile, ())
    window.files = FileController(
        window, window.model, window.engine, window.settings, lambda: window.lang
    )
    window.companions = CompanionController(
        window, window.model, window.catalog, lambda: window.lang
    )
    # the real views take the stand-ins' places: same splitter slots, same sizes (a
    # splitter not shown yet has no sizes of its own: it keeps its first ones)
    sizes = window.side.sizes() if window.side.isVisible() else list(SIDE_SIZES)
    window.previews = PreviewPane(window)
    window.diagnostics = DiagnosticsList(window)
    for index, widget in enumerate((window.previews, window.diagnostics)):
        stand_in = window.side.replaceWidget(index, widget)
        if stand_in is not None:
            stand_in.deleteLater()
    window.side.setSizes(sizes)


def connect_document(window: MainWindow) -> None:
    """Edits, file actions and views to the document."""
    a, c = window.actions_, window.controls
    window.model.profile_changed.connect(lambda _p: window.refresh())
    window.model.file_state_changed.connect(window._update_file_state)
    window.form.edited.connect(
        lambda path, value, merge: _edits.edit_value(window, path, value, merge)
    )
    window.form.finished.connect(window.model.close_merge)
    window.form.reset_requested.connect(window.reset_field)
    window.form.file_edit_requested.connect(window.companions.open)
    window.companions.unsaved_changed.connect(window.form.set_unsaved_files)
    window.companions.notice.connect(window.show_status)
    window.form.env.env_edited.connect(lambda env, shell: _edits.edit_env(window, env, shell))
    window.diagnostics.param_activated.connect(window.reveal)
    window.diagnostics.fix_requested.connect(window.apply_fix)
    window.form.fix_requested.connect(window.apply_fix)
    a.fix_all_safe.triggered.connect(lambda _checked=False: window.fix_all_safe())
    window.previews.save_requested.connect(window.files.export)
    window.files.recent_changed.connect(window._rebuild_recent)
    window.files.notice.connect(window.show_status)
    window.files.script_imported.connect(partial(_show_preview, window))
    a.new.triggered.connect(window.files.new)
    a.open.triggered.connect(lambda _checked=False: window.files.open())
    a.save.triggered.connect(window.files.save)
    a.save_as.triggered.connect(window.files.save_as)
    a.import_script.triggered.connect(lambda _checked=False: window.files.import_script())
    a.export.triggered.connect(lambda _checked=False: window.files.export())
    a.undo.triggered.connect(window.model.undo_stack.undo)
    a.redo.triggered.connect(window.model.undo_stack.redo)
    window.model.undo_stack.canUndoChanged.connect(a.undo.setEnabled)
    window.model.undo_stack.canRedoChanged.connect(a.redo.setEnabled)
    a.reset_category.triggered.connect(lambda _checked=False: window.reset_category())
    a.reset_all.triggered.connect(window.reset_all)
    c.product.activated.connect(lambda _i: _edits.change_target(window))
    c.scenario.activated.connect(lambda _i: _edits.change_target(window))
    c.surface.activated.connect(lambda _i: _edits.change_target(window))
    c.release.activated.connect(lambda _i: _edits.change_target(window))


def _show_preview(window: MainWindow, fmt: str) -> None:
    if fmt in window.previews.tabs:
        window.previews.show_format(fmt)


def install_part2(window: MainWindow) -> None:
    """Drag and drop, Apply and presets now; the docks' shells now, their views
    (inspector, Why, Compare) on first use (``ui/_docks.py``)."""
    from ascend_studio.ui._docks import DockedViews
    from ascend_studio.ui.apply._install import install_apply
    from ascend_studio.ui.import_review._drop import DropHandler

    window.docked = DockedViews(window)
    window.drops = DropHandler(window)
    window.applier = install_apply(window, window.actions_.menus["file"], window.actions_.export)
