"""QA regressions in the compare view (each fails without its fix)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from ascend_studio.profile import ExtraKwarg, Profile, save_profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.compare import CompareView, apply_changes, diff_profiles


@pytest.fixture
def window(qtbot: QtBot, catalog: Catalog) -> Iterator[MainWindow]:
    def forget_changes(w: MainWindow) -> None:
        clean = Profile()
        w.model.replace(clean, None, saved=clean)
        w.files.autosave.discard()

    win = MainWindow(catalog, Settings(), "en")
    qtbot.addWidget(win, before_close_func=forget_changes)
    yield win


def rows(view: CompareView) -> dict[str, QTreeWidgetItem]:
    found = {}
    for index in range(view.tree.topLevelItemCount()):
        group = view.tree.topLevelItem(index)
        assert group is not None
        for row in range(group.childCount()):
            item = group.child(row)
            assert item is not None
            found[item.text(0)] = item
    return found


def test_never_saved_document_offers_no_saved_version(window: MainWindow, tmp_path: Path) -> None:
    view = window.compare
    box = view.source_box
    model = box.model()
    assert isinstance(model, QStandardItemModel)
    saved = model.item(0)
    assert window.model.path is None
    assert not saved.isEnabled()
    assert "never saved" in saved.text()
    assert "never been saved" in saved.toolTip()
    assert box.currentIndex() == 1  # the defaults, under their own name
    save_profile(window.model.profile, tmp_path / "p.json")
    window.model.mark_saved(tmp_path / "p.json")
    assert saved.isEnabled() and saved.text() == "Last saved version"
    view.compare_with("saved")
    assert view.other() == window.model.profile


def test_unknown_keyword_arguments_are_differences(qtbot: QtBot, catalog: Catalog) -> None:
    extra = ExtraKwarg(owner="NPURunConfig", name="future_knob", expr="3")
    theirs = Profile().model_copy(update={"extra_kwargs": (extra,)})
    found = diff_profiles(catalog, Profile(), theirs)
    assert [(d.kind, d.key) for d in found] == [("extra", "NPURunConfig.future_knob")]
    assert apply_changes(Profile(), found).extra_kwargs == (extra,)
    view = CompareView(catalog)
    qtbot.addWidget(view)
    view.set_other(theirs, "theirs.json")
    item = rows(view)["NPURunConfig.future_knob"]
    assert (item.text(1), item.text(2)) == ("not set", "3")


def test_env_values_are_plain_text_and_shell_text_is_marked(qtbot: QtBot, catalog: Catalog) -> None:
    ours = Profile().with_env("ASCEND_CACHE_PATH", "$(pwd)/cache", verbatim=True)
    theirs = Profile().with_env("ASCEND_CACHE_PATH", "/tmp/c")
    view = CompareView(catalog)
    qtbot.addWidget(view)
    view.set_profile(ours)
    view.set_other(theirs, "theirs.json")
    item = rows(view)["$ASCEND_CACHE_PATH"]
    assert (item.text(1), item.text(2)) == ("$(pwd)/cache", "/tmp/c")
    assert item.toolTip(1).startswith("Shell text")
    assert item.toolTip(2).startswith("Literal")
    assert item.foreground(1).color() != item.foreground(2).color()
    # same text, only shell-ness differs: still a difference, and taking it keeps it
    literal = Profile().with_env("ASCEND_CACHE_PATH", "$(pwd)/cache")
    found = diff_profiles(catalog, literal, ours)
    assert [d.key for d in found] == ["ASCEND_CACHE_PATH"]
    assert apply_changes(literal, found).env_verbatim == ("ASCEND_CACHE_PATH",)
