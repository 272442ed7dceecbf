"""What a launch loop runs over: brace expansion and ``for ((i=0; i<8; i++))`` counts.

Brace expansion follows bash: lists (``{0,2,4}``, nested, with a preamble and a
postscript), integer and letter sequences with an optional step (``{0..7..2}``:
the step's sign is ignored, 0 counts as 1; ``{00..15}`` pads to the wider bound),
nothing inside quotes or ``${...}``/``$(...)``, and a brace that is neither a
list nor a valid sequence stays as written, as bash leaves it. A C-style loop is
counted only when its three parts are plain arithmetic (the bounds may use
variables the script set); anything else gives None, and the caller says the
count is known only at run time. No expansion yields more than ``limit`` values:
the caller asks for one more than it will use, so a longer result says "capped".
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from ascend_studio.doctor._shwords import Lookup, arith

__all__ = ["MAX_PASSES", "brace_expand", "counted"]

#: More passes than any server has devices: the rest of the loop is not expanded.
MAX_PASSES = 1024
_NUMBERS = re.compile(r"([+-]?\d+)\.\.([+-]?\d+)(?:\.\.([+-]?\d+))?")
_LETTERS = re.compile(r"([A-Za-z])\.\.([A-Za-z])(?:\.\.([+-]?\d+))?")


def _skip_balanced(word: str, i: int, opener: str, closer: str) -> int:
    """The index after the ``closer`` matching the ``opener`` at ``word[i]``."""
    depth = 0
    while i < len(word):
        depth += (word[i] == opener) - (word[i] == closer)
        i += 1
        if depth == 0:
            break
    return i


def _active(word: str) -> list[bool]:
    """For each character of ``word`` (source text): may it take part in brace expansion?
    Quoted and escaped characters and ``${...}``, ``$(...)``, backquotes may not."""
    active = [True] * len(word)
    i, quote = 0, ""
    while i < len(word):
        ch, start = word[i], i
        if quote == "'":
            quote = "" if ch == "'" else quote
            i += 1
        elif ch == "\\":
            i += 2
        elif ch in "'\"" and quote in ("", ch):
            quote = "" if quote else ch
            i += 1
        elif ch == "$" and word[i + 1 : i + 2] in ("{", "("):
            bracket = word[i + 1]
            i = _skip_balanced(word, i + 1, bracket, "}" if bracket == "{" else ")")
        elif ch == "`":
            end = word.find("`", i + 1)
            i = len(word) if end < 0 else end + 1
        else:
            i += 1
            if not quote:
                continue
        for k in range(start, min(i, len(word))):
            active[k] = False
    return active


def _close(word: str, act: list[bool], i: int) -> int | None:
    depth = 0
    for k in range(i, len(word)):
        if act[k] and word[k] in "{}":
            depth += 1 if word[k] == "{" else -1
            if depth == 0:
                return k
    return None


def _commas(body: str, act: list[bool]) -> list[int]:
    depth, found = 0, []
    for k, ch in enumerate(body):
        if not act[k]:
            continue
        if ch in "{}":
            depth += 1 if ch == "{" else -1
        elif ch == "," and depth == 0:
            found.append(k)
    return found


def _step(text: str | None) -> int:
    return max(abs(int(text)), 1) if text else 1


def _padded(text: str) -> bool:
    """A bound that asks for zero padding: ``00``, ``-05`` (not ``0``, ``-0``, ``+01``)."""
    return (text[0] == "0" and len(text) > 1) or (text[:2] == "-0" and len(text) > 2)


def _sequence(body: str, limit: int) -> list[str] | None:
    """``0..7..2`` -> 0 2 4 6; ``a..e`` -> a b c d e; None when not a sequence."""
    numbers = _NUMBERS.fullmatch(body)
    if numbers is not None:
        first, last = int(numbers.group(1)), int(numbers.group(2))
        step = _step(numbers.group(3)) * (1 if last >= first else -1)
        padded = _padded(numbers.group(1)) or _padded(numbers.group(2))
        width = max(len(numbers.group(1)), len(numbers.group(2))) if padded else 0
        values = range(first, last + (1 if step > 0 else -1), step)
        return [format(v, f"0{width}d") for v in values[:limit]]
    letters = _LETTERS.fullmatch(body)
    if letters is not None:
        first, last = ord(letters.group(1)), ord(letters.group(2))
        step = _step(letters.group(3)) * (1 if last >= first else -1)
        return [chr(v) for v in range(first, last + (1 if step > 0 else -1), step)][:limit]
    return None


def _alternatives(body: str, act: list[bool], limit: int) -> list[tuple[str, list[bool]]] | None:
    cuts = _commas(body, act)
    if cuts:
        bounds = [-1, *cuts, len(body)]
        return [(body[a + 1 : b], act[a + 1 : b]) for a, b in itertools.pairwise(bounds)]
    if not all(act):
        return None
    values = _sequence(body, limit)
    return None if values is None else [(v, [True] * len(v)) for v in values]


def _expand(word: str, act: list[bool], limit: int) -> Iterator[str]:
    start = 0
    while True:
        i = next((k for k in range(start, len(word)) if act[k] and word[k] == "{"), None)
        if i is None:
            yield word
            return
        j = _close(word, act, i)
        items = None if j is None else _alternatives(word[i + 1 : j], act[i + 1 : j], limit)
        if j is None or items is None:
            start = i + 1
            continue
        pre, post, post_act = word[:i], word[j + 1 :], act[j + 1 :]
        for item, item_act in items:
            for middle in _expand(item, item_act, limit):
                for tail in _expand(post, post_act, limit):
                    yield pre + middle + tail
        return


def brace_expand(word: str, limit: int = MAX_PASSES + 1) -> list[str]:
    """The words bash's brace expansion makes of ``word`` (source text), at most ``limit``."""
    found: list[str] = []
    for text in _expand(word, _active(word), limit):
        found.append(text)
        if len(found) >= limit:
            break
    return found


def counted(
    var: str, parts: tuple[str, str, str], lookup: Lookup, limit: int = MAX_PASSES + 1
) -> list[str] | None:
    """The values of ``for ((init; cond; step))`` when all three are plain arithmetic
    (at most ``limit`` of them)."""
    init = re.fullmatch(rf"\s*{var}\s*=\s*(.+)", parts[0])
    cond = re.fullmatch(rf"\s*{var}\s*(<=|<|>=|>|!=)\s*(.+)", parts[1])
    start = arith(init.group(1), lookup) if init else None
    bound = arith(cond.group(2), lookup) if cond else None
    step = _increment(var, parts[2], lookup)
    if start is None or bound is None or step is None or cond is None:
        return None
    values: list[str] = []
    value = start
    while len(values) < limit and _holds(value, cond.group(1), bound):
        values.append(str(value))
        value += step
    return values


def _holds(value: int, op: str, bound: int) -> bool:
    return {
        "<": value < bound,
        "<=": value <= bound,
        ">": value > bound,
        ">=": value >= bound,
        "!=": value != bound,
    }[op]


def _increment(var: str, text: str, lookup: Lookup) -> int | None:
    text = text.strip()
    if text in (f"{var}++", f"++{var}"):
        return 1
    if text in (f"{var}--", f"--{var}"):
        return -1
    match = re.fullmatch(rf"{var}\s*(\+|-)=\s*(.+)", text) or re.fullmatch(
        rf"{var}\s*=\s*{var}\s*(\+|-)\s*(.+)", text
    )
    if match is None:
        return None
    amount = arith(match.group(2), lookup)
    return None if amount is None else (amount if match.group(1) == "+" else -amount)
