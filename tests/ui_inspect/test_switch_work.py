"""Work a target or language switch leaves for later, and measuring done once: the
directory layout behind its tab, the inspector's answers per cell, wrapped cells."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from inspect_fakes import WORK
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QRect, QSize
from PySide6.QtGui import QFont, QFontMetrics, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QApplication,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTextBrowser,
    QTreeView,
)
from pytestqt.qtbot import QtBot

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._wrap import WrapDelegate, cell_width
from ascend_studio.ui.compare import CompareView
from ascend_studio.ui.inspector import CHAIN_COLUMN, NAME_COLUMN, PATH_COLUMN, InspectorView
from ascend_studio.ui.inspector._delegate import ChainDelegate, row_needs, text_size
from ascend_studio.ui.inspector._fit import share_widths
from ascend_studio.ui.inspector._view import _SHARES
from ascend_studio.ui.why import WhyPanel, why_html


def _tree(model: QStandardItemModel) -> list[tuple[int, str, str]]:
    found: list[tuple[int, str, str]] = []

    def walk(item: QStandardItem, depth: int) -> None:
        for row in range(item.rowCount()):
            child, path = item.child(row, 0), item.child(row, 1)
            found.append((depth, child.text(), path.text() if path is not None else ""))
            walk(child, depth + 1)

    walk(model.invisibleRootItem(), 0)
    return found


def _fresh_layout(catalog: Catalog, profile: Profile, lang: str) -> list[tuple[int, str, str]]:
    """The directory layout of a view made for ``profile`` and shown on that tab."""
    other = InspectorView(catalog, profile)
    other.set_language(lang)  # type: ignore[arg-type]
    other.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    other.tabs.setCurrentIndex(1)
    other.refresh()
    tree = _tree(other.layout_model)
    other.deleteLater()
    return tree


def test_the_directory_layout_waits_behind_its_tab(view: InspectorView, catalog: Catalog) -> None:
    assert view.tabs.currentIndex() == 0  # the artifacts' tab
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    before = view._layout_model.rowCount()
    profile = Profile(values={"dump_path": "/tmp/dump", "enable_dump": True})
    view.set_profile(profile)
    assert view._layout_stale  # left for when its tab is shown
    assert view._layout_model.rowCount() == before
    view.tabs.setCurrentIndex(1)  # shown: filled now, as a layout made afresh
    assert not view._layout_stale
    assert _tree(view._layout_model) == _fresh_layout(catalog, profile, "en")


def test_a_language_switch_behind_the_tab_fills_it_when_read(
    view: InspectorView, catalog: Catalog
) -> None:
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    view.set_language("zh")
    assert view._layout_stale
    assert _tree(view.layout_model) == _fresh_layout(catalog, Profile(), "zh")  # read: filled
    assert not view._layout_stale


def test_the_shown_layout_follows_at_once(view: InspectorView, catalog: Catalog) -> None:
    view.tabs.setCurrentIndex(1)
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    profile = Profile(values={"dump_path": "/tmp/dump", "enable_dump": True})
    view.set_profile(profile)
    assert not view._layout_stale
    assert _tree(view._layout_model) == _fresh_layout(catalog, profile, "en")


def test_the_inspector_answers_each_cell_as_it_changes(view: InspectorView) -> None:
    """The answers kept per cell are those of the resolutions and language now."""
    model = view.model
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    row = model.row_of("log")
    assert model.data(model.index(row, PATH_COLUMN)) == f"{WORK}/log"
    view.context_editor.set_typed({"ASCEND_WORK_PATH": "/other"})
    assert model.data(model.index(row, PATH_COLUMN)) == "/other/log"
    name = model.data(model.index(row, NAME_COLUMN))
    view.set_language("zh")
    assert model.data(model.index(row, NAME_COLUMN)) != name
    assert model.data(model.index(row, NAME_COLUMN)) == view.resolution("log").artifact.name.zh


def _cells(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[QModelIndex]:
    parent = parent or QModelIndex()
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            yield model.index(row, column, parent)
        yield from _cells(model, model.index(row, 0, parent))


def _measured_twice(
    delegate: WrapDelegate, option: QStyleOptionViewItem, index: QModelIndex
) -> QSize:
    """A wrapped cell's size as measured before: on one line for its width, then
    wrapped at its cell's width for its height."""
    natural = QStyledItemDelegate.sizeHint(delegate, option, index)
    measured = QStyleOptionViewItem(option)
    measured.rect = QRect(0, 0, max(cell_width(delegate.view, index), 1), 1)
    return QSize(natural.width(), QStyledItemDelegate.sizeHint(delegate, measured, index).height())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_wrapped_cells_measured_once_are_measured_the_same(view: InspectorView, lang: str) -> None:
    """A cell whose text fits on one line is measured once: the same size, at every
    column width, with and without an icon, as measuring it wrapped as well."""
    view.set_language(lang)  # type: ignore[arg-type]
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    tree: QTreeView = view.chains
    tree.expandAll()
    delegate = tree.itemDelegate()
    assert isinstance(delegate, WrapDelegate)
    checked = 0
    for width in (40, 70, 90, 120, 140, 200, 260, 400, 700):
        for column in range(view.model.columnCount()):
            tree.header().resizeSection(column, width)
        for index in _cells(view.model):
            if tree.itemDelegateForIndex(index) is not delegate:
                continue
            option = QStyleOptionViewItem()
            option.initFrom(tree)
            option.font = tree.font()
            assert delegate.sizeHint(option, index) == _measured_twice(delegate, option, index)
            checked += 1
    assert checked > 500


