"""What one snapshot gives the views: each row's count of fields set, and each
category's count of values set and of the findings that name its parameters."""

from __future__ import annotations

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, Text
from ascend_studio.ui._core import Engine, Finding
from ascend_studio.ui._snapshot import (
    ENV_SECTION,
    UNKNOWN_SECTION,
    CategoryCounts,
    _categories,
    take_snapshot,
)

NESTED = "experimental_config.graph_memory_optimize_config.recompute"


def test_a_sub_config_counts_its_fields_set_at_every_depth(catalog: Catalog) -> None:
    profile = Profile(
        values={
            "dump_config.enable_dump": True,
            "dump_config.dump_path": "/data/dump",
            NESTED: "manual",
            "iterations_per_loop": 10,
        }
    )
    rows = take_snapshot(catalog, Engine(catalog), profile).rows
    holders = {p.path for p in catalog.params if p.kind == "subconfig"}
    counts = {path: rows[path].fields_set for path in holders}
    assert counts == {
        "dump_config": 2,
        "experimental_config": 1,
        "experimental_config.graph_memory_optimize_config": 1,
        "memory_config": 0,
        "profiling_config": 0,
        "dynamic_input_config": 0,
    }
    # only holders count: a plain row and a field never do
    assert rows["iterations_per_loop"].fields_set == 0
    assert rows["dump_config.enable_dump"].fields_set == 0


def _finding(severity: str, *params: str) -> Finding:
    return Finding("test.rule", severity, params, Text.of("消息", "message"))  # type: ignore[arg-type]


def test_a_finding_counts_in_every_category_it_names_once_each(catalog: Catalog) -> None:
    first, second = catalog.categories[0].id, catalog.categories[1].id
    a, b = (p.path for p in catalog.in_category(first)[:2])
    c = catalog.in_category(second)[0].path
    profile = Profile(values={a: 1, c: 2}, env={"ASCEND_DEVICE_ID": "0", "X": "1"})
    findings = (
        _finding("warning", a, b),  # two of one category's: counted once there
        _finding("error", b, c),  # both categories
        _finding("info", "env:ASCEND_DEVICE_ID", c),  # the environment and the second
        _finding("info", "no.such.param"),  # names no category: counted nowhere
    )
    counts = _categories(catalog, profile, findings)
    assert list(counts) == [UNKNOWN_SECTION, *(cat.id for cat in catalog.categories), ENV_SECTION]
    assert counts[first] == CategoryCounts(1, 2, "error", errors=1, warnings=1)
    assert counts[second] == CategoryCounts(1, 2, "error", errors=1, infos=1)
    assert counts[ENV_SECTION] == CategoryCounts(2, 1, "info", infos=1)
    assert counts[catalog.categories[2].id] == CategoryCounts()


def test_category_counts_match_the_findings_of_a_busy_profile(catalog: Catalog) -> None:
    """Every category's counts are those of the findings naming one of its
    parameters, for a profile with a value for nearly every parameter."""
    values: dict[str, object] = {}
    for param in catalog.params:
        if param.kind not in {"subconfig", "object"}:
            values[param.path] = param.default if param.default is not None else "x"
    profile = Profile(product="atlas_training", values=values, env={"ASCEND_DEVICE_ID": "0"})
    snapshot = take_snapshot(catalog, Engine(catalog), profile)
    assert len(snapshot.findings) > 20
    for category in catalog.categories:
        paths = {p.path for p in catalog.in_category(category.id)}
        mine = [f for f in snapshot.findings if paths.intersection(f.params)]
        counts = snapshot.categories[category.id]
        assert counts.set_count == len(paths & set(profile.values))
        assert counts.problems == len(mine)
        assert counts.errors == sum(f.severity == "error" for f in mine)
        assert counts.warnings == sum(f.severity == "warning" for f in mine)
        assert counts.infos == sum(f.severity == "info" for f in mine)


def _edits() -> list[Profile]:
    start = Profile(
        values={"iterations_per_loop": 10, "hccl_timeout": 600, "precision_mode": "force_fp16"}
    )
    return [
        start,
        start.with_value("hccl_timeout", 601),
        start.with_value("hccl_timeout", True),  # another type: another setting
        start.with_value("dump_config.enable_dump", True),
        start.with_value("dump_config.enable_dump", True).with_value("dump_config.dump_path", "/d"),
        start.without_value("precision_mode"),
        start.with_value("graph_run_mode", 0),  # the scenario changes: every row is judged
        start.with_product("atlas_a2"),
        start.with_release("r1.15.0"),
        start.with_env("RANK_SIZE", "8"),
        start,
    ]


def test_a_snapshot_after_an_edit_equals_a_fresh_one(catalog: Catalog) -> None:
    engine = Engine(catalog)
    before = None
    for profile in _edits():
        after = take_snapshot(catalog, engine, profile, before)
        fresh = take_snapshot(catalog, Engine(catalog), profile)
        assert after.rows == fresh.rows
        assert repr(after.rows) == repr(fresh.rows)  # 1 and True alike would pass ==
        assert after.findings == fresh.findings
        before = after


def test_a_snapshot_after_an_edit_keeps_the_rows_it_did_not_reach(catalog: Catalog) -> None:
    engine = Engine(catalog)
    start = Profile(values={"iterations_per_loop": 10, "hccl_timeout": 600})
    first = take_snapshot(catalog, engine, start)
    second = take_snapshot(catalog, engine, start.with_value("hccl_timeout", 601), first)
    changed = {path for path, row in second.rows.items() if row is not first.rows[path]}
    assert changed == {"hccl_timeout"}
    other = take_snapshot(catalog, engine, start.with_product("atlas_a2"), second)
    assert all(row is not second.rows[path] for path, row in other.rows.items())
