"""Rows are widgets only once they come near the view.

After the start, the rows in the view and a screen above and below it exist, and no
other: every way to reach a row (scrolling by keys, wheel or scroll bar, the
navigation, a search, Tab, a reveal from the diagnostics) builds it before it is
shown, with the value, findings, target and language the form holds for it, and
nothing builds every row behind the user's back.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from ui_helpers import wheel

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._ports import row_parameter
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow

pytestmark = pytest.mark.slow


def _order(window: MainWindow) -> list[str]:
    """The shown rows' paths in the form's order."""
    form = window.form
    shown = [s for s in form.sections.values() if not s.isHidden()]
    return [p.path for s in shown for p in s.params if form._wanted(p)]


def _far(window: MainWindow) -> str:
    """A parameter near the end of the form, not built at the start."""
    path = _order(window)[-3]
    assert path not in window.form.rows
    return path


def _nothing_blank_in_view(window: MainWindow) -> None:
    """No row in view is a blank place held for a row not built."""
    assert window.form._in_view() == []
    shown = [r for r in window.form.rows.values() if not r.visibleRegion().isEmpty()]
    assert shown


def test_after_the_start_only_the_rows_near_the_view_exist(qtbot: Any, started: MainWindow) -> None:
    form = started.form
    assert form._near() == []  # the view and a screen above and below it
    assert 10 < len(form.rows) < len(started.catalog.params) // 2
    built = set(form.rows)
    qtbot.wait(300)
    QApplication.processEvents()
    assert set(form.rows) == built and not form.is_fully_built()
    assert not form._slicer.isActive()


def test_page_down_builds_every_row_before_it_is_shown(started: MainWindow) -> None:
    form = started.form
    bar = form.verticalScrollBar()
    form.setFocus()
    pages = 0
    while bar.value() < bar.maximum() and pages < 100:
        before = bar.value()
        QTest.keyClick(form, Qt.Key.Key_PageDown)
        assert bar.value() > before
        _nothing_blank_in_view(started)  # at once, before the paint
        QApplication.processEvents()  # the slices build the rows that came near
        pages += 1
    assert pages > 5
    assert set(_order(started)) <= set(form.rows)  # scrolled past every one


def test_the_wheel_and_the_scroll_bar_build_what_they_bring_into_view(
    started: MainWindow,
) -> None:
    form = started.form
    bar = form.verticalScrollBar()
    bar.setValue(bar.maximum() * 2 // 3)  # a drag of the scroll bar
    _nothing_blank_in_view(started)
    for _ in range(6):
        wheel(form.viewport(), -1)
        _nothing_blank_in_view(started)


def test_the_navigation_builds_the_section_it_goes_to(started: MainWindow) -> None:
    last = [c.id for c in started.catalog.categories][-1]
    first = started.catalog.in_category(last)[0].path
    assert first not in started.form.rows
    started.nav.category_chosen.emit(last)
    assert started.form.is_row_visible(first)
    _nothing_blank_in_view(started)


def test_a_search_counts_and_shows_matches_not_built_yet(started: MainWindow) -> None:
    form = started.form
    path = _far(started)
    label = started.catalog.param(path).label.en
    started.controls.search.setText(path)
    assert form.is_row_visible(path)
    assert "Matches: " in started.controls.match_count.text()
    started.controls.search.setText("a")  # matches all over the form
    count = started.controls.match_count.text()
    assert count.startswith("Matches: ") and int(count.split()[-1]) > len(form.rows) // 2
    assert not form.is_fully_built()
    _nothing_blank_in_view(started)
    bar = form.verticalScrollBar()
    bar.setValue(bar.maximum())
    _nothing_blank_in_view(started)
    assert label  # the label is what the row shows


def test_tab_goes_row_after_row_into_rows_not_built(started: MainWindow) -> None:
    form = started.form
    order = _order(started)
    built_at_start = [p for p in order if p in form.rows]
    start = built_at_start[-1]  # the last row built: Tab goes on into rows not built
    form.reveal(start)
    seen = [start]
    for _ in range(40):
        form.focusNextChild()
        here = row_parameter(QApplication.focusWidget())
        if here is not None and here != seen[-1]:
            seen.append(here)
        if len(seen) >= 6:
            break
    index = order.index(start)
    assert seen == order[index : index + len(seen)] and len(seen) >= 6
    assert QApplication.focusWidget().isVisible()
    for _ in range(40):  # and back
        form.focusPreviousChild()
        if row_parameter(QApplication.focusWidget()) == start:
            break
    assert row_parameter(QApplication.focusWidget()) == start


def test_a_reveal_from_the_diagnostics_builds_the_row_with_its_findings(
    started: MainWindow,
) -> None:
    started.model.edit(Profile(values={"hcom_parallel": 1}), "edit")
    started.form.verticalScrollBar().setValue(0)
    assert "hcom_parallel" not in started.form.rows
    finding = next(f for f in started.findings if "hcom_parallel" in f.params)
    started.diagnostics.param_activated.emit("hcom_parallel")
    row = started.form.rows["hcom_parallel"]
    assert row.isVisible() and not row.visibleRegion().isEmpty()
    assert row_parameter(QApplication.focusWidget()) == "hcom_parallel"
    assert row.state == started.snapshot.rows["hcom_parallel"]
    assert finding in row.state.findings
    assert 'href="fix:0:0"' in row.diag.text()


def test_a_fix_and_its_undo_reach_a_row_not_built(started: MainWindow) -> None:
    """What changes a row not built is shown once it is: its value and findings."""
    form = started.form
    path = _far(started)
    param = started.catalog.param(path)
    value: object = True if param.kind == "bool" else param.default
    before = started.model.profile
    started.model.edit(before.with_value(path, value), "edit")  # as a fix changes a value
    assert path not in form.rows
    started.model.undo_stack.undo()
    assert path not in form.rows
    started.reveal(path)
    assert form.rows[path].state == started.snapshot.rows[path]
    assert form.rows[path].state.value is None
    started.model.undo_stack.redo()
    assert form.rows[path].state.value == value


def test_fix_all_safe_reaches_rows_not_built(started: MainWindow) -> None:
    profile = Profile(values={"hcom_parallel": 1, "deterministic": True})
    started.model.edit(profile, "edit")
    started.form.verticalScrollBar().setValue(0)
    started.fix_all_button.click()
    assert started.model.profile.values == {"hcom_parallel": True, "deterministic": 1}
    for path in ("hcom_parallel", "deterministic"):
        started.reveal(path)
        row = started.form.rows[path]
        assert row.state.value == started.model.profile.values[path]
        assert row.state == started.snapshot.rows[path]


def test_rows_built_after_a_language_switch_speak_it(started: MainWindow) -> None:
    """Their texts and the names assistive technology reads are the language's."""
    from ascend_studio.ui._tags import TagStrip

    started.model.edit(Profile(product="atlas_300i_duo"), "target")  # tags on many rows
    path = next(
        p
        for p in reversed(_order(started))
        if p not in started.form.rows
        and started.snapshot.rows.get(p)
        and started.snapshot.rows[p].unavailable
    )
    started.set_language("zh")
    started.reveal(path)
    row = started.form.rows[path]
    assert row.title.text() == started.catalog.param(path).label.zh
    strips = [s for s in row.findChildren(TagStrip) if s.text()]
    assert strips and all(s.accessibleName() == s.text() for s in strips)
    assert any(s.text().startswith("仅") for s in strips)  # "only on ..." in Chinese


