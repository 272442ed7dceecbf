"""A rule that judges each set parameter on its own, kept and asked per parameter.

The catalog's checks (type, value, range, product, scenario, status) and
``release.depends`` go over every set parameter, so each read all the values;
their findings about one parameter, though, come from that parameter and what
is read while it is handled (``Rule.per_param``). :func:`asked` runs such a rule
with what is read for each parameter noted apart (``Reads.items``) and returns
its findings per parameter (:class:`Split`); after an edit, ``_incremental`` asks
it again for the parameters whose reads the edit changed only, in a context
listing those alone (``Ctx.only``), and keeps the others' findings.

A run whose findings do not come in the parameters' order (then those about
nothing set), that goes over the parameters while going over them, that is said
per unnamed target or that fails, gives None: the rule is run whole instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._evaluate import findings_of
from ascend_studio.rules._model import Diagnostic, Rule
from ascend_studio.rules._reads import Read
from ascend_studio.rules._targets import Variants

__all__ = ["Found", "Split", "asked"]


@dataclass(frozen=True)
class Found:
    """Findings, and everything read to make them."""

    reads: frozenset[Read]
    findings: list[Diagnostic]


class Split:
    """A ``per_param`` rule's findings per set parameter (``known``, in order) with
    what was read for each, then those about nothing set (``rest``); ``reads``: what
    was read outside any parameter. Most parameters read their own value alone and
    are found nothing about: only the others are kept (``read_for``, ``found_at``)."""

    __slots__ = ("findings", "found_at", "index", "known", "read_for", "reads", "rest")

    def __init__(
        self,
        reads: frozenset[Read],
        known: tuple[str, ...],
        read_for: dict[str, frozenset[Read]],
        found_at: dict[str, list[Diagnostic]],
        rest: list[Diagnostic],
    ) -> None:
        self.reads = reads
        self.known = known
        self.read_for = read_for
        self.found_at = found_at
        self.rest = rest
        #: read -> the parameters whose handling read it, besides their own value.
        self.index: dict[Read, set[str]] = {}
        for path, read in read_for.items():
            self._note(path, read)
        #: Every finding, in order (made again only when one changes).
        self.findings = self._listed()

    def _note(self, path: str, reads: frozenset[Read]) -> None:
        for read in reads:
            self.index.setdefault(read, set()).add(path)

    def _forget(self, path: str) -> None:
        for read in self.read_for.pop(path, ()):
            self.index[read].discard(path)
        self.found_at.pop(path, None)

    def _listed(self) -> list[Diagnostic]:
        found_at = self.found_at
        if not found_at:
            return list(self.rest)
        return [d for path in self.known if path in found_at for d in found_at[path]] + self.rest

    def reached(self, changed: Iterable[Read], known: tuple[str, ...]) -> list[str]:
        """The parameters of ``known`` to ask again: those whose reads ``changed``
        touches, and those newly set, in ``known``'s order."""
        found: set[str] = set()
        for read in changed:
            if read[0] == "v":
                found.add(read[1])  # each read its own value
            paths = self.index.get(read)
            if paths:
                found |= paths
        if known != self.known:
            found |= set(known) - set(self.known)
        return [path for path in known if path in found]

    def update(self, part: Split | None, known: tuple[str, ...]) -> None:
        """Bring up to date: ``part`` holds the parameters asked again; those no
        longer set go. (In place: the evaluator keeps only the latest.)"""
        changed = known != self.known
        if changed:
            for path in set(self.known) - set(known):
                self._forget(path)
        if part is not None:
            for path in part.known:
                changed = changed or path in self.found_at or path in part.found_at
                self._forget(path)
                if path in part.read_for:
                    self.read_for[path] = part.read_for[path]
                    self._note(path, part.read_for[path])
                if path in part.found_at:
                    self.found_at[path] = part.found_at[path]
            changed = changed or bool(self.rest) or bool(part.rest)
            self.rest = part.rest
            self.reads = self.reads | part.reads
        self.known = known
        if changed:
            self.findings = self._listed()


def asked(rule: Rule, ctx: Ctx, variants: Variants, known: Iterable[str]) -> Split | None:
    """``rule``'s findings on ``ctx`` (whose reads are kept apart, listing the
    parameters ``known``), per parameter; None when they cannot be told apart."""
    watch = ctx.watch
    assert watch is not None and watch.items is not None
    watch.log, watch.items, watch.iterated, watch.tangled = set(), {}, False, False
    found = findings_of(rule, ctx, variants)
    merged = any(axis in ctx.reads for axis in ctx.unnamed)  # said per target: not apart
    items = watch.items
    listed = tuple(known)
    if watch.tangled or not watch.iterated or merged or len(items) < len(listed):
        return None
    apart = _apart(found, listed)
    if apart is None:
        return None
    found_at, rest = apart
    read_for: dict[str, frozenset[Read]] = {}
    for path in listed:
        reads = items.get(path)
        if reads is None:
            return None
        if len(reads) > 1:  # more than its own value
            read_for[path] = frozenset(reads)
    return Split(frozenset(watch.log), listed, read_for, found_at, rest)


def _apart(
    found: list[Diagnostic], asked: tuple[str, ...]
) -> tuple[dict[str, list[Diagnostic]], list[Diagnostic]] | None:
    """``found`` per parameter (those with any), then the rest; None unless they come
    in that order."""
    if not found:
        return {}, []
    order = {path: index for index, path in enumerate(asked)}
    by_path: dict[str, list[Diagnostic]] = {}
    rest: list[Diagnostic] = []
    last = 0
    for d in found:
        if d.rule_id == "internal.rule_failed":
            return None
        index = order.get(d.params[0]) if d.params else None
        if index is None:
            rest.append(d)
            continue
        if rest or index < last:
            return None
        last = index
        by_path.setdefault(d.params[0], []).append(d)
    return by_path, rest
