"""The ground every catalog class stands on: frozen dataclasses validated by pydantic
(configured here without importing it), bilingual text, and the one test of whether a
fact scoped to some products and a scenario applies to a target."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

__all__ = [
    "CONFIG",
    "Applies",
    "Gate",
    "Scalar",
    "ScenarioId",
    "Scoped",
    "Text",
    "scenario_holds",
    "scope_gate",
]

ScenarioId = Literal["training", "inference"]
Applies = Literal["both", "training", "inference"]
Scalar = bool | int | float | str
#: The axis of the target on which a fact does not apply: its product or scenario (the
#: catalog entry's own word), its TF Adapter release or the surface it is written on
#: (the release and TF Adapter 2.x facts, :meth:`Catalog.why_not`).
Gate = Literal["product", "scenario", "release", "surface"]


def scenario_holds(applies: str, scenario: str | None) -> bool:
    """A fact for ``applies`` (both, training, inference) holds in ``scenario`` (None:
    the scenario is not asked)."""
    return scenario is None or applies in ("both", scenario)


def scope_gate(
    products: tuple[str, ...] | None,
    applies: str,
    product: str | None,
    scenario: str | None,
    *,
    unnamed_misses: bool = False,
) -> Gate | None:
    """Where a fact for ``products`` (None: every one) in ``applies`` misses the target:
    the one "does this apply here" test of the catalog and the presets. An axis given
    as None is not asked; with ``unnamed_misses`` it is one the target does not name,
    so a fact for some products (or one scenario) only does not apply there."""
    if products is not None and (
        product not in products if product is not None else unnamed_misses
    ):
        return "product"
    if scenario is None:
        return "scenario" if unnamed_misses and applies != "both" else None
    return None if scenario_holds(applies, scenario) else "scenario"


def _alias(name: str) -> str:
    """The catalog key of a field (``is`` is a Python keyword, so the field is ``is_``)."""
    return name[:-1] if name.endswith("_") else name


#: pydantic's configuration for every catalog class (a plain dict: no pydantic import).
CONFIG: dict[str, Any] = {
    "extra": "forbid",
    "alias_generator": _alias,
    "validate_by_alias": True,
    "validate_by_name": True,
}


def _non_empty(owner: object, **texts: str) -> None:
    empty = [name for name, text in texts.items() if not text]
    if empty:
        raise ValueError(f"{type(owner).__name__}: {', '.join(empty)} must not be empty")


@dataclass(frozen=True, kw_only=True)
class _Frozen:
    """Base of the catalog classes: frozen, keyword-only, extra keys rejected."""

    __pydantic_config__: ClassVar[dict[str, Any]] = CONFIG


class Scoped:
    """A fact that holds on some products (None: every one) in some scenario."""

    if TYPE_CHECKING:
        products: tuple[str, ...] | None
        scenario: Applies

    def why_not(
        self,
        product: str | None = None,
        scenario: str | None = None,
        *,
        unnamed_misses: bool = False,
    ) -> Gate | None:
        """The axis on which it does not apply to the target (None: it applies); see
        :func:`scope_gate` for an axis given as None."""
        return scope_gate(
            self.products, self.scenario, product, scenario, unnamed_misses=unnamed_misses
        )

    def applies_to(self, product: str | None = None, scenario: str | None = None) -> bool:
        return self.why_not(product, scenario) is None

    def depends_on(self, axis: str) -> bool:
        """Whether the answer depends on the target's ``axis`` (product, scenario)."""
        return self.products is not None if axis == "product" else self.scenario != "both"


@dataclass(frozen=True, kw_only=True)
class Text(_Frozen):
    """A bilingual string; both languages are required."""

    zh: str
    en: str

    def __post_init__(self) -> None:
        _non_empty(self, zh=self.zh, en=self.en)

    def get(self, lang: str) -> str:
        return self.zh if lang.startswith("zh") else self.en

    @classmethod
    def of(cls, zh: str, en: str) -> Text:
        """A text made by code (messages, templates), built without re-validation;
        an empty side takes the other, so both stay non-empty."""
        text = object.__new__(cls)  # no check: code may leave both sides empty
        object.__setattr__(text, "zh", zh or en)
        object.__setattr__(text, "en", en or zh)
        return text
