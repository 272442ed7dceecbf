"""Fix a profile: apply the findings' preferred fixes until none is left to apply.

As ``ruff --fix`` does, each round applies every chosen fix whose keys no other
fix of the round touches, then evaluates again (a fix may settle or reveal other
findings); it stops when a round changes nothing, or after a few rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ascend_studio.profile import Profile
from ascend_studio.rules._evaluate import evaluate
from ascend_studio.rules._fix import Fix, apply_fix
from ascend_studio.rules._model import Diagnostic
from ascend_studio.schema import Catalog

__all__ = ["ROUNDS", "Fixed", "HasFixes", "chosen_fix", "fix_profile", "fixable_counts"]

#: The most rounds a fix run takes (a fix that undoes another cannot loop forever).
ROUNDS = 8


@dataclass(frozen=True)
class Fixed:
    """A fixed profile, the fixes applied (with the finding each fixed) and what is left."""

    profile: Profile
    applied: tuple[tuple[Diagnostic, Fix], ...]
    #: Every finding of the fixed profile (fixable with --unsafe-fixes, or not at all).
    remaining: tuple[Diagnostic, ...]


class HasFixes(Protocol):
    """A finding with its fixes, preferred first (a rule's, a batch run's)."""

    @property
    def fixes(self) -> tuple[Fix, ...]: ...


def chosen_fix(finding: HasFixes, unsafe: bool = False) -> Fix | None:
    """The fix a fix run applies to ``finding``: its preferred one, when that is safe
    (or unsafe, with ``unsafe``); a display-only fix never."""
    fix = finding.fixes[0] if finding.fixes else None
    if fix is None or fix.applicability == "display":
        return None
    if fix.applicability == "unsafe" and not unsafe:
        return None
    return fix


def one_round(
    profile: Profile, found: list[Diagnostic], unsafe: bool, select: Callable[[Diagnostic], bool]
) -> tuple[Profile, list[tuple[Diagnostic, Fix]]]:
    """``profile`` with this round's fixes applied: the chosen fix of each selected
    finding, unless an earlier fix of the round touched one of its keys."""
    applied: list[tuple[Diagnostic, Fix]] = []
    touched: set[str] = set()
    for finding in found:
        fix = chosen_fix(finding, unsafe)
        if fix is None or not select(finding) or fix.keys & touched:
            continue
        try:
            after = apply_fix(profile, fix)
        except ValueError:
            continue  # e.g. a non-finite value: left for the user
        touched |= fix.keys
        if after != profile:
            profile = after
            applied.append((finding, fix))
    return profile, applied


def fix_profile(
    profile: Profile,
    *,
    unsafe: bool = False,
    catalog: Catalog | None = None,
    select: Callable[[Diagnostic], bool] | None = None,
) -> Fixed:
    """``profile`` with every chosen fix applied (see :func:`chosen_fix`); ``select``
    says which findings may be fixed (suppressed and deselected ones may not)."""
    keep = select or (lambda _finding: True)
    applied: list[tuple[Diagnostic, Fix]] = []
    seen = [profile]
    found = evaluate(profile, catalog)
    for _ in range(ROUNDS):
        after, done = one_round(profile, found, unsafe, keep)
        if not done or any(after == earlier for earlier in seen):
            break
        profile = after
        seen.append(profile)
        applied += done
        found = evaluate(profile, catalog)
    return Fixed(profile, tuple(applied), tuple(found))


def fixable_counts(findings: Sequence[HasFixes]) -> tuple[int, int]:
    """(fixable with --fix, fixable only with --unsafe-fixes) among ``findings``."""
    safe = sum(1 for d in findings if chosen_fix(d) is not None)
    unsafe = sum(1 for d in findings if chosen_fix(d, True) is not None) - safe
    return safe, unsafe
