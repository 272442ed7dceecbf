"""Evaluation after an edit: the findings a rule read nothing changed of are kept, and
the result is a fresh evaluation's, finding for finding, order and fixes included."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_studio.profile import Condition, Expr, ExtraKwarg, Profile
from ascend_studio.rules import Evaluator, _incremental, effective_values, evaluate, explain
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._evaluate import context_for, diagnose, involved
from ascend_studio.rules._explain import _link
from ascend_studio.rules._incremental import changes
from ascend_studio.rules._index import index_for
from ascend_studio.rules._model import Rule
from ascend_studio.rules._reads import EVERY, Reads
from ascend_studio.rules._registry import surface_rules
from ascend_studio.rules._split import Split
from ascend_studio.rules._split import asked as split_asked
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()
PATHS = [p.path for p in CATALOG.params]
#: Paths rules read together (switches and what they gate), so edits meet often.
HOT = [
    "iterations_per_loop",
    "graph_run_mode",
    "precision_mode",
    "precision_mode_v2",
    "aoe_mode",
    "dump_config.enable_dump",
    "dump_config.dump_path",
    "dump_config.dump_mode",
    "profiling_config.enable_profiling",
    "mix_compile_mode",
    "hccl_timeout",
    "op_debug_config",
    "op_precision_mode",
    "deterministic",
    "dump_config",
    "unknown_key",
]
ENV_NAMES = ["RANK_SIZE", "AOE_MODE", "TF_CONFIG", "JOB_ID", "ASCEND_DEVICE_ID", "DUMP_GE_GRAPH"]
FILES = ["op_debug_config", "aoe_config_file", "op_precision_mode", "fusion_switch_file"]
RELEASES = [None, "newest", "r1.15.0", CATALOG.history.releases[0].id, "7.0.0", "no-such"]
SURFACES = [None, "estimator", "sess", "tf2", "env"]

_scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-3, max_value=3),
    st.sampled_from([0, 1, 2, 10, 600, 2**31, -1]),
    st.sampled_from([0.0, -0.0, 1.0, 0.5]),
    st.sampled_from(["", "0", "1", "x", "/tmp/d", "force_fp16", "must_keep_origin_dtype"]),
    st.sampled_from(["ccec_g,oom", "[[[", "{", '{"output": "/p"}', "cv", "all", "input"]),
    st.builds(Expr, expr=st.sampled_from(["None", "args.x", "[1]", "1"])),
    st.none(),
)
_paths = st.one_of(st.sampled_from(HOT), st.sampled_from(PATHS))
_text = st.sampled_from(["", "0", "1", "2", "8", "$HOME/x", "{}", "abc", "0x10"])

Edit = Callable[[Profile], Profile]


def _files(profile: Profile, name: str, text: str | None) -> Profile:
    files = {k: v for k, v in profile.file_contents.items() if k != name}
    if text is not None:
        files[name] = text
    return profile.model_copy(update={"file_contents": files})


def _conditions(profile: Profile, path: str, arm: str) -> Profile:
    kept = dict(profile.conditions)
    kept[path] = (Condition(line=3, arm=arm, test="x"),)  # type: ignore[arg-type]
    return profile.model_copy(update={"conditions": kept})


def _kwarg(profile: Profile, name: str) -> Profile:
    extra = ExtraKwarg(owner="NPURunConfig", name=name, expr="1")
    return profile.model_copy(update={"extra_kwargs": (*profile.extra_kwargs, extra)})


def _set(p: str, v: Any) -> Edit:
    return lambda pr: pr.with_value(p, v)


def _unset(p: str) -> Edit:
    return lambda pr: pr.without_value(p)


def _env(n: str, v: str | None, verbatim: bool) -> Edit:
    return lambda pr: pr.with_env(n, v, verbatim=verbatim)


def _unenv(n: str) -> Edit:
    return lambda pr: pr.without_env(n)


def _product(v: str | None) -> Edit:
    return lambda pr: pr.with_product(v)


def _scenario(v: str | None) -> Edit:
    return lambda pr: pr.with_scenario(v)


def _release(v: str | None) -> Edit:
    return lambda pr: pr.with_release(v)


def _surface(v: Any) -> Edit:
    return lambda pr: pr.with_surface(v)


def _file(n: str, t: str | None) -> Edit:
    return lambda pr: _files(pr, n, t)


def _cond(p: str, a: str) -> Edit:
    return lambda pr: _conditions(pr, p, a)


def _kw(n: str) -> Edit:
    return lambda pr: _kwarg(pr, n)


_edits: st.SearchStrategy[Edit] = st.one_of(
    st.builds(_set, _paths, _scalars),
    st.builds(_set, _paths, _scalars),
    st.builds(_set, _paths, _scalars),
    st.builds(_unset, _paths),
    st.builds(_env, st.sampled_from(ENV_NAMES), st.one_of(st.none(), _text), st.booleans()),
    st.builds(_unenv, st.sampled_from(ENV_NAMES)),
    st.builds(_product, st.sampled_from([None, *CATALOG.product_ids])),
    st.builds(_scenario, st.sampled_from([None, "training", "inference"])),
    st.builds(_release, st.sampled_from(RELEASES)),
    st.builds(_surface, st.sampled_from(SURFACES)),
    st.builds(_file, st.sampled_from(FILES), st.one_of(st.none(), _text)),
    st.builds(_cond, _paths, st.sampled_from(["if", "else"])),
    st.builds(_kw, st.sampled_from(["auto_tune_mode", "no_such_keyword"])),
)


def _busy(product: str | None, surface: Any) -> Profile:
    """Every catalog parameter set (objects as expressions), with an environment."""
    values: dict[str, Any] = {}
    for param in CATALOG.params:
        if param.py_type == "object":
            values[param.path] = Expr(expr=f"make_{param.name}()")
        elif param.default is not None:
            values[param.path] = param.default
        elif param.values:
            values[param.path] = param.values[-1].value
        else:
            values[param.path] = {"bool": True, "int": 3, "float": 2.5, "str": "x"}[param.py_type]
    env = {"RANK_SIZE": "8", "AOE_MODE": "2", "TF_CONFIG": "{}"}
    data = {"values": values, "env": env, "product": product, "surface": surface}
    return Profile.model_validate(data)


_sparse = st.builds(
    lambda values, env, product, surface: Profile.model_validate(
        {"values": values, "env": env, "product": product, "surface": surface}
    ),
    st.dictionaries(_paths, _scalars, max_size=30),
    st.dictionaries(st.sampled_from(ENV_NAMES), st.one_of(st.none(), _text), max_size=3),
    st.sampled_from([None, *CATALOG.product_ids]),
    st.sampled_from(SURFACES),
)
_starts = st.one_of(
    _sparse,
    st.builds(_busy, st.sampled_from([None, *CATALOG.product_ids]), st.sampled_from(SURFACES)),
)
_EXAMPLES = int(os.environ.get("ASCEND_STUDIO_INCREMENTAL_EXAMPLES", "60"))


def _same(a: object, b: object) -> bool:
    """Equal and written alike (``1`` and ``True`` in a finding's values are not)."""
    return a == b and repr(a) == repr(b)


_LATE = st.sampled_from([None, {"precision_mode": (7, 3)}, {"hccl_timeout": (9, 3)}])


@settings(max_examples=_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    _starts,
    st.lists(_edits, min_size=1, max_size=12),
    st.sampled_from([None, "session", "environment"]),
    _LATE,
)
def test_evaluating_after_each_edit_equals_a_fresh_evaluation(
    start: Profile, edits: list[Edit], surface: Any, late: Any
) -> None:
    evaluator = Evaluator()
    profile = start
    options: dict[str, Any] = {"surface": surface, "after_open": late}
    assert _same(evaluator.evaluate(profile, **options), evaluate(profile, **options))
    for edit in edits:
        try:
            profile = edit(profile)
        except ValueError:
            continue  # an edit the document refuses (a target it does not know)
        got = evaluator.evaluate(profile, **options)
        assert _same(got, evaluate(profile, **options)), profile
        paths = [*profile.values, *(f"env:{n}" for n in ENV_NAMES)]
        assert _same(evaluator.effective_values(profile, paths), effective_values(profile, paths))


def _profile(values: dict[str, Any], **more: Any) -> Profile:
    return Profile.model_validate({"values": values, "product": "atlas_a2", **more})


def test_an_edit_runs_only_the_rules_that_read_what_it_changed() -> None:
    values = {"iterations_per_loop": 10, "hccl_timeout": 600, "precision_mode": "force_fp16"}
    evaluator = Evaluator()
    evaluator.evaluate(_profile(values))
    everything = evaluator.ran
    evaluator.evaluate(_profile({**values, "hccl_timeout": 601}))
    assert 0 < evaluator.ran < everything / 3
    evaluator.evaluate(_profile({**values, "hccl_timeout": 601}))
    assert evaluator.ran == 0  # the same profile again: nothing to run


def test_another_product_runs_the_rules_that_asked_for_it_and_a_release_every_rule() -> None:
    evaluator = Evaluator()
    evaluator.evaluate(_profile({"hccl_timeout": 600}))
    everything = evaluator.ran
    evaluator.evaluate(_profile({"hccl_timeout": 600}, product="atlas_a3"))
    assert 0 < evaluator.ran < everything / 3
    evaluator.evaluate(_profile({"hccl_timeout": 600}, product="atlas_a3", release="r1.15.0"))
    assert evaluator.ran == everything


def test_a_catalog_check_is_asked_again_for_the_edited_parameter_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    values = {"hccl_timeout": 600, "iterations_per_loop": 10, "precision_mode": "force_fp16"}
    evaluator = Evaluator()
    evaluator.evaluate(_profile(values))
    kept = evaluator._kept["type.mismatch"]
    assert isinstance(kept, Split) and kept.known == tuple(values)
    asked: list[tuple[str, tuple[str, ...]]] = []

    def noted(rule: Rule, ctx: Ctx, variants: Any, known: Iterable[str]) -> Split | None:
        listed = tuple(known)
        asked.append((rule.id, listed))
        return split_asked(rule, ctx, variants, listed)

    monkeypatch.setattr(_incremental, "asked", noted)
    found = evaluator.evaluate(_profile({**values, "hccl_timeout": "600"}))
    assert asked and all(known == ("hccl_timeout",) for _, known in asked)
    assert "type.mismatch" in {rule_id for rule_id, _ in asked}
    kept = evaluator._kept["type.mismatch"]
    assert isinstance(kept, Split)
    assert [d.params for d in kept.findings] == [("hccl_timeout",)]
    assert [d for d in found if d.rule_id == "type.mismatch"] == kept.findings


def test_reads_are_noted_per_key_and_in_full_when_gone_over() -> None:
    reads = Reads()
    profile = _profile({"dump_config.dump_path": "/d", "hccl_timeout": 1}, env={"RANK_SIZE": "8"})
    ctx = Ctx(profile, index_for(CATALOG), watch=reads)
    ctx.lit("hccl_timeout")
    ctx.env_given("RANK_SIZE")
    ctx.uses("dump_config")
    assert reads.log == {("v", "hccl_timeout"), ("e", "RANK_SIZE"), ("h", "dump_config")} | {
        ("v", "dump_config")
    }
    reads.log = set()
    ctx.known()
    ctx.known()  # made once, but every caller read every value
    assert reads.log == {("v", EVERY)}
    reads.log = set()
    assert list(ctx.env) == ["RANK_SIZE"]
    assert reads.log == {("e", EVERY)}


def test_what_a_shared_pass_read_counts_for_every_rule_that_uses_it() -> None:
    reads = Reads()
    ctx = Ctx(_profile({"hccl_timeout": 1}), index_for(CATALOG), watch=reads)
    ctx.once("pass", lambda: ctx.lit("hccl_timeout"))
    assert reads.log == {("v", "hccl_timeout")}
    reads.log = set()
    ctx.once("pass", lambda: ctx.lit("never_read"))  # made already: not made again
    assert reads.log == {("v", "hccl_timeout")}


def test_changes_name_the_keys_holders_and_order() -> None:
    old = _profile({"a": 1, "dump_config.dump_path": "/d"})
    assert changes(old, old) == set()
    assert changes(old, old.with_value("a", True)) == {("v", "a"), ("v", EVERY)}
    assert changes(old, old.with_value("a", 1)) == set()
    assert ("v", "a") in changes(_profile({"a": 0.0}), _profile({"a": -0.0}))
    removed = changes(old, old.without_value("dump_config.dump_path"))
    assert removed == {("v", "dump_config.dump_path"), ("h", "dump_config"), ("v", EVERY)}
    reordered = _profile({"dump_config.dump_path": "/d", "a": 1})
    assert changes(old, reordered) == {("v", EVERY)}
    assert changes(old, old.with_env("X", "1")) == {("e", "X"), ("e", EVERY)}


@settings(max_examples=_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(_starts, st.lists(_edits, max_size=4), _paths)
def test_explaining_a_parameter_asks_the_per_parameter_rules_for_it_alone(
    start: Profile, edits: list[Edit], path: str
) -> None:
    profile = start
    for edit in edits:
        try:
            profile = edit(profile)
        except ValueError:
            continue
    ctx = context_for(profile)
    rules = surface_rules(ctx.surface, ctx.ix.catalog)
    whole = tuple(_link(r, ctx, path) for r in rules if involved(r, ctx.ix, path))
    assert _same(explain(profile, path).rules, whole)


def test_a_shared_pass_that_fails_keeps_what_was_read_before_it() -> None:
    reads = Reads()
    ctx = Ctx(_profile({"hccl_timeout": 1, "aoe_mode": 2}), index_for(CATALOG), watch=reads)
    ctx.lit("aoe_mode")

    def failing() -> None:
        ctx.lit("hccl_timeout")
        raise ValueError("a rule bug")

    with pytest.raises(ValueError):
        ctx.once("pass", failing)
    assert reads.log == {("v", "aoe_mode"), ("v", "hccl_timeout")}


def _alone(profile: Profile, paths: frozenset[str]) -> Ctx:
    ctx = context_for(profile)
    ctx.only = paths
    return ctx


@settings(
    max_examples=max(10, _EXAMPLES // 3), deadline=None, suppress_health_check=list(HealthCheck)
)
@given(_starts, st.lists(_edits, max_size=4))
def test_a_per_parameter_rule_says_of_each_parameter_what_it_says_of_it_alone(
    start: Profile, edits: list[Edit]
) -> None:
    profile = start
    for edit in edits:
        try:
            profile = edit(profile)
        except ValueError:
            continue
    ctx = context_for(profile)
    known = [path for path in profile.values if path in ctx.ix.facts]
    for rule in surface_rules(ctx.surface, ctx.ix.catalog):
        if not rule.per_param:
            continue
        rest = diagnose(rule, _alone(profile, frozenset()))
        parts = []
        for path in known:
            alone = diagnose(rule, _alone(profile, frozenset((path,))))
            assert _same(alone[len(alone) - len(rest) :], rest), (rule.id, path)
            parts.extend(alone[: len(alone) - len(rest)])
        assert _same(diagnose(rule, ctx), parts + rest), rule.id
