"""Precision of ``validate`` on real training scripts nobody here wrote.

Usage: ``python benchmarks/corpus.py CORPUS [CORPUS...] [--triage docs/corpus-triage.md]
[--json] [--warnings-out FILE]`` where each CORPUS is a folder of scripts: the
``TensorFlow/built-in`` folder of a checkout of the public repository
Ascend/ModelZoo-TensorFlow, the Python and shell files of Ascend/samples or
Ascend/tools... (not part of CI: it needs those checkouts).

Every training and env script under each CORPUS is validated in this one process by
``ascend-studio validate --format json`` itself (``run_cli``, output captured), so
the figures are exactly what a CI run gets: import findings (``import.<kind>``) and
rule findings alike. A *training and env script* is

* a ``.py`` file that configures the NPU: it names ``NPURunConfig``,
  ``NPUEstimator``, ``parameter_map`` (session options), ``DumpConfig``,
  ``ProfilingConfig`` or the ``npu_*_config_init`` helpers;
* a ``.sh`` file that assigns or exports an Ascend/NPU variable (``ASCEND_*``,
  ``NPU_*``, ``RANK_*``, ``DEVICE_ID``, ``JOB_ID``, ``HCCL_*``...) or launches a
  Python script.

It prints how many files were selected, then per rule id the errors and warnings,
the files with any error, and the share of errors that are real according to the
triage table (``docs/corpus-triage.md``: one row per error class, ``true`` or
``false``). Targets: at least 95 % of errors real, at most 1 % of files with any
error. Exit status 1 when a target is missed or an error class is not triaged.
``--warnings-out`` writes every warning (file, line, rule id, message) as JSON
lines, for sampling and triage by hand.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ascend_studio.cli import run_cli

PRECISION_TARGET = 0.95
FILES_TARGET = 0.01
DEFAULT_TRIAGE = Path(__file__).resolve().parent.parent / "docs" / "corpus-triage.md"

PY_MARKERS = re.compile(
    r"NPURunConfig|NPUEstimator|parameter_map|DumpConfig|ProfilingConfig"
    r"|npu_run_config_init|npu_session_config_init|npu_config_proto"
)
_SH_VARS = (
    r"ASCEND_\w+|NPU_\w+|RANK_\w+|DEVICE_ID|DEVICE_INDEX|JOB_ID|HCCL_\w+|GE_\w+"
    r"|DUMP_\w+|PROFILING_\w+|TE_PARALLEL_COMPILER|CM_\w+|TF_CONFIG|AOE_MODE"
)
SH_MARKERS = re.compile(rf"^\s*(?:export\s+)?(?:{_SH_VARS})=|python[0-9.]*\s+\S*\.py", re.MULTILINE)


def selected(root: Path) -> Iterator[Path]:
    """The training and env scripts under ``root``, in path order."""
    for path in sorted(root.rglob("*")):
        suffix = path.suffix.lower()
        if suffix not in (".py", ".sh") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        markers = PY_MARKERS if suffix == ".py" else SH_MARKERS
        if markers.search(text):
            yield path


@dataclass(frozen=True)
class Warning_:
    file: str
    line: int
    rule_id: str
    message: str


@dataclass
class Tally:
    files: Counter[str] = field(default_factory=Counter)
    #: Every warning, in file order (for sampling).
    warning_list: list[Warning_] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    warnings: Counter[str] = field(default_factory=Counter)
    infos: Counter[str] = field(default_factory=Counter)
    import_errors: Counter[str] = field(default_factory=Counter)
    error_files: list[str] = field(default_factory=list)
    #: Errors per class (rule id, split off when the value is shell text).
    classes: Counter[str] = field(default_factory=Counter)
    #: One sample file per error class (for the triage table).
    samples: dict[str, str] = field(default_factory=dict)
    crashes: list[str] = field(default_factory=list)


SHELL = " [shell text]"
#: The prefix of the findings the import itself reports (a line that does not parse...).
IMPORT = "import"


def error_class(rule_id: str, value: dict[str, object] | None) -> str:
    """The triage class: the rule id, with values only known at run time set apart."""
    shell = any(isinstance(v, str) and ("$" in v or "`" in v) for v in (value or {}).values())
    return rule_id + (SHELL if shell else "")


def validate_json(path: Path) -> tuple[int, dict[str, Any]]:
    """``ascend-studio validate --format json PATH`` run in this process: (status, document)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = run_cli(["validate", "--format", "json", str(path)])
    text = out.getvalue()
    return status, (json.loads(text) if text.strip() else {})


def _quoted_shell_text(message: str) -> dict[str, object]:
    """The values a message quotes, for :func:`error_class` (``RANK_SIZE='$2'``)."""
    return {"quoted": message} if re.search(r"=\S*[$`]", message) else {}


