"""The category navigation shows every entry whole, badges included, and never
scrolls sideways (at 1280x800 in English an entry with two badges was cut and a
horizontal scroll bar appeared)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QApplication

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import tr
from ascend_studio.ui._nav import ROOM, CategoryNav, badges
from ascend_studio.ui._places import NAV_FLOOR, first_geometry, main_sizes
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._snapshot import ENV_SECTION, UNKNOWN_SECTION, CategoryCounts
from ascend_studio.ui._window import MainWindow

pytestmark = pytest.mark.slow

#: The first window on a 1280x800 screen, and on a large one.
SIZES = [first_geometry(QRect(0, 0, w, h)).size() for w, h in ((1280, 800), (1920, 1080))]

#: Values and findings in several categories: badges with a set count and one or
#: two severities (the long English names "Timeouts / exception remedy" and
#: "Accuracy comparison / dump" among them).
BUSY = Profile(
    product="atlas_training",
    values={
        "precision_mode": "allow_mix_precision",
        "precision_mode_v2": "mixed_float16",
        "aicore_num": "2|4",
        "hccl_timeout": 600,
        "mix_compile_mode": True,
        "iterations_per_loop": 10,
        "dump_config.enable_dump": True,
        "dump_config.dump_path": "/home/test/dump",
        "dump_config.dump_step": "0|5|10-20",
    },
    env={"ASCEND_WORK_PATH": "/data/作业/ascend"},
)


def _shown(qtbot: Any, catalog: Catalog, lang: str, size: QSize) -> MainWindow:
    window = MainWindow(catalog, Settings(), lang)  # type: ignore[arg-type]
    qtbot.addWidget(window, before_close_func=_forget)
    window.resize(size)  # before the first show, as a first start sizes it
    window.show()
    qtbot.waitExposed(window)
    return window


def _forget(window: MainWindow) -> None:
    window.model.replace(Profile(), None, saved=Profile())
    window.files.autosave.discard()


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _names(nav: CategoryNav) -> dict[str, str]:
    names = {c.id: c.name.get(nav.lang) for c in nav.catalog.categories}
    return {
        **names,
        ENV_SECTION: tr("Environment variables"),
        UNKNOWN_SECTION: tr("Not in the catalog"),
    }


def _assert_every_entry_fits(nav: CategoryNav, whole: bool = True) -> None:
    assert nav.horizontalScrollBar().maximum() == 0  # nothing to scroll sideways to
    room = nav.viewport().width()
    names = _names(nav)
    for row in range(nav.count()):
        item = nav.item(row)
        key = item.data(Qt.ItemDataRole.UserRole)
        hint = nav.sizeHintForIndex(nav.indexFromItem(item)).width()
        assert hint <= room, (item.text(), hint, room)
        shown = badges(nav.counts.get(key, CategoryCounts()))
        assert item.text().endswith(shown)  # the badges are never shortened
        if whole:
            assert item.text().startswith(names[key]), item.text()


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_entry_fits_with_its_badges(
    qtbot: Any, catalog: Catalog, lang: str, size: QSize
) -> None:
    window = _shown(qtbot, catalog, lang, size)
    form_width = window.main.sizes()[1]
    window.model.replace(BUSY, None, saved=BUSY)
    _settle()
    nav = window.nav
    assert sum(1 for c in nav.counts.values() if badges(c).count(" ") >= 3) >= 3  # two badges
    _assert_every_entry_fits(nav)
    assert window.main.sizes()[1] == form_width >= window.form.needed_width()  # form kept
    other = "zh" if lang == "en" else "en"
    window.set_language(other)  # type: ignore[arg-type]
    _settle()
    _assert_every_entry_fits(nav)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_room_kept_holds_every_name_with_the_room_badges_in_both_languages(
    qtbot: Any, catalog: Catalog, lang: str
) -> None:
    window = _shown(qtbot, catalog, lang, SIZES[0])
    nav = window.nav
    nav.set_counts(
        {item.data(Qt.ItemDataRole.UserRole): ROOM for item in map(nav.item, range(nav.count()))}
    )
    _settle()
    assert nav.width() >= nav.needed_width()
    _assert_every_entry_fits(nav)
    window.set_language("zh" if lang == "en" else "en")  # type: ignore[arg-type]
    _settle()
    _assert_every_entry_fits(nav)  # the other language's names fit the same width


def test_more_badges_than_the_room_shorten_the_name_not_the_badges(
    qtbot: Any, catalog: Catalog
) -> None:
    window = _shown(qtbot, catalog, "en", SIZES[0])
    nav = window.nav
    many = CategoryCounts(set_count=123, errors=45, warnings=67, infos=89)
    key = "accuracy"
    assert key in _names(nav)
    nav.set_counts({key: many})
    _settle()
    _assert_every_entry_fits(nav, whole=False)
    item = nav.item_for(key)
    assert item.text().endswith("● 123  ✖ 45  ⚠ 67  ℹ 89")
    assert "…" in item.text()
    assert item.toolTip().startswith(_names(nav)[key] + "\n")  # the whole name
    nav.set_counts({key: CategoryCounts(set_count=12, errors=3)})
    window.main.setSizes([NAV_FLOOR, *window.main.sizes()[1:]])  # a splitter dragged
    _settle()
    _assert_every_entry_fits(nav, whole=False)
    assert "…" in item.text()
    nav.set_counts({})
    window.main.setSizes([nav.needed_width(), *window.main.sizes()[1:]])
    _settle()
    _assert_every_entry_fits(nav)  # whole again


def test_the_navigation_gets_its_width_from_the_side_then_from_the_forms_room() -> None:
    nav, form, side = main_sizes(1260, 600, 190, 265)
    assert (nav, form, side) == (265, 1260 * 760 // 1530, 1260 - 265 - 1260 * 760 // 1530)
    assert main_sizes(1000, 500, 190, 265)[0] == 265  # side at its minimum, then the form's room
    assert main_sizes(1000, 500, 190, 265)[1:] == [500, 235]
    assert main_sizes(900, 500, 190, 265) == [210, 500, 190]  # the side at its minimum
    nav, form, side = main_sizes(1000, 660, 190, 265)
    assert form == 660 and side == 190 and nav == 150  # the form's needs come first
    assert main_sizes(1920, 660, 190, 265)[0] == 1920 * 250 // 1530  # its share is enough
    assert sum(main_sizes(1000, 660, 190, 265)) == 1000
