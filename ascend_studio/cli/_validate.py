"""``ascend-studio validate``: check a profile (or a script) against every rule.

Exit status: 0 when no errors were found (warnings and info allowed), 1 when at
least one error was found (by a rule, or by the import: a line that does not
parse, Windows line endings in a shell script, a setting that fails when the script
runs, even the file's only one), 2 when the file cannot be read, holds no configuration
(an empty file, whatever its format) or the arguments are wrong. Python and shell files are read through the importer, never executed.

One FILE gives the detailed report below; several paths, a folder or a batch
option run :mod:`ascend_studio.lint` (one finding per line, JSON, SARIF, GitHub
annotations).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ascend_studio._release_option import (
    UnknownReleaseError,
    add_release_argument,
    print_notes,
    release_problem,
    resolve_release,
)
from ascend_studio._words import json_text, printable, say
from ascend_studio.cli import found_configs
from ascend_studio.cli._companions import (
    attach,
    location_json,
    not_a_configuration,
    reads_json,
)
from ascend_studio.cli._params import product_id, unknown_product
from ascend_studio.cli._validate_text import Result, print_report
from ascend_studio.codegen import ImportedConfig, ReportItem
from ascend_studio.companion import FileRead
from ascend_studio.lint._config import ConfigError
from ascend_studio.lint._options import (
    BATCH_EPILOG,
    EpilogAsWritten,
    add_batch_arguments,
    add_fix_arguments,
    is_batch,
    wants_fixes,
)
from ascend_studio.lint._select import import_rule_id
from ascend_studio.lint._settings import CommandLine, Settings, settings_for, with_release
from ascend_studio.profile import (
    Expr,
    Profile,
    ProfileError,
    bytes_json,
    load_profile,
    target_of,
)
from ascend_studio.rules import (
    SEVERITIES,
    Diagnostic,
    Explanation,
    evaluate,
    explain,
    fix_json,
)
from ascend_studio.schema import Catalog, shipped_catalog

if TYPE_CHECKING:
    from ascend_studio.lint._comments import FileSuppressions

COMMAND = "validate"
SUMMARY = "check a profile or script against the rules (exit 1 on errors)"

#: (label, profile as checked, the imported configuration: None for a profile file)
Loaded = list[tuple[str, Profile, ImportedConfig | None]]
#: Per configuration label: what became of its companion files.
Reads = dict[str, tuple[FileRead, ...]]


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Evaluate every rule on FILE: a profile (.json), or a Python training script or "
            "shell/env script, which is imported without being run. The files parameters such as "
            "op_debug_config point to are read too (a relative path from the working directory, "
            "then from FILE's folder) and checked with their line numbers; a file not found is "
            "reported, not an error. Exit status: 0 when no "
            "error is found, 1 when any error is found (by a rule or by the import, such as a "
            "setting that fails when the script runs), 2 when FILE cannot be read or holds no "
            "configuration (an empty file included, in every format) or the arguments are wrong."
        ),
        epilog=BATCH_EPILOG,
        formatter_class=EpilogAsWritten,
    )
    parser.add_argument(
        "paths", nargs="*", metavar="PATH", help="files or folders (default: the working directory)"
    )
    parser.add_argument(
        "--product", help="check for this product (id, name or alias) instead of the file's"
    )
    parser.add_argument(
        "--scenario", choices=["training", "inference"], help="override the scenario"
    )
    add_release_argument(parser)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--lang", choices=["en", "zh"], default=None, help="message language")
    parser.add_argument(
        "--explain",
        action="append",
        default=[],
        metavar="PARAM",
        help="also explain a parameter (path like dump_config.dump_mode, or env:NAME)",
    )
    add_fix_arguments(parser)
    add_batch_arguments(parser)
    parser.set_defaults(handler=run)


def _with_files(path: str, loaded: Loaded) -> tuple[Loaded, Reads]:
    """Each configuration with the files its path parameters name, read from disk."""
    attached = [(label, *attach(p, path), c) for label, p, c in loaded]
    return [(label, p, c) for label, p, _, c in attached], {label: r for label, _, r, _ in attached}


def _load(path: str) -> tuple[Loaded, list[ReportItem], FileSuppressions | None]:
    """The configurations in ``path`` and the importer's errors and warnings.

    A script is checked as written: where the import converted a value to the type
    or spelling the real code accepts (``aoe_mode=2``, ``variable_placement="host"``),
    the rules see the script's own value, since that is what the job would get.
    """
    if Path(path).suffix.lower() == ".json":
        profile = load_profile(path)
        return [(path, profile, ImportedConfig(profile, "profile"))], [], None
    from ascend_studio.codegen import import_file  # the importers: for a script only
    from ascend_studio.lint._comments import FileSuppressions  # suppression comments: idem
    from ascend_studio.lint._reported import reported_items  # what the batch reports: idem

    result = found_configs(import_file(path))
    problems = reported_items(result, shipped_catalog())
    loaded: Loaded = [(f"{path} ({c.label})", c.profile_as_written(), c) for c in result.configs]
    return loaded, problems, FileSuppressions.read(Path(path), result)


def _retarget(loaded: Loaded, args: argparse.Namespace) -> Loaded:
    return [(label, p.with_target(args.product, args.scenario), c) for label, p, c in loaded]


def _jsonable(value: object) -> object:
    if isinstance(value, Expr):
        return {"expr": value.expr}
    if isinstance(value, bytes):  # as in the profile file
        return bytes_json(value)
    return value


def diagnostic_json(
    d: Diagnostic, profile: Profile | None = None, reads: tuple[FileRead, ...] = ()
) -> dict[str, Any]:
    return {
        "location": None if profile is None else location_json(d, profile, reads),
        "rule_id": d.rule_id,
        "severity": d.severity,
        "params": list(d.params),
        "message": {"zh": d.message.zh, "en": d.message.en},
        "fix": None if d.fix is None else {"zh": d.fix.zh, "en": d.fix.en},
        "fixes": [fix_json(fix) for fix in d.fixes],
        "source": d.source,
        "value": None if d.value is None else {k: _jsonable(v) for k, v in d.value.items()},
    }


def explanation_json(e: Explanation) -> dict[str, Any]:
    return {
        "path": e.path,
        "effective": {
            "value": _jsonable(e.effective.value),
            "source": e.effective.source,
            "differs": e.effective.differs,
            "note": None if e.effective.note is None else dataclasses.asdict(e.effective.note),
        },
        "affects": [{"path": i.path, "value": i.shown} for i in e.affects],
        "affected_by": [{"path": i.path, "value": i.shown} for i in e.affected_by],
        "rules": [
            {"rule_id": r.rule_id, "severity": r.severity, "fires": r.fires, "role": r.role}
            for r in e.rules
        ],
    }


#: (label, profile as checked, its diagnostics, the target axes it leaves unnamed)
Results = list[Result]


def _json_document(
    results: Results, explained: list[list[Explanation]], problems: list[ReportItem], reads: Reads
) -> dict[str, Any]:
    return {
        "counts": _total(results, problems),
        "import_errors": [i.text("en") for i in problems if i.severity == "error"],
        "import_warnings": [i.text("en") for i in problems if i.severity == "warning"],
        "import_notes": [i.text("en") for i in problems if i.severity == "info"],
        "configs": [
            {
                "label": label,
                "product": p.product,
                "scenario": target_of(p).scenario,
                "release": p.release,
                "counts": {s: sum(1 for d in found if d.severity == s) for s in SEVERITIES},
                "files": reads_json(reads.get(label, ())),
                "diagnostics": [diagnostic_json(d, p, reads.get(label, ())) for d in found],
                "explanations": [explanation_json(e) for e in why],
            }
            for (label, p, found, _unnamed), why in zip(results, explained, strict=True)
        ],
    }


def _shown(
    found: list[Diagnostic],
    config: ImportedConfig | None,
    settings: Settings,
    comments: FileSuppressions | None,
) -> list[Diagnostic]:
    """The diagnostics the project configuration selects and no comment in the file silences."""
    keep = comments.keeper(config) if comments is not None and config is not None else None
    return [d for d in found if settings.enabled(d.rule_id) and (keep is None or keep(d))]


def _kept(item: ReportItem, settings: Settings, comments: FileSuppressions | None) -> bool:
    """An import finding the settings select and no comment on its line silences."""
    rule_id = import_rule_id(item)
    if not settings.enabled(rule_id):
        return False
    lines = [item.line] if item.line is not None else []
    return comments is None or not comments.suppressions.silenced(rule_id, lines)


def _report(
    loaded: Loaded,
    args: argparse.Namespace,
    problems: list[ReportItem],
    settings: Settings,
    comments: FileSuppressions | None,
    *,
    reads: Reads,
) -> int:
    catalog = shipped_catalog()
    problems = [i for i in problems if _kept(i, settings, comments)]
    results: Results = []
    for label, p, c in loaded:
        late = c.after_open if c is not None else None
        found = evaluate(p, catalog, after_open=late)
        results.append((label, p, _shown(found, c, settings, comments), target_of(p).unnamed))
    explained = [[explain(p, path, catalog) for path in args.explain] for _, p, _, _ in results]
    if args.json:
        document = _json_document(results, explained, problems, reads)
        sys.stdout.write(json_text(document) + "\n")
    else:
        print_report(
            results,
            configs=[c for _, _, c in loaded],
            explained=explained,
            problems=problems,
            reads=reads,
            total=_total(results, problems),
            lang=args.lang,
        )
    return 1 if _total(results, problems)["error"] else 0


def _total(results: Results, problems: list[ReportItem]) -> dict[str, int]:
    """The file's count, as the batch report counts it: the import's findings and the
    rules', a finding two configurations share (the same variable) once."""
    seen = {(d.rule_id, d.params, d.message.en): d.severity for _, _, f, _ in results for d in f}
    counts: dict[str, int] = {s: sum(1 for v in seen.values() if v == s) for s in SEVERITIES}
    for item in problems:
        counts[item.severity] += 1
    return counts


