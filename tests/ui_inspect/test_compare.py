"""Compare two profiles: only differences, grouped; transfers are one undo step each."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_fakes import Dialogs
from pytestqt.qtbot import QtBot

from ascend_studio.profile import Expr, Profile, save_profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._model import ProfileModel
from ascend_studio.ui.compare import (
    ABSENT,
    ENV_CATEGORY,
    CompareView,
    apply_changes,
    diff_profiles,
)

OURS = (
    Profile()
    .with_value("precision_mode", "allow_mix_precision")
    .with_value("iterations_per_loop", 10)
    .with_value("debug_dir", Expr(expr="args.dbg"))
    .with_env("ASCEND_WORK_PATH", "/a")
)
THEIRS = (
    Profile()
    .with_value("precision_mode", "force_fp32")
    .with_value("iterations_per_loop", 10)
    .with_value("hccl_timeout", 1200)
    .with_value("hcom_parallel", True)
    .with_env("ASCEND_WORK_PATH", None)
)


def test_diff_lists_only_differences_in_catalog_order(catalog: Catalog) -> None:
    found = diff_profiles(catalog, OURS, THEIRS)
    keys = [(d.kind, d.key) for d in found]
    assert ("value", "iterations_per_loop") not in keys
    assert ("env", "ASCEND_WORK_PATH") in keys
    order = [p.path for p in catalog.params]
    values = [d.key for d in found if d.kind == "value"]
    assert values == sorted(values, key=order.index)
    debug = next(d for d in found if d.key == "debug_dir")
    assert debug.theirs is ABSENT and debug.ours == Expr(expr="args.dbg")
    env = next(d for d in found if d.kind == "env")
    assert (env.ours, env.theirs, env.category) == ("/a", None, ENV_CATEGORY)


def test_diff_is_type_exact(catalog: Catalog) -> None:
    one = Profile().with_value("hcom_parallel", True)
    other = Profile().with_value("hcom_parallel", 1)
    assert [d.key for d in diff_profiles(catalog, one, other)] == ["hcom_parallel"]


def test_applying_every_difference_gives_the_other_side(catalog: Catalog) -> None:
    result = apply_changes(OURS, diff_profiles(catalog, OURS, THEIRS))
    assert result.values == THEIRS.values
    assert result.env == THEIRS.env
    assert diff_profiles(catalog, result, THEIRS) == []


@pytest.fixture
def wired(qtbot: QtBot, catalog: Catalog) -> tuple[CompareView, ProfileModel]:
    model = ProfileModel()
    model.replace(OURS, None, saved=OURS)
    view = CompareView(catalog)
    qtbot.addWidget(view)
    view.set_profile(model.profile)
    view.edit_requested.connect(model.edit)
    model.profile_changed.connect(view.set_profile)
    view.set_other(THEIRS, "theirs.json")
    return view, model


def test_transfer_one_value_is_undoable(
    qtbot: QtBot, wired: tuple[CompareView, ProfileModel]
) -> None:
    view, model = wired
    assert "precision_mode" in [d.key for d in view.differences]
    view.select("precision_mode")
    with qtbot.waitSignal(view.edit_requested):
        view.take_selected()
    assert model.profile.get("precision_mode") == "force_fp32"
    assert model.profile.get("debug_dir") == Expr(expr="args.dbg")  # nothing else moved
    assert "precision_mode" not in [d.key for d in view.differences]
    assert model.undo_stack.undoText() == "Take precision_mode from comparison"
    model.undo_stack.undo()
    assert model.profile == OURS
    assert "precision_mode" in [d.key for d in view.differences]
    model.undo_stack.redo()
    assert model.profile.get("precision_mode") == "force_fp32"


def test_transfer_a_category_in_one_step(wired: tuple[CompareView, ProfileModel]) -> None:
    view, model = wired
    category = next(d.category for d in view.differences if d.key == "hccl_timeout")
    in_category = [d.key for d in view.differences if d.category == category]
    depth = model.undo_stack.count()
    view.take_category(category)
    assert model.undo_stack.count() == depth + 1
    for key in in_category:
        assert model.profile.get(key) == THEIRS.get(key)
    view.take_category(ENV_CATEGORY)
    assert model.profile.env == {"ASCEND_WORK_PATH": None}
    model.undo_stack.undo()
    assert model.profile.env == {"ASCEND_WORK_PATH": "/a"}


def test_sides_render_absent_and_unset(wired: tuple[CompareView, ProfileModel]) -> None:
    view, _ = wired
    rows = {}
    for index in range(view.tree.topLevelItemCount()):
        group = view.tree.topLevelItem(index)
        assert group is not None
        for row in range(group.childCount()):
            item = group.child(row)
            assert item is not None
            rows[item.text(0)] = (item.text(1), item.text(2))
    assert rows["debug_dir"] == ("args.dbg", "not set")
    assert rows["$ASCEND_WORK_PATH"] == ("/a", "unset (removed)")
    assert rows["precision_mode"] == ("'allow_mix_precision'", "'force_fp32'")


def test_sources_saved_and_defaults(qtbot: QtBot, catalog: Catalog) -> None:
    view = CompareView(catalog)
    qtbot.addWidget(view)
    view.set_profile(OURS)
    view.set_saved(OURS)
    view.compare_with("saved")
    assert view.differences == []
    view.compare_with("defaults")
    assert {d.key for d in view.differences} == {*OURS.values, "ASCEND_WORK_PATH"}
    assert view.other().product == OURS.product


def test_double_click_jumps_to_the_field(
    qtbot: QtBot, wired: tuple[CompareView, ProfileModel]
) -> None:
    view, _ = wired
    view.select("hccl_timeout")
    with qtbot.waitSignal(view.parameter_activated) as blocker:
        view.goto_button.click()
    assert blocker.args == ["hccl_timeout"]


def test_compare_with_files(
    qtbot: QtBot, catalog: Catalog, tmp_path: Path, dialogs: Dialogs
) -> None:
    view = CompareView(catalog)
    qtbot.addWidget(view)
    view.set_profile(OURS)
    save_profile(THEIRS, tmp_path / "theirs.json")
    assert view.open_file(tmp_path / "theirs.json")
    assert "precision_mode" in [d.key for d in view.differences]
    script = tmp_path / "train.py"
    script.write_text(
        "from npu_bridge.npu_init import *\n"
        "if fast:\n"
        "    cfg = NPURunConfig(precision_mode='allow_mix_precision', iterations_per_loop=10,"
        " debug_dir=args.dbg)\n"
        "else:\n"
        "    cfg = NPURunConfig(precision_mode='force_fp32')\n",
        encoding="utf-8",
    )
    dialogs.answer("choose_item", 0)
    assert view.open_file(script)
    assert {d.key for d in view.differences} == {"ASCEND_WORK_PATH"}
    dialogs.answer("choose_item", None)
    assert not view.open_file(script)
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert not view.open_file(broken)
    assert "broken.json" in view.summary.text()


def _shown_rows(view: CompareView) -> list[tuple[str, str, str]]:
    rows = []
    for index in range(view.tree.topLevelItemCount()):
        group = view.tree.topLevelItem(index)
        assert group is not None
        rows.append((group.text(0), "", ""))
        for row in range(group.childCount()):
            item = group.child(row)
            assert item is not None
            rows.append((item.text(0), item.text(1), item.text(2)))
    return rows


def test_an_edit_updates_rows_in_place(
    wired: tuple[CompareView, ProfileModel], catalog: Catalog
) -> None:
    """What the user did in the tree (a selection, a group folded) outlives an edit; the
    rows are what a tree built anew would show."""
    view, model = wired
    view.show()  # a shown view follows every edit (a hidden one when it is shown)
    view.select("precision_mode")
    selected = view.tree.currentItem()
    env_group = next(
        g
        for i in range(view.tree.topLevelItemCount())
        if (g := view.tree.topLevelItem(i)) is not None
        and g.childCount()
        and "$" in g.child(0).text(0)
    )
    env_group.setExpanded(False)
    for value in (1300, 1400):  # a changed difference, then a new one, then one gone
        model.edit(model.profile.with_value("hccl_timeout", value), "Edit", "hccl_timeout")
    model.edit(model.profile.with_value("hcom_parallel", True), "Edit")
    model.edit(model.profile.with_value("enable_dump", True), "Edit")
    assert view.tree.currentItem() is selected and selected.isSelected()
    assert not env_group.isExpanded()
    fresh = CompareView(catalog)
    fresh.set_profile(model.profile)
    fresh.set_other(THEIRS, "theirs.json")
    assert _shown_rows(view) == _shown_rows(fresh)
    assert ("hccl_timeout", "1400", "1200") in _shown_rows(view)
    assert "hcom_parallel" not in [row[0] for row in _shown_rows(view)]
    view.set_language("zh")
    fresh.set_language("zh")
    assert _shown_rows(view) == _shown_rows(fresh)
    fresh.deleteLater()
