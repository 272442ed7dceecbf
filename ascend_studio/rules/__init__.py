"""The rules engine (Qt-free): diagnostics, effective values and explanations.

``evaluate(profile)`` checks a profile against every declared rule in
:data:`RULES` and returns :class:`Diagnostic` objects (errors first). Rules are
data: product, scenario, type, value and range checks are generated from the
catalog; cross-parameter, environment and file-content rules are declared
explicitly, each with its source. ``effective_value`` says what the runtime
really uses for a parameter; ``explain`` says which rules involve it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes

if TYPE_CHECKING:
    from ascend_studio.rules._context import FILE_CONTENTS_FIELD, file_contents
    from ascend_studio.rules._effective import (
        EffectiveSource,
        EffectiveValue,
        effective_value,
        effective_values,
    )
    from ascend_studio.rules._evaluate import evaluate
    from ascend_studio.rules._explain import Explanation, Involved, RuleLink, explain
    from ascend_studio.rules._model import SEVERITIES, Diagnostic, FileSpot, Kind, Rule, Severity
    from ascend_studio.rules._registry import RULES, RULES_BY_ID

__all__ = [
    "FILE_CONTENTS_FIELD",
    "RULES",
    "RULES_BY_ID",
    "SEVERITIES",
    "Diagnostic",
    "EffectiveSource",
    "EffectiveValue",
    "Explanation",
    "FileSpot",
    "Involved",
    "Kind",
    "Rule",
    "RuleLink",
    "Severity",
    "effective_value",
    "effective_values",
    "evaluate",
    "explain",
    "file_contents",
]

#: Where each public name lives (its module is imported on first use).
_WHERE = {
    "Diagnostic": "_model",
    "EffectiveSource": "_effective",
    "EffectiveValue": "_effective",
    "Explanation": "_explain",
    "FILE_CONTENTS_FIELD": "_context",
    "FileSpot": "_model",
    "Involved": "_explain",
    "Kind": "_model",
    "RULES": "_registry",
    "RULES_BY_ID": "_registry",
    "Rule": "_model",
    "RuleLink": "_explain",
    "SEVERITIES": "_model",
    "Severity": "_model",
    "effective_value": "_effective",
    "effective_values": "_effective",
    "evaluate": "_evaluate",
    "explain": "_explain",
    "file_contents": "_context",
}

if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(__name__, _WHERE)
