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
  of the script: the rules report it as information naming both lines.
- The profile keeps each value's path with the condition every block tests
  (``Profile.conditions``), so a saved profile, the app and the exports judge and
  say the same as ``validate`` on the script.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import cast

from ascend_studio.profile import Arm, Condition

__all__ = ["Branch", "branch_of", "conditions_of", "is_conditional", "same_path"]

#: ((line of the statement, arm), ...), outermost first.
Branch = tuple[tuple[int, str], ...]

_PART = re.compile(
    r"in (?P<arm>if|else) branch \(line (?P<a>\d+)\)"
    r"|in (?P<loop>for|while) loop \(line (?P<b>\d+)\)"
    r"|in (?P<except>except) handler \(line (?P<c>\d+)\)"
    r"|in (?P<case>case) \(line (?P<d>\d+)\)"
)


def branch_of(label: str) -> Branch:
    """The branch path a scanner label describes."""
    path: list[tuple[int, str]] = []
    for match in _PART.finditer(label):
        line = next(int(g) for g in match.group("a", "b", "c", "d") if g is not None)
        arm = match.group("arm") or ("loop" if match.group("loop") else None)
        path.append((line, arm or match.group("except") or match.group("case")))
    return tuple(path)


def conditions_of(branch: Branch, tests: Mapping[int, str]) -> tuple[Condition, ...]:
    """A branch path as the profile keeps it, each block with the condition it tests."""
    return tuple(
        Condition(line=line, arm=cast("Arm", arm), test=tests.get(line, "")) for line, arm in branch
    )


def is_conditional(label: str) -> bool:
    return bool(branch_of(label))


def same_path(a: Branch, b: Branch) -> bool:
    return a == b
