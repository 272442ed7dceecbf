"""Which files a batch ``validate`` checks: the walk, the file kinds, the exclusions.

Patterns (``--exclude``, ``--include``, a project's ``exclude``) use ``.gitignore``
syntax, matched as git does (:mod:`._globs`, in time polynomial in the pattern and
the path whatever they hold): a pattern without a slash matches a name at any
depth, ``dir/`` matches a directory and everything in it, ``!`` re-includes.
``.gitignore`` files are honoured the way git reads them: each applies below its
own folder, a deeper one wins, and nothing inside an ignored folder comes back; a
line git would reject is skipped with a note.

The walk is iterative (no depth limit) and enters each folder once, told by its
device and inode (a loop of links or bind mounts ends); an entry that cannot be
examined (a link loop, a vanished file) is skipped. A folder that is there but
cannot be listed (a path longer than the system allows, no permission) is
recorded in ``Selection.unlisted``: its files are not checked, and the report
says so.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from ascend_studio._pathname import too_long
from ascend_studio._words import say
from ascend_studio.lint._globs import GlobSpec

__all__ = [
    "ALWAYS_SKIPPED",
    "DEFAULT_KINDS",
    "Selection",
    "file_kind",
    "find_files",
    "pattern_spec",
    "shown_path",
]

#: Name globs (matched case-insensitively) of the files a folder walk checks.
DEFAULT_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("python", ("*.py", "*.pyw", "*.ipy")),
    ("shell", ("*.sh", "*.bash", "*.zsh", "*.ksh")),
    (
        "env-file",
        (".env", "*.env", ".env.*", "env.list", "env-file", "envfile", "env.txt", "*_env.txt"),
    ),
    ("profile", ("*.ascend.json",)),
)

#: Folders no walk enters: version control, caches and virtual environments (any folder
#: holding a ``pyvenv.cfg`` is one too, whatever its name, e.g. ``.env``).
ALWAYS_SKIPPED = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        "__pycache__",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        ".tox",
        ".nox",
        ".venv",
        "venv",
        "node_modules",
        "site-packages",
    }
)


def shown_path(path: Path | str, cwd: Path | None = None) -> str:
    """``path`` as users see it: relative to the working directory (``cwd``: it, looked
    up once by a caller naming many paths) when below it, with ``/``."""
    absolute = Path(path).absolute()
    text = _below(absolute, Path.cwd() if cwd is None else cwd)
    if text is None:
        text = absolute.as_posix()
    # A name that is not valid UTF-8 is shown with U+FFFD rather than failing to print.
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def file_kind(name: str, extra: Sequence[str] = ()) -> str | None:
    """The kind a walk checks ``name`` as, or None; ``extra`` globs are "other"."""
    low = name.lower()
    for kind, globs in DEFAULT_KINDS:
        if any(fnmatchcase(low, g) for g in globs):
            return kind
    if any(fnmatchcase(name, g) for g in extra):
        return "other"
    return None


def pattern_spec(patterns: Iterable[str]) -> GlobSpec:
    return GlobSpec.from_lines(patterns)


@dataclass(frozen=True)
class _Ignore:
    """One ``.gitignore``-style pattern list and the folder its patterns are relative to."""

    base: Path
    spec: GlobSpec

    def verdict(self, path: Path, is_dir: bool) -> bool | None:
        rel = _below(path, self.base)
        if rel is None or rel == ".":
            return None
        return self.spec.verdict(rel, is_dir)


def _below(path: Path, base: Path) -> str | None:
    """``path`` relative to ``base`` with ``/``, or None outside it: as ``relative_to``,
    by the strings for absolute POSIX paths (a walk asks for every entry of every folder)."""
    text, top = str(path), str(base)
    if os.sep != "/" or not (text.startswith("/") and top.startswith("/")):
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            return None
    if text == top:
        return "."
    prefix = top if top.endswith("/") else top + "/"
    return text[len(prefix) :] if text.startswith(prefix) else None


def _skipped_notes(where: str, spec: GlobSpec) -> list[str]:
    return [f"{where} {line}; skipped (git skips it too)" for line in spec.skipped]


def _read_gitignore(folder: Path, notes: list[str] | None = None) -> _Ignore | None:
    try:
        lines = (folder / ".gitignore").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    spec = pattern_spec(lines.splitlines())
    if notes is not None:
        notes += _skipped_notes(shown_path(folder / ".gitignore"), spec)
    return _Ignore(folder, spec)


@dataclass
class _Above:
    """Each folder's repository root and ``.gitignore`` chain, looked up once per run."""

    roots: dict[Path, Path | None] = field(default_factory=dict)
    chains: dict[Path, list[_Ignore]] = field(default_factory=dict)

    def root(self, folder: Path) -> Path | None:
        """The nearest folder at or above ``folder`` holding ``.git`` (climbed in a loop:
        any depth is fine)."""
        climbed: list[Path] = []
        found: Path | None = None
        while True:
            if folder in self.roots:
                found = self.roots[folder]
                break
            climbed.append(folder)
            if _has_git(folder):
                found = folder
                break
            if folder.parent == folder:
                break
            folder = folder.parent
        self.roots.update(dict.fromkeys(climbed, found))
        return found

    def chain(self, folder: Path, root: Path, notes: list[str]) -> list[_Ignore]:
        """The ``.gitignore`` files from ``root`` down to ``folder``, both included (the
        lines git rejects in each go to ``notes``, once)."""
        below: list[Path] = []
        while folder not in self.chains:
            below.append(folder)
            if folder == root:
                break
            folder = folder.parent
        chain = self.chains.get(folder, []) if folder not in below else []
        for step in reversed(below):
            own = _read_gitignore(step, notes)
            chain = chain if own is None else [*chain, own]
            self.chains[step] = chain
        return chain

    def ignores(self, path: Path, notes: list[str]) -> list[_Ignore]:
        """The ``.gitignore`` files above ``path`` in its repository, the root's first."""
        root = path if _has_git(path) else self.root(path.parent)
        if root is None or root == path:
            return []
        return self.chain(path.parent, root, notes)


