"""Evaluation again after an edit: a rule's findings are kept while nothing it read
changed.

The app evaluates its document after every keystroke, and an edit changes one
value: most rules read none of it. :class:`Evaluator` runs each rule with the
profile's values, environment and companion files watched (``_reads``), keeps what
each rule read beside its findings, and at the next evaluation runs again only the
rules that read something the edit changed; the others' findings are reused as
they are. A rule that went over every value read them all, and runs again after
any change of the values; one that judges each set parameter on its own
(``Rule.per_param``: the catalog's checks) is kept per parameter and asked again
for the parameters the edit reached only (``_split``).

The product and scenario judged for are noted when read (``Ctx.product``): another
product runs again the rules that asked for it. Everything else a rule may look
at (the surface, which target axes the profile leaves unnamed, the release, the
kept keywords, what is written after ``open()``, the catalog) is the evaluation's
frame: when any of it differs, every rule runs. Effective values are kept per
parameter the same way.

The result is :func:`evaluate`'s, finding for finding and in the same order: a
property test holds the two equal over random sequences of edits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ascend_studio.profile import Profile
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._effective import EffectiveValue, effective_in
from ascend_studio.rules._evaluate import findings_of, ordered
from ascend_studio.rules._index import index_for
from ascend_studio.rules._model import Diagnostic, Rule
from ascend_studio.rules._reads import EVERY, Read, Reads
from ascend_studio.rules._registry import surface_rules
from ascend_studio.rules._split import Found, Split, asked
from ascend_studio.rules._targets import Variants
from ascend_studio.schema import AXES, Catalog, Surface, shipped_catalog

__all__ = ["Evaluator", "changes"]


_Kept = Found | Split


class _Pass:
    """One evaluation: the profile's contexts, and its set parameters in order."""

    def __init__(self, profile: Profile, catalog: Catalog, surface: Surface | None, late: Any):
        self.profile, self.surface, self.late = profile, surface, late
        self.watch = Reads()
        self.ctx = Ctx(profile, index_for(catalog), surface, late, self.watch)
        self.variants = _variants(self.ctx)
        facts = self.ctx.ix.facts
        self.known = tuple(path for path in profile.values if path in facts)
        self._apart: dict[frozenset[str] | None, tuple[Ctx, Variants]] = {}

    def whole(self, rule: Rule) -> Found:
        self.watch.log = set()
        findings = findings_of(rule, self.ctx, self.variants)
        return Found(frozenset(self.watch.log), findings)

    def asked(self, rule: Rule, only: frozenset[str] | None) -> Split | None:
        """``rule`` asked for the set parameters ``only`` (None: all), per parameter."""
        made = self._apart.get(only)
        if made is None:
            ctx = Ctx(self.profile, self.ctx.ix, self.surface, self.late, Reads(per_param=True))
            ctx.only = only
            made = self._apart[only] = (ctx, _variants(ctx))
        known = self.known if only is None else [p for p in self.known if p in only]
        return asked(rule, made[0], made[1], known)


def _variants(ctx: Ctx) -> Variants:
    unnamed = frozenset(ctx.unnamed)
    return Variants(ctx.profile, ctx.ix, ctx.surface, unnamed, dict(ctx.after_open), ctx.watch)


