"""Scrolling a form whose rows are built as they come near the view.

The rows ahead of the view in the direction it moves are built after the paint, a
screen and more ahead (``LEAD``), into sections that are not laid out (parked): a
PageDown or a wheel turn shows rows that exist, its own turn builds none, and no row
far from the view is built. Counts and places, not timings.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from ui_helpers import wheel

from ascend_studio.ui._formbuild import LEAD, SCROLL_SLICE_SECONDS
from ascend_studio.ui._window import MainWindow

pytestmark = pytest.mark.slow


def _idle(window: MainWindow) -> None:
    """Let the slices after a scroll build the rows ahead of the view."""
    for _ in range(500):
        QApplication.processEvents()
        if not window.form._slicer.isActive():
            return
    raise AssertionError("the rows ahead were never built")


def _first_unbuilt_below(window: MainWindow) -> int | None:
    """Where the first row not built below the view begins, px below the view's end."""
    form = window.form
    bottom = form.verticalScrollBar().value() + form.viewport().height()
    tops = [
        at
        for section in form.sections.values()
        if not section.isHidden()
        for _path, at, _tall in form._places(section)
        if at >= bottom
    ]
    return min(tops) - bottom if tops else None


def _furthest_built_section(window: MainWindow) -> int:
    """Where the last section with a built row begins, px below the view's end."""
    form = window.form
    bottom = form.verticalScrollBar().value() + form.viewport().height()
    return max(form._section_of[path].y() for path in form.rows) - bottom


def test_a_page_down_builds_no_row_in_its_own_turn(started: MainWindow) -> None:
    form = started.form
    bar = form.verticalScrollBar()
    form.setFocus()
    pages = 0
    while bar.value() < bar.maximum() and pages < 100:
        built = len(form.rows)
        QTest.keyClick(form, Qt.Key.Key_PageDown)
        assert len(form.rows) == built  # the rows it shows were built a screen before
        assert form._in_view() == []
        _idle(started)
        pages += 1
    assert pages > 5


def test_rows_are_built_ahead_of_the_view_and_no_further(started: MainWindow) -> None:
    form = started.form
    bar = form.verticalScrollBar()
    height = form.viewport().height()
    form.setFocus()
    for _ in range(4):
        QTest.keyClick(form, Qt.Key.Key_PageDown)
        _idle(started)
        gap = _first_unbuilt_below(started)
        assert gap is not None
        # more than a screen ahead (the next PageDown's rows and the band's), and no
        # section begun beyond the lead
        assert gap > height
        assert _furthest_built_section(started) <= LEAD * height
    assert bar.value() > 0


def test_rows_built_ahead_go_into_sections_not_laid_out(
    started: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Building them lays out no section: their own layout is done at the width the
    section gives them, so laying the section out when it comes near redoes none."""
    form = started.form
    made: list[tuple[str, bool]] = []
    original = type(form)._make_row

    def recording(self: Any, path: str) -> None:
        made.append((path, self._section_of[path].parked))
        original(self, path)

    monkeypatch.setattr(type(form), "_make_row", recording)
    form.setFocus()
    for _ in range(6):
        QTest.keyClick(form, Qt.Key.Key_PageDown)
        _idle(started)
    assert len(made) > 30
    # all but those of long sections reaching into the laid out band
    parked = [path for path, was_parked in made if was_parked]
    assert len(parked) >= len(made) * 2 // 3
    for path in parked:
        section = form._section_of[path]
        if section.parked:
            assert form.rows[path].width() == section.width() > 100


def test_after_the_start_a_slice_keeps_to_a_smaller_budget(started: MainWindow) -> None:
    assert started.form.build_queue.budget == SCROLL_SLICE_SECONDS


def test_the_wheel_up_from_the_end_builds_ahead_above(started: MainWindow) -> None:
    form = started.form
    bar = form.verticalScrollBar()
    bar.setValue(bar.maximum())  # a drag of the scroll bar to the end
    _idle(started)
    for _ in range(30):
        built = len(form.rows)
        wheel(form.viewport(), 1)
        assert len(form.rows) == built and form._in_view() == []
        _idle(started)
    assert form._heading < 0


def test_the_wheel_down_a_never_scrolled_form_builds_no_row_in_its_turn(
    started: MainWindow,
) -> None:
    form = started.form
    bar = form.verticalScrollBar()
    turns = 0
    while bar.value() < bar.maximum() and turns < 400:
        built = len(form.rows)
        wheel(form.viewport(), -1)
        assert len(form.rows) == built and form._in_view() == []
        _idle(started)
        turns += 1
    assert bar.value() == bar.maximum() and turns > 10


def test_tab_across_rows_goes_into_rows_built_before_it(started: MainWindow) -> None:
    """Tab from the first field down the form: once it has moved the view, the rows it
    goes into were built ahead (after the first screens, none is built in its turn)."""
    form = started.form
    first = next(iter(form.rows.values()))
    first.editor.setFocus()
    built_in_turn = []
    for _ in range(120):
        built = len(form.rows)
        form.focusNextChild()
        built_in_turn.append(len(form.rows) - built)
        _idle(started)
    assert form.verticalScrollBar().value() > form.viewport().height()
    assert sum(built_in_turn[40:]) == 0


def test_a_key_pressed_between_slices_is_painted_before_the_next_slice(
    started: MainWindow,
) -> None:
    form = started.form
    form.setFocus()
    QTest.keyClick(form, Qt.Key.Key_PageDown)
    QApplication.processEvents()  # the paint's turn, then slices begin
    assert form._slicer.isActive()
    QTest.keyClick(form, Qt.Key.Key_PageDown)  # between two slices
    built = len(form.rows)
    form.build_slice()  # the next turn is the key's paint
    assert len(form.rows) == built
    form.build_slice()
    assert len(form.rows) > built
