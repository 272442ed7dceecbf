"""Build profiles and environments that switch a given layer or condition on."""

from __future__ import annotations

import json

from ascend_studio.paths import Cond, Environment, EnvSource, LayerSpec
from ascend_studio.profile import Profile
from ascend_studio.schema import Scalar


def satisfy(cond: Cond, profile: Profile, env: dict[str, str | None]) -> Profile:
    """Make ``cond`` hold (for tests whose layers carry ``when``)."""
    value: Scalar | None
    if cond.test in ("eq", "in"):
        value = cond.values[0]
    elif cond.test == "true":
        value = True if cond.param else "1"
    elif cond.test == "set":
        value = "1"
    else:  # unset / ne / not_in hold while unset
        return profile
    if cond.param:
        return profile.with_value(cond.param, value)
    env[cond.env or ""] = str(value).lower() if isinstance(value, bool) else str(value)
    return profile


def switch_on(spec: LayerSpec, value: str, profile: Profile, env: dict[str, str | None]) -> Profile:
    """Give ``spec`` the path ``value`` (wrapped in JSON when it reads a JSON key)."""
    text = json.dumps({spec.json_key: value}) if spec.json_key else value
    for cond in spec.when:
        profile = satisfy(cond, profile, env)
    if spec.kind == "parameter":
        return profile.with_value(spec.name, text)
    if spec.kind == "env":
        env[spec.name] = text
    return profile


def environment(values: dict[str, str | None]) -> Environment:
    return Environment().with_layer(EnvSource.typed(), values)
