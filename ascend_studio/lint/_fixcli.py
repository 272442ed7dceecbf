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

from ascend_studio._words import counted
from ascend_studio.lint._batch import BatchOptions, batch_files, resolved
from ascend_studio.lint._config import ConfigError
from ascend_studio.lint._files import shown_path
from ascend_studio.lint._fixrun import FileFix, FixOptions, fix_file
from ascend_studio.lint._settings import CommandLine, Settings, settings_for
from ascend_studio.schema import Catalog

__all__ = ["run_fixes"]

Resolve = Callable[[str], str | None]


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
                    resolved(settings_for(path, CommandLine(args.product, args.scenario)), resolve),
                )
            ]
        paths, missing = batch_files(options)
        if missing:
            return f"{missing[0]}: no such file or folder"
        return [(p, resolved(settings_for(p, options.cli), resolve)) for p in paths]
    except ConfigError as exc:
        return str(exc)


def _say_fixed(fixed: FileFix) -> None:
    titles = "; ".join(fix.title.en for _, _, fix in fixed.applied)
    kept = f" (previous version kept as {fixed.backup})" if fixed.backup else ""
    print(f"fixed {fixed.shown}: {titles}{kept}", file=sys.stderr)


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
    files = sum(1 for r in results if r.applied)
    for result in results:
        if result.problem is not None:
            print(
                f"ascend-studio validate: cannot fix {result.shown}: {result.problem}",
                file=sys.stderr,
            )
        elif args.diff:
            sys.stdout.write(result.diff())
        elif result.applied:
            _say_fixed(result)
    failed = sum(len(r.failed) for r in results)
    left = f"; {failed} could not be written into the script" if failed else ""
    problem = any(r.problem is not None for r in results)
    findings, in_files = counted(count, "finding"), counted(files, "file")
    if args.diff:
        print(f"Would fix {findings} in {in_files}{left}.", file=sys.stderr)
        return (1 if count or problem else 0), problem
    print(f"Fixed {findings} in {in_files}{left}.", file=sys.stderr)
    return None, problem
