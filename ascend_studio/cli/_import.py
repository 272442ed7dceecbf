"""``ascend-studio import``: read a training or env script, print what was found."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from dataclasses import replace
from typing import Any

from ascend_studio._input import read_input
from ascend_studio._release_option import add_release_argument, release_from_args
from ascend_studio._words import say
from ascend_studio.cli import counted, found_configs
from ascend_studio.cli._companions import attach, reads_json
from ascend_studio.codegen import ImportResult, import_file
from ascend_studio.companion import FileRead
from ascend_studio.profile import ProfileError, save_profile
from ascend_studio.schema import shipped_catalog

COMMAND = "import"
SUMMARY = "import NPURunConfig settings or an environment from a script (never runs it)"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Read FILE (a Python training script, a shell/env script, a docker env-file or a "
            "profile) without executing it, and print every configuration found and a report. "
            "The files parameters such as op_debug_config point to are read (working directory, "
            "then FILE's folder) and kept with the saved profile. "
            "Exit status: 0 when a configuration was found (and saved, with -o), 1 when the "
            "file holds none (an empty file included, in every format) or cannot be read or "
            "saved, 2 for a wrong --config."
        ),
    )
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("-o", "--output", metavar="PROFILE", help="save a configuration here")
    parser.add_argument(
        "--config", type=int, default=1, metavar="N", help="which configuration to save (1-based)"
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_release_argument(parser)
    parser.add_argument("--lang", choices=["en", "zh"], default=None, help="report language")
    parser.set_defaults(handler=run)


Reads = tuple[tuple[FileRead, ...], ...]


def _with_files(result: ImportResult) -> tuple[ImportResult, Reads]:
    """Every configuration with the companion files it names read into its profile
    (kept with the profile when saved), and what became of each file."""
    attached = [attach(c.profile, result.source, valid_only=True) for c in result.configs]
    configs = tuple(
        replace(c, profile=p) for c, (p, _) in zip(result.configs, attached, strict=True)
    )
    return replace(result, configs=configs), tuple(r for _, r in attached)


def as_json(result: ImportResult, reads: Reads = ()) -> dict[str, Any]:
    return {
        "source": result.source,
        "dialect": result.dialect,
        "configs": [
            {
                "label": c.label,
                "where": {"zh": c.label_in("zh"), "en": c.label},
                "line": c.line,
                "profile": c.profile.model_dump(mode="json"),
                "files": reads_json(reads[n] if n < len(reads) else ()),
            }
            for n, c in enumerate(result.configs)
        ],
        "report": [
            {
                "kind": item.kind,
                "severity": item.severity,
                "line": item.line,
                "path": item.path,
                "suggestion": item.suggestion,
                "config": item.config,
                "message": {"zh": item.message.zh, "en": item.message.en},
            }
            for item in result.report.items
        ],
    }


def _print(result: ImportResult, lang: str, reads: Reads = ()) -> None:
    found = counted(len(result.configs), "configuration", lang)
    dialect = say(result.dialect, lang)
    print(
        say(
            "{source}: read as {dialect}; {found}",
            lang,
            source=result.source,
            dialect=dialect,
            found=found,
        )
    )
    if not result.configs:
        print(
            "  " + say("nothing found: no NPURunConfig configuration or environment setting", lang)
        )
    for number, config in enumerate(result.configs, start=1):
        shown = len(config.profile.values) + len(config.profile.env)
        print(f"  [{number}] {config.label_in(lang)}: {counted(shown, 'setting', lang)}")
        for file_read in reads[number - 1] if number <= len(reads) else ():
            print(f"      {say('file', lang)}: {file_read.text(lang)}")
    for line in result.report.lines(lang):
        print(line)


def _save(result: ImportResult, args: argparse.Namespace) -> int:
    if not 1 <= args.config <= len(result.configs):
        print(f"ascend-studio import: --config must be 1..{len(result.configs)}", file=sys.stderr)
        return 2
    from ascend_studio.apply import with_source  # libcst and the rewriting: only for -o

    profile = result.configs[args.config - 1].profile
    with contextlib.suppress(OSError):
        # remember the script (and a hash of it) so that `apply` can refuse a changed one
        profile = with_source(profile, args.file, read_input(args.file), args.config)
    try:
        save_profile(profile, args.output)
    except ProfileError as exc:
        print(f"ascend-studio import: {exc}", file=sys.stderr)
        return 1
    saved = say(
        "saved configuration {number} to {path}", args.lang, number=args.config, path=args.output
    )
    print(saved, file=sys.stderr)
    return 0


def _for_release(result: ImportResult, args: argparse.Namespace) -> ImportResult:
    """The configurations for ``--release`` (the file's own release otherwise)."""
    release = release_from_args(args, shipped_catalog(), COMMAND)
    if release is None:
        return result
    configs = tuple(replace(c, profile=c.profile.with_release(release)) for c in result.configs)
    return replace(result, configs=configs)


def run(args: argparse.Namespace) -> int:
    try:
        imported = _for_release(found_configs(import_file(args.file)), args)
    except ValueError as exc:
        print(f"ascend-studio import: {exc}", file=sys.stderr)
        return 2
    result, reads = _with_files(imported)
    errors = [item for item in result.report.items if item.severity == "error"]
    if errors and not result.configs and not args.json:  # one line: why nothing was read
        print(f"ascend-studio import: {args.file}: {errors[0].text(args.lang)}", file=sys.stderr)
        return 1
    status = 1 if not result.configs else 0
    if result.configs and args.output:
        status = _save(result, args)
    if args.json:
        json.dump(as_json(result, reads), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        _print(result, args.lang, reads)
    return status