def test_build_all_builds_every_row(started: MainWindow) -> None:
    started.form.build_all()
    assert started.form.is_fully_built()
    assert set(started.form.rows) == {p.path for p in started.catalog.params}


def test_a_language_switch_tells_rows_out_of_view_when_they_come_back(
    started: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built rows whose section is parked (out of view) take the new language when the
    view comes back to them, not with the switch."""
    from collections import Counter

    from ascend_studio.ui._row import ParamRow

    form = started.form
    bar = form.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)  # rows built in the middle of the form
    QApplication.processEvents()
    bar.setValue(0)
    QApplication.processEvents()
    away = [p for p, row in form.rows.items() if form._section_of[p].parked]
    assert away
    told: Counter[str] = Counter()
    original = ParamRow.set_language

    def counting(self: ParamRow, lang: Any) -> None:
        told[self.param.path] += 1
        original(self, lang)

    monkeypatch.setattr(ParamRow, "set_language", counting)
    started.set_language("zh")
    assert not set(away) & set(told)
    assert all(form.rows[p].title.text() == form.rows[p].param.label.zh for p in told)
    path = away[0]
    started.reveal(path)
    assert told[path] == 1
    assert form.rows[path].title.text() == started.catalog.param(path).label.zh
    form.build_all()  # every row, each in the language
    assert all(row.title.text() == row.param.label.zh for row in form.rows.values())


def test_the_rows_in_view_are_built_once_the_window_has_its_size(
    qtbot: Any, catalog: Catalog
) -> None:
    """Rows built into the form before the window is shown would be laid out at the
    form's default width first; only the first section's rows are made then, and the
    rest of the view's when the window is shown, before its first paint."""
    widths: list[int] = []
    window = MainWindow(catalog, Settings(), "en", progressive=True)
    qtbot.addWidget(window)
    form = window.form
    (first,) = {form._section_of[path] for path in form.rows}  # one section's rows
    assert set(form.rows) == {p.path for p in first.params}
    window.resize(1920, 1080)
    original = form._build_now

    def build_now(paths: Any) -> None:
        widths.append(form.viewport().width())
        original(paths)

    form._build_now = build_now  # type: ignore[method-assign]
    window.show()
    assert widths and min(widths) > 400, widths  # built at the window's width
    assert form._in_view() == []  # nothing in view is a place held for a row
    qtbot.waitUntil(window.is_built, timeout=20000)
    clean = Profile()
    window.model.replace(clean, None, saved=clean)
    window.files.autosave.discard()
