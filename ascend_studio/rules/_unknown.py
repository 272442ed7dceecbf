"""What a profile keeps that the catalog does not know, as entries a user can act on.

Keywords of NPURunConfig or a sub-config, parameter_map keys, and profile values
under a path the catalog lacks are kept as written (never dropped); the app shows
each as a row that can be removed, or renamed to one of the close catalog
parameters it was probably meant as (:attr:`Unknown.choices`).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from ascend_studio.profile import SESSION_OWNER, Profile
from ascend_studio.rules._extras import UNPACKED, key_of
from ascend_studio.rules._fix import Fix, RemoveKey, RenameKey
from ascend_studio.rules._model import show
from ascend_studio.schema import SUBCONFIG_PATHS, Catalog

__all__ = ["Unknown", "unknown_entries"]

#: How many did-you-mean names an entry offers at most.
CHOICES = 5


@dataclass(frozen=True)
class Unknown:
    """One name the catalog does not know."""

    #: The key fixes name it by (``NPURunConfig.auto_tune_mode``, ``parameter_map.sump_mode``,
    #: or a profile value's path).
    key: str
    #: How it is written: ``auto_tune_mode``, ``DumpConfig(dump_pth=…)``, ``parameter_map["sump_mode"]``.
    label: str
    #: Its value as written.
    value: str
    #: Close catalog parameters it may be renamed to: (path, how it is written there).
    choices: tuple[tuple[str, str], ...] = ()

    def remove(self) -> Fix:
        return Fix((RemoveKey(self.key),), "safe")

    def rename(self, path: str) -> Fix:
        spelled = dict(self.choices).get(path, "")
        return Fix((RenameKey(self.key, path, spelled),), "unsafe")


def _names(catalog: Catalog, owner: str) -> dict[str, tuple[str, str]]:
    """Name as written -> (catalog path, spelled) for a keyword of ``owner`` or a key."""
    if owner == SESSION_OWNER:
        return {
            key: (param.path, f'parameter_map["{key}"]')
            for key, param in catalog.by_session_key().items()
        }
    prefix = "" if owner == "NPURunConfig" else SUBCONFIG_PATHS[owner] + "."
    return {p.name: (p.path, p.name if prefix else "") for p in catalog.params if p.owner == owner}


def _choices(
    name: str, known: dict[str, tuple[str, str]], profile: Profile
) -> tuple[tuple[str, str], ...]:
    near = difflib.get_close_matches(name, list(known), n=CHOICES, cutoff=0.5)
    return tuple(known[n] for n in near if known[n][0] not in profile.values)


def unknown_entries(profile: Profile, catalog: Catalog) -> tuple[Unknown, ...]:
    """Every kept keyword, key and value the catalog does not know, in profile order."""
    found: list[Unknown] = []
    for extra in profile.extra_kwargs:
        if extra.name in UNPACKED:
            continue  # ``**kwargs``: no name to act on
        if extra.owner == SESSION_OWNER:
            label = f'parameter_map["{extra.name}"]'
        elif extra.owner in SUBCONFIG_PATHS or extra.owner == "NPURunConfig":
            label = (
                extra.name if extra.owner == "NPURunConfig" else f"{extra.owner}({extra.name}=…)"
            )
        else:
            continue  # another class's arguments (NPUEstimator), kept for other rules
        known = _names(catalog, extra.owner)
        found.append(
            Unknown(key_of(extra), label, extra.expr, _choices(extra.name, known, profile))
        )
    paths = {p.path: (p.path, "") for p in catalog.params}
    for path, value in profile.values.items():
        if not catalog.has(path):
            found.append(Unknown(path, path, show(value), _choices(path, paths, profile)))
    return tuple(found)
