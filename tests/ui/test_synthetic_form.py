"""The form shows synthetic catalog entries with no UI code.

The window is built on the shipped catalog plus the synthetic entries of
``tests/synthetic_catalog.py``; each gets a row with an editor from the registry,
and a value set through the editor reaches the profile, the diagnostics and the
Python preview.
"""

from __future__ import annotations

from typing import Any

import pytest
from synthetic_catalog import SYNTHETIC, synthetic_catalog
from ui_helpers import editor

from ascend_studio.schema import Catalog
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.editors import StrEditor


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """Overrides the conftest's shipped catalog for this module's windows."""
    return synthetic_catalog(tmp_path_factory.mktemp("synthetic_ui"))


def test_every_synthetic_entry_has_a_row(window: MainWindow) -> None:
    window.form.build_all()
    for path in SYNTHETIC:
        assert path in window.form.rows, path
        assert window.form.rows[path].editor.param.path == path


def _enter(qtbot: Any, window: MainWindow, path: str, value: object) -> None:
    ed = editor(window, path)
    with qtbot.waitSignal(ed.value_changed):
        ed.set_value(value)  # type: ignore[arg-type]
        ed.value_changed.emit(ed.value())
    window.model.close_merge()


@pytest.mark.parametrize("path", sorted(SYNTHETIC))
def test_a_value_set_in_the_form_reaches_profile_and_preview(
    qtbot: Any, window: MainWindow, path: str
) -> None:
    good = SYNTHETIC[path][0]
    _enter(qtbot, window, path, good)
    assert window.model.profile.values.get(path) == good
    assert path.rpartition(".")[2] in window.previews.text("py")


#: Values an editor of that kind can hold which the rules reject (a checkbox or a
#: typed number field cannot hold a value of the wrong type).
FORM_BAD = {"zz_count": 0, "zz_mode": "Safe", "zz_steps": "0||5"}


@pytest.mark.parametrize("path", sorted(FORM_BAD))
def test_a_bad_value_in_the_form_shows_the_rule(qtbot: Any, window: MainWindow, path: str) -> None:
    _enter(qtbot, window, path, FORM_BAD[path])
    rule_id = SYNTHETIC[path][2]
    assert any(f.rule_id == rule_id and path in f.params for f in window.findings)


def test_the_list_editor_shows_the_rules_verdict(window: MainWindow) -> None:
    ed = editor(window, "zz_steps")
    assert isinstance(ed, StrEditor)
    ed.set_value("0||5")
    assert ed.line.property("invalid") is True
    ed.set_value("0|5")
    assert ed.line.property("invalid") is False
