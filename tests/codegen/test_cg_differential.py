"""Differential tests against the real TF Adapter code.

Run when ``$ASCEND_STUDIO_TF_ADAPTER`` names a hicann/tensorflow checkout (see the
README); they skip otherwise. For seeded random profiles:

(b) the ``sess`` export, executed with real protobuf messages, writes key by key
    what the real ``NPUEstimator.__load_graph_optimizers`` writes into
    ``custom_op.parameter_map`` for the real ``NPURunConfig`` the ``py`` export
    builds (the one documented difference: the sess export leaves out
    ``enable_compress_weight`` when only ``compress_weight_conf`` is wanted);
(c) the ``py`` export constructs the real ``NPURunConfig`` (npu_config.py) and every
    literal value reaches the object.

Profiles the real constructor rejects are counted, not compared; each must get an
error from ``evaluate`` (the real stack raised, so the tool must say so).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import cg_real_tfa
import pytest
from cg_estimator_source import SKIP_REASON
from cg_profiles import NAMES, profile

from ascend_studio.codegen import ExportOptions, export_text
from ascend_studio.codegen._layout import HOLDER_OWNER
from ascend_studio.profile import Expr, Profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import Parameter, shipped_catalog

OPTIONS = ExportOptions(diagnostics=False)
CATALOG = shipped_catalog()
PROFILES = 1000
CHUNKS = 10
#: Assigned to a bytes field without conversion: a str makes the real
#: estimator raise, and a profile cannot hold bytes yet, so it is left out here.
LEFT_OUT = {"insert_op_file"}
TEXTS = ["", "a b", "路径/中文 x", 'q"uote', "back\\slash", "/tmp/x", "1,2;3,4", "x" * 40]


#: Current protobuf refuses a bool in an int64 field; protobuf 3.x, which TensorFlow
#: 1.15 runs on, accepts it (bool has ``__index__``), and so do the rules.
BOOL_AS_INT = "Expected an int, got a boolean"


@pytest.fixture(scope="module")
def real() -> cg_real_tfa.RealTfa:
    loaded = cg_real_tfa.load()
    if loaded is None:
        pytest.skip(SKIP_REASON)
    return loaded


def _scalars() -> list[Parameter]:
    return [
        p
        for p in CATALOG.params
        if p.py_type != "object"
        and p.path not in HOLDER_OWNER
        and p.name not in LEFT_OUT
        and not (p.session and p.session.session_only)  # no keyword: sess.run code only
    ]


SCALARS = _scalars()


#: Values of the wrong type, mixed in now and then: the real code must reject them
#: somewhere, and then ``evaluate`` must report an error.
WRONG: dict[str, list[Any]] = {
    "bool": [1, "True", None],
    "int": ["8", 1.5, True, None],
    "float": ["0.5"],
    "str": [1, True],
}


def _value(param: Parameter, rng: random.Random) -> Any:
    if rng.random() < 0.03 and WRONG.get(param.py_type):
        return rng.choice(WRONG[param.py_type])
    if param.values and (not param.open_enum or rng.random() < 0.8):
        return rng.choice([v.value for v in param.values])
    if param.py_type == "bool":
        return rng.random() < 0.5
    if param.py_type == "int":
        low = int(param.minimum) if param.minimum is not None else -3
        high = int(param.maximum) if param.maximum is not None else 10**6
        return rng.randint(low, high)
    if param.py_type == "float":
        return rng.uniform(0, 1e6)
    return rng.choice(TEXTS)


def random_profile(rng: random.Random) -> Profile:
    values = {p.path: _value(p, rng) for p in rng.sample(SCALARS, rng.randint(0, 25))}
    values = {k: v for k, v in values.items() if v is not None}
    if "save_checkpoints_steps" in values:
        values.pop("save_checkpoints_secs", None)
    if values.get("mix_compile_mode") is True:
        values["iterations_per_loop"] = 1
    return Profile(values=values)


@dataclass
class Tally:
    compared: int = 0
    rejected: int = 0
    rejected_unflagged: list[str] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)


def _attr(config: Any, path: str) -> Any:
    obj = config
    parts = path.split(".")
    for holder in parts[:-1]:
        obj = getattr(obj, "_" + holder)
    name = parts[-1]
    return getattr(obj, name) if hasattr(obj, name) else getattr(obj, "_" + name)


def _expected(real_map: dict[str, Any], p: Profile) -> dict[str, Any]:
    if "compress_weight_conf" in real_map and p.values.get("enable_compress_weight") is not True:
        return {k: v for k, v in real_map.items() if k != "enable_compress_weight"}
    return real_map


def compare(real: cg_real_tfa.RealTfa, p: Profile, tally: Tally) -> None:
    try:
        config = real.run(export_text(p, "py", OPTIONS))["config"]
        real_map = real.estimator_map(config)
    except (TypeError, ValueError, AttributeError) as exc:
        tally.rejected += 1
        if BOOL_AS_INT in str(exc):
            return  # protobuf >= 4 only; TF 1.15's protobuf 3.x accepts a bool there
        if not any(d.severity == "error" for d in evaluate(p)):
            tally.rejected_unflagged.append(f"{p.values}: {type(exc).__name__}: {exc}")
        return
    tally.compared += 1
    for path, value in p.values.items():  # (c) every literal reaches the real object
        if not isinstance(value, Expr) and _attr(config, path) != value:
            tally.disagreements.append(f"(c) {path}: {_attr(config, path)!r} != {value!r}")
    wanted = _expected(real_map, p)
    got = cg_real_tfa.parameter_map(real.run(export_text(p, "sess", OPTIONS))["config"])
    for key in sorted(set(wanted) | set(got)):
        if wanted.get(key) != got.get(key):
            tally.disagreements.append(
                f"(b) {key}: real {wanted.get(key)!r}, sess {got.get(key)!r}"
            )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_profiles_match_the_real_estimator(real: cg_real_tfa.RealTfa, chunk: int) -> None:
    """(b) and (c) over PROFILES // CHUNKS compared profiles per chunk, seeded."""
    rng = random.Random(12_000 + chunk)
    tally = Tally()
    attempts = 0
    while tally.compared < PROFILES // CHUNKS and attempts < 20 * PROFILES // CHUNKS:
        attempts += 1
        compare(real, random_profile(rng), tally)
    print(
        f"chunk {chunk}: compared {tally.compared}, rejected by the real code "
        f"{tally.rejected}, disagreements {len(tally.disagreements)}"
    )
    assert tally.compared == PROFILES // CHUNKS
    assert tally.disagreements == []
    assert tally.rejected_unflagged == []


