"""``ascend-studio workpath``: check an ASCEND_WORK_PATH, build per-host env scripts.

``check PATH`` lists errors (exit 1) and warnings (exit 0); ``segment`` prints
the recommended ``machineID_vmID_dockerID``; ``cluster HOSTS.csv -o DIR --base B``
writes one env script per host and reports collisions and invalid entries
(exit 1 when any, the valid hosts still get their scripts).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ascend_studio._input import InputError, read_input
from ascend_studio._words import say
from ascend_studio.cli import counted
from ascend_studio.paths import (
    ClusterResult,
    MachineIdError,
    WorkPathIssue,
    cluster_scripts,
    machine_segment,
    validate_work_path,
    write_cluster_scripts,
)

COMMAND = "workpath"
SUMMARY = "check ASCEND_WORK_PATH values and generate per-host env scripts"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description="ASCEND_WORK_PATH tooling: validation, machine segment, cluster env scripts.",
    )
    parser.set_defaults(handler=lambda _args: _usage(parser))
    actions = parser.add_subparsers(dest="action", metavar="ACTION")

    check = actions.add_parser(
        "check", help="validate a path (characters, machine segment, permissions)"
    )
    check.add_argument("path", metavar="PATH")
    check.add_argument(
        "--no-fs", action="store_true", help="skip the checks on this machine's filesystem"
    )
    _common(check)
    check.set_defaults(handler=run_check)

    segment = actions.add_parser("segment", help="print the recommended machineID_vmID_dockerID")
    segment.add_argument("machine", metavar="IP")
    segment.add_argument("vm_id", nargs="?", default="", metavar="VM_ID")
    segment.add_argument("docker_id", nargs="?", default="", metavar="CONTAINER_ID")
    segment.add_argument("--lang", choices=["zh", "en"], default=None)
    segment.set_defaults(handler=run_segment)

    cluster = actions.add_parser("cluster", help="one env script per host of a CSV host list")
    cluster.add_argument("hosts", metavar="HOSTS.csv", help="lines of IP[,vm_id[,container_id]]")
    cluster.add_argument(
        "-o", "--output", required=True, metavar="DIR", help="folder for the scripts"
    )
    cluster.add_argument(
        "--base", required=True, help="parent folder; each host gets BASE/<segment>"
    )
    cluster.add_argument("--force", action="store_true", help="overwrite differing scripts")
    _common(cluster)
    cluster.set_defaults(handler=run_cluster)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=["zh", "en"], default=None, help="message language")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _issue_json(issue: WorkPathIssue) -> dict[str, Any]:
    return {
        "code": issue.code,
        "severity": issue.severity,
        "message": {"zh": issue.message.zh, "en": issue.message.en},
        "chars": list(issue.chars),
        "position": issue.position,
    }


def _dump(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def run_check(args: argparse.Namespace) -> int:
    issues = validate_work_path(args.path, check_filesystem=not args.no_fs)
    failed = any(i.severity == "error" for i in issues)
    if args.json:
        _dump({"path": args.path, "valid": not failed, "issues": [_issue_json(i) for i in issues]})
    else:
        for issue in issues:
            print(f"{say(issue.severity, args.lang)}: {issue.message.get(args.lang)}")
        if not issues:
            print(say("ok", args.lang))
    return 1 if failed else 0


def run_segment(args: argparse.Namespace) -> int:
    try:
        print(machine_segment(args.machine, args.vm_id, args.docker_id))
    except MachineIdError as exc:
        print(f"ascend-studio workpath: {exc.message.get(args.lang)}", file=sys.stderr)
        return 2
    return 0


def _cluster_json(result: ClusterResult, written: list[Path]) -> dict[str, Any]:
    return {
        "base": result.base,
        "ok": result.ok,
        "base_issues": [_issue_json(i) for i in result.base_issues],
        "hosts": [
            {
                "line": h.line,
                "host": h.host,
                "vm_id": h.vm_id,
                "docker_id": h.docker_id,
                "segment": h.segment,
                "path": h.path,
                "script": h.filename,
            }
            for h in result.hosts
        ],
        "invalid": [
            {"line": i.line, "text": i.text, "reason": {"zh": i.reason.zh, "en": i.reason.en}}
            for i in result.invalid
        ],
        "collisions": [{"segment": c.segment, "lines": list(c.lines)} for c in result.collisions],
        "written": [str(p) for p in written],
    }


def _cluster_text(result: ClusterResult, written: list[Path], lang: str) -> None:
    for issue in result.base_issues:
        print(f"{say('base', lang)} {say(issue.severity, lang)}: {issue.message.get(lang)}")
    for host in result.hosts:
        print(
            f"{say('line {line}', lang, line=host.line)}: {host.host} -> {host.path}  ({host.filename})"
        )
    for bad in result.invalid:
        where = say("line {line}", lang, line=bad.line)
        print(f"{where}: {say('invalid', lang)}: {bad.text!r}: {bad.reason.get(lang)}")
    for clash in result.collisions:
        lines = ", ".join(str(n) for n in clash.lines)
        text = "collision: lines {lines} all give {segment}; only line {kept} kept"
        print(say(text, lang, lines=lines, segment=clash.segment, kept=clash.lines[0]))
    print(
        say("{scripts} written", lang, scripts=counted(len(written), "script", lang)),
        file=sys.stderr,
    )


def run_cluster(args: argparse.Namespace) -> int:
    try:
        text = read_input(args.hosts).decode("utf-8")
    except InputError as exc:
        why = exc.problem.removeprefix("cannot read: ")
        print(f"ascend-studio workpath: cannot read {args.hosts}: {why}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as exc:
        print(f"ascend-studio workpath: cannot read {args.hosts}: {exc}", file=sys.stderr)
        return 2
    result = cluster_scripts(text, args.base)
    try:
        written = write_cluster_scripts(result, args.output, overwrite=args.force)
    except FileExistsError as exc:
        print(f"ascend-studio workpath: {exc} (use --force to replace)", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"ascend-studio workpath: cannot write scripts: {exc}", file=sys.stderr)
        return 2
    if args.json:
        _dump(_cluster_json(result, written))
    else:
        _cluster_text(result, written, args.lang)
    return 0 if result.ok else 1
