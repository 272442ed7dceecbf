"""Findings about values a script wrote under conditions that need not hold together.

A profile imported from a script keeps the blocks each value was written in
(``Profile.conditions``). Two values written under independent ``if`` blocks
(usually command-line flags: ``if args.dump:`` and ``if args.over_dump:``), or in
two arms of one ``if``, are not counted on to be set in the same run, so a finding
that needs both is not an error or a warning of the script: it is information
naming the lines of both conditions. One place, so that a script, the profile
imported from it, the app and the exports all say the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ascend_studio.profile import Condition, Profile, apart
from ascend_studio.rules._model import Diagnostic, txt

__all__ = ["apart_lines", "on_one_path"]


def apart_lines(profile: Profile, params: Iterable[str]) -> tuple[int, int] | None:
    """Lines of the conditions under which two of ``params`` were written when those
    need not hold in the same run, else None."""
    lists = [profile.conditions.get(p, ()) for p in params]
    for index, a in enumerate(lists):
        for b in lists[index + 1 :]:
            if apart(a, b):
                return _parting(a, b)
    return None


def _parting(a: tuple[Condition, ...], b: tuple[Condition, ...]) -> tuple[int, int]:
    at = next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x.place != y.place)
    return a[at].line, b[at].line


def on_one_path(profile: Profile, found: list[Diagnostic]) -> list[Diagnostic]:
    """``found`` with each finding that combines values written under conditions that
    need not hold in the same run turned into information naming both."""
    if not profile.conditions:
        return found
    out: list[Diagnostic] = []
    for diag in found:
        lines = apart_lines(profile, diag.params) if len(diag.params) > 1 else None
        if lines is None or diag.severity == "info":
            out.append(diag)
            continue
        a, b = lines
        message = txt(
            f"仅当第 {a} 行与第 {b} 行的条件同时成立时：{diag.message.zh}",
            f"Only if the conditions of lines {a} and {b} both hold in one run: {diag.message.en}",
        )
        out.append(replace(diag, severity="info", message=message))
    return out
