"""Import a file into the open document through the review dialog.

Shared by the Import menu action and drag and drop. The edit goes through the
window's profile model, so an import is one undo step.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QWidget

from ascend_studio.apply import with_source
from ascend_studio.codegen import import_file
from ascend_studio.companion import read_companions
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui.import_review._dialog import ImportReviewDialog

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["PROFILE_SUFFIXES", "import_with_review", "review_import"]

PROFILE_SUFFIXES = (".json",)


def review_import(
    parent: QWidget | None, path: Path, current: Profile, catalog: Catalog, lang: Language
) -> Profile | None:
    """Read ``path`` (never executed), show the review; the profile to install or None."""
    result = import_file(path, catalog)
    dialog = ImportReviewDialog(result, current, catalog, parent)
    dialog.set_language(lang)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        chosen = dialog.result_profile()
        if chosen is None or path.suffix in PROFILE_SUFFIXES:
            return chosen
        # the document remembers its script (and its hash) for Apply to Script
        try:
            return with_source(chosen, path, path.read_bytes(), dialog.config_index() + 1)
        except OSError:
            return chosen
    finally:
        dialog.deleteLater()


def import_with_review(window: MainWindow, path: Path | None = None) -> bool:
    """Ask for a script when ``path`` is None; True when something was loaded."""
    if path is None:
        start = str(window.model.path.parent) if window.model.path else str(Path.home())
        path = _dialogs.ask_open_path(window, tr("Import a script"), start, scripts=True)
        if path is None:
            return False
    after = review_import(window, path, window.model.profile, window.catalog, window.lang)
    if after is None:
        return False
    # The files its parameters name, from the script's folder (the app's own working
    # directory says nothing about the job's), so the file rules check them too.
    after, _ = read_companions(after, [path.parent, Path.cwd()], path.parent)
    window.model.edit(after, tr("Import {name}").format(name=path.name))
    return True
