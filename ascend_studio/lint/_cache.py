"""A result cache for batch ``validate``: a file checked before, unchanged, is not checked again.

What users run again and again (pre-commit, CI on a branch, a save hook) is the same
tree with few changes, so each file's :class:`CheckedFile` is kept in the user cache
folder (``validate-<digest>.bin``, one per working directory and version of the
tool; never in the project) and given back when nothing it depends on has changed:

- the file itself: its size, modification and change times and inode as a fast
  check, and the BLAKE2b digest of its bytes when they differ, or when its
  modification time is within :data:`RACY_NS` of when it was read (an edit in the
  same tick of the file system's clock then changes no time stamp: the bytes decide);
- how it is named in the report (relative to the working directory);
- the settings that apply to it (product, scenario, release, selected and ignored
  rules, whatever layer gave them), ``--report-unused-suppressions``, and for
  ``release = "auto"`` the release this machine has;
- the tool: its version, the digest of its own modules' and catalog files' names,
  sizes and times, and the interpreter.

A file whose check looked for another file (a companion file a parameter names:
found, missing or refused alike) is never stored: the other file could change,
appear or vanish. Suppression comments are in the file's bytes.

The cache file is written atomically when something new was checked, merged with
what another run stored meanwhile (under a lock where the system has one), and holds
at most :data:`MAX_ENTRIES` files and :data:`MAX_BYTES` of results (the most recently
checked). A missing, corrupt,
foreign or unreadable cache reads as empty; a folder that cannot be written costs
only the next run its time. ``validate --no-cache`` neither reads nor writes it.

The results are stored pickled, behind the checksummed header of ``_jsoncopy``; a file
is read back only when it is the user's own and not everyone may write it.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ascend_studio._digest import blake2b
from ascend_studio._input import InputError, read_input
from ascend_studio._jsoncopy import copy_file, read_copy, write_copy
from ascend_studio._version import __version__
from ascend_studio.lint._check import CheckedFile, check_file, machine_release
from ascend_studio.lint._settings import COMMAND_LINE, Settings
from ascend_studio.schema import Catalog

__all__ = ["FORMAT", "MAX_BYTES", "MAX_ENTRIES", "RACY_NS", "ResultCache", "engine_key"]

#: The stored format; a change makes older files read as empty.
FORMAT = 1
#: Files kept, and the size of their results, the most recently checked first.
MAX_ENTRIES = 100_000
MAX_BYTES = 256 << 20
#: Cache files kept in the folder (one per working directory and tool version).
MAX_FILES = 16
#: A file modified this close to when it was read is compared by its bytes.
RACY_NS = 2_000_000_000
_PREFIX = "validate-"


def _tree_stamps(root: Path, suffixes: tuple[str, ...]) -> Iterator[str]:
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(suffixes):
                with contextlib.suppress(OSError):
                    st = os.stat(os.path.join(folder, name))
                    yield f"{folder}/{name}\0{st.st_size}\0{st.st_mtime_ns}\n"


def engine_key() -> str:
    """The tool as it is installed: version, interpreter, and every module and catalog
    file's name, size and time (an edited checkout misses the cache, as a new version)."""
    from ascend_studio._resources import resource_path

    digest = blake2b(digest_size=16)
    head = f"{FORMAT}\0{__version__}\0{sys.version}\0{sys.implementation.cache_tag}\n"
    digest.update(head.encode())
    trees = [(Path(__file__).resolve().parents[1], (".py",))]
    trees += [(resource_path(kind), ("",)) for kind in ("catalog", "companion")]
    for root, suffixes in trees:
        for line in _tree_stamps(root, suffixes):
            digest.update(line.encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _signature(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _stat(name: str) -> tuple[int, int, int, int] | None:
    try:
        return _signature(os.stat(name))
    except (OSError, ValueError):
        return None


@dataclass
class _Entry:
    shown: str
    context: str
    signature: tuple[int, int, int, int]
    #: When the file was stat'ed before its bytes were read (time.time_ns()).
    stamp: int
    digest: bytes
    payload: bytes

    def trusted(self, signature: tuple[int, int, int, int]) -> bool:
        """The time stamps alone show the file unchanged (not modified near the read)."""
        return signature == self.signature and signature[1] < self.stamp - RACY_NS


@dataclass
class ResultCache:
    """The entries of one cache file, and what this run added."""

    path: Path
    key: str
    catalog: Catalog
    entries: dict[str, _Entry] = field(default_factory=dict)
    added: dict[str, _Entry] = field(default_factory=dict)
    _contexts: dict[tuple[Any, ...], str] = field(default_factory=dict)

    @classmethod
    def open(cls, catalog: Catalog, folder: Path | None = None) -> ResultCache:
        key = engine_key()
        where = (folder or copy_file("x").parent).absolute()
        name = blake2b(f"{key}\0{Path.cwd()}".encode(), digest_size=12).hexdigest()
        cache = cls(where / f"{_PREFIX}{name}.bin", key, catalog)
        cache.entries = _read(cache.path, key)
        return cache

    def _context(self, settings: Settings, report_unused: bool) -> str:
        release = settings.release
        if release.value is not None:  # "auto" is what this machine has
            release = machine_release(release, self.catalog)
        parts = (
            settings.product,
            settings.scenario,
            release.value,
            release.origin == COMMAND_LINE,
            settings.layers,
            report_unused,
        )
        found = self._contexts.get(parts)
        if found is None:
            found = self._contexts[parts] = blake2b(
                repr(parts).encode(), digest_size=16
            ).hexdigest()
        return found

    def check(
        self,
        path: Path,
        shown: str,
        settings: Settings,
        report_unused: bool = False,
        *,
        within: Sequence[Path] | None = None,
        real_folder: str | None = None,
    ) -> CheckedFile:
        """:func:`check_file`'s answer, from the cache when the file and all it depends on
        are unchanged (``real_folder``: see ``read_input``)."""
        context = self._context(settings, report_unused)
        name = os.fspath(path)
        entry = self.entries.get(name)
        if entry is not None and (entry.shown, entry.context) != (shown, context):
            entry = None
        stamp, signature = time.time_ns(), _stat(name)
        if entry is not None and signature is not None and entry.trusted(signature):
            found = _loaded(entry.payload)
            if found is not None:
                return found
        try:
            raw = read_input(path, real_folder)
        except InputError:  # reported by the check itself, never stored
            return check_file(path, shown, settings, self.catalog, report_unused, within=within)
        digest = blake2b(raw, digest_size=16).digest()
        if entry is not None and signature is not None and entry.digest == digest:
            found = _loaded(entry.payload)
            if found is not None:  # the same bytes: trust the new time stamps from now on
                self.added[name] = replace(entry, signature=signature, stamp=stamp)
                return found
        checked = check_file(
            path, shown, settings, self.catalog, report_unused, within=within, raw=raw
        )
        if signature is not None and not checked.read_other_files:
            payload = pickle.dumps(checked, protocol=pickle.HIGHEST_PROTOCOL)
            self.added[name] = _Entry(shown, context, signature, stamp, digest, payload)
        return checked

    def save(self) -> bool:
        """Store what this run added (merged with the file as it is now); False when the
        cache folder cannot be written."""
        if not self.added:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        with _locked(self.path.with_suffix(".lock")) as held:
            if not held:
                return False
            merged = _bounded({**_read(self.path, self.key), **self.added})
            body = pickle.dumps(
                {name: _fields(e) for name, e in merged.items()}, protocol=pickle.HIGHEST_PROTOCOL
            )
            written = write_copy(self.path, FORMAT, self.key, body)
        if written:
            self.entries, self.added = merged, {}
            _prune(self.path.parent, keep=self.path)
        return written


def _bounded(entries: dict[str, _Entry]) -> dict[str, _Entry]:
    """At most :data:`MAX_ENTRIES` entries and :data:`MAX_BYTES` of results, the most
    recently checked kept."""
    if len(entries) <= MAX_ENTRIES and sum(len(e.payload) for e in entries.values()) <= MAX_BYTES:
        return entries
    kept: dict[str, _Entry] = {}
    size = 0
    for name, entry in sorted(entries.items(), key=lambda item: item[1].stamp, reverse=True):
        size += len(entry.payload)
        if len(kept) >= MAX_ENTRIES or size > MAX_BYTES:
            break
        kept[name] = entry
    return kept


def _fields(entry: _Entry) -> tuple[Any, ...]:
    return (entry.shown, entry.context, entry.signature, entry.stamp, entry.digest, entry.payload)


def _loaded(payload: bytes) -> CheckedFile | None:
    try:
        found = pickle.loads(payload)
    except Exception:  # a damaged entry is a miss, whatever unpickling says
        return None
    return found if isinstance(found, CheckedFile) else None


def _owned(path: Path) -> bool:
    """Only the user's own file, which not everyone may write, is read back."""
    try:
        st = path.stat()
    except OSError:
        return False
    getuid = getattr(os, "getuid", None)
    return getuid is None or (st.st_uid == getuid() and not st.st_mode & 0o002)


def _read(path: Path, key: str) -> dict[str, _Entry]:
    """The entries stored under ``key``; none for a missing, foreign or damaged file."""
    if not _owned(path):
        return {}
    body = read_copy(path, FORMAT, key)
    if body is None:
        return {}
    try:
        stored = pickle.loads(body)
        return {str(name): _Entry(*fields) for name, fields in stored.items()}
    except Exception:  # a damaged cache reads as empty, whatever the damage
        return {}


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[bool]:
    """An exclusive lock on ``path`` for the merge and write (waits up to 2 s; True where
    the system has no ``fcntl``: the write is atomic all the same)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield True
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield False
        return
    try:
        deadline = time.monotonic() + 2.0
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > deadline:
                    yield False
                    return
                time.sleep(0.02)
        yield True
    finally:
        os.close(fd)  # releases the lock


def _prune(folder: Path, keep: Path) -> None:
    """At most :data:`MAX_FILES` cache files: the least recently written go."""
    try:
        found = [p for p in folder.iterdir() if p.name.startswith(_PREFIX) and p.suffix == ".bin"]
        found.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
    except OSError:
        return
    for old in found[MAX_FILES:]:
        if old != keep:
            with contextlib.suppress(OSError):
                old.unlink()
                old.with_suffix(".lock").unlink(missing_ok=True)
