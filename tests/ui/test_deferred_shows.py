"""The turns of the event loop while the rows are built: a filter change
that shows many built rows shows a screen of them at once and leaves the rest to the
next slices; a slice passes its turn after a change the user made; the search's count
does not widen the window."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from ui_helpers import first_screens

from ascend_studio.ui._form import FormView
from ascend_studio.ui._formbuild import SHOW_STEP
from ascend_studio.ui._sections import RowStack
from ascend_studio.ui._snapshot import UNKNOWN_SECTION
from ascend_studio.ui._window import MainWindow


@pytest.fixture
def searched(make_window: Callable[..., MainWindow]) -> MainWindow:
    """A window mid-build (slices driven here) with every row but the last built while
    a search hid most of them."""
    window = make_window(progressive=True)
    window.finish_start()
    form = window.form
    form._slicer.stop()
    form._slicer.isActive = lambda: True  # type: ignore[method-assign]
    window.controls.search.setText("dump")
    last = window.catalog.params[-1].path
    form.ensure_built(p.path for p in window.catalog.params if p.path != last)
    assert last not in form.rows
    return window


def _shown(window: MainWindow) -> set[str]:
    return {p for p, row in window.form.rows.items() if not row.isHidden()}


def _timed_shows(form: FormView, cost: float) -> list[float]:
    """Time on a fake clock: showing rows takes ``cost`` seconds a row, nothing else
    takes any (the returned list's one item can be changed)."""
    now, row_cost = [0.0], [cost]
    form.build_queue.clock = lambda: now[0]
    show = form._show_rows

    def timed(paths: list[str]) -> None:
        now[0] += row_cost[0] * len(paths)
        show(paths)

    form._show_rows = timed  # type: ignore[method-assign]
    return row_cost


def test_a_dear_step_of_shows_ends_the_slice(searched: MainWindow) -> None:
    """Rows cost unlike amounts to show: a slice shows them a few at a time and stops
    once the next few, at the last few's cost, would not fit in its budget."""
    form = searched.form
    searched.controls.search.setText("")
    form.build_slice()  # the key's turn
    row_cost = _timed_shows(form, 0.003)  # a step of 3 rows: 9 ms, over the budget alone
    before = len(form._to_show)
    form.build_slice()
    assert before - len(form._to_show) == SHOW_STEP
    row_cost[0] = 0.0005  # 1.5 ms a step: five steps fit in 8 ms (the sixth would not)
    before = len(form._to_show)
    form.build_slice()
    assert before - len(form._to_show) == min(before, 5 * SHOW_STEP)


def test_clearing_a_search_mid_build_shows_a_screen_now_and_the_rest_slice_by_slice(
    searched: MainWindow,
) -> None:
    form = searched.form
    announced: list[bool] = []
    form.fully_built.connect(lambda: announced.append(True))
    asked = first_screens(form)
    before = _shown(searched)
    searched.controls.search.setText("")
    now = _shown(searched)
    assert now - before <= set(asked)  # at once: what the view opens on
    assert 0 < len(asked) < 20
    assert len(form._to_show) > form.rows_per_slice()  # the old code showed all ~100 here
    built = set(form.rows)
    assert all(form.is_row_visible(p) for p in built)  # shown, or about to be
    assert form.visible_paths() == list(form.rows)
    row_cost = _timed_shows(form, 0.001)
    form.build_slice()  # the turn after the key is the key's (test_a_slice_passes_its_turn_after_a_key)
    slices = 0
    while form._to_show:
        QApplication.sendPostedEvents()
        was, left = _shown(searched), len(form._to_show)
        form.build_slice()
        slices += 1
        # 1 ms a row, 3 rows a step: a third step would end 1 ms past the 8 ms budget
        assert len(_shown(searched) - was) == min(left, 2 * SHOW_STEP)
        assert set(form.rows) == built  # showing first, building after
        assert not announced
    assert row_cost == [0.001]
    assert slices >= 2 and _shown(searched) == built
    # every section (the one of names the catalog does not know only while it has any)
    assert all(s.isVisible() for k, s in form.sections.items() if k != UNKNOWN_SECTION)
    form.build_slice()  # the last row
    assert announced == [True]


def test_a_row_left_to_the_slices_is_shown_when_revealed(searched: MainWindow) -> None:
    form = searched.form
    searched.controls.search.setText("")
    path = list(form._to_show)[-1]
    assert form.rows[path].isHidden()
    searched.reveal(path)
    assert not form.rows[path].isHidden() and not form._to_show
    assert not form.rows[path].visibleRegion().isEmpty()


def test_a_new_filter_replaces_the_rows_left_to_show(searched: MainWindow) -> None:
    form = searched.form
    searched.controls.search.setText("")
    assert form._to_show
    searched.controls.search.setText("hccl_timeout")
    assert not form._to_show
    assert form.match is not None and "hccl_timeout" in form.match
    assert _shown(searched) == form.match & set(form.rows)


def test_a_slice_passes_its_turn_after_a_key(searched: MainWindow) -> None:
    """The key's turn of the event loop filters the form and paints it; a slice in the
    same turn made it 20-35 ms."""
    form = searched.form
    searched.controls.search.setText("dump_")
    rows, shown = set(form.rows), _shown(searched)
    form.build_slice()
    assert (set(form.rows), _shown(searched)) == (rows, shown)
    form.build_slice()
    assert set(form.rows) != rows  # the last row


def test_a_form_built_at_once_shows_its_rows_at_once(
    make_window: Callable[..., MainWindow],
) -> None:
    window = make_window(progressive=False)
    window.controls.search.setText("dump")
    window.controls.search.setText("")
    assert not window.form._to_show
    assert _shown(window) == set(window.form.rows)


def test_after_the_build_the_slices_resume_to_show_the_rows_a_clear_shows(
    qtbot: Any, make_window: Callable[..., MainWindow]
) -> None:
    """Clearing a search once every row is built showed ~100 rows in one turn (25-35 ms)."""
    window = make_window(progressive=True)
    form = window.form
    announced: list[bool] = []
    form.fully_built.connect(lambda: announced.append(True))
    qtbot.waitUntil(lambda: window.is_built() and form.is_fully_built(), timeout=20000)
    qtbot.waitUntil(lambda: not form._slicer.isActive(), timeout=20000)
    assert announced == [True]
    window.controls.search.setText("dump")
    window.controls.search.setText("")
    assert form._to_show and form._slicer.isActive()
    assert form.visible_paths() == list(form.rows)
    qtbot.waitUntil(lambda: not form._to_show, timeout=20000)
    assert _shown(window) == set(form.rows)
    qtbot.waitUntil(lambda: not form._slicer.isActive(), timeout=5000)
    assert announced == [True]  # once


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_match_count_does_not_widen_the_window(
    qtbot: Any, make_window: Callable[..., MainWindow], lang: str
) -> None:
    """A window at its least width grew 66 px at the first key typed: the count of
    matches widened the search bar."""
    window = make_window(lang)
    least = window.minimumSizeHint().width()
    count = window.controls.match_count
    assert count.text() == ""
    window.controls.search.setText("dump")
    assert (
        count.text()
        and count.minimumSizeHint().width() >= count.fontMetrics().horizontalAdvance(count.text())
    )
    QApplication.sendPostedEvents()
    assert window.minimumSizeHint().width() == least
    window.controls.search.setText("")
    assert count.text() == ""


def _misfits(window: MainWindow) -> list[str]:
    """Shown stacks of rows whose height is not their shown rows' (a blank gap, or rows
    cut off) or whose rows are not one under the other."""
    found = []
    for stack in window.form.body.findChildren(RowStack):
        if not stack.isVisible():
            continue
        width, y = stack.width(), 0
        rows = [r for r in stack.rows if not r.isHidden()]
        for row in rows:
            if row.y() != y:
                found.append(f"{row.objectName()} at {row.y()}, not {y}")
            y += max(row.heightForWidth(width), row.minimumSizeHint().height())
        if stack.height() != y:
            found.append(f"{stack.objectName()}: {stack.height()} px for {y} px of rows")
    return found


@pytest.mark.parametrize("progressive", [False, True])
@pytest.mark.parametrize("text", ["精度", "dump", "timeout"])
def test_a_search_leaves_no_gaps_and_its_clear_cuts_nothing_off(
    qtbot: Any, make_window: Callable[..., MainWindow], progressive: bool, text: str
) -> None:
    """Rows shown or hidden in a hidden section (hidden while they change) left their
    stack at its old height: blank gaps in the results (README's search screenshot)."""
    window = make_window(progressive=progressive)
    form = window.form
    qtbot.waitUntil(lambda: window.is_built() and form.is_fully_built(), timeout=20000)
    qtbot.waitUntil(lambda: not form._slicer.isActive(), timeout=20000)
    window.controls.search.setText(text)
    # the layouts settle over a few turns of the event loop (each one paints); the gaps
    # stayed for good
    qtbot.waitUntil(lambda: _misfits(window) == [], timeout=2000)
    window.controls.search.setText("")
    qtbot.waitUntil(lambda: not form._to_show and _misfits(window) == [], timeout=5000)


def test_a_sub_configs_fields_unfold_at_once(
    qtbot: Any, make_window: Callable[..., MainWindow]
) -> None:
    """They open under the pointer: left to the slices they came in over a few turns."""
    window = make_window(progressive=True)
    form = window.form
    qtbot.waitUntil(lambda: window.is_built() and form.is_fully_built(), timeout=20000)
    holder = max(
        (p.path for p in window.catalog.params if p.kind == "subconfig"),
        key=lambda h: sum(q.path.startswith(h + ".") for q in window.catalog.params),
    )
    fields = [p.path for p in window.catalog.params if p.path.startswith(holder + ".")]
    assert len(fields) > form.rows_per_slice()
    form.set_folded(holder, True)
    assert all(form.rows[p].isHidden() for p in fields)
    form.set_folded(holder, False)
    assert not form._to_show
    assert not any(form.rows[p].isHidden() for p in fields)
