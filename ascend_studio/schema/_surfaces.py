"""Surfaces: where a configuration is written, and so which real code reads it.

The same option can be given five ways, and a fact about it holds on some of them
only: ``NPURunConfig(...)`` (its constructor checks the arguments), NPUEstimator's
translation of that object into session options (it decides what is sent, and
when), a sess.run ``parameter_map`` written by hand (sent as written), TF Adapter
2.x's ``npu_device.global_options()`` (its option classes check each assignment),
and the environment (read whatever the job builds). Rules declare the surfaces they hold
on; a configuration says which surface it was written on. A new surface is one
more name here, its row in :data:`THROUGH` and its words.
"""

from __future__ import annotations

from typing import Literal, get_args

from ascend_studio.schema._models import Text

__all__ = ["AXES", "SURFACES", "SURFACE_WORDS", "THROUGH", "Axis", "Surface", "surface_of"]

Surface = Literal["constructor", "estimator", "session", "tf2", "environment"]
SURFACES: tuple[Surface, ...] = get_args(Surface)

#: The surfaces a configuration written on one of them goes through: an NPURunConfig
#: given to NPUEstimator is built, then translated; every job reads its environment.
#: A configuration of the environment alone names none of the others: which one the
#: job uses is not known, so their facts are said for them, not assumed.
THROUGH: dict[Surface, frozenset[Surface]] = {
    "constructor": frozenset({"constructor", "environment"}),
    "estimator": frozenset({"constructor", "estimator", "environment"}),
    "session": frozenset({"session", "environment"}),
    "tf2": frozenset({"tf2", "environment"}),
    "environment": frozenset({"environment"}),
}

#: A profile's ``surface`` field (what it is written for) -> where it is judged.
_OF_PROFILE: dict[str | None, Surface] = {"tf2": "tf2", "sess": "session", "env": "environment"}


def surface_of(named: str | None) -> Surface:
    """Where a profile is judged when no caller knows better: what it names (TF
    Adapter 2.x, a sess.run parameter_map, only the environment), else an
    NPURunConfig given to NPUEstimator."""
    return _OF_PROFILE.get(named, "estimator")


#: How a finding that holds on some surfaces only names them ("if the job uses ...").
SURFACE_WORDS: dict[Surface, Text] = {
    "constructor": Text.of("NPURunConfig(...)", "NPURunConfig(...)"),
    "estimator": Text.of("NPUEstimator", "NPUEstimator"),
    "session": Text.of("sess.run 的 parameter_map", "a sess.run parameter_map"),
    "tf2": Text.of("TF Adapter 2.x 的 global_options()", "TF Adapter 2.x's global_options()"),
    "environment": Text.of("环境变量", "the environment"),
}

#: The target a configuration is judged for, axis by axis. A file may name each one
#: (a profile field, ``--product``, the project configuration, a comment directive)
#: or not; a finding that depends on an axis the file leaves unnamed is said for the
#: values it holds on (``rules._targets``), never for a default nobody chose.
Axis = Literal["product", "scenario"]
AXES: tuple[Axis, ...] = get_args(Axis)
