"""How an imported configuration is loaded: as a new document or merged into the open one.

A script never states the target product or scenario, so both modes keep the
current target; everything else follows the mode.
"""

from __future__ import annotations

from typing import Literal

from ascend_studio.profile import Profile

__all__ = ["Mode", "combine"]

#: ``new``: a new, untitled document holding only the import; ``merge``: into the open one.
Mode = Literal["new", "merge"]


def combine(current: Profile, imported: Profile, mode: Mode) -> Profile:
    """The profile to load: ``imported`` alone (new) or over ``current`` (merge).

    A new document keeps the target the open one names where the script names none
    (``# ascend-studio: product=...`` wins); where neither names one it stays unnamed,
    and the document is judged as ``validate`` judges the script."""
    if mode == "new":
        product = imported.product if imported.product is not None else current.product
        scenario = imported.scenario if imported.scenario is not None else current.scenario
        return imported.model_copy(update={"product": product, "scenario": scenario})
    extras = {(k.owner, k.name): k for k in current.extra_kwargs}
    extras.update({(k.owner, k.name): k for k in imported.extra_kwargs})
    return current.model_copy(
        update={
            "values": {**current.values, **imported.values},
            "env": {**current.env, **imported.env},
            "extra_kwargs": tuple(extras.values()),
        }
    )
