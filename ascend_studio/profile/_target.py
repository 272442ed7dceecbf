"""What a profile names of its target, and what it leaves unnamed.

A profile names a product when its ``product`` field is set; nothing stands in for
one it leaves out (findings that depend on the product are then said for the
products they hold on). The scenario is named by the ``scenario`` field, else by
graph_run_mode: 0 is online inference, 1 training, and a configuration that leaves
graph_run_mode out gets 1 (the default of NPURunConfig's signature, of the sess.run
option reader in npu_attrs.cc and of TF Adapter 2.x's NpuConfig). It stays unnamed
only when graph_run_mode is known only at run time (or not an accepted value), and
for a file that sets only the environment, which builds no configuration at all.

The surface is the profile's own, with one correction: ``env`` says the file sets
only the environment, so a profile that also sets a TF Adapter value is judged as
one whose surface is not named (an NPURunConfig given to NPUEstimator).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ascend_studio.profile._document import Profile, Surface

__all__ = ["DEFAULT_RUN_MODE", "RUN_MODE_PARAM", "SCENARIO_OF_RUN_MODE", "Target", "target_of"]

#: The parameter that names the scenario.
RUN_MODE_PARAM = "graph_run_mode"

#: graph_run_mode -> the scenario it names (``resources/catalog/scenarios.toml`` says the
#: same; a test holds them equal).
SCENARIO_OF_RUN_MODE: dict[int, Literal["training", "inference"]] = {
    0: "inference",
    1: "training",
}
#: graph_run_mode where a configuration leaves it out.
DEFAULT_RUN_MODE = 1
TargetAxis = Literal["product", "scenario"]


@dataclass(frozen=True)
class Target:
    """A profile's target as it is judged (None: not named)."""

    product: str | None
    scenario: Literal["training", "inference"] | None
    #: The profile's surface as it is judged (``env`` only while nothing else is set).
    surface: Surface | None
    #: The scenario is named by graph_run_mode (set or by its default), not by the profile.
    by_run_mode: bool = False

    @property
    def unnamed(self) -> tuple[TargetAxis, ...]:
        axes: list[TargetAxis] = []
        if self.product is None:
            axes.append("product")
        if self.scenario is None:
            axes.append("scenario")
        return tuple(axes)


def _surface(profile: Profile) -> Surface | None:
    if profile.surface == "env" and (profile.values or profile.extra_kwargs):
        return None  # it sets more than the environment now
    return profile.surface


def target_of(profile: Profile, *, environment_only: bool | None = None) -> Target:
    """What ``profile`` names; ``environment_only`` overrides what its surface says
    (a caller that knows the file sets only the environment)."""
    surface = _surface(profile)
    only_env = surface == "env" if environment_only is None else environment_only
    if profile.scenario is not None:
        return Target(profile.product, profile.scenario, surface)
    if only_env:
        return Target(profile.product, None, surface)
    mode = profile.values.get(RUN_MODE_PARAM, DEFAULT_RUN_MODE)
    scenario = SCENARIO_OF_RUN_MODE.get(mode) if type(mode) is int else None
    return Target(profile.product, scenario, surface, by_run_mode=scenario is not None)
