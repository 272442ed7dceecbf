"""What of a profile the output paths depend on: an edit that changes none of it
leaves the inspector alone (resolving every artifact took about 0.7 ms a key).

The paths read the values of the parameters the artifacts name (in their layers
and conditions), the device id, the run mode (the scenario a profile without one
is judged for), the product, scenario and surface, whether any value is set (a
profile of the environment alone), and the environment with its verbatim marks.
"""

from __future__ import annotations

from ascend_studio.paths import DEVICE_PARAM, ArtifactCatalog
from ascend_studio.profile import RUN_MODE_PARAM, Profile

__all__ = ["path_inputs"]

#: Read besides the artifacts' own parameters (``paths/_resolve.py``, ``target_of``).
_ALSO_READ = (DEVICE_PARAM, RUN_MODE_PARAM)
_NAMES: dict[int, tuple[ArtifactCatalog, tuple[str, ...]]] = {}


def path_inputs(profile: Profile, artifacts: ArtifactCatalog) -> tuple[object, ...]:
    """Equal for two profiles whose output paths are the same (types of values
    included, as ``Profile``'s own equality compares them)."""
    values = profile.values
    return (
        profile.product,
        profile.scenario,
        profile.surface,
        bool(values or profile.extra_kwargs),
        tuple((name, _typed(values[name])) for name in _names(artifacts) if name in values),
        tuple(sorted((name, _typed(value)) for name, value in profile.env.items())),
        tuple(sorted(profile.env_verbatim)),
    )


def _names(artifacts: ArtifactCatalog) -> tuple[str, ...]:
    known = _NAMES.get(id(artifacts))
    if known is not None and known[0] is artifacts:
        return known[1]
    names: dict[str, None] = dict.fromkeys(_ALSO_READ)
    for art in artifacts.artifact:
        for variant in art.variants:
            names.update((x.name, None) for x in variant.layers if x.kind == "parameter")
        names.update((c.param, None) for c in art.conditions() if c.param is not None)
    _NAMES[id(artifacts)] = (artifacts, tuple(names))
    return tuple(names)


def _typed(value: object) -> object:
    """``value`` with the type of each part beside it (``1``, ``1.0`` and ``True`` differ)."""
    if isinstance(value, dict):
        return (dict, tuple((key, _typed(item)) for key, item in value.items()))
    if isinstance(value, list | tuple):
        return (list, tuple(_typed(item) for item in value))
    return (type(value), value)
