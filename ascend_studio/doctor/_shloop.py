"""How many times a launch loop runs: ``{0..7}`` items and ``for ((i=0; i<8; i++))``.

Only plain arithmetic is followed (the bounds may use variables the script set);
anything else gives None, and the caller says the count is known only at run time.
"""

from __future__ import annotations

import re

from ascend_studio.doctor._shwords import Lookup, arith

__all__ = ["braces", "counted"]

_BRACE = re.compile(r"\{(-?\d+)\.\.(-?\d+)\}")
#: More passes than any server has devices: the loop is not a device loop.
MAX_PASSES = 1024


def braces(piece: str) -> list[str]:
    match = _BRACE.fullmatch(piece)
    if match is None:
        return [piece]
    first, last = int(match.group(1)), int(match.group(2))
    width = len(match.group(1)) if match.group(1).startswith("0") else 0
    step = 1 if last >= first else -1
    return [str(i).zfill(width) for i in range(first, last + step, step)][:MAX_PASSES]


def counted(var: str, parts: tuple[str, str, str], lookup: Lookup) -> list[str] | None:
    """The values of ``for ((init; cond; step))`` when all three are plain arithmetic."""
    init = re.fullmatch(rf"\s*{var}\s*=\s*(.+)", parts[0])
    cond = re.fullmatch(rf"\s*{var}\s*(<=|<|>=|>|!=)\s*(.+)", parts[1])
    start = arith(init.group(1), lookup) if init else None
    bound = arith(cond.group(2), lookup) if cond else None
    step = _step(var, parts[2], lookup)
    if start is None or bound is None or not step or cond is None:
        return None
    values: list[str] = []
    value = start
    while len(values) < MAX_PASSES and _holds(value, cond.group(1), bound):
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


def _step(var: str, text: str, lookup: Lookup) -> int | None:
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