def _project_settings(args: argparse.Namespace, catalog: Catalog) -> Settings | str:
    """The project configuration's settings for the one FILE, products resolved."""
    try:
        cli = CommandLine(args.product, args.scenario, release=args.release)
        settings = settings_for(Path(args.paths[0]), cli)
    except ConfigError as exc:
        return str(exc)
    release = settings.release
    if release.value is not None and (
        problem := release_problem(release.value, catalog, args.lang)
    ):
        return f"{release.origin}: {problem}"
    product = settings.product.value
    if product is not None:
        found = product_id(catalog, product)
        if found is None:
            return f"{settings.product.origin}: {unknown_product(catalog, product, args.lang)}"
        args.product = found
    args.scenario = settings.scenario.value
    return settings


def _unknown_explained(args: argparse.Namespace, catalog: Catalog) -> str | None:
    unknown = [p for p in args.explain if not p.startswith("env:") and not catalog.has(p)]
    if not unknown:
        return None
    import difflib  # a did-you-mean: only for a mistyped --explain

    near = difflib.get_close_matches(unknown[0], [p.path for p in catalog.params], n=1)
    name = repr(unknown[0])
    if near:
        said = say(
            "unknown parameter {name}; did you mean {near}?", args.lang, name=name, near=near[0]
        )
    else:
        said = say(
            "unknown parameter {name} (a path like dump_config.dump_mode)", args.lang, name=name
        )
    return f"--explain: {said}"


