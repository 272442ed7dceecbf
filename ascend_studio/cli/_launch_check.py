"""``ascend-studio launch-check``: a multi-card launch script, rank by rank.

Exit status: 0 when nothing fails, 1 when a finding is an error, 2 when the
script cannot be read or the arguments are wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

COMMAND = "launch-check"
SUMMARY = "expand a multi-card launch script per rank and check the ranks"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Read SCRIPT (never run it), follow its per-device loop (the loop that sets RANK_ID, "
            "ASCEND_DEVICE_ID or DEVICE_ID, also through the scripts it calls) and print each "
            "rank's environment; then check the ranks: the rank table against its documented "
            "format, RANK_SIZE, rank and device ids, ASCEND_RT_VISIBLE_DEVICES, the HCCL timeouts "
            "and output files several ranks would share. The script is taken as started from its "
            "own folder unless --cwd says otherwise. Exit status: 0 when nothing fails, 1 on "
            "errors, 2 when SCRIPT cannot be read."
        ),
    )
    parser.add_argument("script", metavar="SCRIPT", help="the launch script (.sh)")
    parser.add_argument(
        "--cards",
        type=int,
        metavar="N",
        help="NPUs on the server (also the loop count when the script does not say)",
    )
    parser.add_argument("--cwd", help="the folder the script is started from (default: its own)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--lang", choices=["en", "zh"], default=None, help="message language")
    parser.set_defaults(handler=run)


def _fail(message: str) -> int:
    print(f"ascend-studio launch-check: {message}", file=sys.stderr)
    return 2


def _unusable(args: argparse.Namespace) -> str | None:
    """Why the arguments cannot be used, in one line; None when they can."""
    from ascend_studio._input import InputError, file_kind
    from ascend_studio.doctor._shrun import read_script

    problem = file_kind(args.script, args.lang or "en")
    if problem is not None:
        return f"{args.script}: {problem}"
    if args.cards is not None and not 1 <= args.cards <= 1024:
        return "--cards must be 1..1024"
    if args.cwd is not None and not os.path.isabs(args.cwd):
        return f"--cwd {args.cwd}: give an absolute path"
    if args.cwd is not None and os.path.exists(args.cwd) and not os.path.isdir(args.cwd):
        return f"--cwd {args.cwd}: not a folder (the job is started from a folder)"
    try:
        text = read_script(Path(args.script))
    except InputError as exc:
        return str(exc)
    return f"{args.script}: not a text file" if "\0" in text[:4096] else None


def run(args: argparse.Namespace) -> int:
    from ascend_studio._input import InputError
    from ascend_studio.doctor import launch_check
    from ascend_studio.doctor._launch_render import launch_json, launch_text
    from ascend_studio.schema import shipped_catalog

    problem = _unusable(args)
    if problem is not None:
        return _fail(problem)
    try:
        report = launch_check(Path(args.script), shipped_catalog(), cards=args.cards, cwd=args.cwd)
    except InputError as exc:  # the file changed since it was checked
        return _fail(str(exc))
    if args.json:
        json.dump(launch_json(report), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(launch_text(report, args.lang))
    return 1 if any(f.severity == "error" for f in report.findings) else 0