class Evaluator:
    """:func:`evaluate` for one document evaluated again and again as it is edited."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or shipped_catalog()
        self._frame: str | None = None
        self._profile: Profile | None = None
        self._target = ("", "")
        #: rule id -> what it read and found at the last evaluation.
        self._kept: dict[str, _Kept] = {}
        #: How many rules the last evaluation ran, wholly or for some parameters.
        self.ran = 0
        #: (frame, profile, path -> (what it read, its answer)) of the last effective values.
        self._effective: (
            tuple[str, Profile, dict[str, tuple[frozenset[Read], EffectiveValue]]] | None
        ) = None

    def evaluate(
        self,
        profile: Profile,
        *,
        surface: Surface | None = None,
        after_open: Mapping[str, tuple[int, int]] | None = None,
    ) -> list[Diagnostic]:
        """``evaluate(profile, catalog, surface=..., after_open=...)``, reusing what
        the previous call found where nothing a rule read has changed."""
        late = {**profile.after_open, **(after_open or {})}
        run = _Pass(profile, self.catalog, surface, late)
        frame = _frame(run.ctx, surface, after_open)
        target = run.ctx.judged_for()
        changed: set[Read] | None = None
        if frame == self._frame and self._profile is not None:
            changed = changes(self._profile, profile) | _retargeted(self._target, target)
        self._frame = None  # until this evaluation is through: kept splits change in place
        kept: dict[str, _Kept] = {}
        found: list[Diagnostic] = []
        self.ran = 0
        for rule in surface_rules(run.ctx.surface, run.ctx.ix.catalog):
            before = self._kept.get(rule.id) if changed is not None else None
            entry = self._judged(rule, run, before, changed)
            kept[rule.id] = entry
            found.extend(entry.findings)
        self._frame, self._profile, self._kept, self._target = frame, profile, kept, target
        return ordered(profile, found)

    def _judged(
        self, rule: Rule, run: _Pass, before: _Kept | None, changed: set[Read] | None
    ) -> _Kept:
        """``before`` where nothing it read changed, else the rule run again (for the
        parameters the edit reached, when it judges each on its own)."""
        if before is not None and changed is not None and before.reads.isdisjoint(changed):
            if isinstance(before, Found):
                return before
            reached = before.reached(changed, run.known)
            if not reached and run.known == before.known:
                return before
            part = run.asked(rule, frozenset(reached)) if reached else None
            if part is not None or not reached:
                self.ran += bool(reached)
                before.update(part, run.known)
                return before
        self.ran += 1
        if rule.per_param:
            entry = run.asked(rule, None)
            if entry is not None:
                return entry
        return run.whole(rule)

    def effective_values(self, profile: Profile, paths: Iterable[str]) -> dict[str, EffectiveValue]:
        """``effective_values(profile, paths, catalog)``, each path's answer kept while
        nothing it read changed (as :meth:`evaluate` keeps a rule's findings)."""
        watch = Reads()
        ctx = Ctx(profile, index_for(self.catalog), None, profile.after_open, watch)
        frame = repr((_frame(ctx, None, None), ctx.judged_for()))
        last = self._effective
        changed = changes(last[1], profile) if last is not None and last[0] == frame else None
        kept = last[2] if last is not None else {}
        answers: dict[str, tuple[frozenset[Read], EffectiveValue]] = {}
        for path in paths:
            entry = kept.get(path) if changed is not None else None
            if entry is None or not entry[0].isdisjoint(changed or ()):
                watch.log = set()
                value = effective_in(ctx, path)
                entry = (frozenset(watch.log), value)
            answers[path] = entry
        self._effective = (frame, profile, answers)  # a path not asked now: its reads go stale
        return {path: entry[1] for path, entry in answers.items()}


def _frame(
    ctx: Ctx, surface: Surface | None, after_open: Mapping[str, tuple[int, int]] | None
) -> str:
    """What every rule may depend on besides the watched mappings and the product and
    scenario (``Ctx.product`` notes those), as comparable text (``repr`` tells ``1``
    from ``True`` and ``0.0`` from ``-0.0``, as rules do)."""
    profile = ctx.profile
    return repr(
        (
            surface,
            sorted((after_open or {}).items()),
            ctx.surface,
            ctx.unnamed,
            ctx.scenario_by_default,
            profile.surface,
            profile.release,
            profile.extra_kwargs,
            profile.env_verbatim,
            profile.after_open,
            profile.model_extra,
        )
    )


def _retargeted(before: tuple[str, str], now: tuple[str, str]) -> set[Read]:
    """The reads of the product and scenario (``("t", axis)``) a new target changes."""
    return {("t", axis) for axis, a, b in zip(AXES, before, now, strict=True) if a != b}


def changes(old: Profile, new: Profile) -> set[Read]:
    """What differs between two profiles' values, environments and companion files,
    as the reads it would change (``_reads``): the keys, every key when any does or
    their order does, and the sub-config holders a key added or removed brings in
    or out of use."""
    out: set[Read] = set()
    _diff(old.values, new.values, "v", out)
    _diff(old.env, new.env, "e", out)
    _diff(old.file_contents, new.file_contents, "f", out)
    return out


def _diff(a: Mapping[str, object], b: Mapping[str, object], tag: str, out: set[Read]) -> None:
    if a is b:
        return
    found: set[Read] = set()
    for key in a.keys() | b.keys():
        if key not in a or key not in b:
            found.add((tag, key))
            if tag == "v":
                found.update(("h", key[:end]) for end in _dots(key))
        elif not _identical(a[key], b[key]):
            found.add((tag, key))
    if found or list(a) != list(b):
        found.add((tag, EVERY))
    out |= found


def _dots(key: str) -> list[int]:
    return [index for index, char in enumerate(key) if char == "."]


def _identical(a: object, b: object) -> bool:
    """The same value to every rule: equal, of one type, and written alike."""
    if a is b:
        return True
    if type(a) is not type(b) or a != b:
        return False
    return type(a) is not float or repr(a) == repr(b)
