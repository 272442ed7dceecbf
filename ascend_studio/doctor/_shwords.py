"""Expand one shell word as far as the script itself tells, never running anything.

What the script set is substituted (``$A``, ``${A}``, ``${A:-x}``, ``$((A+1))``);
what only the run knows (``$(date)``, ``$1``, a variable never set) stays as it is
written, and the result says it is not exact. Two ranks whose words differ only
in what is known still compare as the script would make them. The idioms launch
scripts use for their own folder (``$(cd "$(dirname "$0")"; pwd)``, ``$(pwd)``,
`` `pwd` ``), for counting (``$(seq 0 2 14)``) and for integer arithmetic
(`` `expr $i - $start` ``) are read as what they give.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["SEQ_SHOWN", "Cut", "Expanded", "Lookup", "arith", "expand_word", "unquote"]

#: name -> value the script gave it (None: not known).
Lookup = Callable[[str], "str | None"]
#: name -> whether its value is a cut ``$(seq ...)`` (:attr:`Expanded.capped`).
Cut = Callable[[str], bool]

_NAME = re.compile(r"[A-Za-z_]\w*")
_PARAM = re.compile(r"\$\{(?P<name>[A-Za-z_]\w*|\d+)(?:(?P<op>:?[-=+?])(?P<word>[^{}]*))?\}")
_BARE = re.compile(r"\$(?P<name>[A-Za-z_]\w*|\d)")
_SCRIPT_DIR = re.compile(
    r"""\s*cd\s+["']?\$\(\s*dirname\s+["']?\$(?:0|\{0\}|\{BASH_SOURCE\[0\]\}|BASH_SOURCE)["']?\s*\)["']?\s*"""
    r"""(?:;|&&)\s*pwd(?:\s+-P)?\s*"""
)
_DIRNAME = re.compile(
    r"""\s*dirname\s+["']?(?:\$\(readlink\s+-f\s+["']?\$0["']?\)|\$0|\$\{0\})["']?\s*"""
)
_EXPR = re.compile(r"\s*expr\s+(?P<args>[^;|&<>`$()]*(?:\$\{?\w+\}?[^;|&<>`$()]*)*)")
_SEQ = re.compile(r"\s*seq\s+(?P<a>[^\s-]\S*)(?:\s+(?P<b>\S+))?(?:\s+(?P<c>\S+))?\s*")
#: ``1e11``, ``1.5e1``: a number seq prints as a whole one (no more decimals than exponent).
_EXPONENT = re.compile(r"(?P<whole>[+-]?\d+)(?:\.(?P<frac>\d*))?[eE](?P<exp>[+-]?\d+)")
#: The most values of a ``$(seq ...)`` spelled out; a longer one gives one more than
#: this and is cut (:attr:`Expanded.capped`), so a loop over it is capped, not unknown.
SEQ_SHOWN = 4096


@dataclass(frozen=True)
class Expanded:
    text: str
    #: True when nothing in the word depends on the run.
    exact: bool
    #: True when all is known but a ``$(seq ...)`` in it is cut after its first
    #: ``SEQ_SHOWN + 1`` values (``exact`` is then False: the text is not the whole).
    capped: bool = False


def _divide(left: int, right: int, *, remainder: bool) -> int:
    """C's truncating division and remainder, as the shell computes them."""
    if right == 0:
        raise ValueError("division by zero")
    quotient = abs(left) // abs(right) * (1 if (left >= 0) == (right >= 0) else -1)
    return left - right * quotient if remainder else quotient


_BINARY: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: _divide(a, b, remainder=False),
    ast.Mod: lambda a, b: _divide(a, b, remainder=True),
}


