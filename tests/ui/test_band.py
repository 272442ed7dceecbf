"""The form lays out the sections in and near the view; the others are parked.

A parked section keeps its place (the height its shown rows had or are expected
to take) and its rows keep their state, texts and visibility, but nothing in it
is laid out until scrolling brings it back: a language switch, a target switch
or a search lays out a screen or two of rows, not all of them. Also the turns of
the event loop while the rows are built, and searches that leave no gaps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from ascend_studio.ui._dock_parts import row_parameter
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._sections import RowStack, Section
from ascend_studio.ui._window import MainWindow


@pytest.fixture
def built(qtbot: Any, make_window: Callable[..., MainWindow]) -> MainWindow:
    """A window as the app makes it, then every row built (as ``build_all`` does)."""
    window = make_window(progressive=True)
    qtbot.waitUntil(lambda: window.is_built() and window.form.is_settled(), timeout=20000)
    window.form.build_all()
    qtbot.waitUntil(lambda: not window.form._slicer.isActive(), timeout=20000)
    qtbot.waitUntil(lambda: not window.form._band_pending, timeout=20000)  # parked again
    return window


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


def _sections(window: MainWindow) -> list[Section]:
    return [s for s in window.form.sections.values() if s.params and not s.isHidden()]


def _laid_out(window: MainWindow) -> list[Section]:
    return [s for s in _sections(window) if not s.parked]


class _Layouts(QObject):
    """Counts the layout work each row of the form receives."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: set[str] = set()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kinds = (QEvent.Type.Resize, QEvent.Type.Move)
        if isinstance(watched, ParamRow) and event.type() in kinds:
            self.rows.add(watched.param.path)
        return False


@pytest.fixture
def layouts() -> Iterator[_Layouts]:
    spy = _Layouts()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(spy)
    yield spy
    app.removeEventFilter(spy)


def test_only_the_sections_near_the_view_are_laid_out(built: MainWindow) -> None:
    form = built.form
    laid = _laid_out(built)
    assert laid and laid[0] is _sections(built)[0]
    assert len(laid) < len(_sections(built)) / 2
    parked = [s for s in _sections(built) if s.parked]
    row = form.rows[parked[-1].params[0].path]
    assert form.is_row_visible(row.param.path) and not row.isVisible()  # shown, not laid out
    assert form.visible_paths() == list(form.rows)


def test_scrolling_lays_out_what_comes_into_view(qtbot: Any, built: MainWindow) -> None:
    form = built.form
    target = _sections(built)[-2]
    assert target.parked
    form.verticalScrollBar().setValue(target.y())
    assert not target.parked
    rows = [form.rows[p.path] for p in target.params if form.is_row_visible(p.path)]
    assert rows and all(r.isVisible() for r in rows)
    assert _sections(built)[0].parked  # out of view now
    qtbot.waitUntil(lambda: _misfits(built) == [], timeout=2000)


def test_a_language_switch_lays_out_only_what_is_in_view(
    qtbot: Any, built: MainWindow, layouts: _Layouts
) -> None:
    form = built.form
    laid = {p.path for s in _laid_out(built) for p in s.params}
    built.set_language("zh")
    QApplication.sendPostedEvents()
    QApplication.processEvents()
    assert layouts.rows and layouts.rows <= laid
    far = _sections(built)[-1]
    form.verticalScrollBar().setValue(form.verticalScrollBar().maximum())
    row = form.rows[far.params[0].path]
    assert row.isVisible() and row.title.text() == row.param.label.zh
    qtbot.waitUntil(lambda: _misfits(built) == [], timeout=2000)
    built.set_language("en")


def test_a_cleared_search_shows_every_row_at_once(built: MainWindow, layouts: _Layouts) -> None:
    form = built.form
    built.controls.search.setText("dump")
    assert set(form.visible_paths()) == form.match & set(form.rows)
    layouts.rows.clear()
    built.controls.search.setText("")
    assert form.visible_paths() == list(form.rows)
    assert len(layouts.rows) < len(form.rows) / 2  # the rest is laid out when scrolled to
    assert all(s.isVisible() for s in _sections(built))


def test_a_row_revealed_out_of_view_is_laid_out_and_focused(built: MainWindow) -> None:
    form = built.form
    path = _sections(built)[-1].params[0].path
    assert not form.rows[path].isVisible()
    built.reveal(path)
    row = form.rows[path]
    assert row.isVisible() and not row.visibleRegion().isEmpty()
    assert row_parameter(QApplication.focusWidget()) == path


