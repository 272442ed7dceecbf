"""Autosave of unsaved work to the user state directory, and crash recovery.

Each window writes ``autosave-<pid>-<token>.json`` while the document has unsaved
changes: a moment (1.5 s) after the last edit, and in any case no later than 5 s
after the first edit not yet autosaved, whatever the typing rhythm, so a crash
loses at most about 5 s of work. The file is removed when the changes are saved
or discarded or the app closes normally.

A window holds an advisory lock on ``autosave-<pid>-<token>.lock`` while it
lives; the system drops it when the process ends, however it ends. An autosave
whose lock nobody holds is what a crash left behind: the next start offers every
one of them for recovery. Process ids are not used to tell (in a container or a
PID namespace a new run often gets the crashed run's id, which made the crashed
window's autosave look like the running one's and be deleted). An autosave is
only ever deleted by the window that wrote it in this run, or on the user's word.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
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

__all__ = ["Autosave", "Recovery", "find_recoveries", "remove_recovery"]

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


#: The autosave files this process's windows wrote in this run (never leftovers).
_OWNED: set[str] = set()


def _lock_held(lock: Path) -> bool | None:
    """Whether a live process holds the lock file (None: locks unknown here)."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; process ids decide
        return None
    try:
        fd = os.open(lock, os.O_RDWR)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # (closing also releases a lock taken just now)
    return False


def _alive(file: Path) -> bool:
    """Whether the window that wrote ``file`` is still running."""
    held = _lock_held(file.with_suffix(".lock"))
    if held is not None:
        return held
    pid_text = file.stem.removeprefix(_PREFIX).partition("-")[0]
    if not pid_text.isdigit() or int(pid_text) == os.getpid():
        return False  # not this run's (those are owned): an earlier run with this id
    # Unknown liveness (Windows) counts as a leftover: it is offered, not deleted.
    return process_alive(int(pid_text)) is True


def remove_recovery(recovery: Recovery) -> None:
    """Delete a leftover autosave (the user restored or discarded it) and its lock."""
    recovery.file.unlink(missing_ok=True)
    recovery.file.with_suffix(".lock").unlink(missing_ok=True)


def find_recoveries(directory: Path | None = None) -> list[Recovery]:
    """Autosaves left by windows that are no longer running, newest first."""
    base = directory or state_dir()
    for lock in base.glob(f"{_PREFIX}*.lock"):  # a lock whose autosave is gone: no data
        if not lock.with_suffix(".json").exists() and _lock_held(lock) is False:
            lock.unlink(missing_ok=True)
    found: list[Recovery] = []
    for file in base.glob(f"{_PREFIX}*.json"):
        if file.name in _OWNED or _alive(file):
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
        self._name = f"{_PREFIX}{os.getpid()}-{secrets.token_hex(4)}.json"
        _OWNED.add(self._name)
        self._lock: int | None = None  # the lock file held while this window lives
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
        return state_dir() / self._name

    def _hold_lock(self) -> None:
        """Take this window's lock (once): while it is held, no start offers or
        touches this autosave; the system releases it when the process ends."""
        if self._lock is not None:
            return
        try:
            import fcntl
        except ImportError:
            return
        fd = os.open(self.file.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return
        self._lock = fd

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
            self._hold_lock()
            atomic_write_text(self.file, json.dumps(data, ensure_ascii=False, indent=1))

    def discard(self) -> None:
        """Remove this window's own autosave (never another's)."""
        self.timer.stop()
        self.first_unsaved = None
        with contextlib.suppress(FileNotFoundError):
            self.file.unlink()
        if self._lock is not None:  # nothing of this window's to protect any more
            with contextlib.suppress(OSError):
                self.file.with_suffix(".lock").unlink()
            os.close(self._lock)
            self._lock = None
