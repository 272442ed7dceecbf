"""Validate many files in one process: find them, check each, count, decide the exit status."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from ascend_studio._input import InputError, read_input
from ascend_studio._words import printable, say
from ascend_studio.lint._check import CheckedFile, Finding, check_file, unlisted_folder
from ascend_studio.lint._config import ConfigError, find_config, forget_configs
from ascend_studio.lint._files import Selection, find_files, shown_path
from ascend_studio.lint._settings import CommandLine, Setting, Settings, settings_for
from ascend_studio.rules import SEVERITIES
from ascend_studio.schema import Catalog

__all__ = [
    "Batch",
    "BatchOptions",
    "Summary",
    "batch_files",
    "exit_status",
    "resolved",
    "run_batch",
]


@dataclass(frozen=True)
class BatchOptions:
    paths: tuple[str, ...]
    cli: CommandLine = field(default_factory=CommandLine)
    exclude: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    respect_gitignore: bool = True
    force_exclude: bool = False
    report_unused: bool = False
    #: Where progress goes (a terminal), or None for none.
    progress: TextIO | None = None
    #: The language of the progress line.
    lang: str = "en"
    #: Read files that parameters name outside the folders checked (a CI run over a
    #: pull request must not print files from elsewhere on the machine).
    read_outside: bool = False
    #: Keep and reuse each file's result in the user cache folder (``lint._cache``).
    use_cache: bool = False

    def folders(self) -> tuple[Path, ...] | None:
        """The folders companion files are read from (None: anywhere)."""
        if self.read_outside:
            return None
        given = [Path(p) for p in self.paths] or [Path.cwd()]
        # each folder once: a list of files from pre-commit names the same ones again and again
        return tuple(dict.fromkeys((p if _is_dir(p) else p.parent).absolute() for p in given))


def _is_dir(path: Path) -> bool:
    """A folder; False for a path the system refuses (too long: find_files names it)."""
    try:
        return path.is_dir()
    except OSError:
        return False


@dataclass
class Summary:
    files: int = 0
    with_configs: int = 0
    configs: int = 0
    suppressed: int = 0
    by_severity: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SEVERITIES, 0))
    by_rule: Counter[str] = field(default_factory=Counter)

    def add(self, checked: CheckedFile) -> None:
        self.files += 1
        self.with_configs += bool(checked.configs)
        self.configs += len(checked.configs)
        self.suppressed += checked.suppressed
        for finding in checked.findings:
            self.by_severity[finding.severity] += 1
            self.by_rule[finding.rule_id] += 1

    def rules_ranked(self) -> list[tuple[str, int]]:
        return sorted(self.by_rule.items(), key=lambda item: (-item[1], item[0]))


@dataclass
class Batch:
    files: list[CheckedFile]
    summary: Summary
    fail_on: Setting
    #: The paths given that could not be checked, one line each (``x: no such file or
    #: directory``); the others were checked all the same, as ruff does.
    missing: list[str] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        found = [f for checked in self.files for f in checked.findings]
        return sorted(found, key=Finding.sort_key)


def exit_status(findings: Sequence[Finding], fail_on: str | None) -> int:
    failing = {"error": ("error",), "warning": ("error", "warning")}.get(fail_on or "error", ())
    return 1 if any(f.severity in failing for f in findings) else 0


class _Progress:
    """``checked 120/2000 files`` on one terminal line, once the run has taken a second."""

    def __init__(self, stream: TextIO | None, total: int, lang: str = "en") -> None:
        self.stream, self.total, self.lang = stream, total, lang
        self.start = self.last = time.monotonic()
        self.shown = False

    def tick(self, done: int) -> None:
        now = time.monotonic()
        if self.stream is None or now - self.start < 1.0 or now - self.last < 0.2:
            return
        self.last, self.shown = now, True
        self.stream.write(
            "\r" + say("checked {done}/{total} files", self.lang, done=done, total=self.total)
        )
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None and self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def _selection(path: str, options: BatchOptions, made: dict[int, Selection]) -> Selection:
    """What applies to ``path``: one selection per project configuration (``made``), so
    that a list of files from one project looks up each folder once."""
    config = find_config(Path(path).absolute() if _is_dir(Path(path)) else Path(path).parent)
    if id(config) in made:
        return made[id(config)]
    excludes = [(Path.cwd(), options.exclude)]
    include = options.include
    if config is not None:
        excludes.append((config.folder, config.exclude))
        include = (*config.include, *include)
    made[id(config)] = Selection(
        include, excludes, options.respect_gitignore, options.force_exclude
    )
    return made[id(config)]


def batch_files(
    options: BatchOptions, unlisted: dict[Path, str] | None = None
) -> tuple[list[Path], list[str]]:
    """The files to check and the paths that are wrong; the folders the walk could
    not list go into ``unlisted`` (with the reason)."""
    found: dict[Path, None] = {}
    missing: list[str] = []
    notes: dict[str, None] = {}
    made: dict[int, Selection] = {}
    for given in options.paths:
        selection = _selection(given, options, made)
        files, absent = find_files([given], selection, options.lang)
        found.update(dict.fromkeys(files))
        missing += absent
        notes.update(dict.fromkeys(selection.notes))
        if unlisted is not None:
            unlisted.update(selection.unlisted)
    for note in notes:  # a pattern git rejects too: said, not fatal
        print(f"ascend-studio validate: note: {printable(note)}", file=sys.stderr)
    return sorted(found), missing


Resolve = Callable[[str], str | None]


def resolved(settings: Settings, resolve: Resolve) -> Settings:
    product = settings.product
    if product.value is None:
        return settings
    found = resolve(product.value)
    if found is None:
        raise ConfigError(f"{product.origin}: unknown product {product.value!r}")
    return Settings(
        settings.config,
        Setting(found, product.origin),
        settings.scenario,
        settings.fail_on,
        settings.layers,
        settings.overrides,
        settings.release,
    )


def run_batch(options: BatchOptions, catalog: Catalog, resolve: Resolve) -> Batch | list[str]:
    """Check every file; a list of one-line problems instead when a config is wrong or no
    path given can be checked (a path that cannot be is listed in ``Batch.missing``)."""
    forget_configs()
    try:
        unlisted: dict[Path, str] = {}
        paths, missing = batch_files(options, unlisted)
        if missing and not paths:
            return missing
        first = Path(options.paths[0]) if options.paths else Path.cwd()
        fail_on = resolved(settings_for(first.absolute(), options.cli), resolve).fail_on
        summary, checked_files = Summary(), []
        for folder, why in sorted(unlisted.items()):
            checked_files.append(unlisted_folder(shown_path(folder), why))
            summary.add(checked_files[-1])
        for checked in _check_all(paths, options, catalog, resolve):
            summary.add(checked)
            checked_files.append(checked)
    except ConfigError as exc:
        return [str(exc)]
    return Batch(checked_files, summary, fail_on, missing)


class _FolderSettings:
    """The settings of each file, looked up once per folder where no ``[[overrides]]``
    table can make two files of one folder differ."""

    def __init__(self, cli: CommandLine, resolve: Resolve) -> None:
        self.cli, self.resolve = cli, resolve
        self.made: dict[Path, Settings] = {}

    def settings(self, path: Path) -> Settings:
        found = self.made.get(path.parent)
        if found is None:
            found = resolved(settings_for(path, self.cli), self.resolve)
            if found.config is None or not found.config.overrides:
                self.made[path.parent] = found
        return found


def _check_all(
    paths: Sequence[Path], options: BatchOptions, catalog: Catalog, resolve: Resolve
) -> Iterator[CheckedFile]:
    """Each file checked, or its result from the cache when nothing it depends on changed."""
    progress = _Progress(options.progress, len(paths), options.lang)
    within = options.folders()  # once: for a list of files, once per file was quadratic
    cache = None
    if options.use_cache:
        from ascend_studio.lint._cache import ResultCache

        cache = ResultCache.open(catalog)
    cwd, per_folder = Path.cwd(), _FolderSettings(options.cli, resolve)
    real_folders: dict[Path, str | None] = {}
    for done, path in enumerate(paths, start=1):
        settings, shown = per_folder.settings(path), shown_path(path, cwd)
        real = _real_folder(path.parent, real_folders)
        if cache is None:
            yield _checked(
                path,
                shown,
                settings,
                catalog=catalog,
                report_unused=options.report_unused,
                within=within,
                real_folder=real,
            )
        else:
            yield cache.check(
                path, shown, settings, options.report_unused, within=within, real_folder=real
            )
        progress.tick(done)
    progress.close()
    if cache is not None:
        cache.save()


def _real_folder(folder: Path, known: dict[Path, str | None]) -> str | None:
    """``folder``'s path, links resolved, once per folder (None: unknown)."""
    if folder not in known:
        try:
            known[folder] = os.path.realpath(folder)
        except (OSError, ValueError):
            known[folder] = None
    return known[folder]


def _checked(
    path: Path,
    shown: str,
    settings: Settings,
    *,
    catalog: Catalog,
    report_unused: bool,
    within: Sequence[Path] | None,
    real_folder: str | None,
) -> CheckedFile:
    """:func:`check_file` of a file in the folder ``real_folder`` (links resolved)."""
    try:
        raw = read_input(path, real_folder)
    except InputError:  # the check reads it again and says why it cannot
        return check_file(path, shown, settings, catalog, report_unused, within=within)
    return check_file(path, shown, settings, catalog, report_unused, within=within, raw=raw)


def terminal(stream: TextIO) -> TextIO | None:
    """``stream`` if it is a terminal (progress and colour go there), else None."""
    isatty = getattr(stream, "isatty", None)
    return stream if isatty is not None and isatty() else None


def stderr_terminal() -> TextIO | None:
    return terminal(sys.stderr)
