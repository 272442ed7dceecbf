"""``ascend-studio file``: check or create a companion file on its own.

``file check FILE [--kind K]`` reads one file a parameter points to (a debug
``.cfg``, fusion switch JSON, ...) and reports what the rules find in it, each
with its line. ``file new KIND`` prints (or writes) a commented template.
Exit status: 0 clean (warnings allowed), 1 errors found or the target exists,
2 unreadable file, unknown kind or wrong arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ascend_studio._atomic import atomic_write_text
from ascend_studio._input import InputError, read_input
from ascend_studio._words import counted, say
from ascend_studio.cli._params import product_id, unknown_product
from ascend_studio.companion import (
    ALIASES,
    FORMATS,
    MAX_BYTES,
    detect,
    file_formats,
    format_for,
    param_for,
)
from ascend_studio.profile import Profile
from ascend_studio.rules import Diagnostic, evaluate
from ascend_studio.schema import shipped_catalog

COMMAND = "file"
SUMMARY = "check or create a file a parameter points to (op_debug_config .cfg, ...)"
KIND_HELP = (
    ", ".join(sorted(FORMATS)) + ", a short name or the parameter name (op_debug_config, ...)"
)


def kinds() -> list[str]:
    """Format ids, their short names, and the parameters whose file has a format
    (``--kind op_debug_config`` reads the file as that parameter's format). Asked
    only when a kind is unknown: listing the parameters loads the catalog."""
    return sorted({*FORMATS, *ALIASES, *file_formats()})


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Companion files: the files that parameters such as op_debug_config, "
            "fusion_switch_file or aoe_config_file point to."
        ),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser("check", help="report the problems in FILE, with their lines")
    check.add_argument("file", metavar="FILE")
    check.add_argument("--kind", help="the file's format (default: guessed): " + KIND_HELP)
    check.add_argument("--product", help="check for this product (id, name or alias)")
    check.add_argument("--json", action="store_true", help="machine-readable output")
    check.add_argument("--lang", choices=["en", "zh"], default=None, help="message language")
    check.set_defaults(handler=run_check)
    new = actions.add_parser("new", help="print a commented template for KIND")
    new.add_argument("kind", metavar="KIND", help=KIND_HELP)
    new.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    new.add_argument("--force", action="store_true", help="overwrite an existing FILE")
    new.add_argument("--lang", choices=["en", "zh"], default=None, help="comment language")
    new.set_defaults(handler=run_new)


def _fail(message: str, status: int = 2) -> int:
    print(f"ascend-studio file: {message}", file=sys.stderr)
    return status


def _read(path: str, lang: str) -> str:
    file = Path(path)
    if file.is_file() and file.stat().st_size > MAX_BYTES:
        raise ValueError(say("{path}: larger than 1 MiB, not a companion file", lang, path=path))
    try:
        return read_input(file).decode("utf-8-sig")  # regular files only: a FIFO would hang
    except UnicodeDecodeError:
        raise ValueError(say("{path}: not UTF-8 text", lang, path=path)) from None
    except InputError as exc:
        raise ValueError(f"{path}: {exc.problem_in(lang)}") from None


def findings(kind: str, text: str, product: str = "atlas_a2") -> list[Diagnostic]:
    """What the rules find inside one companion file of ``kind`` on its own."""
    profile = Profile(product=product, values={kind: kind}, file_contents={kind: text})
    return [d for d in evaluate(profile) if d.location is not None]


def _resolve(args: argparse.Namespace, text: str) -> tuple[str | None, str | None]:
    """(the parameter whose file this is, product id) or a problem message in
    place of the missing one."""
    fmt = format_for(args.kind) if args.kind else None
    if args.kind and fmt is None:
        return None, _unknown_kind(args.kind, args.lang)
    format_id = fmt.kind if fmt else detect(text)
    kind = param_for(format_id) if format_id else None
    if kind is None:
        text = "cannot tell the file's format; give --kind ({kinds})"
        return None, say(text, args.lang, kinds=", ".join(FORMATS))
    if not args.product:
        return kind, None
    found = product_id(shipped_catalog(), args.product)
    if found is None:
        return None, unknown_product(shipped_catalog(), args.product, args.lang)
    args.product = found
    return kind, None


def run_check(args: argparse.Namespace) -> int:
    try:
        text = _read(args.file, args.lang)
    except ValueError as exc:
        return _fail(str(exc))
    kind, problem = _resolve(args, text)
    if kind is None:
        return _fail(problem or say("unknown format", args.lang))
    found = findings(kind, text, args.product or "atlas_a2")
    if args.json:
        _print_json(args.file, kind, found)
    else:
        _print_text(args.file, kind, found, args.lang)
    return 1 if any(d.severity == "error" for d in found) else 0


def _print_text(path: str, kind: str, found: list[Diagnostic], lang: str) -> None:
    findings = counted(len(found), "finding", lang)
    print(say("{file}: read as {kind}: {findings}", lang, file=path, kind=kind, findings=findings))
    for d in found:
        assert d.location is not None
        line = f":{d.location.line}" if d.location.line else ""
        print(f"{path}{line}: {say(d.severity, lang)} [{d.rule_id}] {d.message.get(lang)}")
        if d.fix is not None:
            print(f"    {say('fix', lang)}: {d.fix.get(lang)}")


def _print_json(path: str, kind: str, found: list[Diagnostic]) -> None:
    document = {
        "file": path,
        "kind": kind,
        "findings": [
            {
                "line": d.location.line if d.location else None,
                "rule_id": d.rule_id,
                "severity": d.severity,
                "message": {"zh": d.message.zh, "en": d.message.en},
                "fix": None if d.fix is None else {"zh": d.fix.zh, "en": d.fix.en},
                "source": d.source,
            }
            for d in found
        ],
    }
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def _unknown_kind(kind: str, lang: str) -> str:
    text = "unknown kind {kind} (choose from {kinds})"
    return say(text, lang, kind=repr(kind), kinds=", ".join(kinds()))


def run_new(args: argparse.Namespace) -> int:
    fmt = format_for(args.kind)
    if fmt is None:
        return _fail(_unknown_kind(args.kind, args.lang))
    template = fmt.template.get(args.lang)
    if not args.output:
        sys.stdout.write(template)
        return 0
    target = Path(args.output)
    if target.exists() and not args.force:
        return _fail(say("{path} exists; add --force to overwrite it", args.lang, path=target), 1)
    if target.is_dir():
        return _fail(say("{path} is a directory", args.lang, path=target), 2)
    try:
        atomic_write_text(target, template)
    except OSError as exc:
        return _fail(str(exc), 1)
    print(
        say("wrote a {kind} template to {path}", args.lang, kind=fmt.kind, path=target),
        file=sys.stderr,
    )
    return 0
