"""Import a file through the review dialog: a new untitled document, or merged.

Shared by Import, File > Open of a script, a script given on the command line and
drag and drop. A new document never takes the open file's name (the next Save
asks for one); a merge is one undoable edit of the open document.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QWidget

from ascend_studio.codegen import import_file
from ascend_studio.companion import read_companions
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui.import_review._dialog import ImportReviewDialog
from ascend_studio.ui.import_review._drop import PROFILE_SUFFIXES
from ascend_studio.ui.import_review._merge import Mode

if TYPE_CHECKING:
    from ascend_studio.ui._files import FileController

__all__ = ["PROFILE_SUFFIXES", "import_with_review", "review_import", "run_review"]


def run_review(dialog: QDialog) -> int:
    """Show the review modally (tests and the screenshot script replace this)."""
    return dialog.exec()


def review_import(
    parent: QWidget | None, path: Path, current: Profile, catalog: Catalog, lang: Language
) -> tuple[Mode, Profile] | None:
    """Read ``path`` (never executed), show the review; how and what to load, or None."""
    result = import_file(path, catalog)
    dialog = ImportReviewDialog(result, current, catalog, parent)
    dialog.set_language(lang)
    try:
        if run_review(dialog) != QDialog.DialogCode.Accepted:
            return None
        chosen = dialog.result_profile()
        if chosen is None:
            return None
        if path.suffix in PROFILE_SUFFIXES:
            return dialog.mode(), chosen
        # the document remembers its script (and its hash) for Apply to Script
        from ascend_studio.apply import with_source  # with libcst: not at the window's start

        with contextlib.suppress(OSError):  # an unreadable script just is not remembered
            chosen = with_source(chosen, path, path.read_bytes(), dialog.config_index() + 1)
        return dialog.mode(), chosen
    finally:
        dialog.deleteLater()


def import_with_review(files: FileController, path: Path) -> bool:
    """Review ``path``, then load it as the user chose; True when something was loaded."""
    model = files.model
    chosen = review_import(files.window, path, model.profile, files.engine.catalog, files.lang())
    if chosen is None:
        return False
    mode, after = chosen
    # The files its parameters name, from the script's folder (the app's own working
    # directory says nothing about the job's), so the file rules check them too.
    after, _ = read_companions(after, [path.parent, Path.cwd()], path.parent)
    if mode == "new":
        return files.open_untitled(after)
    model.edit(after, tr("Import {name}").format(name=path.name))
    return True
