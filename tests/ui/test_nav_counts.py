"""The category navigation after new counts: only the entries whose counts changed
are rendered again, and the whole list reads as one rendered afresh with them."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QRegion
from pytestqt.qtbot import QtBot

from ascend_studio.schema import Catalog
from ascend_studio.ui._nav import CategoryNav
from ascend_studio.ui._snapshot import ENV_SECTION, UNKNOWN_SECTION, CategoryCounts


def _shown(nav: CategoryNav) -> list[tuple[object, ...]]:
    return [
        (
            item.data(Qt.ItemDataRole.UserRole),
            item.text(),
            item.toolTip(),
            item.foreground().color().name(),
            item.isHidden(),
        )
        for item in (nav.item(row) for row in range(nav.count()))
    ]


def _counts(keys: list[str], rng: random.Random) -> dict[str, CategoryCounts]:
    out = {}
    for key in keys:
        errors, warnings, infos = (
            rng.choice([0, 0, 1, 3]),
            rng.choice([0, 2, 12]),
            rng.choice([0, 1]),
        )
        worst = "error" if errors else "warning" if warnings else "info" if infos else None
        out[key] = CategoryCounts(
            rng.choice([0, 1, 7, 42]), errors + warnings + infos, worst, errors, warnings, infos
        )
    return out


def test_new_counts_read_as_a_list_rendered_afresh(qtbot: QtBot, catalog: Catalog) -> None:
    rng = random.Random(7)
    keys = [UNKNOWN_SECTION, *(c.id for c in catalog.categories), ENV_SECTION]
    nav = CategoryNav(catalog)
    qtbot.addWidget(nav)
    nav.resize(260, 600)
    nav.show()
    counts = _counts(keys, rng)
    nav.set_counts(counts)
    for _ in range(30):
        changed = rng.sample(keys, rng.choice([1, 2, 5]))
        counts = {**counts, **_counts(changed, rng)}
        if rng.random() < 0.2:
            counts.pop(rng.choice(keys))  # a category no longer counted
        nav.set_counts(counts)
        fresh = CategoryNav(catalog)
        qtbot.addWidget(fresh)
        fresh.resize(260, 600)
        fresh.show()
        fresh.set_counts(counts)
        assert _shown(nav) == _shown(fresh)
        fresh.close()


def _painted(nav: CategoryNav, qtbot: QtBot, change: object) -> QRegion:
    """The viewport's region painted after ``change()``, once the list has settled."""
    painted = QRegion()

    class Watch(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                painted.__iadd__(event.region())  # type: ignore[attr-defined]
            return False

    qtbot.wait(20)
    watch = Watch()
    nav.viewport().installEventFilter(watch)
    try:
        change()  # type: ignore[operator]
        qtbot.wait(50)
    finally:
        nav.viewport().removeEventFilter(watch)
    return painted


def test_new_counts_repaint_only_their_entries_and_look_as_rendered_afresh(
    qtbot: QtBot, catalog: Catalog
) -> None:
    rng = random.Random(11)
    keys = [UNKNOWN_SECTION, *(c.id for c in catalog.categories), ENV_SECTION]
    nav = CategoryNav(catalog)
    qtbot.addWidget(nav)
    nav.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the current entry's frame: focus only
    nav.resize(260, 600)
    nav.show()
    counts = _counts(keys, rng)
    nav.set_counts(counts)
    for _ in range(8):
        changed = rng.sample(keys[1:-1], rng.choice([1, 2]))
        counts = {**counts, **_counts(changed, rng)}
        region = _painted(nav, qtbot, lambda c=counts: nav.set_counts(c))  # type: ignore[misc]
        entries = QRegion()
        for key in changed:
            entries += nav.visualItemRect(nav.item_for(key))
        assert region.subtracted(entries).isEmpty()  # nothing beyond the changed entries
        fresh = CategoryNav(catalog)
        qtbot.addWidget(fresh)
        fresh.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        fresh.resize(260, 600)
        fresh.show()
        fresh.set_counts(counts)
        qtbot.wait(20)
        assert nav.grab().toImage() == fresh.grab().toImage()
        assert _shown(nav) == _shown(fresh)
        fresh.close()


def test_the_same_categories_shown_again_repaint_nothing(qtbot: QtBot, catalog: Catalog) -> None:
    nav = CategoryNav(catalog)
    qtbot.addWidget(nav)
    nav.resize(260, 600)
    nav.show()
    keys = {c.id for c in catalog.categories}
    nav.show_categories(keys)
    assert _painted(nav, qtbot, lambda: nav.show_categories(keys)).isEmpty()
    fewer = keys - {catalog.categories[1].id}
    assert not _painted(nav, qtbot, lambda: nav.show_categories(fewer)).isEmpty()
    assert nav.item_for(catalog.categories[1].id).isHidden()
    assert not nav.item_for(catalog.categories[0].id).isHidden()
