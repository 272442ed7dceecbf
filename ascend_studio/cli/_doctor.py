"""``ascend-studio doctor``: check this machine for the job, read-only.

Exit status: 0 when nothing fails, 1 when a finding is an error (the job would
fail here), 2 when a given file cannot be used or the arguments are wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

COMMAND = "doctor"
SUMMARY = "check this NPU machine for a job: installed software, environment, output folders"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Read what is installed (CANN toolkit, driver, TF Adapter, TensorFlow, NPUs), the "
            "environment as this process sees it, and every output folder of the job resolved "
            "with the real environment, working directory, user and device id; then check each "
            "folder on the file system (can be created, writable, read-only or full, free "
            "space). FILES: a profile (.json) or Python training script for the configuration, "
            "and shell/env scripts whose settings the launcher adds (read, never run). Nothing "
            "is written. Exit status: 0 when nothing fails, 1 on errors, 2 on unusable input."
        ),
    )
    parser.add_argument("files", nargs="*", metavar="PROFILE|SCRIPT", help="the job's files")
    parser.add_argument(
        "--config", type=int, default=1, metavar="N", help="which configuration of a script"
    )
    parser.add_argument("--cwd", help="the job's working directory (default: this one)")
    parser.add_argument("--json", action="store_true", help="the report as JSON (the app opens it)")
    parser.add_argument("--lang", choices=["en", "zh"], default=None, help="message language")
    parser.set_defaults(handler=run)


def _fail(message: str) -> int:
    print(f"ascend-studio doctor: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    import os

    from ascend_studio.doctor import (
        InputError,
        read_inputs,
        report_json,
        report_text,
        run_doctor,
        watched_variables,
    )
    from ascend_studio.machine import take_snapshot
    from ascend_studio.schema import shipped_catalog

    if args.cwd is not None and not os.path.isabs(args.cwd):
        return _fail(f"--cwd {args.cwd}: give an absolute path")
    if args.cwd is not None and os.path.exists(args.cwd) and not os.path.isdir(args.cwd):
        return _fail(f"--cwd {args.cwd}: not a folder (the job is started from a folder)")
    try:
        inputs = read_inputs(args.files, args.config, args.lang)
    except InputError as exc:
        return _fail(str(exc))
    catalog = shipped_catalog()
    names = watched_variables(catalog)
    snapshot = take_snapshot(lambda name: name in names)
    cwd = os.path.normpath(args.cwd) if args.cwd else None
    report = run_doctor(snapshot, inputs, catalog, cwd=cwd)
    if args.json:
        json.dump(report_json(report), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(report_text(report, args.lang))
    return 1 if any(f.severity == "error" for f in report.findings) else 0
