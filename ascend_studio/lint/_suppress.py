"""Suppression comments in Python and shell files.

``# ascend-studio: ignore[rule.id, family]`` silences those findings on its own
line; written alone on a line, it silences the next line. A finding about
several parameters counts as being on each of their lines (``precision.both_modes``
can be silenced beside either keyword). ``# ascend-studio: ignore-file[...]``
anywhere silences the ids in the whole file. Without brackets the comment
silences everything (on the line, or in the file). Selectors are ids, families
or ``ALL``, as for ``--select``.

Comments are found line by line with a regular expression, so a string that
spells the comment also counts; linters such as ruff accept the same trade-off.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ascend_studio.lint._select import check_selectors, matches

__all__ = ["MARK", "Suppression", "Suppressions", "parse_suppressions"]

MARK = "ascend-studio:"
_COMMENT = re.compile(
    r"#\s*ascend-studio:\s*(?P<form>ignore-file|ignore)\b(?:\[(?P<ids>[^\]]*)\])?"
)


@dataclass
class Suppression:
    """One suppression comment, and the rules it has silenced so far."""

    line: int
    column: int
    #: None: every finding.
    selectors: tuple[str, ...] | None
    whole_file: bool
    #: The lines it covers (its own, and the next when the comment is alone on its line).
    covers: frozenset[int]
    used: set[str] = field(default_factory=set)

    def covers_finding(self, rule_id: str, lines: Sequence[int]) -> bool:
        if not self.whole_file and not self.covers.intersection(lines):
            return False
        return self.selectors is None or any(matches(s, rule_id) for s in self.selectors)

    def unused(self) -> list[str]:
        """Selectors that silenced nothing (``["*"]`` for a bare comment that did nothing)."""
        if self.selectors is None:
            return [] if self.used else ["*"]
        return [s for s in self.selectors if s not in self.used]

    def unknown(self) -> str | None:
        return check_selectors(self.selectors or ())


@dataclass
class Suppressions:
    """A file's suppression comments."""

    items: list[Suppression]

    def silenced(self, rule_id: str, lines: Sequence[int]) -> bool:
        """Whether ``rule_id`` at ``lines`` is silenced; marks the comments that did it."""
        hit = False
        for item in self.items:
            if item.covers_finding(rule_id, lines):
                hit = True
                selectors = item.selectors or ("*",)
                item.used.update(s for s in selectors if s == "*" or matches(s, rule_id))
        return hit


def _selectors(raw: str | None) -> tuple[str, ...] | None:
    if raw is None:
        return None
    return tuple(s for s in (part.strip() for part in raw.split(",")) if s)


def parse_suppressions(lines: Sequence[str]) -> Suppressions:
    items: list[Suppression] = []
    for number, text in enumerate(lines, start=1):
        if MARK not in text:
            continue
        for found in _COMMENT.finditer(text):
            alone = not text[: found.start()].strip()
            covers = {number, number + 1} if alone else {number}
            items.append(
                Suppression(
                    line=number,
                    column=found.start() + 1,
                    selectors=_selectors(found.group("ids")),
                    whole_file=found.group("form") == "ignore-file",
                    covers=frozenset(covers),
                )
            )
    return Suppressions(items)
