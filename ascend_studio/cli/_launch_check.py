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


def run(args: argparse.Namespace) -> int:
    from ascend_studio.doctor import launch_check
    from ascend_studio.doctor._launch_render import launch_json, launch_text
    from ascend_studio.schema import shipped_catalog

    script = Path(args.script)
    if not script.is_file():
        return _fail(f"{args.script}: no such file")
    if args.cards is not None and not 1 <= args.cards <= 1024:
        return _fail("--cards must be 1..1024")
    if args.cwd is not None and not os.path.isabs(args.cwd):
        return _fail(f"--cwd {args.cwd}: give an absolute path")
    try:
        with script.open("rb") as handle:
            head = handle.read(4096)
    except OSError as exc:
        return _fail(f"{args.script}: {exc.strerror}")
    if b"\0" in head:
        return _fail(f"{args.script}: not a text file")
    report = launch_check(script, shipped_catalog(), cards=args.cards, cwd=args.cwd)
    if args.json:
        json.dump(launch_json(report), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(launch_text(report, args.lang))
    return 1 if any(f.severity == "error" for f in report.findings) else 0
