"""QA regressions in the output-paths inspector: ASCEND_WORK_PATH given as shell text."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui.inspector import InspectorView


def _view(qtbot: QtBot, catalog: Catalog, profile: Profile) -> InspectorView:
    view = InspectorView(catalog, profile)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    view.refresh()
    return view


def test_shell_text_work_path_is_checked_as_expanded(qtbot: QtBot, catalog: Catalog) -> None:
    """``$HOME/ascend_work/x`` read "disallowed character '$'" and "relative path"."""
    profile = Profile().with_env("ASCEND_WORK_PATH", "$HOME/ascend_work/x", verbatim=True)
    view = _view(qtbot, catalog, profile)
    view.context_editor.set_field("home", "/home/u")
    view.refresh()
    field = view.context_editor.work_path
    codes = [issue.code for issue in field.issues]
    assert "bad_char" not in codes and "relative" not in codes, codes
    assert "/home/u/ascend_work/x" in field.report.text()
    assert "$" not in " ".join(i.message.en for i in field.issues)


def test_unexpandable_shell_text_says_it_cannot_be_checked(qtbot: QtBot, catalog: Catalog) -> None:
    profile = Profile().with_env("ASCEND_WORK_PATH", '"$(pwd)/work"', verbatim=True)
    view = _view(qtbot, catalog, profile)  # keep the view alive while reading its field
    field = view.context_editor.work_path
    assert field.issues == []
    assert "only once the shell expands it" in field.report.text()


def test_a_literal_dollar_is_still_checked_literally(qtbot: QtBot, catalog: Catalog) -> None:
    profile = Profile().with_env("ASCEND_WORK_PATH", "/data/$dollar")
    view = _view(qtbot, catalog, profile)  # keep the view alive while reading its field
    field = view.context_editor.work_path
    assert "bad_char" in [issue.code for issue in field.issues]
