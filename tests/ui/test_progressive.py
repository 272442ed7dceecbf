"""Rows built in time slices after the first paint, input live meanwhile,
and what the user scrolls to, navigates to or searches for built at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QEnterEvent
from PySide6.QtWidgets import QApplication
from ui_helpers import first_screens

from ascend_studio.schema import Catalog
from ascend_studio.ui._build import BuildQueue
from ascend_studio.ui._form import FormView
from ascend_studio.ui._formbuild import KEY_SHARE
from ascend_studio.ui._sections import ROW_HEIGHT
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.editors import IntEditor

pytestmark = pytest.mark.slow


class FakeClock:
    """Time that passes only when a row is built (``cost`` seconds per row)."""

    def __init__(self, cost: float) -> None:
        self.now = 0.0
        self.cost = cost

    def __call__(self) -> float:
        return self.now

    def build(self, path: str) -> None:
        self.now += self.cost


# -- the slicing logic, on an injected clock ----------------------------------------------------


@pytest.mark.parametrize(("cost", "per_slice"), [(0.0015, 5), (0.003, 2), (0.05, 1)])
def test_a_slice_stays_within_its_budget(cost: float, per_slice: int) -> None:
    clock = FakeClock(cost)
    queue = BuildQueue([f"p{i}" for i in range(40)], clock=clock, budget=0.008)
    for _ in range(3):  # the first slice learns the cost per row; the others use it
        start = clock.now
        done = queue.run_slice(clock.build)
        assert len(done) == per_slice or (len(done) > per_slice and start == 0.0)
        # within the budget, unless one row alone is over it
        assert clock.now - start <= max(queue.budget, cost) + 1e-12 or start == 0.0
    assert queue.row_cost == pytest.approx(cost)


def test_showing_the_rows_counts_as_their_cost() -> None:
    clock = FakeClock(0.001)
    queue = BuildQueue([f"p{i}" for i in range(40)], clock=clock, budget=0.008)

    def show() -> None:
        clock.now += 0.003  # the slice's rows, shown at once

    assert len(queue.run_slice(clock.build, finish=show)) >= 8  # nothing learnt yet
    for _ in range(3):
        start = clock.now
        done = queue.run_slice(clock.build, finish=show)
        assert clock.now - start <= queue.budget + 1e-12  # showing included
        assert len(done) == 4  # the showing left room for 4 rows, not 8


def test_costs_learnt_outside_a_slice_bound_the_first_slice() -> None:
    """The rows built before the first paint teach the costs: the first slice no longer
    builds until its budget is spent and then shows them all on top."""
    clock = FakeClock(0.003)
    queue = BuildQueue([f"p{i}" for i in range(40)], clock=clock, budget=0.012)

    def show() -> None:
        clock.now += 0.004

    queue.learn(10, 0.030, 0.004)  # ten rows made in 30 ms, shown in 4
    assert len(queue.run_slice(clock.build, finish=show)) == 2  # 2 x 3 + 4 <= 12 < 3 x 3 + 4
    assert clock.now <= queue.budget
    queue.learn(0, 0.0, 0.0)  # nothing built: nothing learnt
    assert queue.row_cost == pytest.approx(0.003)


def test_the_first_rows_teach_the_build_its_costs(qtbot: Any, catalog: Catalog) -> None:
    window = MainWindow(catalog, Settings(), "en", progressive=True)  # not shown: no slice ran
    qtbot.addWidget(window)
    assert 0 < len(window.form.rows) < 40
    assert window.form.build_queue.row_cost > 0 and window.form.build_queue.finish_cost > 0


def test_every_path_is_handed_out_once_in_order_and_urgent_ones_first() -> None:
    clock = FakeClock(0.002)
    paths = [f"p{i}" for i in range(10)]
    queue = BuildQueue(paths, clock=clock, budget=0.005)
    built: list[str] = []

    def build(path: str) -> None:
        clock.build(path)
        built.append(path)

    assert queue.run_slice(build, first=["p7", "p7", "nope"]) == ["p7", "p0", "p1"]
    assert queue.take(["p1", "p2", "p9"]) == ["p2", "p9"]  # p1 is built already
    while queue:
        queue.run_slice(build)
    assert built == ["p7", "p0", "p1", "p3", "p4", "p5", "p6", "p8"]
    assert queue.run_slice(build) == []


def test_a_slice_can_build_only_the_urgent_paths() -> None:
    clock = FakeClock(0.002)
    queue = BuildQueue([f"p{i}" for i in range(10)], clock=clock, budget=0.005)
    assert queue.run_slice(clock.build, first=["p5", "p2"], rest=False) == ["p5", "p2"]
    assert queue.run_slice(clock.build, first=["p9"], rest=False) == ["p9"]
    assert queue.run_slice(clock.build, rest=False) == []
    assert queue.pending() == ["p0", "p1", "p3", "p4", "p6", "p7", "p8"]
    many = queue.run_slice(clock.build, first=["p8", "p7", "p6", "p4"], rest=False)
    assert many == ["p8", "p7"]  # in the order asked, within the budget


def test_a_slice_can_keep_to_a_share_of_its_budget() -> None:
    clock = FakeClock(0.002)
    queue = BuildQueue([f"p{i}" for i in range(10)], clock=clock, budget=0.008)
    assert len(queue.run_slice(clock.build)) >= 4  # learns 2 ms a row
    assert len(queue.run_slice(clock.build, share=0.5)) == 2  # 4 ms
    assert len(queue.run_slice(clock.build, share=0.1)) == 1  # always one
    left = len(queue)
    assert 0 < left <= 4 and len(queue.run_slice(clock.build)) == left  # 4 would fit


# -- the form while it is being built ------------------------------------------------------------


@pytest.fixture
def midbuild(make_window: Callable[..., MainWindow]) -> MainWindow:
    """A shown window whose row build has started but is paused (tests drive it)."""
    window = make_window(progressive=True)
    window.finish_start()
    window.form._slicer.stop()
    window.form._progressive = False  # no slice starts again when the view moves
    window.form._pass_turn = False
    assert not window.form.is_fully_built()
    assert len(window.form.rows) < 40
    return window


def _last_param(window: MainWindow) -> str:
    last = [c.id for c in window.catalog.categories][-1]
    return window.catalog.in_category(last)[-1].path


def test_the_form_build_slice_uses_its_clock(midbuild: MainWindow) -> None:
    form = midbuild.form
    clock = FakeClock(0.0)
    form.build_queue.clock = clock
    form.build_queue.budget = 2.5
    form.build_queue.row_cost = 1.0
    before = len(form.rows)
    original = form._make_row

    def make_row(path: str) -> None:
        original(path)
        clock.now += 1.0

    form._make_row = make_row  # type: ignore[method-assign]
    form.build_slice()
    assert len(form.rows) - before == 2  # a third would end at 3.0, over the budget


def test_typing_in_the_search_box_mid_build(qtbot: Any, midbuild: MainWindow) -> None:
    search = midbuild.controls.search
    qtbot.keyClicks(search, "hccl_timeout")
    assert search.text() == "hccl_timeout"
    assert midbuild.form.is_row_visible("hccl_timeout")
    assert "Matches: " in midbuild.controls.match_count.text()
    assert not midbuild.form.is_fully_built()


def test_typing_in_a_field_mid_build(qtbot: Any, midbuild: MainWindow) -> None:
    field = next(r.editor for r in midbuild.form.rows.values() if isinstance(r.editor, IntEditor))
    qtbot.keyClicks(field.line, "42")
    assert midbuild.model.profile.values[field.param.path] == 42


def test_a_searched_row_exists_at_once(midbuild: MainWindow) -> None:
    path = _last_param(midbuild)
    assert path not in midbuild.form.rows
    midbuild.controls.search.setText(path)
    assert midbuild.form.is_row_visible(path)


def test_a_search_key_builds_its_matches_in_view_within_a_slice_then_the_rest_first(
    qtbot: Any, midbuild: MainWindow
) -> None:
    """While the build runs, a key builds what fits in one slice's budget (each key within
    a frame), and the next slices build the rest of the matches in view before any other
    row; with the build paused (no slices to come), a key builds them all at once."""
    form = midbuild.form
    form._slicer.start()
    form._slicer.stop()  # the slices are driven here, one by one
    form._slicer.isActive = lambda: True  # type: ignore[method-assign]
    clock = FakeClock(0.0)
    form.build_queue.clock, form.build_queue.budget = clock, 5.0
    form.build_queue.row_cost, form.build_queue.finish_cost = 1.0, 0.0
    original = form._make_row

    def make_row(path: str) -> None:
        original(path)
        clock.now += 1.0

    form._make_row = make_row  # type: ignore[method-assign]
    before = set(form.rows)
    midbuild.controls.search.setText("dump")
    built = set(form.rows) - before
    assert KEY_SHARE == 0.5 and len(built) == 2  # a third would end at 3.0, over 2.5
    wanted = set(form._first_screen(form.catalog.params))
    assert built <= wanted and len(wanted - set(form.rows)) > 0
    for _ in range(len(form.catalog.params)):
        QApplication.sendPostedEvents()  # the event loop's turn between slices: layouts
        # the view's matches as laid out now (built rows are shorter than reserved: more
        # of them come into view as they are built)
        wanted = set(form._urgent) | set(form._in_view())
        made = set(form.rows)
        if not wanted:
            break
        form.build_slice()
        if wanted - set(form.rows):  # the view's matches first, then the others
            assert set(form.rows) - made <= wanted
    assert form._in_view() == [] and not form._urgent
    assert all(form.is_row_visible(p) for p in set(form._first_screen(form.catalog.params)))


def test_a_search_key_with_the_build_paused_builds_all_its_matches_in_view(
    midbuild: MainWindow,
) -> None:
    form = midbuild.form
    asked = first_screens(form)
    midbuild.controls.search.setText("dump")
    assert len(asked) > 2
    assert [p for p in asked if not form.is_row_visible(p)] == []


def test_a_navigated_section_is_built_at_once_and_shown_at_the_top(midbuild: MainWindow) -> None:
    last = [c.id for c in midbuild.catalog.categories][-1]
    first = midbuild.catalog.in_category(last)[0].path
    assert first not in midbuild.form.rows
    midbuild.nav.category_chosen.emit(last)
    assert first in midbuild.form.rows
    section = midbuild.form.sections[last]
    bar = midbuild.form.verticalScrollBar()
    assert bar.value() == min(section.y(), bar.maximum())


def test_a_revealed_row_exists_and_has_focus(qtbot: Any, midbuild: MainWindow) -> None:
    path = _last_param(midbuild)
    midbuild.reveal(path)
    row = midbuild.form.rows[path]
    assert row.property("flash") is True
    assert not row.visibleRegion().isEmpty()


def test_rows_scrolled_into_view_exist(midbuild: MainWindow) -> None:
    form = midbuild.form
    bar = form.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    assert form._in_view() == []
    assert any(not row.visibleRegion().isEmpty() for row in form.rows.values())


def test_the_view_stays_put_while_rows_appear_above(qtbot: Any, midbuild: MainWindow) -> None:
    form = midbuild.form
    key = [c.id for c in midbuild.catalog.categories][-2]
    form.scroll_to_section(key)
    section = form.sections[key]
    top = section.y() - form.verticalScrollBar().value()
    while form._near():  # the rows near the view, above it included
        form.build_slice()
    form.build_all()  # and every other row
    assert abs(section.y() - form.verticalScrollBar().value() - top) <= 2


def test_settled_is_emitted_once_and_no_row_is_built_twice(
    qtbot: Any, midbuild: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    form = midbuild.form
    made: Counter[str] = Counter(list(form.rows))
    original = FormView._make_row

    def counting(self: FormView, path: str) -> None:
        made[path] += 1
        original(self, path)

    monkeypatch.setattr(FormView, "_make_row", counting)
    announced: list[bool] = []
    form.settled.connect(lambda: announced.append(True))
    midbuild.controls.search.setText("dump")
    form.scroll_to_section(midbuild.catalog.categories[3].id)
    with qtbot.waitSignal(form.settled, timeout=20000):
        form.build_progressively()
    assert not form.is_fully_built()  # the rows near the view only
    form.verticalScrollBar().setValue(0)
    qtbot.waitUntil(lambda: not form._slicer.isActive(), timeout=20000)
    form.build_all()
    form.reveal(_last_param(midbuild))
    assert announced == [True]
    assert set(made) == {p.path for p in midbuild.catalog.params}
    assert max(made.values()) == 1


def test_language_and_target_changes_mid_build_reach_later_rows(midbuild: MainWindow) -> None:
    catalog = midbuild.catalog
    unbuilt = [p for p in catalog.params if p.path not in midbuild.form.rows]
    product = catalog.products[-1].id
    gated = next(p for p in unbuilt if p.products is not None and product not in p.products)
    midbuild.set_language("zh")
    profile = midbuild.model.profile.with_target(product=product)
    midbuild.model.edit(profile, "target")
    midbuild.form.build_all()
    row = midbuild.form.rows[gated.path]
    assert row.title.text() == gated.label.zh
    assert row.property("unavailable") is True
    assert row.state.unavailable is not None


def test_the_progressive_window_builds_the_rows_near_the_view_and_stops(
    qtbot: Any, make_window: Any
) -> None:
    """After the first paint, the rows in view and a screen above and below it are built,
    and nothing else: no row out there is built behind the user's back."""
    window = make_window(progressive=True)
    qtbot.waitUntil(lambda: window.is_built() and window.form.is_settled(), timeout=20000)
    form = window.form
    assert form._near() == [] and not form._slicer.isActive()
    assert form.is_row_visible(window.catalog.params[0].path)
    assert 10 < len(form.rows) < len(window.catalog.params) // 2
    built = set(form.rows)
    qtbot.wait(300)  # idle turns of the event loop build nothing more
    assert set(form.rows) == built and not form.is_fully_built()
    assert window.isVisible()


