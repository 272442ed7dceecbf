"""Every reader is linear: import time per MB stays flat from 1 MB to 20 MB.

Generated worst cases, each timed at growing sizes through
``import_text`` (file-type detection included), plus a profile read through
``parse_profile``. For each case the figure is seconds per MB at every size, and
the ratio of the slowest to the fastest per-MB time in the same run; a reader
that is quadratic doubles its per-MB time with every doubling of the size.
Python sources stop at the Python size limit (2 MB: ``ast.parse`` itself needs
about 0.5 GB per MB of statements). On one huge line (``x=1;`` repeated) CPython's
own ``ast.parse`` grows faster than linearly (measured: 0.8, 2.1, 6.1 s for
200, 400, 800 KB); the importer's share on top of it stays linear.

Usage: ``python benchmarks/bench_import_scaling.py [--max-mb 20] [--case NAME]``.
Target: ratio <= 2.0 for every case (exit 1 otherwise). The full run (20 MB)
takes several minutes; ``--max-mb 4`` is a quick check.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable

from ascend_studio.codegen import import_text
from ascend_studio.codegen._import_py import MAX_PYTHON_BYTES
from ascend_studio.profile import parse_profile

TARGET = 2.0
MB = 1024 * 1024
SIZES_MB = (1, 2, 5, 10, 20)
PY_SIZES_MB = (0.25, 0.5, 1, 2)


def _repeat(unit: str, size: int) -> str:
    return unit * max(1, size // len(unit))


def _exports(size: int) -> str:
    lines: list[str] = []
    total = index = 0
    while total < size:
        line = f"export VAR_{index}=value_{index}\n"
        lines.append(line)
        total += len(line)
        index += 1
    return "".join(lines)


def _profile(size: int) -> str:
    count = max(1, size // 24)
    return json.dumps({"env": {f"VAR_{i}": f"value_{i}" for i in range(count)}})


#: name -> (file name that picks the reader, text of about ``size`` bytes)
CASES: dict[str, tuple[str, Callable[[int], str]]] = {
    # 20,000 blank lines took 10.9 s in file-type detection (a file without suffix)
    "blank_lines_no_suffix": ("launcher", lambda n: "export A=1\n" + _repeat("\n", n)),
    "blank_lines_sh": ("run.sh", lambda n: _repeat("\n", n)),
    # 10,000 `x=1;` on one line took 7.4 s
    "assignments_one_line_sh": ("run.sh", lambda n: _repeat("x=1;", n) + "\n"),
    # 400,000 `~` in one value took 5 s
    "tildes_in_a_value_sh": ("run.sh", lambda n: "export A=" + _repeat("~", n) + "\n"),
    "tilde_colons_in_a_value_sh": ("run.sh", lambda n: "export A=" + _repeat("~:", n) + "\n"),
    "exports_sh": ("env.sh", _exports),
    # each escape of a $'...' string copied the rest of the file: quadratic
    "ansi_c_escapes_sh": ("run.sh", lambda n: "export A=$'" + _repeat("\\x41", n) + "'\n"),
    "command_substitution_sh": ("run.sh", lambda n: "A=$(echo " + _repeat("a b ", n) + ")\n"),
    "parameter_expansion_sh": ("run.sh", lambda n: "A=${B:-" + _repeat("ab", n) + "}\n"),
    "backquotes_sh": ("run.sh", lambda n: "A=`echo " + _repeat("a\\` ", n) + "`\n"),
    "comments_sh": ("run.sh", lambda n: _repeat("  # a comment line\n", n)),
    "continued_line_sh": ("run.sh", lambda n: "export A=1 " + _repeat("\\\n  ", n) + "\n"),
    "quoted_value_sh": ("run.sh", lambda n: 'export A="' + _repeat("a b ", n) + '"\n'),
    "env_file_lines": ("job.env", lambda n: _repeat("A=1\n", n)),
    "python_statements": ("train.py", lambda n: _repeat("x = 1\n", n)),
    "python_one_line": ("train.py", lambda n: _repeat("x=1;", n) + "\n"),
    "python_blank_lines": ("train.py", lambda n: _repeat("\n", n)),
}


def _time(name: str, text: str, source: str) -> float:
    gc.collect()
    start = time.perf_counter()
    if name == "profile_json":
        parse_profile(text, source)
    else:
        import_text(text, source)
    return time.perf_counter() - start


def _sizes(source: str, max_mb: float) -> list[float]:
    sizes = PY_SIZES_MB if source.endswith(".py") else SIZES_MB
    limit = MAX_PYTHON_BYTES / MB if source.endswith(".py") else max_mb
    return [s for s in sizes if s <= min(max_mb, limit)]


def run_case(name: str, source: str, make: Callable[[int], str], max_mb: float) -> float:
    per_mb: list[float] = []
    cells: list[str] = []
    _time(name, make(int(MB / 4)), source)  # warm-up: what a first call pays once
    for size in _sizes(source, max_mb):
        text = make(int(size * MB) - 64)  # (just under a limit, not over it)
        seconds = _time(name, text, source)
        per_mb.append(seconds / (len(text) / MB))
        cells.append(f"{size:g} MB {per_mb[-1]:.2f}")
    ratio = max(per_mb) / min(per_mb)
    flag = "ok" if ratio <= TARGET else "OVER"
    print(f"{name:<28} s/MB: {', '.join(cells)}; ratio {ratio:.2f} [{flag}]", flush=True)
    return ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-mb", type=float, default=20.0)
    parser.add_argument("--case", action="append", default=[], help="only this case")
    args = parser.parse_args()
    cases = {**CASES, "profile_json": ("profile.json", _profile)}
    chosen = {k: v for k, v in cases.items() if not args.case or k in args.case}
    print(f"import time per MB, sizes up to {args.max_mb:g} MB (target ratio <= {TARGET})")
    worst = max(run_case(name, *case, args.max_mb) for name, case in chosen.items())
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
