"""The fix pass of ``ascend-studio validate --fix`` / ``--diff``, before the report.

``--fix`` writes each file's fixes (``lint._fixrun``) and says on standard error
what it fixed and where the previous version is kept; the usual report then
checks the fixed files. ``--diff`` prints what ``--fix`` would change as a unified
diff on standard output and writes nothing; its exit status is 1 when there is
something to fix, as ``ruff check --diff``'s is.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from ascend_studio._words import counted, say
from ascend_studio.lint._batch import BatchOptions, batch_files, resolved
from ascend_studio.lint._config import ConfigError
from ascend_studio.lint._files import shown_path
from ascend_studio.lint._fixrun import FileFix, FixOptions, fix_file
from ascend_studio.lint._settings import CommandLine, Settings, settings_for
from ascend_studio.schema import Catalog

__all__ = ["run_fixes"]

Resolve = Callable[[str], str | None]


def _command_line(args: argparse.Namespace) -> CommandLine:
    """The one FILE's command line as its check reads it: the target and the release
    (fixed for another release, the fixes were not those the check showed)."""
    return CommandLine(args.product, args.scenario, release=getattr(args, "release", None))


def _targets(
    args: argparse.Namespace, options: BatchOptions | None, resolve: Resolve
) -> list[tuple[Path, Settings]] | str:
    """The files to fix with their settings, or what is wrong."""
    try:
        if options is None:
            path = Path(args.paths[0])
            return [
                (
                    path,
                    resolved(settings_for(path, _command_line(args)), resolve),
                )
            ]
        paths, missing = batch_files(options)
        if missing:
            return missing[0]
        return [(p, resolved(settings_for(p, options.cli), resolve)) for p in paths]
    except ConfigError as exc:
        return str(exc)


def _say_fixed(fixed: FileFix, lang: str) -> None:
    titles = ("；" if lang == "zh" else "; ").join(
        fix.title.get(lang) for _, _, fix in fixed.applied
    )
    if fixed.backup:
        text = "fixed {path}: {titles} (previous version kept as {backup})"
        line = say(text, lang, path=fixed.shown, titles=titles, backup=fixed.backup)
    else:
        line = say("fixed {path}: {titles}", lang, path=fixed.shown, titles=titles)
    print(line, file=sys.stderr)


def run_fixes(
    args: argparse.Namespace, catalog: Catalog, resolve: Resolve, options: BatchOptions | None
) -> tuple[int | None, bool]:
    """Fix (or, with ``--diff``, show the fixes of) every file. The exit status when the
    command ends here (``--diff``, a wrong path), else None and the report follows; and
    whether a file could not be fixed. ``options``: the batch run's, or None for one FILE."""
    targets = _targets(args, options, resolve)
    if isinstance(targets, str):
        print(f"ascend-studio validate: {targets}", file=sys.stderr)
        return 2, True
    how = FixOptions(unsafe=args.unsafe_fixes, write=not args.diff, backup=not args.no_backup)
    results = [
        fix_file(path, shown_path(path), settings, catalog, how) for path, settings in targets
    ]
    count = sum(len(r.applied) for r in results)
    for result in results:
        if result.problem is not None:
            text = "cannot fix {path}: {problem}"
            why = say(text, args.lang, path=result.shown, problem=result.problem)
            print(f"ascend-studio validate: {why}", file=sys.stderr)
        elif args.diff:
            sys.stdout.write(result.diff())
        elif result.applied:
            _say_fixed(result, args.lang)
    problem = any(r.problem is not None for r in results)
    print(_summary(results, args.lang, would=args.diff), file=sys.stderr)
    if args.diff:
        return (1 if count or problem else 0), problem
    return None, problem


def _summary(results: list[FileFix], lang: str, *, would: bool) -> str:
    """``Fixed 3 findings in 2 files.`` (``Would fix`` for ``--diff``), and how many
    could not be written into the script."""
    count = sum(len(r.applied) for r in results)
    findings = counted(count, "finding", lang)
    in_files = counted(sum(1 for r in results if r.applied), "file", lang)
    failed = sum(len(r.failed) for r in results)
    text = _SUMMARIES[would, bool(failed)]
    return say(text, lang, findings=findings, files=in_files, failed=failed)


_SUMMARIES = {
    (True, False): "Would fix {findings} in {files}.",
    (True, True): "Would fix {findings} in {files}; {failed} could not be written into the script.",
    (False, False): "Fixed {findings} in {files}.",
    (False, True): "Fixed {findings} in {files}; {failed} could not be written into the script.",
}
