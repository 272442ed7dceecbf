"""New/Open/Save/Save As, recent files, import and export, with their prompts.

A file that cannot be read or written shows the error and changes nothing:
the current profile stays, unsaved changes included. The dialogs are imported when
one is first needed, not with this module (their Qt classes cost about 8 ms of the
document's start).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from ascend_studio._atomic import atomic_write_text
from ascend_studio.profile import (
    FileStamp,
    Profile,
    ProfileChangedOnDisk,
    ProfileError,
    file_stamp,
    load_profile,
    save_profile,
)
from ascend_studio.ui._autosave import Autosave, Recovery, find_recoveries, remove_recovery
from ascend_studio.ui._core import Engine
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._model import ProfileModel
from ascend_studio.ui._settings import Settings
from ascend_studio.ui.import_review._drop import SCRIPT_SUFFIXES

__all__ = ["SCRIPT_SUFFIXES", "FileController", "is_script"]


def is_script(path: Path) -> bool:
    return path.suffix.lower() in SCRIPT_SUFFIXES


class FileController(QObject):
    """File operations of one window; ``recent_changed`` refreshes the menu."""

    recent_changed = Signal(list)
    #: A short confirmation for the status bar (e.g. where an export was written).
    notice = Signal(str)
    #: A script was imported: the export format of the code it is written in.
    script_imported = Signal(str)

    def __init__(
        self,
        window: QWidget,
        model: ProfileModel,
        engine: Engine,
        settings: Settings,
        lang: Callable[[], Language],
    ) -> None:
        super().__init__(window)
        self.lang = lang
        self.window = window
        self.model = model
        self.engine = engine
        self.settings = settings
        #: What the document's file held when this window last read or wrote it.
        self.stamp: FileStamp | None = None
        self.autosave = Autosave(model, stamp=lambda: self.stamp)

    # -- document lifecycle ----------------------------------------------------------------
    def display_name(self) -> str:
        return self.model.path.name if self.model.path else tr("Untitled")

    def maybe_save(self) -> bool:
        """Ask about unsaved changes; ``False`` means the user cancelled."""
        if not self.model.is_dirty():
            return True
        from ascend_studio.ui import _dialogs

        choice = _dialogs.ask_save_changes(self.window, self.display_name())
        if choice is _dialogs.SaveChoice.SAVE:
            return self.save()
        return choice is _dialogs.SaveChoice.DISCARD

    def new(self) -> None:
        current = self.model.profile
        self.new_document(
            Profile(product=current.product, scenario=current.scenario, release=current.release)
        )

    def new_document(self, start: Profile) -> bool:
        """An untitled document holding ``start`` as its saved state, once unsaved
        changes are saved or discarded; ``False`` means the user cancelled."""
        if not self.maybe_save():
            return False
        self.model.replace(start, None, saved=start)
        self.stamp = None  # no file behind it: nothing to check on disk
        self.autosave.discard()
        return True

    def open(self, path: Path | None = None) -> bool:
        """Open a profile, or import a script (``.py``, ``.sh``...) through the review."""
        if path is None:
            from ascend_studio.ui import _dialogs

            path = _dialogs.ask_open_path(self.window, tr("Open profile"), self._start_dir())
            if path is None:
                return False
            self._remember_dir(path)
        if is_script(path):
            return self.import_script(path)
        return self.maybe_save() and self.load(path)

    def load(self, path: Path) -> bool:
        """Open ``path`` now (no prompt); a bad file keeps the current profile.

        A script is imported instead (through the review dialog, as a new document).
        """
        if is_script(path):
            return self.import_script(path)
        stamp = file_stamp(path)
        try:
            profile = load_profile(path)
        except ProfileError as exc:
            from ascend_studio.ui import _dialogs

            _dialogs.show_error(self.window, tr("Cannot open the profile"), str(exc))
            return False
        self.model.replace(profile, path, saved=profile)
        self.stamp = stamp
        self.autosave.discard()
        self._remember(path)
        return True

    def save(self) -> bool:
        if self.model.path is None:
            return self.save_as()
        return self._write(self.model.path)

    def save_as(self) -> bool:
        from ascend_studio.ui import _dialogs

        start = str(self.model.path or Path(self._start_dir(), "profile.ascend.json"))
        path = _dialogs.ask_save_path(self.window, tr("Save profile as"), start)
        if path is None:
            return False
        self._remember_dir(path)
        return self._write(path)

    def _write(self, path: Path) -> bool:
        from ascend_studio.ui import _dialogs

        # Only the document's own file is checked: Save As onto another file was
        # already confirmed in the file dialog.
        expected = self.stamp if path == self.model.path else None
        try:
            save_profile(self.model.profile, path, expected=expected)
        except ProfileChangedOnDisk:
            choice = _dialogs.ask_changed_on_disk(self.window, path.name)
            if choice is _dialogs.ChangedOnDiskChoice.OVERWRITE:
                self.stamp = file_stamp(path)
                return self._write(path)
            return choice is _dialogs.ChangedOnDiskChoice.SAVE_AS and self.save_as()
        except ProfileError as exc:
            _dialogs.show_error(self.window, tr("Cannot save the profile"), str(exc))
            return False
        self.model.mark_saved(path)
        self.stamp = file_stamp(path)
        self.autosave.discard()
        self._remember(path)
        return True

    # -- recovery --------------------------------------------------------------------------------
    def offer_recovery(self) -> bool:
        """Offer every autosave that crashed sessions left; True if one was restored.

        Each is recovered into this window, discarded, or kept for the next start,
        as the user says; none is deleted without the user's word.
        """
        recoveries = find_recoveries()
        while recoveries:
            from ascend_studio.ui import _dialogs

            choice, index = _dialogs.choose_recovery(self.window, tuple(recoveries))
            chosen = recoveries[index]
            if choice is _dialogs.RecoveryChoice.LATER:
                return False
            if choice is _dialogs.RecoveryChoice.DISCARD:
                remove_recovery(chosen)
                recoveries.remove(chosen)
                continue
            if not self.maybe_save():
                return False
            self._restore(chosen)
            return True
        return False

    def _restore(self, recovery: Recovery) -> None:
        saved = Profile()
        if recovery.source is not None:
            try:
                saved = load_profile(recovery.source)
            except ProfileError:
                saved = Profile()
        self.model.replace(recovery.profile, recovery.source, saved=saved)
        # The file as the crashed window knew it: a save then notices later writes.
        self.stamp = recovery.stamp
        self.autosave.write_now()  # this window's autosave holds it now
        remove_recovery(recovery)

    # -- import / export ---------------------------------------------------------------------------
    def import_script(self, path: Path | None = None) -> bool:
        """Import through the review dialog: a new untitled document, or merged into this one."""
        from ascend_studio.ui import _dialogs
        from ascend_studio.ui.import_review._flow import import_with_review

        if path is None:
            path = _dialogs.ask_open_path(
                self.window, tr("Import a script"), self._start_dir(), scripts=True
            )
            if path is None:
                return False
            self._remember_dir(path)
        return import_with_review(self, path)

    def open_untitled(self, profile: Profile) -> bool:
        """``profile`` as a new, never-saved document (an import): Save asks for a name."""
        if not self.maybe_save():
            return False
        self.model.replace(
            profile, None, saved=Profile(product=profile.product, scenario=profile.scenario)
        )
        self.stamp = None  # no file behind it: nothing to check on disk
        self.autosave.write_now()
        return True

    def export(self, fmt: str | None = None) -> bool:
        from ascend_studio.ui import _dialogs
        from ascend_studio.ui.companion._export import companion_bundle

        formats = self.engine.formats()
        if fmt is None:
            titles = [f"{f.label.get(self.lang())} ({f.id})" for f in formats]
            index = _dialogs.choose_item(self.window, tr("Export"), tr("Format:"), titles)
            if index is None:
                return False
            fmt = formats[index].id
        chosen = next(f for f in formats if f.id == fmt)
        start = str(Path(self._start_dir(), chosen.suggested_name(self.model.path)))
        path = _dialogs.ask_save_path(self.window, tr("Export"), start, tr("All files (*)"))
        if path is None:
            return False
        self._remember_dir(path)
        bundle = companion_bundle(self.window, self.model.profile, fmt, path)
        if bundle is None:
            return False
        try:
            self.engine.write_export(bundle[0], fmt, path, self.lang())
            for target, text in bundle[1]:
                atomic_write_text(target, text)
        except (OSError, ValueError) as exc:
            _dialogs.show_error(self.window, tr("Cannot export"), str(exc))
            return False
        self.notice.emit(tr("Exported {format} to {path}").format(format=fmt, path=path))
        return True

    # -- helpers ---------------------------------------------------------------------------------------
    def _remember(self, path: Path) -> None:
        self.recent_changed.emit(self.settings.add_recent(path))

    def _remember_dir(self, chosen: Path) -> None:
        self.settings.set_text("last_dir", str(chosen.parent))

    def _start_dir(self) -> str:
        """Where file dialogs open: the folder last chosen in one, else the document's."""
        last = self.settings.text("last_dir")
        if last and Path(last).is_dir():
            return last
        if self.model.path is not None:
            return str(self.model.path.parent)
        recent = self.settings.recent_files()
        return str(Path(recent[0]).parent) if recent else str(Path.home())
