"""The batch side of ``ascend-studio validate``: its options, output and exit status."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from ascend_studio.lint._batch import Batch, BatchOptions, exit_status, run_batch, stderr_terminal
from ascend_studio.lint._config import FAIL_ON
from ascend_studio.lint._select import check_selectors
from ascend_studio.lint._settings import CommandLine
from ascend_studio.schema import Catalog

__all__ = ["BATCH_EPILOG", "FORMATS", "add_batch_arguments", "is_batch", "run_batch_command"]

FORMATS = ("text", "json", "sarif", "github")

BATCH_EPILOG = """\
Several PATHs, a folder, no PATH (.), or a batch option above: a batch run in one
process, one finding per line as `path:line:col: severity rule-id message [fix]`
and a summary. Folders are walked for .py, .sh/.bash, .env files, env dumps and
*.ascend.json profiles; .gitignore is honoured. Files without an NPU
configuration are skipped quietly. Exit status: 0, or 1 when a finding reaches
--fail-on (default: error), 2 for a missing PATH, a bad option or configuration.

Project configuration: [tool.ascend-studio] in pyproject.toml or a
.ascend-studio.toml, nearest to each file (see --show-config).
Silence a finding: `# ascend-studio: ignore[rule.id]` on its line or the line
before; `# ascend-studio: ignore-file[rule.id]` for the whole file.

CI recipes:
  ascend-studio validate . --format github            # annotations in GitHub Actions
  ascend-studio validate . --format sarif > ascend-studio.sarif
      # then upload with github/codeql-action/upload-sarif (code scanning)
  pre-commit (.pre-commit-config.yaml):
      - repo: <this project's repository URL>
        rev: <a release tag>
        hooks: [{id: ascend-studio}]
"""


def _listed(values: list[str] | None) -> tuple[str, ...]:
    """Repeatable, comma-separated option values, in order."""
    return tuple(v.strip() for raw in values or () for v in raw.split(",") if v.strip())


#: Repeatable, comma-separated options: (flag, metavar, help).
_LISTS = (
    ("--select", "IDS", "only these rule ids or families"),
    ("--ignore", "IDS", "not these rule ids or families"),
    ("--exclude", "GLOBS", "skip paths (.gitignore syntax)"),
    ("--include", "GLOBS", "also check files matching these"),
)
_FLAGS = (
    ("--no-respect-gitignore", "check files .gitignore lists too"),
    ("--force-exclude", "apply exclusions to files named on the command line too (pre-commit)"),
    ("--report-unused-suppressions", "report suppression comments that silence nothing"),
    ("--show-config", "print the settings that apply and exit"),
)


def add_batch_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("batch runs (CI, pre-commit)")
    group.add_argument(
        "--format", "--output-format", dest="format", choices=FORMATS, help="output format"
    )
    group.add_argument(
        "--fail-on",
        choices=FAIL_ON,
        help="lowest severity that makes the exit status 1 (default: error)",
    )
    for flag, metavar, text in _LISTS:
        group.add_argument(flag, action="append", metavar=metavar, help=text)
    for flag, text in _FLAGS:
        group.add_argument(flag, action="store_true", help=text)
    group.add_argument(
        "--color", choices=["auto", "always", "never"], default="auto", help="colour text output"
    )


_BATCH_ONLY = (
    "format",
    "fail_on",
    "select",
    "ignore",
    "exclude",
    "include",
    "no_respect_gitignore",
    "force_exclude",
    "report_unused_suppressions",
    "show_config",
)


def is_batch(args: argparse.Namespace) -> bool:
    """One existing file and no batch option keeps the single-file report of earlier versions."""
    if any(getattr(args, name) for name in _BATCH_ONLY):
        return True
    return len(args.paths) != 1 or Path(args.paths[0]).is_dir()


def command_line(args: argparse.Namespace) -> CommandLine:
    select = _listed(args.select) if args.select else None
    return CommandLine(args.product, args.scenario, select, _listed(args.ignore), args.fail_on)


def _fail(problem: str) -> int:
    print(f"ascend-studio validate: {problem}", file=sys.stderr)
    return 2


def run_batch_command(
    args: argparse.Namespace, catalog: Catalog, resolve: Callable[[str], str | None]
) -> int:
    if args.explain:
        return _fail("--explain needs a single FILE (without batch options)")
    cli = command_line(args)
    problem = check_selectors([*(cli.select or ()), *cli.ignore])
    if problem:
        return _fail(f"--select/--ignore: {problem}")
    if args.show_config:
        from ascend_studio.lint._show import show_config

        return show_config(args.paths or ["."], cli, resolve)
    options = BatchOptions(
        paths=tuple(args.paths or ["."]),
        cli=cli,
        exclude=_listed(args.exclude),
        include=_listed(args.include),
        respect_gitignore=not args.no_respect_gitignore,
        force_exclude=args.force_exclude,
        report_unused=args.report_unused_suppressions,
        progress=stderr_terminal(),
    )
    batch = run_batch(options, catalog, resolve)
    if isinstance(batch, list):
        for line in batch:
            _fail(line)
        return 2
    _write(batch, args)
    return exit_status(batch.findings, batch.fail_on.value)


def _write(batch: Batch, args: argparse.Namespace) -> None:
    from ascend_studio.lint._formats import use_colour, write_github, write_json, write_text

    fmt = args.format or ("json" if args.json else "text")
    if fmt == "json":
        write_json(batch, sys.stdout, batch.fail_on.value or "error")
    elif fmt == "sarif":
        from ascend_studio.lint._sarif import sarif_document

        json.dump(sarif_document(batch, args.lang), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    elif fmt == "github":
        write_github(batch, sys.stdout, args.lang)
    else:
        write_text(batch, sys.stdout, args.lang, use_colour(sys.stdout, args.color))