def test_chain_boxes_remembered_per_font_and_width(view: InspectorView) -> None:
    """The boxes of a chain cell measured again in another font or at another width are
    those a delegate that never measured them finds."""
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    index = view.model.index(view.model.row_of("log"), CHAIN_COLUMN)
    big = QFont(view.chains.font())
    big.setPointSize(big.pointSize() + 6)
    for font in (view.chains.font(), big, view.chains.font()):
        for width in (120, 300, 900, 300):
            option = QStyleOptionViewItem()
            option.font = font
            option.rect = QRect(0, 0, width, 30)
            fresh = ChainDelegate(view.chains)
            assert view.delegate.box_rects(option, index) == fresh.box_rects(option, index)
            fresh.deleteLater()


def test_texts_measured_in_fonts_that_differ_past_their_first_family(
    view: InspectorView,
) -> None:
    """Two fonts whose keys are the same but whose later families differ measure
    Chinese text differently: each is measured in its own font, not the other's."""
    latin, both = QFont(view.chains.font()), QFont(view.chains.font())
    latin.setFamilies(["Sans Serif"])
    both.setFamilies(["Sans Serif", "WenQuanYi Micro Hei"])
    text = "算子编译缓存 kernel_cache"
    for font in (latin, both, latin):
        size = view.delegate._text_size(font, text, 900)
        assert size == text_size(QFontMetrics(font), text, 900), font.families()
    assert view.delegate.advances(latin) is not view.delegate.advances(both)


def _row_heights(view: CompareView) -> list[tuple[str, int]]:
    tree = view.tree
    QApplication.processEvents()  # the tree lays its rows out when it next paints
    out = []
    for top in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(top)
        tree.expandItem(group)
        for item in [group, *(group.child(n) for n in range(group.childCount()))]:
            rect = tree.visualItemRect(item)
            out.append((item.text(0) + "|" + item.text(1) + "|" + item.text(2), rect.height()))
    return out


def test_compare_after_a_language_switch_measures_its_rows_as_a_fresh_one(
    qtbot: QtBot, catalog: Catalog
) -> None:
    """The rows' texts change without the tree hearing of each: it lays them all out
    once, at the heights a view made in that language gives them."""
    saved = Profile(values={"hccl_timeout": 600, "precision_mode": "allow_mix_precision"})
    profile = Profile(
        values={"hccl_timeout": 1200, "dump_path": "/data/a/very/long/path/for/the/dumps"},
        env={"ASCEND_WORK_PATH": "/data/w"},
    )
    view = CompareView(catalog)
    qtbot.addWidget(view)
    view.resize(420, 700)
    view.show()
    view.set_saved(saved)
    view.compare_with("saved")
    view.set_profile(profile)
    for lang in ("zh", "en", "zh"):
        view.set_language(lang)  # type: ignore[arg-type]
        fresh = CompareView(catalog)
        qtbot.addWidget(fresh)
        fresh.resize(420, 700)
        fresh.set_language(lang)  # type: ignore[arg-type]
        fresh.set_saved(saved)
        fresh.compare_with("saved")
        fresh.set_profile(profile)
        fresh.show()
        for column in range(3):
            fresh.tree.header().resizeSection(column, view.tree.header().sectionSize(column))
        assert _row_heights(view) == _row_heights(fresh)
        fresh.close()


def test_a_product_switch_patches_the_why_page(qtbot: QtBot, catalog: Catalog) -> None:
    """Another product moves the bold in the products table (and may add or drop a
    rule's line): where the page keeps its blocks it is patched, and it is always the
    page a panel set afresh shows."""
    panel = WhyPanel(catalog, Profile())
    qtbot.addWidget(panel)
    panel.resize(500, 800)
    panel.show()
    panel.set_parameter("hccl_timeout")
    whole: list[str] = []
    set_html = panel.browser.setHtml
    panel.browser.setHtml = lambda page: (whole.append(page), set_html(page))  # type: ignore[method-assign]
    fresh = QTextBrowser()
    qtbot.addWidget(fresh)
    products = [p.id for p in catalog.products]
    profile = Profile(values={"hccl_timeout": 1})
    panel.set_profile(profile)
    whole.clear()
    for number, product in enumerate(products * 2):
        profile = profile.with_target(product=product)
        panel.set_profile(profile)
        fresh.setHtml(why_html(catalog, panel.artifacts, profile, "hccl_timeout", panel.lang))
        assert panel.browser.toHtml() == fresh.toHtml(), number
    assert len(whole) < 2 * len(products)  # those that moved the bold only: patched


def test_the_columns_fitted_from_remembered_measures_are_fitted_afresh(
    view: InspectorView,
) -> None:
    """Widths found for rows measured before, and texts measured once, give the
    columns a fit from nothing gives: over target switches there and back, edits of
    the paths and a language switch."""
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    profiles = [
        Profile(product="atlas_training", values={"dump_path": "/tmp/d"}),
        Profile(product="atlas_inference", values={"dump_path": "/tmp/d"}),
        Profile(product="atlas_training", values={"dump_path": "/tmp/d"}),
        Profile(product="atlas_training", values={"dump_path": "/data/other/dumps"}),
        Profile(product="atlas_inference", values={"dump_path": "/tmp/d"}),
    ]
    for number, profile in enumerate(profiles * 2):
        if number == len(profiles):
            view.set_language("zh")
        view.set_profile(profile)
        tree, header = view.chains, view.chains.header()
        fresh = ChainDelegate(tree)
        needs = row_needs(tree, fresh, tuple(_SHARES))
        assert needs == row_needs(tree, view.delegate, tuple(_SHARES))
        least = {column: header.sectionSizeHint(column) for column in _SHARES}
        px = view.delegate.heights(tree.fontMetrics().lineSpacing(), tree.font())
        room = tree.viewport().width()
        expected = share_widths(room, needs, _SHARES, least, px)
        assert {c: header.sectionSize(c) for c in _SHARES} == expected, number
        fresh.deleteLater()