# -- parts of a row made on first use look and work as before -----------------------------------


def test_the_code_name_is_selectable_once_the_pointer_comes(window: MainWindow) -> None:
    window.form.build_all()
    # Until then no name can take focus: QLabel gives a label that can a text control
    # (a text document laid out with the row: ~8 % of building the rows).
    assert {r.name.focusPolicy() for r in window.form.rows.values()} == {Qt.FocusPolicy.NoFocus}
    name = window.form.rows["hccl_timeout"].name
    QApplication.sendEvent(name, QEnterEvent(QPointF(2, 2), QPointF(2, 2), QPointF(2, 2)))
    flags = name.textInteractionFlags()
    assert flags & Qt.TextInteractionFlag.TextSelectableByMouse
    assert flags & Qt.TextInteractionFlag.TextSelectableByKeyboard
    assert name.focusPolicy() == Qt.FocusPolicy.ClickFocus  # Tab still skips it


def test_a_field_offers_its_clear_button_once_it_has_text(qtbot: Any, window: MainWindow) -> None:
    field = window.form.rows["hccl_timeout"].editor
    assert isinstance(field, IntEditor)
    qtbot.keyClicks(field.line, "5")
    assert field.line.isClearButtonEnabled()
    window.model.edit(window.model.profile.with_value("iterations_per_loop", 3), "set")
    other = window.form.rows["iterations_per_loop"].editor
    assert isinstance(other, IntEditor) and other.line.isClearButtonEnabled()


