"""``ascend-studio migrate``: move a training script to another TF Adapter release."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ascend_studio._release_option import print_notes
from ascend_studio._words import say
from ascend_studio.apply import ApplyError, NoSuchConfig, migrate_python, read_script, write_applied
from ascend_studio.schema import (
    Catalog,
    Release,
    UnknownReleaseError,
    resolve_release,
    shipped_catalog,
)

COMMAND = "migrate"
SUMMARY = "rewrite a script's removed or renamed keywords for another TF Adapter release"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Change SCRIPT (a Python training script, never run) for TF Adapter RELEASE: "
            "keywords and sess.run keys the release lacks are rewritten to what replaced them "
            "(auto_tune_mode -> aoe_mode='2', mstune_mode -> aoe_mode, graph_compiler_cache_dir "
            "-> ExperimentalConfig) or removed, and what cannot be moved is reported. Prints a "
            "unified diff unless --write. Exit status: 0 migrated (or nothing to change), 1 the "
            "script cannot be read or written, 2 for a wrong --to or --config."
        ),
    )
    parser.add_argument("script", metavar="SCRIPT")
    parser.add_argument(
        "--to",
        required=True,
        metavar="RELEASE",
        help="the target: a public ref (r1.15.0, master), a CANN version of a tagged release "
        "(7.0.0, 9.0.0), newest, or auto",
    )
    parser.add_argument("--config", type=int, default=1, metavar="N", help="which configuration")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--diff", action="store_true", help="print the diff only (the default)")
    how.add_argument("--write", action="store_true", help="write SCRIPT (keeps SCRIPT.orig)")
    parser.add_argument("--no-backup", action="store_true", help="with --write: no .orig copy")
    parser.add_argument("--lang", choices=["en", "zh"], default=None, help="note language")
    parser.set_defaults(handler=run)


def _fail(message: str, status: int) -> int:
    print(f"ascend-studio migrate: {message}", file=sys.stderr)
    return status


def _target(text: str, catalog: Catalog, lang: str) -> Release | str:
    try:
        resolved = resolve_release(text, catalog)
    except UnknownReleaseError as exc:
        return f"--to: {exc.text(lang)}"
    except ValueError as exc:
        return f"--to: {exc}"
    print_notes(resolved, "migrate", lang)
    return resolved.release or say("--to auto: no release found on this machine; name one", lang)


def run(args: argparse.Namespace) -> int:
    catalog = shipped_catalog()
    release = _target(args.to, catalog, args.lang or "en")
    if isinstance(release, str):
        return _fail(release, 2)
    try:
        _, text = read_script(args.script)
        migration = migrate_python(text, release, args.config, catalog, args.script)
    except ApplyError as exc:
        return _fail(exc.text(args.lang), 2 if isinstance(exc, NoSuchConfig) else 1)
    result = migration.result
    for item in result.notes:
        print(item.text(args.lang), file=sys.stderr)
    if result.unchanged:
        print(say("{path}: nothing to migrate for {release}", args.lang, path=args.script,
                  release=release.id), file=sys.stderr)  # fmt: skip
        return 0
    if not args.write:
        sys.stdout.write(result.diff(Path(args.script).name))
        return 0
    try:
        done = write_applied(result, args.script, backup=not args.no_backup)
    except ApplyError as exc:
        return _fail(exc.text(args.lang), 1)
    if done.backup is None:
        wrote = say("wrote {path}", args.lang, path=args.script)
    elif done.backup_written:
        wrote = say("wrote {path} (the original kept as {backup})", args.lang,
                    path=args.script, backup=done.backup)  # fmt: skip
    else:
        wrote = say("wrote {path} (the original from before the first apply stays in {backup})",
                    args.lang, path=args.script, backup=done.backup)  # fmt: skip
    print(say("{wrote}, for TF Adapter {release}", args.lang, wrote=wrote, release=release.id),
          file=sys.stderr)  # fmt: skip
    return 0
