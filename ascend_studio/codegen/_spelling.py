"""The spelling of a checked value that the target release accepts.

Some adapters list a value in another case than others (jit_compile: ``"True"``,
``"False"``, ``"Auto"`` on r3.2.0, ``"true"``, ``"false"``, ``"auto"`` from 7.0.RC1
on, each compared exactly). A profile keeps the user's spelling; what writes code or
scripts for a named release (export, apply, migrate) writes the spelling that release
lists where it lists the value only in another case, and keeps every other value. TF Adapter 2.x
``global_options`` have their own release facts and are left as set.
"""

from __future__ import annotations

from ascend_studio.codegen._release import target_release
from ascend_studio.profile import Profile, Value
from ascend_studio.schema import Catalog

__all__ = ["release_spellings", "spelled_for_release"]


def release_spellings(profile: Profile, catalog: Catalog) -> dict[str, tuple[Value, Value]]:
    """Path -> (as set, as the profile's target release spells it), for each value that
    release lists only in another case; empty with no release named."""
    release = target_release(profile, catalog)
    if release is None or profile.surface == "tf2":  # global_options: other facts
        return {}
    history = catalog.history
    out: dict[str, tuple[Value, Value]] = {}
    for path, value in profile.values.items():
        spelled = history.spelled(path, value, release.id)
        if spelled is not None:
            out[path] = (value, spelled)
    return out


def spelled_for_release(profile: Profile, catalog: Catalog) -> Profile:
    """``profile`` with :func:`release_spellings` applied (the same object when none)."""
    for path, (_, spelled) in release_spellings(profile, catalog).items():
        profile = profile.with_value(path, spelled)
    return profile