def _has_git(folder: Path) -> bool:
    try:
        return (folder / ".git").exists()
    except OSError:  # a name too long, a loop of links
        return False


@dataclass
class Selection:
    """What to walk into and check. ``excludes`` are (base folder, patterns) pairs."""

    includes: tuple[str, ...] = ()
    excludes: list[tuple[Path, tuple[str, ...]]] = field(default_factory=list)
    respect_gitignore: bool = True
    #: Apply the exclusions to files named on the command line too (pre-commit).
    force_exclude: bool = False
    #: Patterns skipped as invalid, one line each (shown as notes).
    notes: list[str] = field(default_factory=list, init=False)
    #: Folders the walk could not list, with the system's reason.
    unlisted: dict[Path, str] = field(default_factory=dict, init=False)
    _exclude_specs: list[_Ignore] = field(default_factory=list, init=False, repr=False)
    #: What is known of each folder above the paths given: read once per folder, however
    #: many files of it are named (pre-commit names every changed file).
    _above: _Above = field(default_factory=_Above, init=False, repr=False)

    def __post_init__(self) -> None:
        for base, patterns in self.excludes:
            spec = pattern_spec(patterns)
            self.notes += _skipped_notes("exclude pattern", spec)
            self._exclude_specs.append(_Ignore(base.absolute(), spec))

    def excluded(self, path: Path, is_dir: bool) -> bool:
        return any(spec.verdict(path, is_dir) for spec in self._exclude_specs)

    def parent_ignores(self, path: Path) -> list[_Ignore]:
        """The ``.gitignore`` files above ``path`` up to its repository's root (none outside
        one), as git applies them: the root's first."""
        return self._above.ignores(path, self.notes) if self.respect_gitignore else []


def _ignored(stack: Sequence[_Ignore], path: Path, is_dir: bool) -> bool:
    """git's answer for ``path``: the deepest ``.gitignore`` with a matching pattern decides."""
    for ignore in reversed(stack):
        verdict = ignore.verdict(path, is_dir)
        if verdict is not None:
            return verdict
    return False