def check(path: Path, root: Path, tally: Tally, prefix: str = "") -> None:
    """Validate one file exactly as ``ascend-studio validate`` does and count what it says."""
    name = prefix + str(path.relative_to(root))
    tally.files[path.suffix.lower()] += 1
    try:
        status, document = validate_json(path)
    except Exception as exc:  # a crash is a finding, not a stop
        tally.crashes.append(f"{name}: {type(exc).__name__}: {exc}")
        return
    bins = {"error": tally.errors, "warning": tally.warnings, "info": tally.infos}
    for checked in document.get("files", []):
        for f in checked["findings"]:
            rule_id, severity, message = f["rule_id"], f["severity"], f["message"]["en"]
            bins[severity][rule_id] += 1
            if severity == "error":
                kind = error_class(rule_id, _quoted_shell_text(message))
                tally.classes[kind] += 1
                tally.samples.setdefault(kind, name)
                if rule_id.startswith(IMPORT + "."):
                    tally.import_errors[rule_id] += 1
            elif severity == "warning":
                tally.warning_list.append(Warning_(name, f["line"], rule_id, message))
    if status == 1:
        tally.error_files.append(name)


_ROW = re.compile(r"^\|\s*`([^`]+)`( \[shell text\])?\s*\|\s*(true|false)\s*\|", re.IGNORECASE)


def read_triage(path: Path) -> dict[str, bool]:
    """Rule id -> are its errors on the corpus real (rows of the triage table)."""
    if not path.is_file():
        return {}
    verdicts: dict[str, bool] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _ROW.match(line)
        if match:
            verdicts[match.group(1) + (match.group(2) or "")] = match.group(3).lower() == "true"
    return verdicts


def summary(tally: Tally, triage: dict[str, bool]) -> dict[str, object]:
    total = sum(tally.files.values())
    errors = sum(tally.classes.values())
    untriaged = sorted(c for c in tally.classes if c not in triage)
    real = sum(n for c, n in tally.classes.items() if triage.get(c))
    return {
        "files": dict(tally.files),
        "total_files": total,
        "errors": errors,
        "warnings": sum(tally.warnings.values()),
        "files_with_error": len(tally.error_files),
        "files_with_error_share": len(tally.error_files) / total if total else 0.0,
        "error_precision": real / errors if errors else 1.0,
        "untriaged": untriaged,
        "crashes": tally.crashes,
        "import_errors": dict(tally.import_errors),
        "per_class": dict(tally.classes),
        "per_rule": {
            r: {"errors": tally.errors[r], "warnings": tally.warnings[r]}
            for r in sorted(set(tally.errors) | set(tally.warnings))
        },
        "samples": tally.samples,
    }


def print_text(s: dict[str, object], tally: Tally, triage: dict[str, bool], secs: float) -> None:
    files = s["files"]
    assert isinstance(files, dict)
    print(
        f"selected {s['total_files']} files ({files.get('.py', 0)} .py, "
        f"{files.get('.sh', 0)} .sh) in {secs:.1f} s"
    )
    print(f"{'rule id':<48} {'errors':>7} {'warnings':>8}")
    for rule_id in sorted(set(tally.errors) | set(tally.warnings)):
        print(f"{rule_id:<48} {tally.errors[rule_id]:>7} {tally.warnings[rule_id]:>8}")
    print(f"{'error class':<62} {'errors':>7}  triage")
    for name, count in sorted(tally.classes.items()):
        verdict = {True: "real", False: "FALSE"}.get(triage.get(name), "?")  # type: ignore[call-overload]
        print(f"{name:<62} {count:>7}  {verdict:<5}  e.g. {tally.samples[name]}")
    print(
        f"errors {s['errors']}, warnings {s['warnings']}, "
        f"import errors {sum(tally.import_errors.values())} {dict(tally.import_errors)}"
    )
    share = s["files_with_error_share"]
    precision = s["error_precision"]
    assert isinstance(share, float) and isinstance(precision, float)
    print(f"files with any error: {s['files_with_error']} ({share:.2%}; target <= 1%)")
    print(f"error precision (triage): {precision:.1%} (target >= 95%)")
    if s["untriaged"]:
        print(f"not in the triage table: {', '.join(s['untriaged'])}")  # type: ignore[arg-type]
    for crash in tally.crashes:
        print(f"CRASH {crash}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "corpus", type=Path, nargs="+", help="folders of scripts (TensorFlow/built-in...)"
    )
    parser.add_argument("--triage", type=Path, default=DEFAULT_TRIAGE)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--list-errors", action="store_true", help="print files with errors")
    parser.add_argument("--warnings-out", type=Path, help="write every warning as JSON lines")
    args = parser.parse_args(argv)
    missing = [c for c in args.corpus if not c.is_dir()]
    if missing:
        print(f"corpus.py: {missing[0]}: not a directory", file=sys.stderr)
        return 2
    start = time.perf_counter()
    tally = Tally()
    for root in args.corpus:
        prefix = f"{root.name}/" if len(args.corpus) > 1 else ""
        for path in selected(root):
            check(path, root, tally, prefix)
    secs = time.perf_counter() - start
    if args.warnings_out is not None:
        lines = [json.dumps(w.__dict__, ensure_ascii=False) for w in tally.warning_list]
        args.warnings_out.write_text("".join(f"{line}\n" for line in lines), "utf-8")
    triage = read_triage(args.triage)
    s = summary(tally, triage)
    if args.json:
        json.dump(s, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print_text(s, tally, triage, secs)
        if args.list_errors:
            print("\n".join(tally.error_files))
    missed = (
        s["error_precision"] < PRECISION_TARGET  # type: ignore[operator]
        or s["files_with_error_share"] > FILES_TARGET  # type: ignore[operator]
        or bool(s["untriaged"])
        or bool(tally.crashes)
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
