"""Which conditions a write sits under, and whether two writes can happen together.

How conditional values are represented (issue: writes in different ``if``
branches were merged into one configuration and checked as if all ran):

- A write's *branch path* is the chain of ``if``/``else`` arms, loops, ``except``
  handlers and ``case`` arms around it (function bodies and the ``__main__``
  block are not conditions). The scanner's label already names them
  (``line 98, in if branch (line 93)``); this module reads them back.
- Per parameter, the profile keeps the last write made on no condition; failing
  that, the first conditional write. Every other write is reported as a
  conditional alternative, never as "set more than once", unless both writes
  are on the very same path (then the later one really replaces the earlier).
- Two writes *can happen together* when one path contains the other (an
  unconditional value and one under ``if x:``). Arms of one ``if``/``elif``/``else``
  are alternatives; writes under two independent ``if`` blocks are different run
  modes (usually command-line flags), so a rule combining them is not an error
  of the script: ``validate`` reports it as information naming both lines.
"""

from __future__ import annotations

import re

__all__ = ["Branch", "apart", "branch_of", "is_conditional", "same_path"]

#: ((line of the statement, arm), ...), outermost first.
Branch = tuple[tuple[int, str], ...]

_PART = re.compile(
    r"in (?P<arm>if|else) branch \(line (?P<a>\d+)\)"
    r"|in (?P<loop>for|while) loop \(line (?P<b>\d+)\)"
    r"|in except handler \(line (?P<c>\d+)\)"
    r"|in case \(line (?P<d>\d+)\)"
)


def branch_of(label: str) -> Branch:
    """The branch path a scanner label describes."""
    path: list[tuple[int, str]] = []
    for match in _PART.finditer(label):
        line = next(int(g) for g in match.group("a", "b", "c", "d") if g is not None)
        arm = match.group("arm") or ("loop" if match.group("loop") else "other")
        path.append((line, arm if arm != "other" else match.group(0)))
    return tuple(path)


def is_conditional(label: str) -> bool:
    return bool(branch_of(label))


def same_path(a: Branch, b: Branch) -> bool:
    return a == b


def apart(a: Branch, b: Branch) -> bool:
    """The two writes cannot be counted on to happen in the same run."""
    common = min(len(a), len(b))
    return a[:common] != b[:common]
