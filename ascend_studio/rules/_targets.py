"""Findings for a target the file does not name: said for the targets they hold on.

A file that names no product (no profile field, no ``--product``, no
``[tool.ascend-studio] product``, no comment directive) is not judged as if it
targeted the default one. A rule whose outcome depends on the product (it read
:attr:`Ctx.product`) is asked once per product; what it finds on every product
keeps its severity, what it finds on some only becomes information that names
them. The scenario works the same way, and so does a configuration that sets only
the environment: a fact that holds when the job builds an NPURunConfig, say, is
said for that surface. One mechanism for every axis: a new one needs its candidates
and its words here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from itertools import product as combinations

from ascend_studio.profile import Profile
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._index import CatalogIndex
from ascend_studio.rules._model import Diagnostic, Hit, Rule, render, txt
from ascend_studio.rules._reads import Reads
from ascend_studio.schema import SURFACE_WORDS, Axis, Surface, Text

__all__ = [
    "Combo",
    "Variants",
    "axis_names",
    "candidates",
    "group_key",
    "only_for",
    "prefixed",
    "surface_prefix",
]

#: Stands in for an axis value when findings on different targets are compared.
_ANY = "\x00"

Combo = tuple[tuple[Axis, str], ...]


def candidates(ix: CatalogIndex, axis: Axis) -> tuple[str, ...]:
    if axis == "product":
        return tuple(p.id for p in ix.catalog.products)
    return tuple(s.id for s in ix.catalog.scenarios)


def axis_names(ix: CatalogIndex, axis: Axis, ids: list[str]) -> Text:
    """The values of one axis as users read them, in catalog order."""
    if axis == "product":
        return ix.products_text(tuple(ids))
    names = [ix.catalog.scenario_words(i) for i in candidates(ix, axis) if i in ids]
    return txt("、".join(n.zh for n in names), ", ".join(n.en for n in names))


_AXIS_WORDS: dict[Axis, Text] = {
    "product": txt("产品", "product"),
    "scenario": txt("场景", "scenario"),
}


def only_for(ix: CatalogIndex, held: Mapping[Axis, list[str]]) -> Text:
    """ "Only on A2, A3 (no product is named): " in both languages."""
    axes = list(held)
    values = [axis_names(ix, a, held[a]) for a in axes]
    zh_vals = "，".join(f"{_AXIS_WORDS[a].zh}为 {v.zh}" for a, v in zip(axes, values, strict=True))
    en_vals = " for ".join(v.en for v in values)
    zh_axes = "和".join(_AXIS_WORDS[a].zh for a in axes)
    en_axes = " or ".join(_AXIS_WORDS[a].en for a in axes)
    return txt(
        f"仅当{zh_vals} 时（文件未指定{zh_axes}）：",
        f"Only on {en_vals} (no {en_axes} is named): "
        if axes[0] == "product"
        else f"Only for {en_vals} (no {en_axes} is named): ",
    )


def surface_prefix(surfaces: frozenset[Surface]) -> Text:
    """ "If the job uses NPURunConfig(...) (the file sets only the environment): "."""
    words = [SURFACE_WORDS[s] for s in SURFACE_WORDS if s in surfaces]
    zh = " 或 ".join(w.zh for w in words)
    en = " or ".join(w.en for w in words)
    return txt(
        f"若作业使用 {zh}（文件只设置了环境变量）：",
        f"If the job uses {en} (the file sets only the environment): ",
    )


def prefixed(d: Diagnostic, prefix: Text) -> Diagnostic:
    """``d`` as information that holds only where ``prefix`` says."""
    message = txt(prefix.zh + d.message.zh, prefix.en + d.message.en)
    return replace(d, severity="info", message=message)


@dataclass
class Variants:
    """The same profile for each combination of the target axes it leaves unnamed."""

    profile: Profile
    ix: CatalogIndex
    surface: Surface
    unnamed: frozenset[Axis]
    after_open: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    #: Where the variants' reads are noted (``Ctx.watch``), if anywhere.
    watch: Reads | None = None
    _made: dict[Combo, Ctx] = field(default_factory=dict)

    def combos(self, axes: list[Axis]) -> Iterator[Combo]:
        lists = [[(a, v) for v in candidates(self.ix, a)] for a in axes]
        for chosen in combinations(*lists):
            yield tuple(chosen)

    def ctx(self, combo: Combo) -> Ctx:
        found = self._made.get(combo)
        if found is None:
            update: dict[str, str] = dict(combo)
            profile = self.profile.model_copy(update=update)
            found = Ctx(profile, self.ix, self.surface, self.after_open, self.watch)
            self._made[combo] = found
        return found


def group_key(
    rule: Rule, hit: Hit, ns: Mapping[str, object], axes: list[Axis]
) -> tuple[object, ...]:
    """What makes two firings on different targets the same finding: the parameters
    and the message with the target's own names left out."""
    neutral: dict[str, object] = {**ns, **{axis: _ANY for axis in axes}}
    return (hit.params, render(rule.message, neutral).en)