def _eval(node: ast.AST) -> int:
    if isinstance(node, ast.Expression):
        return _eval(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return int(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _eval(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    operate = _BINARY.get(type(node.op)) if isinstance(node, ast.BinOp) else None
    if operate is None or not isinstance(node, ast.BinOp):
        raise ValueError("not arithmetic")
    return operate(_eval(node.left), _eval(node.right))


def arith(expr: str, lookup: Lookup) -> int | None:
    """The value of a shell arithmetic expression, or None when it is not known."""
    missing = False

    def name(match: re.Match[str]) -> str:
        nonlocal missing
        value = lookup(match.group(0))
        text = (value or "").strip()
        if not re.fullmatch(r"-?\d+", text):
            missing = True
            return "0"
        return f"({text})"

    body = re.sub(r"\$\{?([A-Za-z_]\w*)\}?", r"\1", expr.replace("$((", "(("))
    body = _NAME.sub(name, body).replace("/", "//")
    if missing or len(body) > 200 or not re.fullmatch(r"[\d\s+\-*/%()]*", body):
        return None
    try:
        return _eval(ast.parse(body.strip() or "x", mode="eval"))
    except (SyntaxError, ValueError, RecursionError):
        return None


def _param(match: re.Match[str], lookup: Lookup) -> str | None:
    value = lookup(match.group("name"))
    op = match.group("op")
    if op is None:
        return value
    empty_counts = op.startswith(":")
    unset = value is None or (empty_counts and value == "")
    if op.endswith(("-", "=")):
        return match.group("word") if unset else value
    return None  # ${A:+x}, ${A:?x}: left to the run


def _command(
    body: str, lookup: Lookup, script_dir: str | None, pwd: str | None
) -> tuple[str | None, bool]:
    """What ``$(body)`` prints (None: known only at run time), and whether it is cut."""
    if _SCRIPT_DIR.fullmatch(body) or _DIRNAME.fullmatch(body):
        return script_dir, False
    if body.strip() == "pwd":
        return pwd, False
    expr = _EXPR.fullmatch(body)
    if expr is not None:
        return _expr([unquote(w) for w in expr.group("args").split()], lookup), False
    seq = _SEQ.fullmatch(body)
    return (None, False) if seq is None else _seq(seq, lookup)


def _expr(tokens: list[str], lookup: Lookup) -> str | None:
    """``expr $RANK_IDS - $RANK_ID_START``: operands and operators as separate words
    (``expr 1+2`` prints ``1+2``, so that is left to the run)."""
    operators = tokens[1::2]
    operands = tokens[0::2]
    if len(tokens) % 2 == 0 or any(op not in ("+", "-", "*", "/", "%") for op in operators):
        return None
    if any(not re.fullmatch(r"-?\d+|\$\{?[A-Za-z_]\w*\}?", word) for word in operands):
        return None
    value = arith(" ".join(tokens), lookup)
    return None if value is None else str(value)


def _seq_number(text: str, lookup: Lookup) -> int | None:
    """A whole number as seq reads it: arithmetic on known names, or ``1e11``."""
    written = _EXPONENT.fullmatch(text)
    if written is None:
        return arith(text, lookup)
    frac, exp = written.group("frac") or "", int(written.group("exp"))
    if len(frac) > exp or len(text) > 40 or exp > 40:
        return None  # seq prints decimals (0.0 1.0); or a number no script counts to
    scale: int = 10 ** (exp - len(frac))
    return int(written.group("whole") + frac) * scale  # -0.5e1: int("-05")


def _seq(seq: re.Match[str], lookup: Lookup) -> tuple[str | None, bool]:
    """``seq LAST``, ``seq FIRST LAST``, ``seq FIRST STEP LAST`` (whole numbers only):
    the values, the first ``SEQ_SHOWN + 1`` of a longer list (cut: True)."""
    given = [g for g in (seq.group("a"), seq.group("b"), seq.group("c")) if g is not None]
    numbers = [_seq_number(unquote(g), lookup) for g in given]
    known = [n for n in numbers if n is not None]
    if len(known) < len(numbers):
        return None, False
    if len(known) == 1:
        first, step, last = 1, 1, known[0]
    else:
        first, step, last = known[0], known[1] if len(known) == 3 else 1, known[-1]
    if step == 0:
        return None, False  # seq refuses a zero step
    values = range(first, last + (1 if step > 0 else -1), step)  # never built whole
    cut = len(values) > SEQ_SHOWN
    return " ".join(map(str, values[: SEQ_SHOWN + 1] if cut else values)), cut


def unquote(text: str) -> str:
    """``"a b"`` -> ``a b``; ``'x'`` -> ``x`` (no expansion)."""
    out, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "'":
            end = text.find("'", i + 1)
            end = len(text) if end < 0 else end
            out.append(text[i + 1 : end])
            i = end + 1
        elif ch == '"':
            i += 1
        elif ch == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


class _Expander:
    def __init__(
        self, lookup: Lookup, script_dir: str | None, pwd: str | None, cut: Cut | None
    ) -> None:
        self.lookup = lookup
        self.cut = cut
        self.script_dir = script_dir
        self.pwd = pwd
        self.exact = True
        self.capped = False

    def _balanced_end(self, s: str, i: int, opener: str, closer: str) -> int:
        depth = 0
        while i < len(s):
            depth += (s[i] == opener) - (s[i] == closer)
            i += 1
            if depth == 0:
                return i
        return len(s)

    def dollar(self, s: str, i: int) -> tuple[str, int]:
        """Expand the ``$`` expansion at ``s[i]``: (text, index after it)."""
        if s.startswith("$((", i):
            end = self._balanced_end(s, i + 1, "(", ")")
            value = arith(s[i + 3 : end - 2], self.lookup)
            return self._known(None if value is None else str(value), s[i:end]), end
        if s.startswith("$(", i):
            end = self._balanced_end(s, i + 1, "(", ")")
            found, cut = _command(s[i + 2 : end - 1], self.lookup, self.script_dir, self.pwd)
            self.capped |= cut
            return self._known(found, s[i:end]), end
        if s.startswith("${", i):
            end = self._balanced_end(s, i + 1, "{", "}")
            match = _PARAM.fullmatch(s[i:end])
            found = _param(match, self.lookup) if match else None
            if match is not None and found is not None:
                self._cut_by(match.group("name"))
            return self._known(found, s[i:end]), end
        match = _BARE.match(s, i)
        if match is not None:
            found = self.lookup(match.group("name"))
            if found is not None:
                self._cut_by(match.group("name"))
            return self._known(found, match.group(0)), match.end()
        if i + 1 < len(s) and s[i + 1] in "@*#?$!-":
            return self._known(None, s[i : i + 2]), i + 2
        return "$", i + 1

    def _cut_by(self, name: str) -> None:
        """``$DEVS`` where ``DEVS=$(seq 0 99999)``: cut as the ``$(seq ...)`` itself is."""
        if self.cut is not None and self.cut(name):
            self.capped = True

    def _known(self, value: str | None, written: str) -> str:
        if value is None:
            self.exact = False
            return written
        return value

    def run(self, s: str) -> str:
        out: list[str] = []
        i, quote = 0, ""
        while i < len(s):
            ch = s[i]
            if ch == "'" and not quote:
                end = s.find("'", i + 1)
                end = len(s) if end < 0 else end
                out.append(s[i + 1 : end])
                i = end + 1
            elif ch == '"':
                quote = "" if quote else '"'
                i += 1
            elif ch == "\\" and i + 1 < len(s):
                out.append(s[i + 1])
                i += 2
            elif ch == "`":
                end = s.find("`", i + 1)
                end = len(s) if end < 0 else end
                found, cut = _command(s[i + 1 : end], self.lookup, self.script_dir, self.pwd)
                self.capped |= cut
                out.append(self._known(found, s[i : end + 1]))
                i = end + 1
            elif ch == "$":
                text, i = self.dollar(s, i)
                out.append(text)
            elif ch == "~" and i == 0:
                out.append(self._known(self.lookup("HOME"), "~"))
                i += 1
            else:
                out.append(ch)
                i += 1
        return "".join(out)


def expand_word(
    word: str,
    lookup: Lookup,
    *,
    script_dir: str | None = None,
    pwd: str | None = None,
    cut: Cut | None = None,
) -> Expanded:
    """``word`` (source text) with what the script defines substituted; ``cut`` tells
    which names hold a cut ``$(seq ...)`` (their ``lookup`` gives its first values)."""
    expander = _Expander(lookup, script_dir, pwd, cut)
    text = expander.run(word)
    known, capped = expander.exact, expander.capped
    return Expanded(text, known and not capped, known and capped)
