"""``ascend-studio apply``: write a profile back into the user's own script."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ascend_studio._release_option import add_release_argument, release_from_args
from ascend_studio._words import say
from ascend_studio.apply import ApplyError, ApplyResult, NoSuchConfig, apply_file, write_applied
from ascend_studio.profile import ProfileError, load_profile
from ascend_studio.schema import shipped_catalog

COMMAND = "apply"
SUMMARY = "change a training or env script in place to match a profile (never runs it)"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Change SCRIPT so that its configuration matches PROFILE: only the NPURunConfig / "
            "sub-config keywords, parameter_map lines or npu_device.global_options() "
            "assignments (Python) that differ, or the lines setting the variables PROFILE sets "
            "or unsets (shell), are edited; a variable PROFILE does not name is left alone, and "
            "every other line is kept byte for byte. The script's kind is read as import reads "
            "it; a result that would not parse is refused. Prints a unified diff unless --write. "
            "Exit status: 0 applied (or nothing to change), 1 the script or profile cannot be "
            "read, the script changed since import (see --force), the edit would not parse or "
            "the write failed, 2 for a wrong --config."
        ),
    )
    parser.add_argument("profile", metavar="PROFILE")
    parser.add_argument("script", metavar="SCRIPT")
    parser.add_argument(
        "--config", type=int, default=None, metavar="N", help="which configuration (1-based)"
    )
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--diff", action="store_true", help="print the diff only (the default)")
    how.add_argument(
        "--write",
        action="store_true",
        help="write SCRIPT (the first write keeps the original as SCRIPT.orig; later ones keep it)",
    )
    parser.add_argument("--no-backup", action="store_true", help="with --write: no .orig copy")
    parser.add_argument(
        "--force", action="store_true", help="apply even if SCRIPT changed since it was imported"
    )
    add_release_argument(parser)
    parser.add_argument("--lang", choices=["en", "zh"], default=None, help="note language")
    parser.set_defaults(handler=run)


def _applied(args: argparse.Namespace) -> ApplyResult | int:
    """What applying gives, or the exit status of why nothing can be applied."""
    try:
        release = release_from_args(args, shipped_catalog(), COMMAND)
        profile = load_profile(args.profile)
        if release is not None:
            profile = profile.with_release(release)
        return apply_file(profile, args.script, args.config, force=args.force)
    except ProfileError as exc:
        print(f"ascend-studio apply: {exc.text(args.lang)}", file=sys.stderr)
        return 1
    except ApplyError as exc:
        print(f"ascend-studio apply: {exc.text(args.lang)}", file=sys.stderr)
        return 2 if isinstance(exc, NoSuchConfig) else 1
    except ValueError as exc:  # --release names no release
        print(f"ascend-studio apply: {exc}", file=sys.stderr)
        return 2


def run(args: argparse.Namespace) -> int:
    result = _applied(args)
    if isinstance(result, int):
        return result
    for item in result.notes:
        print(item.text(args.lang), file=sys.stderr)
    if result.unchanged:
        unchanged = say(
            "{script}: already matches the profile; nothing to change",
            args.lang,
            script=args.script,
        )
        print(unchanged, file=sys.stderr)
        return 0
    if not args.write:
        sys.stdout.write(result.diff(Path(args.script).name))
        return 0
    try:
        done = write_applied(result, args.script, backup=not args.no_backup)
    except ApplyError as exc:
        print(f"ascend-studio apply: {exc.text(args.lang)}", file=sys.stderr)
        return 1
    if done.backup is None:
        wrote = say("wrote {path}", args.lang, path=args.script)
    elif done.backup_written:
        wrote = say(
            "wrote {path} (the original kept as {backup})",
            args.lang,
            path=args.script,
            backup=done.backup,
        )
    else:
        wrote = say(
            "wrote {path} (the original from before the first apply stays in {backup})",
            args.lang,
            path=args.script,
            backup=done.backup,
        )
    print(wrote, file=sys.stderr)
    return 0
