"""Precedence, generated from the data: for every adjacent pair of layers in every
chain (every variant), the upper one wins when both are set, and the lower one
wins when the upper is unset. A new chain in artifacts.toml is tested with no
change here."""

from __future__ import annotations

import pytest

from ascend_studio.paths import (
    Context,
    EnvSource,
    LayerSpec,
    Resolution,
    VariantResolution,
    load_artifacts,
    resolve,
)
from ascend_studio.profile import Profile

from ._helpers import environment, switch_on

CTX = Context(cwd="/job", home="/home/u", pid=11, device_id=2, session_id=5)


def _pairs() -> list[tuple[str, str, int]]:
    cases = []
    for art in load_artifacts().artifacts:
        for variant in art.variants:
            cases += [(art.id, variant.id, i) for i in range(len(variant.layers) - 1)]
    return cases


PAIRS = _pairs()


def _ids(case: tuple[str, str, int]) -> str:
    art_id, variant_id, index = case
    layers = load_artifacts().get(art_id)
    variant = next(v for v in layers.variants if v.id == variant_id)
    upper, lower = variant.layers[index], variant.layers[index + 1]
    return f"{art_id}[{variant_id}]:{upper.name}>{lower.name}"


def _resolved(
    art_id: str, variant_id: str, profile: Profile, env: dict[str, str | None]
) -> Resolution | VariantResolution:
    art = load_artifacts().get(art_id)
    (res,) = resolve(profile, environment(env), CTX, artifacts=[art])
    reading = next((v for v in res.variants if v.id == variant_id), None)
    return reading or res


def _spec(art_id: str, variant_id: str, index: int) -> tuple[LayerSpec, LayerSpec]:
    art = load_artifacts().get(art_id)
    variant = next(v for v in art.variants if v.id == variant_id)
    return variant.layers[index], variant.layers[index + 1]


def test_every_chain_has_pairs_to_test() -> None:
    assert len(PAIRS) >= 30
    chains = {(a, v) for a, v, _ in PAIRS}
    multi = {
        (a.id, v.id) for a in load_artifacts().artifacts for v in a.variants if len(v.layers) > 1
    }
    assert chains == multi


@pytest.mark.parametrize("case", PAIRS, ids=_ids)
def test_upper_layer_beats_lower(case: tuple[str, str, int]) -> None:
    art_id, variant_id, index = case
    upper, lower = _spec(art_id, variant_id, index)
    env: dict[str, str | None] = {}
    profile = switch_on(lower, "/lower/b", Profile(), env)
    profile = switch_on(upper, "/upper/a", profile, env)
    reading = _resolved(art_id, variant_id, profile, env)
    if upper.external:  # another tool's setting: never read from a profile
        assert reading.layers[index].state == "unset"
        assert reading.winner == index + 1
        return
    assert reading.winner == index
    assert reading.layers[index].state == "winner"
    assert reading.layers[index + 1].state == "shadowed"
    assert reading.path is not None
    assert reading.path.startswith("/upper/a")


@pytest.mark.parametrize("case", PAIRS, ids=_ids)
def test_lower_layer_wins_when_upper_is_unset(case: tuple[str, str, int]) -> None:
    art_id, variant_id, index = case
    _upper, lower = _spec(art_id, variant_id, index)
    env: dict[str, str | None] = {}
    profile = switch_on(lower, "/lower/b", Profile(), env)
    reading = _resolved(art_id, variant_id, profile, env)
    assert reading.layers[index].state == "unset"
    assert reading.winner == index + 1
    assert reading.layers[index + 1].state == "winner"
    if lower.kind != "default":
        assert reading.path is not None
        assert reading.path.startswith("/lower/b")


@pytest.mark.parametrize("case", [c for c in PAIRS if _spec(*c)[0].kind == "env"], ids=_ids)
def test_an_explicit_unset_hides_the_upper_env_layer(case: tuple[str, str, int]) -> None:
    art_id, variant_id, index = case
    upper, lower = _spec(art_id, variant_id, index)
    env: dict[str, str | None] = {}
    profile = switch_on(lower, "/lower/b", Profile(), env)
    high = environment(env).with_layer(EnvSource.profile(), {upper.name: None})
    art = load_artifacts().get(art_id)
    (res,) = resolve(profile, high, CTX, artifacts=[art])
    reading = next((v for v in res.variants if v.id == variant_id), res)
    assert reading.layers[index].state == "unset"
    assert reading.layers[index].origin == "profile environment"
    assert reading.winner == index + 1
