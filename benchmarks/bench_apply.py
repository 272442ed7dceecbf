"""Apply speed: changing one value in a 5,000-line script against importing it.

Target: ``apply_python`` takes <= 5x ``import_python`` of the same text. Its
floor is 3x: it reads the script three times (the import it compares with, the
scanner pass that locates the calls, and the read-back of the result that checks
every change landed); libcst then runs only on the statements an edit touches.
The whole-module libcst edit that replaced is timed too, for comparison (no
target; about 15x slower on 5,000 lines).
Usage: ``python benchmarks/bench_apply.py [--runs N] [--lines N]``. Exits 1
when the ratio is over target.
"""

from __future__ import annotations

import argparse
import sys
from unittest import mock

from bench_codegen import _time, typical

from ascend_studio.apply import _cst, apply_python
from ascend_studio.codegen import import_python

TARGET = 5.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lines", type=int, default=5000)
    args = parser.parse_args(argv)
    text = typical(args.lines)
    profile = import_python(text).configs[0].profile.with_value("hccl_timeout", 600)
    assert "hccl_timeout=600" in apply_python(text, profile).after
    import_ms = _time(lambda: import_python(text), args.runs)
    apply_ms = _time(lambda: apply_python(text, profile), args.runs)
    with mock.patch.object(_cst, "find_chunks", lambda *_a: None):
        whole_ms = _time(lambda: apply_python(text, profile), max(1, args.runs // 2))
    ratio = apply_ms / import_ms
    verdict = "ok" if ratio <= TARGET else "OVER TARGET"
    print(
        f"apply {text.count(chr(10)):6d} lines  import_python {import_ms:7.1f} ms  "
        f"apply_python {apply_ms:7.1f} ms  ratio {ratio:4.2f} (target <= {TARGET}) {verdict}; "
        f"whole-module libcst edit {whole_ms:7.1f} ms ({whole_ms / apply_ms:4.1f}x slower)"
    )
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
