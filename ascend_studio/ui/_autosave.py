"""Autosave of unsaved work to the user state directory, and crash recovery.

Each running app writes ``autosave-<pid>.json`` while the document has unsaved
changes: a moment (1.5 s) after the last edit, and in any case no later than 5 s
after the first edit not yet autosaved, whatever the typing rhythm, so a crash
loses at most about 5 s of work. The file is removed when the changes are saved
or discarded or the app closes normally. A file whose process is gone is what a
crash left behind: the next start offers every one of them for recovery, and
none is deleted without the user's word.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from ascend_studio._atomic import atomic_write_text, process_alive
from ascend_studio.profile import FileStamp, Profile, ProfileError, dump_profile, parse_profile
from ascend_studio.ui._model import ProfileModel
from ascend_studio.ui._settings import state_dir

__all__ = ["Autosave", "Recovery", "find_recoveries"]

_PREFIX = "autosave-"


@dataclass(frozen=True)
class Recovery:
    file: Path
    profile: Profile
    source: Path | None
    written: datetime
    #: What ``source`` held when the crashed window last read or wrote it.
    stamp: FileStamp | None = None


def _read(file: Path) -> Recovery | None:
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        profile = parse_profile(json.dumps(data["profile"]), str(file))
        source = Path(data["path"]) if data.get("path") else None
        written = datetime.fromisoformat(str(data["written"]))
        raw_stamp = data.get("stamp")
        stamp = FileStamp(int(raw_stamp["size"]), str(raw_stamp["sha256"])) if raw_stamp else None
    except (OSError, ValueError, KeyError, TypeError, ProfileError):
        return None
    return Recovery(file, profile, source, written, stamp)


def find_recoveries(directory: Path | None = None) -> list[Recovery]:
    """Autosaves left by processes that are no longer running, newest first."""
    base = directory or state_dir()
    found: list[Recovery] = []
    for file in base.glob(f"{_PREFIX}*.json"):
        pid_text = file.stem.removeprefix(_PREFIX)
        # Unknown liveness (Windows) counts as a leftover: it is offered, not deleted.
        if not pid_text.isdigit() or process_alive(int(pid_text)):
            continue
        recovery = _read(file)
        if recovery is None:  # unreadable leftovers are moved aside, never deleted
            with contextlib.suppress(OSError):
                file.rename(file.with_suffix(".broken"))
            continue
        found.append(recovery)
    return sorted(found, key=lambda r: r.written, reverse=True)


#: Quiet time after the last edit before an autosave (ms).
QUIET_MS = 1500
#: Longest time an unsaved edit waits for its autosave, however steady the typing (ms).
MAX_WAIT_MS = 5000


class Autosave(QObject):
    """Writes the model's profile while it is dirty: after a pause, or at the latest
    ``max_wait_ms`` after the first edit since the last autosave."""

    def __init__(
        self,
        model: ProfileModel,
        delay_ms: int = QUIET_MS,
        max_wait_ms: int = MAX_WAIT_MS,
        stamp: Callable[[], FileStamp | None] = lambda: None,
    ) -> None:
        super().__init__(model)
        self.model = model
        self.stamp = stamp  # the document file's stamp, kept so recovery can detect changes
        self.timer = QTimer(self)  # restarted by every edit: fires after a pause
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.write_now)
        self.max_wait_ms = max_wait_ms
        self.clock = time.monotonic  # seconds; tests step it instead of waiting
        #: When the oldest edit not yet autosaved was made (``clock`` seconds).
        self.first_unsaved: float | None = None
        model.file_state_changed.connect(self._edited)

    def _edited(self) -> None:
        """Each edit restarts the pause timer; an edit made ``max_wait_ms`` after the
        oldest unsaved one writes at once. Checked here rather than by a second
        timer: a busy event loop (every keystroke refreshing the form) must not be
        able to postpone the bound."""
        now = self.clock()
        if self.first_unsaved is None:
            self.first_unsaved = now
        if (now - self.first_unsaved) * 1000 >= self.max_wait_ms:
            self.write_now()
        else:
            self.timer.start()

    @property
    def file(self) -> Path:
        return state_dir() / f"{_PREFIX}{os.getpid()}.json"

    def write_now(self) -> None:
        self.timer.stop()
        self.first_unsaved = None
        if not self.model.is_dirty():
            self.discard()
            return
        stamp = self.stamp()
        data = {
            "written": datetime.now().isoformat(timespec="seconds"),
            "path": str(self.model.path) if self.model.path else None,
            "stamp": {"size": stamp.size, "sha256": stamp.sha256} if stamp else None,
            "profile": json.loads(dump_profile(self.model.profile)),
        }
        with contextlib.suppress(OSError):  # autosave must never interrupt editing
            self.file.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.file, json.dumps(data, ensure_ascii=False, indent=1))

    def discard(self) -> None:
        self.timer.stop()
        self.first_unsaved = None
        with contextlib.suppress(FileNotFoundError):
            self.file.unlink()
