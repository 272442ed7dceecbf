"""The batch side of ``ascend-studio validate``: the run, its output and exit status."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from typing import TextIO

from ascend_studio._words import json_text, printable, say
from ascend_studio.lint._batch import Batch, BatchOptions, exit_status, run_batch, stderr_terminal
from ascend_studio.lint._options import listed, wants_fixes
from ascend_studio.lint._select import check_selectors
from ascend_studio.lint._settings import CommandLine
from ascend_studio.schema import Catalog

__all__ = ["command_line", "run_batch_command"]


def command_line(args: argparse.Namespace) -> CommandLine:
    select = listed(args.select) if args.select else None
    return CommandLine(
        args.product,
        args.scenario,
        select,
        listed(args.ignore),
        args.fail_on,
        getattr(args, "release", None),
    )


def _fail(problem: str) -> int:
    print(f"ascend-studio validate: {printable(problem)}", file=sys.stderr)
    return 2


def run_batch_command(
    args: argparse.Namespace, catalog: Catalog, resolve: Callable[[str], str | None]
) -> int:
    if args.explain:
        return _fail("--explain needs a single FILE (without batch options)")
    cli = command_line(args)
    problem = check_selectors(
        [*(cli.select or ()), *cli.ignore], getattr(args, "lang", None) or "en"
    )
    if problem:
        return _fail(f"--select/--ignore: {problem}")
    if args.show_config:
        from ascend_studio.lint._show import show_config

        return show_config(args.paths or ["."], cli, resolve, getattr(args, "lang", None) or "en")
    options = BatchOptions(
        paths=tuple(args.paths or ["."]),
        cli=cli,
        exclude=listed(args.exclude),
        include=listed(args.include),
        respect_gitignore=not args.no_respect_gitignore,
        force_exclude=args.force_exclude,
        report_unused=args.report_unused_suppressions,
        progress=stderr_terminal(),
        lang=args.lang,
        read_outside=args.read_outside,
        use_cache=not args.no_cache,
    )
    unfixed = False
    if wants_fixes(args):
        from ascend_studio.lint._fixcli import run_fixes  # the apply machinery: only to fix

        ended, unfixed = run_fixes(args, catalog, resolve, options)
        if ended is not None:
            return ended
    status = _report(args, options, catalog, resolve)
    return max(status, 1) if unfixed and status != 2 else status


def _report(
    args: argparse.Namespace,
    options: BatchOptions,
    catalog: Catalog,
    resolve: Callable[[str], str | None],
) -> int:
    batch = run_batch(options, catalog, resolve)
    if isinstance(batch, list):
        for line in batch:
            _fail(line)
        return 2
    if args.output:
        problem = _save(batch, args)
        if problem:
            return _fail(problem)
    else:
        _write(batch, args, sys.stdout)
    for line in batch.missing:  # the rest was checked: said once each, after the report
        _fail(line)
    return 2 if batch.missing else exit_status(batch.findings, batch.fail_on.value)


def _save(batch: Batch, args: argparse.Namespace) -> str | None:
    from ascend_studio._atomic import atomic_write_text

    text = io.StringIO()
    _write(batch, args, text)
    try:
        atomic_write_text(args.output, text.getvalue())
    except OSError as exc:
        return f"cannot write {args.output}: {exc.strerror or exc}"
    written = say(
        "{count} findings written to {path}", args.lang, count=len(batch.findings), path=args.output
    )
    print(written, file=sys.stderr)
    return None


def _write(batch: Batch, args: argparse.Namespace, out: TextIO) -> None:
    from ascend_studio.lint._formats import use_colour, write_github, write_json, write_text

    fmt = args.format or ("json" if args.json else "text")
    if fmt == "json":
        write_json(batch, out, batch.fail_on.value or "error")
    elif fmt == "sarif":
        from ascend_studio.lint._sarif import sarif_document

        out.write(json_text(sarif_document(batch, args.lang)) + "\n")
    elif fmt == "github":
        write_github(batch, out, args.lang)
    else:
        write_text(batch, out, args.lang, use_colour(out, args.color))
