"""Evaluation again after an edit: a rule's findings are kept while nothing it read
changed.

The app evaluates its document after every keystroke, and an edit changes one
value: most rules read none of it. :class:`Evaluator` runs each rule with the
profile's values, environment and companion files watched (``_reads``), keeps what
each rule read beside its findings, and at the next evaluation runs again only the
rules that read something the edit changed; the others' findings are reused as
they are. A rule that went over every value (a catalog check of each one set) read
them all and runs after any change of the values.

Everything else a rule may look at (the surface, the target the profile names or
leaves unnamed, the release, the kept keywords, what is written after ``open()``,
the catalog) is the evaluation's frame: when any of it differs, every rule runs.
Effective values are kept per parameter the same way. The result is
:func:`evaluate`'s, finding for finding and in the same order (a
property test holds the two equal over random edit sequences).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ascend_studio.profile import Profile, target_of
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._effective import EffectiveValue, effective_in
from ascend_studio.rules._evaluate import findings_of, ordered
from ascend_studio.rules._index import index_for
from ascend_studio.rules._model import Diagnostic
from ascend_studio.rules._reads import EVERY, Read, Reads
from ascend_studio.rules._registry import surface_rules
from ascend_studio.rules._targets import Variants
from ascend_studio.schema import Catalog, Surface, shipped_catalog

__all__ = ["Evaluator", "changes"]


class Evaluator:
    """:func:`evaluate` for one document evaluated again and again as it is edited."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or shipped_catalog()
        self._frame: str | None = None
        self._profile: Profile | None = None
        #: rule id -> (what it read, its findings) at the last evaluation.
        self._kept: dict[str, tuple[frozenset[Read], list[Diagnostic]]] = {}
        #: How many rules the last evaluation ran (the others' findings were kept).
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
        frame = _frame(profile, surface, after_open)
        changed: set[Read] | None = None
        if frame == self._frame and self._profile is not None:
            changed = changes(self._profile, profile)
        watch = Reads()
        late = {**profile.after_open, **(after_open or {})}
        ctx = Ctx(profile, index_for(self.catalog), surface, late, watch)
        variants = Variants(
            profile, ctx.ix, ctx.surface, frozenset(ctx.unnamed), dict(ctx.after_open), watch
        )
        kept: dict[str, tuple[frozenset[Read], list[Diagnostic]]] = {}
        found: list[Diagnostic] = []
        ran = 0
        for rule in surface_rules(ctx.surface, ctx.ix.catalog):
            entry = self._kept.get(rule.id) if changed is not None else None
            if entry is None or not entry[0].isdisjoint(changed or ()):
                watch.log = set()
                findings = findings_of(rule, ctx, variants)
                entry = (frozenset(watch.log), findings)
                ran += 1
            kept[rule.id] = entry
            found.extend(entry[1])
        self._frame, self._profile, self._kept, self.ran = frame, profile, kept, ran
        return ordered(profile, found)

    def effective_values(self, profile: Profile, paths: Iterable[str]) -> dict[str, EffectiveValue]:
        """``effective_values(profile, paths, catalog)``, each path's answer kept while
        nothing it read changed (as :meth:`evaluate` keeps a rule's findings)."""
        frame = _frame(profile, None, None)
        last = self._effective
        changed = changes(last[1], profile) if last is not None and last[0] == frame else None
        kept = last[2] if last is not None else {}
        watch = Reads()
        ctx = Ctx(profile, index_for(self.catalog), None, profile.after_open, watch)
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
    profile: Profile, surface: Surface | None, after_open: Mapping[str, tuple[int, int]] | None
) -> str:
    """What every rule may depend on besides the watched mappings, as comparable text
    (``repr`` tells ``1`` from ``True`` and ``0.0`` from ``-0.0``, as rules do)."""
    return repr(
        (
            surface,
            sorted((after_open or {}).items()),
            profile.surface,
            profile.product,
            profile.scenario,
            profile.release,
            profile.extra_kwargs,
            profile.env_verbatim,
            profile.after_open,
            profile.model_extra,
            target_of(profile),
            "graph_run_mode" in profile.values,
        )
    )


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
