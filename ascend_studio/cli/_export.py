"""``ascend-studio export``: a profile as code, an env script or JSON."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ascend_studio._release_option import add_release_argument, release_from_args
from ascend_studio._words import counted, say
from ascend_studio.cli._export_dir import is_directory_target, write_bundle
from ascend_studio.codegen import (
    ExportError,
    ExportOptions,
    export_formats,
    export_text,
    write_export,
)
from ascend_studio.codegen._header import one_line
from ascend_studio.profile import Profile, ProfileError, load_profile
from ascend_studio.schema import shipped_catalog

COMMAND = "export"
SUMMARY = "export a profile as estimator/sess.run code, an env script or JSON"


def register(sub: Any) -> None:
    formats = export_formats()  # read when the parser is built: registered ones count
    summaries = [f.summary for f in formats]
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=f"Write PROFILE as {', '.join(summaries[:-1])} or {summaries[-1]}.",
    )
    parser.add_argument(
        "profile",
        metavar="PROFILE",
        help="profile file (.json), or a Python or shell script to import first (never run)",
    )
    parser.add_argument(
        "--config", type=int, default=1, metavar="N", help="a script's configuration (1-based)"
    )
    parser.add_argument(
        "--format", "-f", choices=[f.id for f in formats], required=True, dest="fmt"
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=(
            "write here, atomically; only a regular file is replaced (a symlink is followed), "
            "a device, FIFO or read-only file is refused with exit status 1; with DIR/ also "
            "write the companion files it references"
        ),
    )
    parser.add_argument(
        "--force", action="store_true", help="with -o DIR/: overwrite files already there"
    )
    parser.add_argument(
        "--with-defaults", action="store_true", help="add defaults of unset parameters as comments"
    )
    parser.add_argument(
        "--env-paths", action="store_true", help="read path values from os.environ (py format)"
    )
    parser.add_argument("--no-diagnostics", action="store_true", help="omit rule comments")
    add_release_argument(parser)
    parser.add_argument("--lang", choices=["en", "zh"], default=None, help="comment language")
    parser.set_defaults(handler=run)


#: Read by an importer (never executed) instead of as a profile.
SCRIPT_SUFFIXES = (".py", ".sh", ".bash", ".env", ".txt")


_NOTHING = "nothing found: no NPURunConfig configuration or environment setting"
_FIRST = (
    "{name} holds {many}; exporting the first (choose with --config N; "
    "`ascend-studio import` lists them)"
)


def _read(name: str, config: int, lang: str) -> Profile:
    """The profile in ``name``: a profile file, or configuration ``config`` of a script."""
    if Path(name).suffix.lower() not in SCRIPT_SUFFIXES:
        return load_profile(name)
    from ascend_studio.cli import found_configs  # the package imports this module
    from ascend_studio.codegen import import_file

    result = found_configs(import_file(name))
    configs = result.configs
    if not configs:
        errors = [i.message for i in result.report.items if i.severity == "error"]
        if errors:
            raise ProfileError(name, errors[0].en, errors[0].zh)
        raise ProfileError.said(name, _NOTHING)
    if not 1 <= config <= len(configs):
        raise ProfileError(name, f"--config must be 1..{len(configs)}")
    if len(configs) > 1 and config == 1:
        many = counted(len(configs), "configuration", lang)
        print(f"ascend-studio export: {say(_FIRST, lang, name=name, many=many)}", file=sys.stderr)
    return configs[config - 1].profile


def run(args: argparse.Namespace) -> int:
    try:
        profile = _read(args.profile, args.config, args.lang)
        release = release_from_args(args, shipped_catalog(), COMMAND)
    except ProfileError as exc:
        print(f"ascend-studio export: {exc.text(args.lang)}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"ascend-studio export: {exc}", file=sys.stderr)
        return 2
    if release is not None:
        profile = profile.with_release(release)
    options = ExportOptions(
        with_defaults=args.with_defaults,
        env_paths=args.env_paths,
        diagnostics=not args.no_diagnostics,
        lang=args.lang,
    )
    try:
        if args.output and is_directory_target(args.output):
            for target in write_bundle(
                Path(args.output), profile, args.fmt, options, force=args.force
            ):
                print(say("wrote {path}", args.lang, path=target), file=sys.stderr)
        elif args.output:
            write_export(args.output, profile, args.fmt, options)
        else:
            sys.stdout.write(export_text(profile, args.fmt, options))
    except ExportError as exc:  # one line, whatever the profile's text holds
        print(f"ascend-studio export: {one_line(exc.text(args.lang))}", file=sys.stderr)
        return 1
    return 0
