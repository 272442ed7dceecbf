"""A list of parameter names as a message's subject, with its verbs in agreement.

``{which} has no effect`` read "dump_step, dump_path has no effect": the English
verb follows the number of names (``{has}``, ``{is}``, ``{does}``, ``{comes}``);
Chinese needs no agreement and lists with ``、``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ascend_studio.schema import Text

__all__ = ["subject"]

#: The verbs a message may need, singular and plural.
_VERBS = {
    "is": ("is", "are"),
    "has": ("has", "have"),
    "does": ("does", "do"),
    "comes": ("comes", "come"),
}


def subject(names: Sequence[str]) -> dict[str, object]:
    """``{which}`` and the verbs that agree with it, for a rule message's namespace."""
    many = len(names) > 1
    found: dict[str, object] = {"which": Text.of("、".join(names), ", ".join(names))}
    for key, (one, more) in _VERBS.items():
        found[key] = Text.of(" ", more if many else one)
    return found