def _entry(entry: os.DirEntry[str]) -> tuple[bool, bool] | None:
    """(a folder, a regular file) for a directory entry; None when it cannot be told
    (a loop of links, a file gone meanwhile)."""
    try:
        is_dir = entry.is_dir(follow_symlinks=False)
        return is_dir, not is_dir and entry.is_file()
    except OSError:
        return None


def _venv(path: Path) -> bool:
    try:
        return (path / "pyvenv.cfg").exists()
    except OSError:
        return False


def _folder_key(folder: Path, sel: Selection) -> tuple[int, int] | None:
    try:
        status = os.stat(folder)
    except OSError as exc:
        _unlisted(folder, exc, sel)
        return None
    return status.st_dev, status.st_ino


def _unlisted(folder: Path, exc: OSError, sel: Selection) -> None:
    """Remember a folder that is there but cannot be listed (one gone meanwhile is not)."""
    if not isinstance(exc, FileNotFoundError):
        sel.unlisted[folder] = exc.strerror or type(exc).__name__


def _walk(root: Path, sel: Selection, stack: list[_Ignore]) -> Iterator[Path]:
    """The files to check below ``root``: iteratively, each folder once."""
    seen: set[tuple[int, int]] = set()
    todo: list[tuple[Path, list[_Ignore]]] = [(root, stack)]
    while todo:
        folder, ignores = todo.pop()
        key = _folder_key(folder, sel)
        if key is None or key in seen:
            continue
        seen.add(key)
        own = _read_gitignore(folder, sel.notes) if sel.respect_gitignore else None
        if own is not None:
            ignores = [*ignores, own]
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            _unlisted(folder, exc, sel)
            continue
        below: list[Path] = []
        for entry in entries:
            kind = _entry(entry)
            if kind is None:
                continue
            is_dir, is_file = kind
            if not is_dir and not (is_file and file_kind(entry.name, sel.includes)):
                continue  # never checked, whatever the exclusions say: not even matched
            path = Path(entry.path)
            if is_dir and (entry.name in ALWAYS_SKIPPED or _venv(path)):
                continue
            if sel.excluded(path, is_dir) or _ignored(ignores, path, is_dir):
                continue
            if is_dir:
                below.append(path)
            else:
                yield path
        todo.extend((path, ignores) for path in reversed(below))


def _excluded_file(path: Path, sel: Selection) -> bool:
    return sel.excluded(path, False) or _ignored(sel.parent_ignores(path), path, False)


def _unusable(given: str, exc: OSError, lang: str) -> str:
    if exc.errno == errno.ENAMETOOLONG:
        return too_long(given, lang)
    return f"{given}: {exc.strerror or exc}"


def find_files(
    paths: Sequence[str], sel: Selection, lang: str = "en"
) -> tuple[list[Path], list[str]]:
    """The files to check under ``paths``, in a stable order, and what is wrong with the others
    (``"x: no such file or directory"``, in ``lang``; a pipe or device is never read: it
    could block).

    A file named explicitly is checked whatever its name, unless ``force_exclude``
    is set and an exclusion (or ``.gitignore``) matches it.
    """
    found: dict[Path, None] = {}
    missing: list[str] = []
    for given in paths:
        path = Path(given).absolute()
        try:
            kind = "dir" if path.is_dir() else "file" if path.is_file() else None
            exists = kind is not None or path.exists()
        except OSError as exc:  # a loop of links, a name too long: said, the others go on
            missing.append(_unusable(given, exc, lang))
            continue
        if kind == "dir":
            found.update(dict.fromkeys(_walk(path, sel, sel.parent_ignores(path))))
        elif kind == "file":
            if sel.force_exclude and _excluded_file(path, sel):
                continue
            found[path] = None
        elif exists:
            missing.append(say("{path}: not a regular file or folder", lang, path=given))
        else:
            missing.append(say("{path}: no such file or directory", lang, path=given))
    return sorted(found), missing
