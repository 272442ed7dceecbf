"""The batch options of ``ascend-studio validate`` (kept light: parsing them loads no checker)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ascend_studio._argparse import HelpFormatter

__all__ = [
    "BATCH_EPILOG",
    "FAIL_ON",
    "FORMATS",
    "EpilogAsWritten",
    "add_batch_arguments",
    "add_fix_arguments",
    "is_batch",
    "listed",
    "wants_fixes",
]

FAIL_ON = ("error", "warning", "never")
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


class EpilogAsWritten(HelpFormatter):
    """Wraps one-paragraph texts (the description) and keeps a text of several lines (the
    epilog with its CI recipes) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def listed(values: list[str] | None) -> tuple[str, ...]:
    """Repeatable, comma-separated option values, in order."""
    return tuple(v.strip() for raw in values or () for v in raw.split(",") if v.strip())


#: Repeatable, comma-separated options: (flag, metavar, help).
_LISTS = (
    ("--select", "IDS", "only these rule ids or families"),
    ("--ignore", "IDS", "not these rule ids or families"),
    ("--exclude", "GLOBS", "skip paths (.gitignore syntax)"),
    ("--include", "GLOBS", "also check files whose names match these (e.g. '*.cfg')"),
)
_FLAGS = (
    ("--no-respect-gitignore", "check files .gitignore lists too"),
    ("--force-exclude", "apply exclusions to files named on the command line too (pre-commit)"),
    ("--report-unused-suppressions", "report suppression comments that silence nothing"),
    ("--show-config", "print the settings that apply and exit"),
    (
        "--read-outside",
        "also read files that parameters name outside the checked folders (never /proc, /sys, "
        "/dev or .git)",
    ),
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
    group.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the findings to FILE (atomically) instead of standard output",
    )
    for flag, metavar, text in _LISTS:
        group.add_argument(flag, action="append", metavar=metavar, help=text)
    for flag, text in _FLAGS:
        group.add_argument(flag, action="store_true", help=text)
    group.add_argument(
        "--color", choices=["auto", "always", "never"], default="auto", help="colour text output"
    )
    group.add_argument(
        "--no-cache",
        action="store_true",
        help="check every file again: neither read nor write the result cache (kept in the user "
        "cache folder, keyed by each file's bytes and the settings)",
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
    "output",
    "read_outside",
)


def is_batch(args: argparse.Namespace) -> bool:
    """One existing file and no batch option keeps the single-file report of earlier versions."""
    if any(getattr(args, name) for name in _BATCH_ONLY):
        return True
    return len(args.paths) != 1 or Path(args.paths[0]).is_dir()


def add_fix_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("fixes (the findings marked [*] or 'fix (--fix)')")
    group.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe fixes in place (keeps FILE.orig), then report what is left",
    )
    group.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix or --diff: the unsafe fixes too (they change what the job does)",
    )
    group.add_argument(
        "--diff",
        action="store_true",
        help="print what --fix would change as a diff and write nothing "
        "(exit 1 when there is something to fix)",
    )
    group.add_argument("--no-backup", action="store_true", help="with --fix: no .orig copy")


def wants_fixes(args: argparse.Namespace) -> bool:
    return bool(args.fix or args.diff)