def test_tab_from_the_last_row_in_view_reaches_the_next_row(built: MainWindow) -> None:
    """The next field is laid out before Tab gets there: the band reaches past the view."""
    form = built.form
    last = _laid_out(built)[-1]
    path = [p.path for p in last.params if form.is_row_visible(p.path)][-1]
    form.rows[path].editor.setFocus()
    start = QApplication.focusWidget()
    assert start is not None
    for _ in range(8):
        form.focusNextChild()
        now = QApplication.focusWidget()
        if row_parameter(now) not in (None, path):
            break
    assert now is not None and now.isVisible()
    following = next(s for s in _sections(built) if s.y() > last.y())
    assert row_parameter(now) == following.params[0].path


def _tab_from(built: MainWindow, path: str, forward: bool) -> str | None:
    form = built.form
    form.rows[path].editor.setFocus()
    for _ in range(8):
        form.focusNextChild() if forward else form.focusPreviousChild()
        now = row_parameter(QApplication.focusWidget())
        if now != path:
            return now
    return path


def test_tab_leaves_the_rows_built_before_the_window_showed_for_the_next_section(
    built: MainWindow,
) -> None:
    """The first screen's rows are made before the docks, the others after them: the
    focus chain runs from the last of them into the docks (where a tab widget with a
    hidden tab bar kept the focus), not to the next section's first field."""
    form = built.form
    first, following = _sections(built)[0], _sections(built)[1]
    last = [p.path for p in first.params if form.is_row_visible(p.path)][-1]
    assert _tab_from(built, last, forward=True) == following.params[0].path
    after = _tab_from(built, following.params[0].path, forward=False)
    assert after is not None and form.rows[after].isVisible()
    assert after in {p.path for p in first.params}


def test_the_view_stays_put_when_sections_above_take_other_heights(built: MainWindow) -> None:
    form = built.form
    target = _sections(built)[len(_sections(built)) // 2]
    form.verticalScrollBar().setValue(target.y())
    row = form.rows[target.params[0].path]
    before = row.mapTo(form.viewport(), row.rect().topLeft()).y()
    built.set_language("zh")
    QApplication.sendPostedEvents()
    QApplication.processEvents()
    after = row.mapTo(form.viewport(), row.rect().topLeft()).y()
    assert abs(after - before) <= 60
    built.set_language("en")


# -- while the rows are built ---------------------------------------------------------------


def test_a_slice_passes_its_turn_after_a_key(searched: MainWindow) -> None:
    """The key's turn of the event loop filters the form and paints it; a slice in the
    same turn made it 20-35 ms."""
    form = searched.form
    searched.controls.search.setText("dump_")
    rows, shown = set(form.rows), _shown(searched)
    form.build_slice()
    assert (set(form.rows), _shown(searched)) == (rows, shown)
    last = searched.catalog.params[-1].path
    form._urgent = [last]  # as a key leaves the matches it did not build
    form.build_slice()
    assert set(form.rows) == rows | {last}


def test_clearing_a_search_mid_build_shows_every_built_row(searched: MainWindow) -> None:
    form = searched.form
    searched.controls.search.setText("")
    assert form.visible_paths() == list(form.rows)
    assert not form.is_fully_built()


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
    started = form.is_settled if progressive else form.is_fully_built  # rows near the view
    qtbot.waitUntil(lambda: window.is_built() and started(), timeout=20000)
    qtbot.waitUntil(lambda: not form._slicer.isActive(), timeout=20000)
    window.controls.search.setText(text)
    # the layouts settle over a few turns of the event loop (each one paints); the gaps
    # stayed for good
    qtbot.waitUntil(lambda: _misfits(window) == [], timeout=2000)
    window.controls.search.setText("")
    qtbot.waitUntil(lambda: _misfits(window) == [], timeout=5000)
    bar = form.verticalScrollBar()
    for value in range(0, bar.maximum() + bar.pageStep(), bar.pageStep()):
        bar.setValue(value)  # every section as it comes into view
        qtbot.waitUntil(lambda: _misfits(window) == [], timeout=2000)


def test_a_sub_configs_fields_unfold_at_once(
    qtbot: Any, make_window: Callable[..., MainWindow]
) -> None:
    """They open under the pointer, built and shown: left to the slices they came in
    over a few turns."""
    window = make_window(progressive=True)
    form = window.form
    qtbot.waitUntil(lambda: window.is_built() and form.is_settled(), timeout=20000)
    holder = max(
        (p.path for p in window.catalog.params if p.kind == "subconfig"),
        key=lambda h: sum(q.path.startswith(h + ".") for q in window.catalog.params),
    )
    fields = [p.path for p in window.catalog.params if p.path.startswith(holder + ".")]
    assert len(fields) > 4
    window.reveal(holder)
    form.set_folded(holder, True)
    assert all(form.rows[p].isHidden() for p in fields if p in form.rows)
    form.set_folded(holder, False)
    assert form._in_view() == []  # nothing in view left to a later slice
    assert fields[0] in form.rows and form.rows[fields[0]].isVisible()
    assert not any(form.rows[p].isHidden() for p in fields if p in form.rows)