@pytest.mark.parametrize("name", NAMES)
def test_example_profiles_construct_the_real_npurunconfig(
    real: cg_real_tfa.RealTfa, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(c) on the hand-written example profiles (expressions kept, TF_CONFIG unset)."""
    monkeypatch.delenv("TF_CONFIG", raising=False)
    p = profile(name)
    literal = {k: v for k, v in p.values.items() if not isinstance(v, Expr)}
    names = {"FLAGS": type("F", (), {"iterations_per_loop": 10, "profile": True})}
    p = Profile(values=literal).without_value("save_checkpoints_secs")
    if "insert_op_file" in p.values:
        p = p.without_value("insert_op_file")
    config = real.run(export_text(p, "py", OPTIONS), **names)["config"]
    assert type(config).__name__ == "NPURunConfig"
    assert type(config).__module__ == "npu_bridge.estimator.npu.npu_config"
    for path, value in p.values.items():
        assert _attr(config, path) == value, path


def test_the_loader_reads_the_checkout_not_a_stand_in(real: cg_real_tfa.RealTfa) -> None:
    assert real.npu_config.__file__.endswith(
        "npu_estimator/npu/npu_config.py".replace("npu_estimator/", "estimator/")
    )
    with pytest.raises(TypeError):  # real protobuf: bytes fields refuse str
        real.ConfigProto().graph_options.rewrite_options.custom_optimizers.add().parameter_map[
            "k"
        ].s = "text"
