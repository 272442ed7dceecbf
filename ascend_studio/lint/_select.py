"""Rule ids, families and ``select``/``ignore`` selectors.

Every finding has a dotted id: a rule's (``precision.both_modes``), an import
finding's (``import.syntax_error``), or ``suppression.unused``. A selector is an
id, a family (a leading part of ids at a dot: ``env``, ``env.multistream``), or
``ALL``. Selection is layered as in ruff: each layer (project configuration, a
per-path override, the command line) may restart the selection with ``select``
and then drop ids with ``ignore``; a later layer wins.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ascend_studio._words import say
from ascend_studio.codegen import ReportItem
from ascend_studio.rules import RULES

__all__ = [
    "IMPORT_PREFIX",
    "SUPPRESSION_IDS",
    "Layer",
    "check_selectors",
    "enabled",
    "import_rule_id",
    "known_ids",
    "matches",
]

IMPORT_PREFIX = "import."
#: Findings about the suppression comments themselves (``--report-unused-suppressions``).
SUPPRESSION_IDS = ("suppression.unused", "suppression.unknown_rule")
#: Importer report kinds that can be findings (errors, warnings and the noted kinds).
_IMPORT_KINDS = (
    "syntax_error",
    "call_error",
    "unreadable",
    "internal_error",
    "unknown_key",
    "wrong_field",
    "conflict",
    "device_loop",
    "bad_directive",
    "line_endings",
)


def import_rule_id(item: ReportItem) -> str:
    return IMPORT_PREFIX + item.kind


@cache
def known_ids() -> tuple[str, ...]:
    ids = {r.id for r in RULES} | {IMPORT_PREFIX + k for k in _IMPORT_KINDS}
    ids |= {*SUPPRESSION_IDS, "internal.rule_failed"}
    return tuple(sorted(ids))


@cache
def _families() -> frozenset[str]:
    found = {"ALL"}
    for rule_id in known_ids():
        parts = rule_id.split(".")
        found.update(".".join(parts[:n]) for n in range(1, len(parts) + 1))
    return frozenset(found)


def matches(selector: str, rule_id: str) -> bool:
    """Does ``selector`` (an id, a family or ``ALL``) cover ``rule_id``?"""
    return selector in ("ALL", rule_id) or rule_id.startswith(selector + ".")


def check_selectors(selectors: Iterable[str], lang: str = "en") -> str | None:
    """A one-line complaint (in ``lang``) about the first selector that names no rule or
    family."""
    families = _families()
    for selector in selectors:
        if selector not in families:
            near = difflib.get_close_matches(selector, sorted(families), n=1)
            if near:
                text = "unknown rule id or family {name}; did you mean {near}?"
                return say(text, lang, name=repr(selector), near=near[0])
            return say("unknown rule id or family {name}", lang, name=repr(selector))
    return None


@dataclass(frozen=True)
class Layer:
    """One level of selection and where it was written."""

    origin: str
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()


def enabled(rule_id: str, layers: Sequence[Layer]) -> bool:
    on = True
    for layer in layers:
        if layer.select is not None:
            on = any(matches(s, rule_id) for s in layer.select)
        if any(matches(s, rule_id) for s in layer.ignore):
            on = False
    return on
