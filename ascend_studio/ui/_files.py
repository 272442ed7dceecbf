"""New/Open/Save/Save As, recent files, import and export, with their prompts.

A file that cannot be read or written shows the error and changes nothing:
the current profile stays, unsaved changes included.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from ascend_studio._atomic import atomic_write_text
from ascend_studio.companion import read_companions
from ascend_studio.profile import (
    FileStamp,
    Profile,
    ProfileChangedOnDisk,
    ProfileError,
    file_stamp,
    load_profile,
    save_profile,
)
from ascend_studio.ui import _dialogs
from ascend_studio.ui._autosave import Autosave, Recovery, find_recoveries
from ascend_studio.ui._core import EXPORT_FORMATS, Engine
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._model import ProfileModel
from ascend_studio.ui._previews import FORMAT_TITLES, suggested_name
from ascend_studio.ui._settings import Settings
from ascend_studio.ui.companion._export import companion_bundle

__all__ = ["FileController"]


class FileController(QObject):
    """File operations of one window; ``recent_changed`` refreshes the menu."""

    recent_changed = Signal(list)

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
        choice = _dialogs.ask_save_changes(self.window, self.display_name())
        if choice is _dialogs.SaveChoice.SAVE:
            return self.save()
        return choice is _dialogs.SaveChoice.DISCARD

    def new(self) -> None:
        if not self.maybe_save():
            return
        current = self.model.profile
        fresh = Profile(product=current.product, scenario=current.scenario)
        self.model.replace(fresh, None, saved=fresh)
        self.stamp = None
        self.autosave.discard()

    def open(self, path: Path | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            path = _dialogs.ask_open_path(self.window, tr("Open profile"), self._start_dir())
            if path is None:
                return False
        return self.load(path)

    def load(self, path: Path) -> bool:
        """Open ``path`` now (no prompt); a bad file keeps the current profile."""
        stamp = file_stamp(path)
        try:
            profile = load_profile(path)
        except ProfileError as exc:
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
        start = str(self.model.path or Path(self._start_dir(), "profile.ascend.json"))
        path = _dialogs.ask_save_path(self.window, tr("Save profile as"), start)
        return path is not None and self._write(path)

    def _write(self, path: Path) -> bool:
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
            entries = [self._describe(r) for r in recoveries]
            choice, index = _dialogs.choose_recovery(self.window, entries)
            chosen = recoveries[index]
            if choice is _dialogs.RecoveryChoice.LATER:
                return False
            if choice is _dialogs.RecoveryChoice.DISCARD:
                chosen.file.unlink(missing_ok=True)
                recoveries.remove(chosen)
                continue
            if not self.maybe_save():
                return False
            self._restore(chosen)
            return True
        return False

    def _describe(self, recovery: Recovery) -> str:
        source = str(recovery.source) if recovery.source else tr("Untitled")
        when = recovery.written.strftime("%Y-%m-%d %H:%M:%S")
        count = len(recovery.profile.values) + len(recovery.profile.env)
        return tr("{when}: {source} ({count} settings)").format(
            when=when, source=source, count=count
        )

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
        recovery.file.unlink(missing_ok=True)

    # -- import / export ---------------------------------------------------------------------------
    def import_script(self, path: Path | None = None) -> bool:
        if path is None:
            path = _dialogs.ask_open_path(
                self.window, tr("Import a script"), self._start_dir(), scripts=True
            )
            if path is None:
                return False
        outcome = self.engine.import_script(path, self.lang())
        if not outcome.choices:
            _dialogs.show_error(self.window, tr("Nothing to import"), outcome.report)
            return False
        labels = [choice.label for choice in outcome.choices]
        index = _dialogs.choose_item(
            self.window, tr("Import a script"), tr("Configuration to load:"), labels
        )
        if index is None:
            return False
        imported = outcome.choices[index].profile.with_target(product=self.model.profile.product)
        # The files it names, from the script's folder first, so the file rules see them.
        imported, _ = read_companions(imported, [path.parent, Path.cwd()], path.parent)
        self.model.edit(imported, tr("Import {name}").format(name=path.name))
        if outcome.report.strip():
            _dialogs.show_info(self.window, tr("Import report"), outcome.report)
        return True

    def export(self, fmt: str | None = None) -> bool:
        if fmt is None:
            titles = [f"{tr(FORMAT_TITLES[f])} ({f})" for f in EXPORT_FORMATS]
            index = _dialogs.choose_item(self.window, tr("Export"), tr("Format:"), titles)
            if index is None:
                return False
            fmt = EXPORT_FORMATS[index]
        start = str(Path(self._start_dir(), suggested_name(fmt, self.model.path)))
        path = _dialogs.ask_save_path(self.window, tr("Export"), start, tr("All files (*)"))
        if path is None:
            return False
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
        return True

    # -- helpers ---------------------------------------------------------------------------------------
    def _remember(self, path: Path) -> None:
        self.recent_changed.emit(self.settings.add_recent(path))

    def _start_dir(self) -> str:
        if self.model.path is not None:
            return str(self.model.path.parent)
        recent = self.settings.recent_files()
        return str(Path(recent[0]).parent) if recent else str(Path.home())
