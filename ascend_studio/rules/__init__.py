"""The rules engine (Qt-free): diagnostics, effective values and explanations.

``evaluate(profile)`` checks a profile against every declared rule in
:data:`RULES` and returns :class:`Diagnostic` objects (errors first);
:class:`Evaluator` gives the same for a document edited in turn, running again
only the rules that read what changed. Rules are
data: product, scenario, type, value and range checks are generated from the
catalog; cross-parameter, environment and file-content rules are declared
explicitly, each with its source. ``effective_value`` says what the runtime
really uses for a parameter; ``explain`` says which rules involve it.

Each :class:`Diagnostic` carries its fixes as data (``fixes``: :class:`Fix`, a
list of profile edits with an applicability, preferred first); ``apply_fix``
carries one out on a profile, ``fix_profile`` applies every chosen fix
(``docs/fixes.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes

if TYPE_CHECKING:
    from ascend_studio.rules._conditions import apart_lines
    from ascend_studio.rules._context import FILE_CONTENTS_FIELD, file_contents
    from ascend_studio.rules._effective import (
        EffectiveSource,
        EffectiveValue,
        effective_value,
        effective_values,
    )
    from ascend_studio.rules._evaluate import evaluate
    from ascend_studio.rules._explain import Explanation, Involved, RuleLink, explain
    from ascend_studio.rules._fix import (
        APPLICABILITIES,
        Applicability,
        Edit,
        Fix,
        MoveKey,
        RemoveKey,
        RenameKey,
        SetEnv,
        SetValue,
        UnsetEnv,
        apply_edit,
        apply_fix,
        fix_json,
        shown_key,
    )
    from ascend_studio.rules._fixall import Fixed, HasFixes, chosen_fix, fix_profile, fixable_counts
    from ascend_studio.rules._incremental import Evaluator
    from ascend_studio.rules._model import SEVERITIES, Diagnostic, FileSpot, Kind, Rule, Severity
    from ascend_studio.rules._registry import RULES, RULES_BY_ID
    from ascend_studio.rules._unknown import Unknown, unknown_entries

__all__ = [
    "APPLICABILITIES",
    "FILE_CONTENTS_FIELD",
    "RULES",
    "RULES_BY_ID",
    "SEVERITIES",
    "Applicability",
    "Diagnostic",
    "Edit",
    "EffectiveSource",
    "EffectiveValue",
    "Evaluator",
    "Explanation",
    "FileSpot",
    "Fix",
    "Fixed",
    "HasFixes",
    "Involved",
    "Kind",
    "MoveKey",
    "RemoveKey",
    "RenameKey",
    "Rule",
    "RuleLink",
    "SetEnv",
    "SetValue",
    "Severity",
    "Unknown",
    "UnsetEnv",
    "apart_lines",
    "apply_edit",
    "apply_fix",
    "chosen_fix",
    "effective_value",
    "effective_values",
    "evaluate",
    "explain",
    "file_contents",
    "fix_json",
    "fix_profile",
    "fixable_counts",
    "shown_key",
    "unknown_entries",
]

#: Where each public name lives (its module is imported on first use).
_WHERE = {
    "APPLICABILITIES": "_fix",
    "Applicability": "_fix",
    "Diagnostic": "_model",
    "Edit": "_fix",
    "Fix": "_fix",
    "Fixed": "_fixall",
    "HasFixes": "_fixall",
    "MoveKey": "_fix",
    "RemoveKey": "_fix",
    "RenameKey": "_fix",
    "SetEnv": "_fix",
    "SetValue": "_fix",
    "UnsetEnv": "_fix",
    "apart_lines": "_conditions",
    "apply_edit": "_fix",
    "apply_fix": "_fix",
    "chosen_fix": "_fixall",
    "fix_json": "_fix",
    "fix_profile": "_fixall",
    "fixable_counts": "_fixall",
    "shown_key": "_fix",
    "Unknown": "_unknown",
    "unknown_entries": "_unknown",
    "EffectiveSource": "_effective",
    "EffectiveValue": "_effective",
    "Evaluator": "_incremental",
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