def test_typing_while_the_slices_run(qtbot: Any, midbuild: MainWindow) -> None:
    """Keys typed between slices of a running build all arrive, and the build goes on."""
    form, search = midbuild.form, midbuild.controls.search
    form.build_progressively()
    for char in "hccl":
        built = len(form.rows)
        qtbot.waitUntil(lambda built=built: len(form.rows) > built or not form._slicer.isActive())
        qtbot.keyClicks(search, char)
    assert search.text() == "hccl"
    assert form.is_row_visible("hccl_timeout")
    qtbot.waitUntil(lambda: not form._slicer.isActive(), timeout=20000)
    assert form.is_row_visible("hccl_timeout")
    assert not any(form.is_row_visible(p) for p in ("graph_run_mode", "precision_mode"))


def test_navigating_after_a_load_lands_on_the_section_header(
    make_window: Callable[..., MainWindow],
) -> None:
    """Loading a profile changes rows above the target (tags, values); their new heights
    are taken before the view scrolls, not after it landed (which left the header 73 px
    down). A pixel per combo box can still come with the first paint of the rows."""
    from ascend_studio.profile import Profile

    window = make_window("zh")
    window.resize(1600, 1000)
    values = {"precision_mode_v2": "mixed_float16", "hccl_timeout": 600, "deterministic": 1}
    profile = Profile(product="atlas_a2", values=values, env={"ASCEND_WORK_PATH": "/data/作业"})
    window.model.replace(profile, None, saved=profile)
    form = window.form
    form.verticalScrollBar().setValue(0)
    form.scroll_to_section("precision")
    for _ in range(8):
        QApplication.processEvents()
    offset = form.sections["precision"].y() - form.verticalScrollBar().value()
    assert 0 <= offset <= 20, offset


