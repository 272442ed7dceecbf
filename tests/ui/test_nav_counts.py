"""The category navigation after new counts: only the entries whose counts changed
are rendered again, and the whole list reads as one rendered afresh with them."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
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
