"""``ascend-studio validate``: check a profile (or a script) against every rule.

Exit status: 0 when no errors were found (warnings and info allowed), 1 when at
least one error was found (by a rule, or by the import: a line that does not
parse, Windows line endings in a shell script), 2 when the file cannot be read, holds no configuration
(an empty file, whatever its format) or the arguments are wrong. Python and shell files are read through the importer, never executed.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path
from typing import Any

from ascend_studio.cli import counted, found_configs
from ascend_studio.cli._params import product_id, unknown_product
from ascend_studio.codegen import ImportedConfig, ReportItem, import_file, on_one_path
from ascend_studio.profile import Expr, Profile, ProfileError, bytes_json, load_profile
from ascend_studio.rules import SEVERITIES, Diagnostic, Explanation, evaluate, explain
from ascend_studio.schema import shipped_catalog

COMMAND = "validate"

#: (label, profile as checked, the imported configuration: None for a profile file)
Loaded = list[tuple[str, Profile, ImportedConfig | None]]


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help="check a profile or script against the rules (exit 1 on errors)",
        description=(
            "Evaluate every rule on FILE: a profile (.json), or a Python training script or "
            "shell/env script, which is imported without being run. Exit status: 0 when no "
            "error is found, 1 when any error is found (by a rule or by the import), 2 when FILE cannot be read or holds no "
            "configuration (an empty file included, in every format) or the arguments are wrong."
        ),
    )
    parser.add_argument("file", metavar="FILE")
    parser.add_argument(
        "--product", help="check for this product (id, name or alias) instead of the file's"
    )
    parser.add_argument(
        "--scenario", choices=["training", "inference"], help="override the scenario"
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--lang", choices=["en", "zh"], default="en", help="message language")
    parser.add_argument(
        "--explain",
        action="append",
        default=[],
        metavar="PARAM",
        help="also explain a parameter (path like dump_config.dump_mode, or env:NAME)",
    )
    parser.set_defaults(handler=run)


#: Import findings the rules report themselves (an unknown keyword is a rule error).
_RULE_COVERED = frozenset({"unknown_kwarg"})


def _load(path: str) -> tuple[Loaded, list[ReportItem]]:
    """The configurations in ``path`` and the importer's errors and warnings.

    A script is checked as written: where the import converted a value to the type
    or spelling the real code accepts (``aoe_mode=2``, ``variable_placement="host"``),
    the rules see the script's own value, since that is what the job would get.
    """
    if Path(path).suffix.lower() == ".json":
        return [(path, load_profile(path), None)], []
    result = found_configs(import_file(path))
    problems = [
        item
        for item in result.report.items
        if item.severity != "info" and item.kind not in _RULE_COVERED
    ]
    loaded: Loaded = [(f"{path} ({c.label})", c.profile_as_written(), c) for c in result.configs]
    return loaded, problems


def _retarget(loaded: Loaded, args: argparse.Namespace) -> Loaded:
    return [(label, p.with_target(args.product, args.scenario), c) for label, p, c in loaded]


def _jsonable(value: object) -> object:
    if isinstance(value, Expr):
        return {"expr": value.expr}
    if isinstance(value, bytes):  # as in the profile file
        return bytes_json(value)
    return value


def diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    return {
        "rule_id": d.rule_id,
        "severity": d.severity,
        "params": list(d.params),
        "message": {"zh": d.message.zh, "en": d.message.en},
        "fix": None if d.fix is None else {"zh": d.fix.zh, "en": d.fix.en},
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
            "note": None if e.effective.note is None else e.effective.note.model_dump(),
        },
        "affects": [{"path": i.path, "value": i.shown} for i in e.affects],
        "affected_by": [{"path": i.path, "value": i.shown} for i in e.affected_by],
        "rules": [
            {"rule_id": r.rule_id, "severity": r.severity, "fires": r.fires, "role": r.role}
            for r in e.rules
        ],
    }


def _counts(found: list[Diagnostic]) -> dict[str, int]:
    return {s: sum(1 for d in found if d.severity == s) for s in SEVERITIES}


def _print_diagnostic(d: Diagnostic, lang: str) -> None:
    print(f"  {d.severity:<7} {d.rule_id}  [{', '.join(d.params)}]")
    print(f"          {d.message.get(lang)}")
    if d.fix is not None:
        print(f"          {'修改' if lang == 'zh' else 'fix'}: {d.fix.get(lang)}")
    print(f"          {'来源' if lang == 'zh' else 'source'}: {d.source}")


def _print_explanation(e: Explanation, lang: str) -> None:
    eff = e.effective
    note = f" ({eff.note.get(lang)})" if eff.note else ""
    print(f"  why {e.path}: effective {eff.value!r} [{eff.source}]{note}")
    for label, items in (("affects", e.affects), ("affected by", e.affected_by)):
        if items:
            print(f"    {label}: " + ", ".join(f"{i.path}={i.shown}" for i in items))
    for link in e.rules:
        mark = "FIRES" if link.fires else "quiet"
        print(f"    {mark:<5} {link.severity:<7} {link.rule_id}: {link.message.get(lang)}")


def _report(loaded: Loaded, args: argparse.Namespace, problems: list[ReportItem]) -> int:
    catalog = shipped_catalog()
    results = [(label, p, on_one_path(c, evaluate(p, catalog))) for label, p, c in loaded]
    explained = [[explain(p, path, catalog) for path in args.explain] for _, p, _ in results]
    if args.json:
        document = {
            "import_errors": [i.text("en") for i in problems if i.severity == "error"],
            "import_warnings": [i.text("en") for i in problems if i.severity == "warning"],
            "configs": [
                {
                    "label": label,
                    "product": p.product,
                    "scenario": p.scenario,
                    "counts": _counts(found),
                    "diagnostics": [diagnostic_json(d) for d in found],
                    "explanations": [explanation_json(e) for e in why],
                }
                for (label, p, found), why in zip(results, explained, strict=True)
            ],
        }
        json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        for item in sorted(problems, key=lambda i: i.line or 0):
            print(f"import: {item.severity} [{item.kind}] {item.text(args.lang)}")
        for (label, p, found), why in zip(results, explained, strict=True):
            counts = _counts(found)
            print(
                f"{label}: {p.product}, {p.scenario}: "
                + ", ".join(
                    counted(n, s) if s != "info" else f"{n} info" for s, n in counts.items()
                )
            )
            for d in found:
                _print_diagnostic(d, args.lang)
            for e in why:
                _print_explanation(e, args.lang)
    import_error = any(item.severity == "error" for item in problems)
    rule_error = any(d.severity == "error" for _, _, found in results for d in found)
    return 1 if import_error or rule_error else 0


def run(args: argparse.Namespace) -> int:
    catalog = shipped_catalog()
    if args.product:
        found = product_id(catalog, args.product)
        if found is None:
            print(
                f"ascend-studio validate: {unknown_product(catalog, args.product)}", file=sys.stderr
            )
            return 2
        args.product = found
    unknown = [p for p in args.explain if not p.startswith("env:") and not catalog.has(p)]
    if unknown:
        near = difflib.get_close_matches(unknown[0], [p.path for p in catalog.params], n=1)
        hint = f"; did you mean {near[0]}?" if near else " (a path like dump_config.dump_mode)"
        print(
            f"ascend-studio validate: --explain: unknown parameter {unknown[0]!r}{hint}",
            file=sys.stderr,
        )
        return 2
    try:
        loaded, problems = _load(args.file)
    except ProfileError as exc:
        print(f"ascend-studio validate: {exc}", file=sys.stderr)
        return 2
    if not loaded:
        lines = [i.text(args.lang) for i in problems if i.severity == "error"]
        for line in lines or [
            "nothing found: no NPURunConfig configuration or environment setting"
        ]:
            print(f"ascend-studio validate: {args.file}: {line}", file=sys.stderr)
        return 2
    return _report(_retarget(loaded, args), args, problems)