def _single_file_settings(args: argparse.Namespace, catalog: Catalog) -> Settings | str:
    """What applies to the one FILE, or why it cannot be checked."""
    file = Path(args.paths[0])
    if file.exists() and not file.is_file():  # a pipe or device could block the read
        return say("{path}: not a regular file or folder", args.lang, path=args.paths[0])
    companion = not_a_configuration(args.paths[0], args.lang)
    if companion is not None:
        return companion
    return _unknown_explained(args, catalog) or _project_settings(args, catalog)


def _resolver(catalog: Catalog) -> Callable[[str], str | None]:
    return lambda text: product_id(catalog, text)


def _target_args(args: argparse.Namespace, catalog: Catalog) -> str | None:
    """--product and --release resolved in place; the problem with them, if any."""
    if args.product:
        found = product_id(catalog, args.product)
        if found is None:
            return unknown_product(catalog, args.product, args.lang)
        args.product = found
    return _resolve_release_arg(args, catalog)


def run(args: argparse.Namespace) -> int:
    catalog = shipped_catalog()
    bad_target = _target_args(args, catalog)
    if bad_target is not None:
        return _fail(bad_target)
    if is_batch(args):
        from ascend_studio.lint._cli import run_batch_command  # the walker, formats, SARIF

        return run_batch_command(args, catalog, _resolver(catalog))
    settings = _single_file_settings(args, catalog)
    if isinstance(settings, str):
        return _fail(settings)
    problem = False
    if wants_fixes(args):
        from ascend_studio.lint._fixcli import run_fixes  # the apply machinery: only to fix

        ended, problem = run_fixes(args, catalog, _resolver(catalog), None)
        if ended is not None:
            return ended
    status = _single(args, settings)
    return max(status, 1) if problem and status != 2 else status


def _single(args: argparse.Namespace, settings: Settings) -> int:
    """The single-file report."""
    file = args.paths[0]
    try:
        loaded, problems, comments = _load(file)
    except ProfileError as exc:
        return _fail(exc.text(args.lang))
    if not loaded:
        lines = [i.text(args.lang) for i in problems if i.severity == "error"]
        nothing = "nothing found: no NPURunConfig configuration or environment setting"
        for line in lines or [say(nothing, args.lang)]:
            _fail(printable(f"{file}: {line}"))
        # read whole, and what it sets fails when it runs: found errors, not a bad input
        return 1 if any(i.kind == "call_error" for i in problems) else 2
    loaded, reads = _with_files(file, loaded)
    loaded = [
        (label, with_release(p, settings.release), c) for label, p, c in _retarget(loaded, args)
    ]
    return _report(loaded, args, problems, settings, comments, reads=reads)


def _resolve_release_arg(args: argparse.Namespace, catalog: Catalog) -> str | None:
    """``--release`` resolved (auto reads the machine, and says so); the problem if any."""
    if not args.release:
        return None
    try:
        resolved = resolve_release(args.release, catalog)
    except UnknownReleaseError as exc:
        return f"--release: {exc.text(args.lang or 'en')}"
    except ValueError as exc:
        return f"--release: {exc}"
    print_notes(resolved, COMMAND, args.lang or "en")
    args.release = resolved.release.id if resolved.release else None
    return None


def _fail(problem: str) -> int:
    print(f"ascend-studio validate: {printable(problem)}", file=sys.stderr)
    return 2
