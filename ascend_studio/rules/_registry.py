"""The declared rules, in evaluation (and display) order."""

from __future__ import annotations

from ascend_studio.rules._catalog_rules import CATALOG_RULES
from ascend_studio.rules._model import Rule
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
from ascend_studio.rules._rules_values import VALUE_RULES
from ascend_studio.rules._rules_workpath import WORKPATH_RULES
from ascend_studio.rules._surfaces import TF2_RULES, rules_for

__all__ = ["RULES", "RULES_BY_ID", "surface_rules"]

RULES: tuple[Rule, ...] = (
    *CATALOG_RULES,
    *RELEASE_RULES,
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
RULES_BY_ID: dict[str, Rule] = {r.id: r for r in RULES}
if len(RULES_BY_ID) != len(RULES):  # pragma: no cover - a declaration mistake
    raise RuntimeError("duplicate rule ids")


def surface_rules(surface: str | None) -> tuple[Rule, ...]:
    """The rules that hold on ``surface`` (see ``_surfaces``), in declaration order."""
    return rules_for(RULES, surface)