# -- what a row's construction spends -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_row_sets_its_texts_once_in_the_form_language(
    make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Made in English and then set to the form's language, every row did its texts
    (tooltips, tags, the editor's labels) twice."""
    from ascend_studio.ui._row import ParamRow

    window = make_window(lang, progressive=True)
    window.finish_start()
    window.form._slicer.stop()
    calls: Counter[str] = Counter()
    original = ParamRow.set_language

    def counting(self: ParamRow, lang: Any) -> None:
        calls[self.param.path] += 1
        original(self, lang)

    monkeypatch.setattr(ParamRow, "set_language", counting)
    before = set(window.form.rows)
    window.form.build_all()
    built = set(window.form.rows) - before
    assert built and set(calls) == built and max(calls.values()) == 1
    for path in built:
        param = window.catalog.param(path)
        assert window.form.rows[path].title.text() == param.label.get(lang)


def test_styled_fonts_are_shared_and_follow_the_app_font(qapp: QApplication) -> None:
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QLabel

    from ascend_studio.ui._style import _FONTS, styled_font

    first, second = QLabel(), QLabel()
    styled_font(first, bold=True, scale=1.6)
    made = len(_FONTS)
    styled_font(second, bold=True, scale=1.6)
    assert first.font() == second.font()
    assert len(_FONTS) == made  # the variant made once is found again, not made anew
    assert first.font().weight() == QFont.Weight.DemiBold
    assert first.font().pointSizeF() == pytest.approx(qapp.font().pointSizeF() * 1.6)
    saved = QFont(qapp.font())
    try:
        changed = QFont(saved)
        changed.setFamilies([*saved.families(), "Noto Sans CJK SC"][::-1])
        qapp.setFont(changed)
        third = QLabel()
        styled_font(third, bold=True, scale=1.6)
        assert third.font().families() == changed.families()  # not the cached variant
    finally:
        qapp.setFont(saved)


# -- the form keeps its height while a section is built -------------------------------------------


def _unbuilt_section(window: MainWindow, rows: int) -> Any:
    form = window.form
    return next(
        s
        for s in form.sections.values()
        if len(s.params) >= rows + 2 and not any(p.path in form.rows for p in s.params)
    )


def test_a_section_keeps_its_height_while_its_rows_are_built(midbuild: MainWindow) -> None:
    """Rows built taller or shorter than the space they held: the spacers of the rows
    still to build give or take the difference, so the section, the sections below
    and the form's body keep their places and sizes (no relayout of the whole form)."""
    form = midbuild.form
    section = _unbuilt_section(midbuild, 3)
    form._settle()
    height, body = section.height(), form.body.height()
    below = [s for s in form.sections.values() if s.y() > section.y() and not s.isHidden()]
    places = [s.y() for s in below]
    for start in (0, 2):  # two runs, the second after the first
        form.ensure_built(p.path for p in section.params[start : start + 2])
        form._settle()
        assert section.spacers  # rows still to build
        assert section.height() == height
        assert form.body.height() == body
        assert [s.y() for s in below] == places
    built = [form.rows[p.path] for p in section.params[:4]]
    assert sum(r.height() for r in built) != 4 * ROW_HEIGHT  # a real difference was absorbed
    form.ensure_built(p.path for p in section.params)  # the last run: its real height
    form._settle()
    assert not section.spacers
    assert section.height() == section.heightForWidth(section.width())


def test_what_the_spacers_cannot_take_is_handed_back(midbuild: MainWindow) -> None:
    section = _unbuilt_section(midbuild, 1)
    reserved = sum(sp.sizeHint().height() for sp in section.spacers.values())
    assert section.absorb(25) == 0
    assert sum(sp.sizeHint().height() for sp in section.spacers.values()) == reserved - 25
    assert section.absorb(-25) == 0  # shorter rows: the spacers grow back
    assert section.absorb(reserved + 7) == 7  # all the space there is, and no less than 0
    assert all(sp.sizeHint().height() == 0 for sp in section.spacers.values())


def test_a_section_keeps_its_height_for_each_width_until_it_changes(qapp: QApplication) -> None:
    """A form narrower than its rows asks each section's height at two widths on every
    turn of the event loop; a QVBoxLayout kept one, so every section re-measured its
    rows and wrapped texts after every slice of the build."""
    from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

    from ascend_studio.ui._sections import Section

    asked: list[int] = []

    class Wrapping(QWidget):
        def __init__(self, parent: QWidget) -> None:
            super().__init__(parent)
            self.lines = 2
            policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            policy.setHeightForWidth(True)
            self.setSizePolicy(policy)

        def hasHeightForWidth(self) -> bool:
            return True

        def heightForWidth(self, width: int) -> int:
            asked.append(width)
            return self.lines * 20 * 400 // width

    host = QWidget()
    section = Section("s", (), host)
    section.body.addWidget(QLabel("a section's blurb that wraps " * 4, section))
    rows = Wrapping(section)
    section.body.addWidget(rows)
    heights = {w: section.heightForWidth(w) for w in (300, 400)}
    asked.clear()
    for _ in range(3):
        assert {w: section.heightForWidth(w) for w in (300, 400)} == heights
    assert asked == []  # kept, not re-measured
    rows.lines = 3
    rows.updateGeometry()  # a row changed: its section's layout is invalidated
    assert section.heightForWidth(400) > heights[400]
    assert section.body.minimumHeightForWidth(300) == section.body.heightForWidth(300)
    for width in range(200, 600, 10):  # a window dragged: the kept widths stay few
        assert section.heightForWidth(width) > 0
    assert len(section.body._heights) <= 16
    host.deleteLater()
