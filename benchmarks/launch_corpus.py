"""``launch-check`` on every multi-card launch script of a corpus: ranks and findings.

Usage: ``python benchmarks/launch_corpus.py CORPUS [--pattern '*8p*.sh'] [--json]``
where CORPUS is the ``TensorFlow/built-in`` folder of a checkout of the public
repository Ascend/ModelZoo-TensorFlow (not part of CI: it needs that checkout).

Each script is run through ``ascend-studio launch-check --json`` in this process
(``run_cli``, output captured), so the figures are what users get. Printed: how
many scripts, how many ranks each expanded to, the findings per check and
severity, and every error with its script (the triage in
``docs/launch-check-triage.md`` says which are real). Exit status 1 when a
script made the command fail (status 2) or crash.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from ascend_studio.cli import run_cli


def check_one(path: Path) -> tuple[int, dict[str, Any] | None]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = run_cli(["launch-check", str(path), "--json"])
    return status, (json.loads(out.getvalue()) if status in (0, 1) else None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--pattern", default="*8p*.sh")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    scripts = sorted(args.corpus.rglob(args.pattern))
    ranks: Counter[int] = Counter()
    findings: Counter[tuple[str, str]] = Counter()
    errors: list[tuple[str, str, str]] = []
    failed: list[str] = []
    start = time.perf_counter()
    for path in scripts:
        name = str(path.relative_to(args.corpus))
        _, report = check_one(path)
        if report is None:
            failed.append(name)
            continue
        ranks[len(report["ranks"])] += 1
        for f in report["findings"]:
            findings[(f["severity"], f["check"])] += 1
            if f["severity"] == "error":
                errors.append((name, f["check"], f["message"]["en"]))
    seconds = time.perf_counter() - start
    summary = {
        "scripts": len(scripts),
        "seconds": round(seconds, 2),
        "ranks": {str(k): v for k, v in sorted(ranks.items())},
        "findings": {f"{s} {c}": n for (s, c), n in findings.most_common()},
        "errors": [{"script": s, "check": c, "message": m} for s, c, m in errors],
        "failed": failed,
    }
    if args.json:
        json.dump(summary, sys.stdout, indent=2)
        print()
    else:
        print(f"{len(scripts)} scripts in {seconds:.1f} s")
        print("ranks per script: " + ", ".join(f"{k}: {v}" for k, v in sorted(ranks.items())))
        for (severity, check), count in findings.most_common():
            print(f"  {count:>5}  {severity:<7} {check}")
        for script, check, message in errors:
            print(f"error {check} {script}: {message}")
        for name in failed:
            print(f"FAILED {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
