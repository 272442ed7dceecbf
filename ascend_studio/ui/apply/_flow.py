"""Apply to Script, New from Preset and Apply Preset, as the window runs them.

Every change to the document goes through the window's profile model, so a
preset is one undo step. Writing a script is atomic and keeps a backup; the
document then remembers the script's new content hash.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog

from ascend_studio.apply import (
    ApplyError,
    ApplyResult,
    ScriptChanged,
    apply_file,
    recorded_source,
    with_source,
    write_applied,
)
from ascend_studio.presets import PresetError, shipped_presets
from ascend_studio.profile import Profile
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import tr
from ascend_studio.ui.apply._dialogs import ApplyScriptDialog, PresetDialog

if TYPE_CHECKING:
    from ascend_studio.ui._ports import Window

__all__ = [
    "apply_preset_to_document",
    "apply_to_script",
    "migrate_script",
    "new_from_preset",
    "run_dialog",
]


def run_dialog(dialog: QDialog) -> bool:
    """Show a dialog of this package modally (tests replace this function)."""
    return dialog.exec() == QDialog.DialogCode.Accepted


def _script(window: Window) -> tuple[Path, int | None] | None:
    record = recorded_source(window.model.profile)
    if record is not None and Path(record.path).exists():
        return Path(record.path), record.config
    start = str(window.model.path.parent) if window.model.path else str(Path.home())
    path = _dialogs.ask_open_path(window.as_widget(), tr("Apply to a script"), start, scripts=True)
    return (path, None) if path is not None else None


def _result(window: Window, path: Path, config: int | None) -> ApplyResult | None:
    profile = window.model.profile
    try:
        return apply_file(profile, path, config)
    except ScriptChanged:
        pass
    except ApplyError as exc:
        _dialogs.show_error(
            window.as_widget(), tr("Cannot apply to the script"), exc.text(window.lang)
        )
        return None
    question = tr(
        "{name} changed since it was imported. Apply the profile to it as it is now?"
    ).format(name=path.name)
    if not _dialogs.confirm(window.as_widget(), tr("Script changed"), question):
        return None
    try:
        return apply_file(profile, path, config, force=True)
    except ApplyError as exc:
        _dialogs.show_error(
            window.as_widget(), tr("Cannot apply to the script"), exc.text(window.lang)
        )
        return None


def apply_to_script(window: Window) -> bool:
    """Show the diff against the imported script and write it on confirmation."""
    found = _script(window)
    if found is None:
        return False
    path, config = found
    result = _result(window, path, config)
    if result is None:
        return False
    if result.unchanged and not result.notes:
        _dialogs.show_info(
            window.as_widget(), tr("Apply to script"), tr("The script already matches.")
        )
        return False
    dialog = ApplyScriptDialog(result, path, window.lang, window.as_widget())
    try:
        if not run_dialog(dialog):
            return False
    finally:
        dialog.deleteLater()
    try:
        done = write_applied(result, path)
    except ApplyError as exc:
        _dialogs.show_error(
            window.as_widget(), tr("Cannot write the script"), exc.text(window.lang)
        )
        return False
    remembered = with_source(window.model.profile, path, path.read_bytes(), config or 1)
    window.model.edit(remembered, tr("Apply to {name}").format(name=path.name))
    window.show_status(
        tr("Wrote {name}; the original is kept as {backup}.").format(
            name=path.name, backup=done.backup.name if done.backup else ""
        )
    )
    return True


def _migration(window: Window) -> tuple[ApplyResult, Path, str] | None:
    """The migration of a script the user picks to the document's release, or None."""
    from ascend_studio.apply import migrate_python, read_script

    try:
        release = window.catalog.history.resolve(window.model.profile.release or "")
    except ValueError:
        message = tr("Choose the TF Adapter release to migrate to in the toolbar first.")
        _dialogs.show_info(window.as_widget(), tr("Migrate script"), message)
        return None
    start = str(window.model.path.parent) if window.model.path else str(Path.home())
    path = _dialogs.ask_open_path(window.as_widget(), tr("Migrate a script"), start, scripts=True)
    if path is None:
        return None
    try:
        _, text = read_script(path)
        result = migrate_python(text, release, 1, window.catalog, str(path)).result
    except ApplyError as exc:
        _dialogs.show_error(
            window.as_widget(), tr("Cannot migrate the script"), exc.text(window.lang)
        )
        return None
    return result, path, release.short


def migrate_script(window: Window) -> bool:
    """Move a script to the document's target release: the diff first, written on
    confirmation (atomic, with a backup), what cannot move listed above the diff."""
    found = _migration(window)
    if found is None:
        return False
    result, path, release = found
    if result.unchanged and not result.notes:
        message = tr("{name} has nothing to migrate for TF Adapter {release}.")
        _dialogs.show_info(
            window.as_widget(),
            tr("Migrate script"),
            message.format(name=path.name, release=release),
        )
        return False
    dialog = ApplyScriptDialog(result, path, window.lang, window.as_widget())
    title = tr("Migrate {name} to TF Adapter {release}")
    dialog.setWindowTitle(title.format(name=path.name, release=release))
    try:
        if not run_dialog(dialog):
            return False
    finally:
        dialog.deleteLater()
    return _write(window, result, path)


def _write(window: Window, result: ApplyResult, path: Path) -> bool:
    try:
        done = write_applied(result, path)
    except ApplyError as exc:
        _dialogs.show_error(
            window.as_widget(), tr("Cannot write the script"), exc.text(window.lang)
        )
        return False
    window.show_status(
        tr("Wrote {name}; the original is kept as {backup}.").format(
            name=path.name, backup=done.backup.name if done.backup else ""
        )
    )
    return True


def _choose(window: Window, start: Profile, creating: bool) -> Profile | None:
    try:
        presets = shipped_presets(window.catalog)
    except PresetError as exc:
        _dialogs.show_error(window.as_widget(), tr("Cannot read the presets"), str(exc))
        return None
    dialog = PresetDialog(
        presets, start, window.catalog, window.lang, creating=creating, parent=window.as_widget()
    )
    try:
        outcome = dialog.outcome() if run_dialog(dialog) else None
    finally:
        dialog.deleteLater()
    return outcome.profile if outcome is not None and outcome.changes else None


def apply_preset_to_document(window: Window) -> bool:
    """One undoable edit of the open document."""
    after = _choose(window, window.model.profile, creating=False)
    if after is None:
        return False
    window.model.edit(after, tr("Apply preset"))
    return True


def new_from_preset(window: Window) -> bool:
    """A new document for the current target, with the preset applied (undo: blank)."""
    current = window.model.profile
    start = Profile(product=current.product, scenario=current.scenario)
    after = _choose(window, start, creating=True)
    if after is None or not window.files.new_document(start):
        return False
    window.model.edit(after, tr("New from preset"))
    return True
