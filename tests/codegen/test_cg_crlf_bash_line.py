"""The line bash stops at in a CRLF script is the line ``bash -n`` names.

Valid scripts are generated from the constructs launch scripts use (if/elif/else,
for and for ((...)), while, until, select, case arms, functions in both forms,
groups, subshells, ``[[ ]]`` across ``||``, ``((...))``, here-documents, arrays,
pipes), saved with CRLF on every line or on most lines, and read by ``bash -n``:
the importer must name the same line (and agree that there is one).
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_studio.codegen import import_text
from ascend_studio.codegen._sh_crlf_parse import bash_stop

BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="bash is not installed")

SIMPLE = (
    "x=1",
    "export A=2",
    "echo hi",
    "# comment",
    "",
    "cur_path=`pwd`",
    "a=(x y z)",
    "[[ -d /tmp ]] && echo y",
    "x=$(( 1 + 2 ))",
    "echo a | grep a",
    "ls && echo ok",
)


def _block(rng: random.Random, depth: int) -> list[str]:
    out = ["true"]
    for _ in range(rng.randint(1, 3)):
        out += _statement(rng, depth)
    return out


def _statement(rng: random.Random, depth: int) -> list[str]:
    kind = rng.randint(0, 22) if depth < 3 else 0
    body = lambda: _block(rng, depth + 1)  # noqa: E731
    if kind <= 4:
        return [rng.choice(SIMPLE)]
    shapes = {
        5: lambda: ['if [ -n "$1" ]; then', *body(), "fi"],
        6: lambda: [
            "if [[ $1 == a || $1 == b ]];then",
            *body(),
            "elif [ 1 ]; then",
            *body(),
            "else",
            *body(),
            "fi",
        ],
        7: lambda: ["for p in $*", "do", *body(), "done"],
        8: lambda: ["for p in 1 2; do", *body(), "done"],
        9: lambda: ["while read l; do", *body(), "done"],
        10: lambda: ["case $p in", "  a) x=1;;", "  b|c) echo;;", "  *) echo;;", "esac"],
        11: lambda: ["f() {", *body(), "}"],
        12: lambda: [
            rng.choice(
                [
                    "(cd /tmp; ls)",
                    "(( i++ ))",
                    "[[ -d /tmp ]]",
                    "for ((i=0;i<3;i++)); do echo; done",
                    "if true; then echo; fi",
                    "{ echo; }",
                ]
            )
        ],
        13: lambda: ["function g {", *body(), "}"],
        14: lambda: ["{", *body(), "}"],
        15: lambda: ["if [ 1 ]", "then", *body(), "fi # end"],
        16: lambda: ["until false", "do", *body(), "done"],
        17: lambda: ["cat <<EOF", "body $x", "EOF"],
        18: lambda: ["case $p in", "  a)", *body(), "  ;;", "  *)", "    echo", "  ;;", "esac"],
        19: lambda: ["function h() {", *body(), "}"],
        20: lambda: ["select s in a b; do", *body(), "break", "done"],
        21: lambda: ["while true", "do", *body(), "done &"],
    }
    return shapes.get(kind, lambda: ["for i in 1 2", "do", *body(), "done | cat"])()


def _bash_line(text: str, folder: Path) -> int | None:
    script = folder / "s.sh"
    script.write_bytes(text.encode())
    done = subprocess.run(
        [BASH or "bash", "-n", str(script)], capture_output=True, text=True, check=False
    )
    found = re.search(r"line (\d+): syntax error", done.stderr)
    return int(found.group(1)) if found else None


@pytest.mark.parametrize("seed", range(6))
def test_the_line_is_the_one_bash_names(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        lines = _block(rng, 0)
        plain = "".join(line + "\n" for line in lines)
        assert _bash_line(plain, tmp_path) is None, plain  # valid before the CRs
        every = plain.replace("\n", "\r\n")
        most = "".join(line + ("\r\n" if rng.random() < 0.7 else "\n") for line in lines)
        for text in (every, most):
            stop = bash_stop(text)
            assert (stop.line if stop else None) == _bash_line(text, tmp_path), text


def test_the_importer_names_that_line(tmp_path: Path) -> None:
    """A launch script whose if of line 3 swallows the lines up to the for loop's do."""
    text = (
        "#!/bin/bash\n"
        "cur_path=`pwd`\n"
        "if [[ $1 == --help || $1 == -h ]];then\n"
        '    echo "usage"\n'
        "    exit 1\n"
        "fi\n"
        "for para in $*\n"
        "do\n"
        "    echo $para\n"
        "done\n"
    ).replace("\n", "\r\n")
    line = _bash_line(text, tmp_path)
    assert line == 8
    (error,) = [i for i in import_text(text, "run.sh").report.items if i.severity == "error"]
    assert error.line == line
    assert "bash stops at line 8: syntax error near unexpected token `do\\r`" in error.message.en
    assert "(the for loop of line 7)" in error.message.en
