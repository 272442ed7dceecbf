"""``ascend-studio export``: a profile as code, an env script or JSON."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ascend_studio.cli._export_dir import is_directory_target, write_bundle
from ascend_studio.codegen import (
    EXPORT_FORMATS,
    ExportError,
    ExportOptions,
    export_text,
    write_export,
)
from ascend_studio.profile import ProfileError, load_profile

COMMAND = "export"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help="export a profile as estimator/sess.run code, an env script or JSON",
        description=(
            "Write PROFILE as NPURunConfig code (py), a sess.run ConfigProto (sess), a POSIX "
            "shell script (sh), a docker env-file, docker -e arguments, a Kubernetes env list "
            "(k8s) or the profile JSON."
        ),
    )
    parser.add_argument("profile", metavar="PROFILE", help="profile file (.json)")
    parser.add_argument("--format", "-f", choices=EXPORT_FORMATS, required=True, dest="fmt")
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write here (atomically); with DIR/ also write the companion files it references",
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
    parser.add_argument("--lang", choices=["en", "zh"], default="en", help="comment language")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        profile = load_profile(args.profile)
    except ProfileError as exc:
        print(f"ascend-studio export: {exc}", file=sys.stderr)
        return 2
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
                print(f"wrote {target}", file=sys.stderr)
        elif args.output:
            write_export(args.output, profile, args.fmt, options)
        else:
            sys.stdout.write(export_text(profile, args.fmt, options))
    except ExportError as exc:
        print(f"ascend-studio export: {exc}", file=sys.stderr)
        return 1
    return 0
