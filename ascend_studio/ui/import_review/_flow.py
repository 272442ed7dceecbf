"""Import a file through the review dialog: a new untitled document, or merged.

Shared by Import, File > Open of a script, a script given on the command line and
drag and drop. A new document never takes the open file's name (the next Save
asks for one); a merge is one undoable edit of the open document.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtWidgets import QDialog, QWidget

from ascend_studio.codegen import import_file
from ascend_studio.companion import read_companions
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui.import_review._dialog import ImportReviewDialog, OpenDocument
from ascend_studio.ui.import_review._drop import PROFILE_SUFFIXES
from ascend_studio.ui.import_review._merge import Mode

if TYPE_CHECKING:
    from ascend_studio.ui._files import FileController

__all__ = [
    "PROFILE_SUFFIXES",
    "Chosen",
    "import_with_review",
    "preview_for",
    "review_import",
    "run_review",
]


class Chosen(NamedTuple):
    """How to load the import, what, and the preview of the script's own kind of code."""

    mode: Mode
    profile: Profile
    #: ``sess`` for a sess.run configuration, ``sh`` for an environment, ``py`` for
    #: NPURunConfig; None for a profile file.
    preview: str | None


def preview_for(label: str) -> str:
    """The export format that reads like the imported configuration's code."""
    if label.startswith("sess.run config"):
        return "sess"
    if label.startswith("environment"):
        return "sh"
    return "py"


def run_review(dialog: QDialog) -> int:
    """Show the review modally (tests and the screenshot script replace this)."""
    return dialog.exec()


def review_import(
    parent: QWidget | None,
    path: Path,
    current: Profile,
    catalog: Catalog,
    lang: Language,
    *,
    document: OpenDocument | None = None,
) -> Chosen | None:
    """Read ``path`` (never executed), show the review; how and what to load, or None."""
    result = import_file(path, catalog)
    dialog = ImportReviewDialog(result, current, catalog, parent, document=document)
    dialog.set_language(lang)
    try:
        if run_review(dialog) != QDialog.DialogCode.Accepted:
            return None
        chosen = dialog.result_profile()
        if chosen is None:
            return None
        label = result.configs[dialog.config_index()].label
        if path.suffix in PROFILE_SUFFIXES:
            return Chosen(dialog.mode(), chosen, None)
        # the document remembers its script (and its hash) for Apply to Script
        from ascend_studio.apply import with_source  # with libcst: not at the window's start

        with contextlib.suppress(OSError):  # an unreadable script just is not remembered
            chosen = with_source(chosen, path, path.read_bytes(), dialog.config_index() + 1)
        return Chosen(dialog.mode(), chosen, preview_for(label))
    finally:
        dialog.deleteLater()


def import_with_review(files: FileController, path: Path) -> bool:
    """Review ``path``, then load it as the user chose; True when something was loaded."""
    model = files.model
    document = OpenDocument(files.display_name(), model.is_dirty(), model.path is not None)
    chosen = review_import(
        files.window, path, model.profile, files.engine.catalog, files.lang(), document=document
    )
    if chosen is None:
        return False
    mode, after, preview = chosen
    # The files its parameters name, from the script's folder (the app's own working
    # directory says nothing about the job's), so the file rules check them too.
    after, _ = read_companions(after, [path.parent, Path.cwd()], path.parent)
    if mode == "new":
        loaded = files.open_untitled(after)
    else:
        model.edit(after, tr("Import {name}").format(name=path.name))
        loaded = True
    if loaded and preview is not None:
        files.script_imported.emit(preview)  # the previews show the script's own code
    return loaded
