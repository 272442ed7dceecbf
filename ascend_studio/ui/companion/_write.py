"""Where OK in "Edit file…" writes the text, and the writing.

The profile keeps a companion file's text (``file_contents``) and the path the job
reads. OK used to keep the text only, so the path named a file that did not exist
until Save as… or an export, and the job failed to open it. Now OK writes the file
wherever its folder exists on this computer (asking before it replaces other
text); a path whose folder is not here (the NPU machine's ``/job/debug.cfg``) or
no path at all keeps the text in the profile, and the dialog and the row say so.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QWidget

from ascend_studio._atomic import atomic_write_text
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import tr

__all__ = ["holds", "ok_says", "ok_target", "write_text"]


def ok_target(path_text: str, folder: Path) -> Path | None:
    """The file OK writes, or None when it keeps the text in the profile only (no
    path, or a folder that is not on this computer). Relative paths are taken from
    ``folder`` (the document's)."""
    text = path_text.strip()
    if not text:
        return None
    path = Path(os.path.expanduser(text))
    path = path if path.is_absolute() else folder / path
    return path if path.parent.is_dir() else None


def ok_says(path_text: str, folder: Path) -> str:
    """What OK will do, in a sentence for the dialog."""
    target = ok_target(path_text, folder)
    if target is not None:
        return tr("OK writes {path}.").format(path=target)
    if not path_text.strip():
        return tr("No path: OK keeps the text in the profile only; Save as… writes it to a file.")
    return tr(
        "The folder of {path} is not on this computer: OK keeps the text in the profile "
        "only. Save as… writes it here; ascend-studio export -o DIR/ writes it next to "
        "the export."
    ).format(path=path_text.strip())


def holds(path: Path, text: str) -> bool:
    """Whether the file at ``path`` holds exactly ``text``."""
    try:
        return path.is_file() and path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def write_text(parent: QWidget, target: Path, text: str) -> bool:
    """Write ``text`` to ``target``: asking first when it holds other text; False when
    the user said no or the write failed (the dialog stays open)."""
    if holds(target, text):
        return True
    if target.exists() and not _dialogs.confirm(
        parent,
        tr("Edit file"),
        tr("{path} holds other text. Replace it with the text edited here?").format(path=target),
    ):
        return False
    try:
        atomic_write_text(target, text)
    except OSError as exc:
        _dialogs.show_error(parent, tr("Cannot write the file"), f"{target}: {exc.strerror or exc}")
        return False
    return True
