"""``validate`` on real TensorFlow 2 training scripts (TF Adapter 2.x) nobody here wrote.

Usage: ``python benchmarks/corpus_tf2.py CORPUS [--triage docs/corpus-triage-tf2.md] [--json]``
where CORPUS is the ``TensorFlow2/built-in`` folder of a checkout of the public
repository Ascend/ModelZoo-TensorFlow (not part of CI: it needs that checkout).

The sibling of ``corpus.py`` (same selection of shell scripts, same counting, same
triage format) for the 2.x surface. A Python file is selected when it uses
``npu_device`` (``global_options()``, ``open``, ``set_npu_loop_size``) or configures
TF Adapter 1.x. Besides the error precision it measures what the importer finds:
for every file whose text assigns ``global_options()`` options, whether a TF2
configuration is found, and how many of those assignment lines it read. Exit status
1 when a target is missed: a file that configures TF2 without a configuration
found, an assignment line not read, an error class not triaged or triaged false,
a crash.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import PY_MARKERS, SH_MARKERS, Tally, check, read_triage, summary

from ascend_studio.codegen import import_file

DEFAULT_TRIAGE = Path(__file__).resolve().parent.parent / "docs" / "corpus-triage-tf2.md"
TF2_MARKERS = re.compile(r"\bnpu_device\b|global_options\(\)")
#: An assignment to an option of global_options()'s tree, as the text spells it.
ASSIGNED = re.compile(r"^[ \t]*[\w.]*global_options\(\)(?:\.\w+)+[ \t]*=[^=]", re.MULTILINE)


def selected(root: Path) -> list[Path]:
    """The TF2 (and any 1.x) training scripts and the env scripts under ``root``."""
    found: list[Path] = []
    for path in sorted(root.rglob("*")):
        suffix = path.suffix.lower()
        if suffix not in (".py", ".sh") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        markers = (TF2_MARKERS, PY_MARKERS) if suffix == ".py" else (SH_MARKERS,)
        if any(m.search(text) for m in markers):
            found.append(path)
    return found


@dataclass
class Found:
    """What the importer finds of the 2.x surface."""

    #: Files whose text assigns global_options() options.
    configuring: int = 0
    #: ... of which a TF2 configuration was found in.
    with_config: int = 0
    assignments: int = 0
    read: int = 0
    missed_files: list[str] = field(default_factory=list)
    missed_lines: list[str] = field(default_factory=list)
    #: Files with a TF2 configuration (open()/set_npu_loop_size alone included).
    tf2_configs: int = 0


def measure(path: Path, root: Path, found: Found) -> None:
    """Compare what the text assigns with what the importer read (one file)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    lines = {text.count("\n", 0, m.start()) + 1 for m in ASSIGNED.finditer(text)}
    result = import_file(path)
    configs = [c for c in result.configs if c.profile.surface == "tf2"]
    found.tf2_configs += bool(configs)
    if not lines:
        return
    name = str(path.relative_to(root))
    found.configuring += 1
    found.with_config += bool(configs)
    if not configs:
        found.missed_files.append(name)
    kinds = ("recognized", "verbatim", "unknown_kwarg", "conflict", "conditional", "ignored")
    read = {i.line for i in result.report.items if i.kind in kinds and i.line}
    found.assignments += len(lines)
    found.read += len(lines & read)
    found.missed_lines += [f"{name}:{n}" for n in sorted(lines - read)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, help="TensorFlow2/built-in of ModelZoo-TensorFlow")
    parser.add_argument("--triage", type=Path, default=DEFAULT_TRIAGE)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--list-errors", action="store_true", help="print files with errors")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"corpus_tf2.py: {args.corpus}: not a directory", file=sys.stderr)
        return 2
    start = time.perf_counter()
    tally, found = Tally(), Found()
    for path in selected(args.corpus):
        check(path, args.corpus, tally)
        if path.suffix.lower() == ".py":
            try:
                measure(path, args.corpus, found)
            except Exception as exc:  # a crash is a finding, not a stop
                tally.crashes.append(f"{path}: {type(exc).__name__}: {exc}")
    secs = time.perf_counter() - start
    triage = read_triage(args.triage)
    s = summary(tally, triage)
    s["tf2"] = {
        "files_assigning_options": found.configuring,
        "with_a_tf2_configuration": found.with_config,
        "files_with_a_tf2_configuration": found.tf2_configs,
        "assignment_lines": found.assignments,
        "read": found.read,
        "missed_files": found.missed_files,
        "missed_lines": found.missed_lines,
    }
    false = sorted(c for c in tally.classes if triage.get(c) is False)
    if args.json:
        json.dump(s, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        _print(s, tally, triage, found, secs)
        if args.list_errors:
            print("\n".join(tally.error_files))
    missed = (
        bool(found.missed_files or found.missed_lines or false)
        or bool(s["untriaged"])
        or bool(tally.crashes)
    )
    return 1 if missed else 0


def _print(
    s: dict[str, object], tally: Tally, triage: dict[str, bool], found: Found, secs: float
) -> None:
    files = s["files"]
    assert isinstance(files, dict)
    print(
        f"selected {s['total_files']} files ({files.get('.py', 0)} .py, "
        f"{files.get('.sh', 0)} .sh) in {secs:.1f} s"
    )
    print(
        f"files assigning global_options(): {found.configuring}, with a TF2 configuration: "
        f"{found.with_config}; assignment lines {found.assignments}, read {found.read}; "
        f"files with a TF2 configuration (open() alone included): {found.tf2_configs}"
    )
    for item in [*found.missed_files, *found.missed_lines]:
        print(f"MISSED {item}")
    print(f"{'rule id':<48} {'errors':>7} {'warnings':>8}")
    for rule_id in sorted(set(tally.errors) | set(tally.warnings)):
        print(f"{rule_id:<48} {tally.errors[rule_id]:>7} {tally.warnings[rule_id]:>8}")
    print(f"{'error class':<62} {'errors':>7}  triage")
    for name, count in sorted(tally.classes.items()):
        verdict = {True: "real", False: "FALSE"}.get(triage.get(name), "?")  # type: ignore[call-overload]
        print(f"{name:<62} {count:>7}  {verdict:<5}  e.g. {tally.samples[name]}")
    print(
        f"errors {s['errors']}, warnings {s['warnings']}, files with any error {s['files_with_error']}"
    )
    if s["untriaged"]:
        print(f"not in the triage table: {', '.join(s['untriaged'])}")  # type: ignore[arg-type]
    for crash in tally.crashes:
        print(f"CRASH {crash}")


if __name__ == "__main__":
    sys.exit(main())
