"""The declared rules, in evaluation (and display) order: the families generated from
catalog data, the catalog's rules about one parameter, then those written in Python."""

from __future__ import annotations

from threading import Lock

from ascend_studio.rules._catalog_rules import CATALOG_RULES
from ascend_studio.rules._model import Rule
from ascend_studio.rules._param_rules import param_rules
from ascend_studio.rules._rules_advice import ADVICE_RULES
from ascend_studio.rules._rules_aoe import AOE_RULES
from ascend_studio.rules._rules_cluster import CLUSTER_RULES
from ascend_studio.rules._rules_construct import CONSTRUCT_RULES
from ascend_studio.rules._rules_dump import DUMP_RULES
from ascend_studio.rules._rules_dynamic import DYNAMIC_RULES
from ascend_studio.rules._rules_env import ENV_RULES
from ascend_studio.rules._rules_files import FILE_RULES
from ascend_studio.rules._rules_interplay import INTERPLAY_RULES
from ascend_studio.rules._rules_member import MEMBER_RULES
from ascend_studio.rules._rules_release import RELEASE_RULES
from ascend_studio.rules._rules_shape import SHAPE_RULES
from ascend_studio.rules._rules_spelling import SPELLING_RULES
from ascend_studio.rules._rules_values import VALUE_RULES
from ascend_studio.rules._rules_workpath import WORKPATH_RULES
from ascend_studio.rules._surfaces import TF2_RULES, rules_for
from ascend_studio.schema import Catalog, shipped_catalog

__all__ = ["RULES", "RULES_BY_ID", "rules_of", "surface_rules"]

#: The rules written in Python, after the catalog's.
_WRITTEN: tuple[Rule, ...] = (
    *RELEASE_RULES,
    *SPELLING_RULES,
    *MEMBER_RULES,
    *CONSTRUCT_RULES,
    *DYNAMIC_RULES,
    *SHAPE_RULES,
    *VALUE_RULES,
    *INTERPLAY_RULES,
    *DUMP_RULES,
    *ENV_RULES,
    *WORKPATH_RULES,
    *CLUSTER_RULES,
    *AOE_RULES,
    *FILE_RULES,
    *ADVICE_RULES,
    *TF2_RULES,
)
_MADE: dict[int, tuple[Catalog, tuple[Rule, ...]]] = {}
_LOCK = Lock()


def rules_of(catalog: Catalog) -> tuple[Rule, ...]:
    """Every rule for ``catalog`` (its own per-parameter rules among them), made once."""
    found = _MADE.get(id(catalog))
    if found is not None and found[0] is catalog:
        return found[1]
    made = (*CATALOG_RULES, *param_rules(catalog), *_WRITTEN)
    ids = [r.id for r in made]
    if len(set(ids)) != len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        raise ValueError(f"duplicate rule ids: {', '.join(twice)}")
    with _LOCK:
        if len(_MADE) >= 8:
            _MADE.pop(next(iter(_MADE)))
        _MADE[id(catalog)] = (catalog, made)
    return made


RULES: tuple[Rule, ...] = rules_of(shipped_catalog())
RULES_BY_ID: dict[str, Rule] = {r.id: r for r in RULES}


def surface_rules(surface: str | None, catalog: Catalog | None = None) -> tuple[Rule, ...]:
    """The rules that hold on ``surface`` (see ``_surfaces``), in declaration order."""
    return rules_for(rules_of(catalog or shipped_catalog()), surface)
