"""``ascend-studio paths``: where every artifact of a profile lands, and why.

Prints each priority chain with the winner starred and shadowed layers shown,
in the spirit of ``git config --show-origin``; ``--json`` gives the documented,
stable document (docs/paths-json.md).
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path
from typing import Any

from ascend_studio._release_option import add_release_argument, release_from_args
from ascend_studio._words import say
from ascend_studio.cli import found_configs
from ascend_studio.paths import (
    Context,
    Environment,
    load_artifacts,
    resolve,
)
from ascend_studio.paths._report import paths_document, render_text
from ascend_studio.profile import Profile, ProfileError, load_profile
from ascend_studio.schema import shipped_catalog

COMMAND = "paths"
SUMMARY = "show where every output file and folder of a profile lands, and why"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description="Resolve each artifact's priority chain (parameter > environment > default).",
    )
    parser.add_argument(
        "profile",
        metavar="PROFILE",
        help="profile file (.json), or a training/env script (imported, never run)",
    )
    parser.add_argument(
        "--config", type=int, default=1, metavar="N", help="which configuration of a script"
    )
    parser.add_argument(
        "--env-file",
        action="append",
        default=[],
        metavar="F",
        help="env script or `env` dump (repeatable)",
    )
    parser.add_argument(
        "--artifact",
        action="append",
        default=[],
        metavar="NAME",
        help="only this artifact: its id or another name for it (plog for log)",
    )
    parser.add_argument(
        "--set", action="append", default=[], metavar="K=V", help="set an environment variable"
    )
    parser.add_argument(
        "--unset", action="append", default=[], metavar="K", help="unset an environment variable"
    )
    parser.add_argument(
        "--use-process-env", action="store_true", help="start from this process's environment"
    )
    _context_options(parser)
    parser.add_argument(
        "--all", action="store_true", help="include artifacts of other tools (ATC, msprof...)"
    )
    parser.add_argument(
        "--by-dir", action="store_true", help="list directories and what lands in each"
    )
    parser.add_argument(
        "--lang", choices=["zh", "en"], default=None, help="language of names and reasons"
    )
    parser.add_argument(
        "--json", action="store_true", help="machine-readable output (docs/paths-json.md)"
    )
    add_release_argument(parser)
    parser.set_defaults(handler=run)


def _context_options(parser: argparse.ArgumentParser) -> None:
    """What is known about the job's process; anything not given stays a placeholder."""
    group = parser.add_argument_group("placeholders")
    group.add_argument("--cwd", help="working directory of the job")
    group.add_argument("--home", help="home directory of the job's user")
    group.add_argument("--pid", help="process id to fill in")
    group.add_argument("--device-id", help="device id to fill in")
    group.add_argument("--session-id", help="session id to fill in")


class _Usage(Exception):
    """Bad input: message for stderr, exit status 2."""


def _typed(args: argparse.Namespace) -> dict[str, str | None]:
    typed: dict[str, str | None] = {}
    for item in args.set:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise _Usage(f"--set takes NAME=VALUE, got {item!r}")
        typed[name.strip()] = value
    typed.update(dict.fromkeys(args.unset))
    return typed


def _profile(args: argparse.Namespace) -> Profile:
    """The profile, or configuration N of a script (read like ``validate`` reads it)."""
    if Path(args.profile).suffix.lower() == ".json":
        return load_profile(args.profile)
    from ascend_studio.codegen import import_file  # the importers: for a script only

    result = found_configs(import_file(args.profile))
    if not result.configs:
        errors = [i.text(args.lang) for i in result.report.items if i.severity == "error"]
        nothing = say(
            "nothing found: no NPURunConfig configuration or environment setting", args.lang
        )
        raise _Usage(f"{args.profile}: {(errors or [nothing])[0]}")
    chosen: int = args.config
    if not 1 <= chosen <= len(result.configs):
        raise _Usage(f"--config must be 1..{len(result.configs)}")
    config = result.configs[chosen - 1]
    if config.surface == "session" and config.profile.surface is None:
        return config.profile.with_surface("sess")  # what the job writes follows its API
    return config.profile


def _env_script(name: str, lang: str) -> tuple[str, dict[str, str | None]]:
    from ascend_studio.codegen import read_env_script  # the shell reader: only for --env-file

    if not Path(name).is_file():  # a typo would silently give every default path
        raise _Usage(f"--env-file {name}: no such file")
    script = read_env_script(name)
    for problem in script.problems_in(lang):
        print(f"ascend-studio paths: {name}: {problem}", file=sys.stderr)
    return name, script.values


def _environment(args: argparse.Namespace, profile: Any) -> Environment:
    scripts = [_env_script(name, args.lang) for name in args.env_file]
    return Environment.build(
        profile=profile, scripts=scripts, process=args.use_process_env, typed=_typed(args)
    )


_UNKNOWN = "unknown artifact {name}; known: {known}"
_UNKNOWN_NEAR = "unknown artifact {name}; did you mean {near}? known: {known}"


def _artifacts(args: argparse.Namespace) -> list[Any]:
    catalog = load_artifacts()
    wanted = []
    for name in args.artifact:
        found = catalog.find(name)
        if found is None:
            near = difflib.get_close_matches(name.lower(), catalog.names(), n=1, cutoff=0.5)
            known = ", ".join(a.id for a in sorted(catalog.artifacts, key=lambda a: a.id))
            text = _UNKNOWN_NEAR if near else _UNKNOWN
            fields = {"name": repr(name), "near": near[0] if near else "", "known": known}
            raise _Usage(say(text, args.lang, **fields))
        wanted.append(found.id)
    chosen = [a for a in catalog.artifacts if not wanted or a.id in wanted]
    return [a for a in chosen if args.all or wanted or a.scope == "tf_adapter"]


def run(args: argparse.Namespace) -> int:
    try:
        profile = _profile(args)
        release = release_from_args(args, shipped_catalog(), COMMAND)
        if release is not None:
            profile = profile.with_release(release)
        env = _environment(args, profile)
        chosen = _artifacts(args)
    except ProfileError as exc:
        print(f"ascend-studio paths: {exc.text(args.lang)}", file=sys.stderr)
        return 2
    except (_Usage, OSError, ValueError) as exc:
        print(f"ascend-studio paths: {exc}", file=sys.stderr)
        return 2
    context = Context(args.cwd, args.home, args.pid, args.device_id, args.session_id)
    resolutions = resolve(profile, env, context, artifacts=chosen)
    if args.json:
        document = paths_document(profile, env, context, resolutions)
        json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(resolutions, args.lang, by_dir=args.by_dir))
    return 0
