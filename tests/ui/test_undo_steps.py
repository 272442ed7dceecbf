"""Undo steps over the profile: typing folds into one step, and a step's profiles
live no longer than the step (typing into a field for an hour must not grow memory)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from ascend_studio.profile import Profile
from ascend_studio.ui._model import ProfileModel, _EditCommand


def _live_commands() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, _EditCommand))


def _live_profiles(values: set[int]) -> int:
    """Profiles alive whose hccl_timeout is one of ``values`` (the typed ones)."""
    gc.collect()
    found = (o for o in gc.get_objects() if isinstance(o, Profile))
    return sum(1 for p in found if p.values.get("hccl_timeout") in values)


@pytest.fixture
def model(qapp: Any) -> Any:
    made = ProfileModel()
    yield made
    made.undo_stack.clear()
    made.deleteLater()


def _type(model: ProfileModel, values: range, key: str = "hccl_timeout") -> None:
    for value in values:
        model.edit(model.profile.with_value(key, value), "Edit", merge_key=key)


def test_typed_edits_keep_one_step_and_no_more_objects(model: ProfileModel) -> None:
    typed = range(7_000_100, 7_000_900)  # values no other test types
    before = _live_commands()
    _type(model, typed)
    assert model.undo_stack.count() == 1
    assert model.profile.values["hccl_timeout"] == 7_000_899
    # one step: its command and two profiles (before: no value; after: the last typed)
    assert _live_commands() - before == 1
    assert _live_profiles(set(typed)) == 1
    model.undo_stack.undo()
    assert "hccl_timeout" not in model.profile.values
    model.undo_stack.redo()
    assert model.profile.values["hccl_timeout"] == 7_000_899


def test_new_document_frees_every_step(model: ProfileModel) -> None:
    before = _live_commands()
    for run in range(5):
        _type(model, range(8_000_000 + 100 * run, 8_000_050 + 100 * run))
        model.close_merge()
    assert model.undo_stack.count() == 5
    model.replace(Profile(), Path("x.json"), saved=Profile())  # New / Open
    assert model.undo_stack.count() == 0
    assert _live_commands() == before
    assert _live_profiles(set(range(8_000_000, 8_000_500))) == 0


def test_typing_back_to_the_start_leaves_no_step(model: ProfileModel) -> None:
    model.edit(model.profile.with_value("iterations_per_loop", 5), "Edit")
    _type(model, range(10, 20))
    model.edit(model.profile.without_value("hccl_timeout"), "Edit", merge_key="hccl_timeout")
    assert model.undo_stack.count() == 1  # the typing run is gone, the earlier step stays
    assert model.undo_stack.index() == 1
    assert not model.undo_stack.canRedo()
    assert "hccl_timeout" not in model.profile.values
    _type(model, range(7, 8))  # typing again starts a step of its own
    assert model.undo_stack.count() == 2


def test_a_typing_run_ends_at_close_merge_undo_save_and_another_field(
    model: ProfileModel, tmp_path: Path
) -> None:
    _type(model, range(1, 4))
    model.close_merge()
    _type(model, range(4, 6))
    assert model.undo_stack.count() == 2
    _type(model, range(1, 3), key="iterations_per_loop")
    assert model.undo_stack.count() == 3
    model.undo_stack.undo()  # the redo side is kept until the next edit drops it
    _type(model, range(6, 8))
    assert model.undo_stack.count() == 3
    model.undo_stack.undo()
    assert model.profile.values["hccl_timeout"] == 5
    model.undo_stack.redo()
    model.mark_saved(tmp_path / "p.json")
    _type(model, range(8, 10))  # after a save: a step of its own, the saved one stays
    assert model.undo_stack.count() == 4
    assert model.is_dirty()
    model.undo_stack.undo()
    assert not model.is_dirty()
