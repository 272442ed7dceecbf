"""Catalog look-ups by what a file spells, and the configuration the cursor is in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ascend_studio.lint._files import file_kind

if TYPE_CHECKING:
    from ascend_studio.lsp._check import Outcome
    from ascend_studio.profile import Profile
    from ascend_studio.schema import Catalog, EnumValue, Parameter

__all__ = ["Names", "config_at", "config_index", "dialect_of", "names", "value_named"]


@dataclass(frozen=True)
class Names:
    """A catalog's parameters by (owner, keyword), by ``parameter_map`` key and by name."""

    by_owner: dict[tuple[str, str], Parameter]
    by_key: dict[str, Parameter]
    by_name: dict[str, Parameter]

    def keyword(self, owner: str, name: str) -> Parameter | None:
        return self.by_owner.get((owner, name))


def _build(catalog: Catalog) -> Names:
    by_name: dict[str, Parameter] = {}
    for param in catalog.params:  # a name two owners share goes to NPURunConfig's
        if param.owner == "NPURunConfig" or param.name not in by_name:
            by_name[param.name] = param
    return Names(
        {(p.owner, p.name): p for p in catalog.params},
        dict(catalog.by_session_key()),
        by_name,
    )


_MADE: dict[int, tuple[Catalog, Names]] = {}


def names(catalog: Catalog) -> Names:
    """The look-ups of ``catalog``, made once per catalog."""
    found = _MADE.get(id(catalog))
    if found is None or found[0] is not catalog:
        found = _MADE[id(catalog)] = (catalog, _build(catalog))
    return found[1]


def owner_names() -> tuple[str, ...]:
    """The classes whose calls configure: ``NPURunConfig`` and its sub-configs."""
    from ascend_studio.schema import OWNERS

    return tuple(OWNERS)


def dialect_of(name: str) -> str:
    """``python``, ``shell``, ``env-file`` or ``profile``, as the walk of ``validate`` tells."""
    return file_kind(name.rsplit("/", 1)[-1]) or "python"


def config_index(outcome: Outcome | None, line: int) -> int | None:
    """Which configuration starts last at or above 1-based ``line`` (else the first)."""
    checked = None if outcome is None else outcome.checked
    if checked is None or not checked.configs:
        return None
    chosen = 0
    for index, start in enumerate(checked.config_lines):
        if start <= line:
            chosen = index
    return chosen


def config_at(outcome: Outcome | None, line: int) -> Profile | None:
    """The profile of the configuration :func:`config_index` picks, as it was checked."""
    index = config_index(outcome, line)
    if index is None or outcome is None or outcome.checked is None:
        return None
    return outcome.checked.configs[index][1]


def value_named(param: Parameter, text: str) -> EnumValue | None:
    """The catalog value ``text`` (as written: ``'fp16'``, ``2``, ``True``) names."""
    bare = text.strip().strip("\"'")
    for item in param.values:
        if str(item.value) == bare or (isinstance(item.value, bool) and str(item.value) == bare):
            return item
    return None
