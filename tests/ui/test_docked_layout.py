"""The docked views are read whole at 1280x800 (the smallest screen the README
supports) and 1920x1080, in both languages.

The window is rendered at each size with the dock open as the View menu opens it,
and every cell that carries an answer is checked: each artifact's name, resolved
path, status and priority chain, each compared parameter and both of its values
fit their cells or wrap inside them (never elided, never off-screen). The grab is
written to tmp_path (``scripts/screenshots_docked.py`` writes the same views into
docs/shots/ for people to look at).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, QRect
from PySide6.QtWidgets import QApplication, QDockWidget, QLineEdit, QStyleOptionViewItem, QWidget

from ascend_studio.profile import Expr, Profile
from ascend_studio.ui._i18n import apply_language
from ascend_studio.ui._places import PREVIEWS_MINIMUM
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._style import apply_fonts
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui._wrap import cell_fits
from ascend_studio.ui.inspector._delegate import COMPACT_INSET, INSET
from ascend_studio.ui.inspector._model import CHAIN_COLUMN, COLUMNS

SIZES = [(1280, 800), (1920, 1080)]
LONG = "/home/test/output/deepfm_8p/device_0/kernel_cache_of_a_very_long_job_name"


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """The next module's widgets made without a window speak English again."""
    yield
    apply_language("en")
    apply_fonts("en")


def _settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def _open(window: MainWindow, name: str) -> QDockWidget:
    dock = window.findChild(QDockWidget, f"dock:{name}")
    assert dock is not None
    dock.toggleViewAction().trigger()
    _settle()
    return dock


def _busy() -> Profile:
    """Long paths, an expression and a few layers, as an imported job has them."""
    return (
        Profile(product="atlas_a2")
        .with_value("op_compiler_cache_dir", LONG)
        .with_value("dump_config.enable_dump", Expr(expr='"True" == os.getenv("FLAG_ENABLE_DUMP")'))
        .with_value("dump_config.dump_path", "/home/test/output/dump/deepfm_8p/device_0/step_0")
        .with_value("precision_mode", "allow_mix_precision")
        .with_env("ASCEND_WORK_PATH", "/data/作业/172.16.1.12_01_03")
    )


def _sized(make_window: Callable[..., MainWindow], size: tuple[int, int], lang: str) -> MainWindow:
    window = make_window(lang)
    window.resize(*size)
    profile = _busy()
    window.model.replace(profile, None, saved=profile)
    _settle()
    return window


def _inside(widget: QWidget, outer: QWidget) -> bool:
    """``widget`` is drawn whole inside ``outer`` (not clipped by it)."""
    top_left = widget.mapTo(outer, widget.rect().topLeft())
    return outer.rect().contains(QRect(top_left, widget.size()))


def _whole_form_rows(window: MainWindow) -> int:
    """How many parameter rows the form shows whole (not cut at its top or bottom)."""
    viewport = window.form.viewport()
    rows = [
        row
        for row in window.form.body.findChildren(QWidget)
        if row.objectName().startswith("row:") and row.isVisible()
    ]
    return sum(_inside(row, viewport) for row in rows)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_artifact_is_read_whole_in_the_docked_output_paths(
    make_window: Callable[..., MainWindow], size: tuple[int, int], lang: str, tmp_path: Path
) -> None:
    window = _sized(make_window, size, lang)
    _open(window, "inspector")
    view = window.inspector
    view.refresh()
    _settle()
    chains = view.chains
    viewport = chains.viewport()
    assert not chains.horizontalScrollBar().isVisible()  # nothing off to the side
    shown = [
        row
        for row in range(view.model.rowCount())
        if viewport.rect().contains(chains.visualRect(view.model.index(row, 0)))
    ]
    # rows wrap to one to three lines: even at 1280x800 with these long paths eight fit
    # (the chain's boxes drawn compact there; a large window keeps their usual room)
    assert len(shown) >= 8, (size, len(shown), viewport.height())
    assert view.delegate.inset == (COMPACT_INSET if size[1] < 1000 else INSET)
    # ... and the form above keeps rows enough to change what the chains show
    assert _whole_form_rows(window) >= (5 if size[1] < 1000 else 7), size
    cut = []
    for row in range(view.model.rowCount()):
        chains.scrollTo(view.model.index(row, 0))
        for column in range(COLUMNS):
            index = view.model.index(row, column)
            if column == CHAIN_COLUMN:
                option = QStyleOptionViewItem()
                option.rect = chains.visualRect(index)
                option.font = chains.font()
                whole = view.delegate.fits(option, index)
            else:
                whole = cell_fits(chains, index)
            if not whole:
                cut.append((view.model.resolution(row).id, column))
    assert not cut, cut
    assert view.path_field.isVisible() and view.path_field.height() >= 20
    # every context field is whole and wide enough to read (its tab, scrolled into view)
    if not view.context_beside:
        view.tabs.setCurrentWidget(view.context_scroll)
        _settle()
    scroll = view.context_scroll
    for field in view.context_editor.findChildren(QLineEdit):
        if field.isVisibleTo(view.context_editor) and field.objectName().startswith(
            "inspector:context:"
        ):
            scroll.ensureWidgetVisible(field)
            assert field.width() >= 150, (field.objectName(), field.width())
            assert _inside(field, scroll.viewport()), field.objectName()
    assert window.grab().save(str(tmp_path / f"paths-{size[0]}x{size[1]}-{lang}.png"))


def _nav_whole(window: MainWindow) -> bool:
    nav = window.nav
    return all("…" not in nav.item(row).text() for row in range(nav.count()))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("dock", ["why", "compare", "machine"])
def test_a_side_dock_leaves_the_navigation_and_the_form_whole(
    make_window: Callable[..., MainWindow],
    size: tuple[int, int],
    lang: str,
    dock: str,
    tmp_path: Path,
) -> None:
    window = _sized(make_window, size, lang)
    opened = _open(window, dock)
    form = window.form
    assert _nav_whole(window)
    assert not form.horizontalScrollBar().isVisible()  # the form is not cut at a side
    assert form.viewport().width() + 2 >= form.needed_width() - form.verticalScrollBar().width()
    assert opened.width() >= 300  # the panel is wide enough to read
    side = window.main.sizes()[-1]
    assert side == 0 or side >= 300  # the previews are readable, or make way
    opened.toggleViewAction().trigger()  # closed: the previews come back
    _settle()
    assert window.main.sizes()[-1] >= PREVIEWS_MINIMUM.width()
    assert _nav_whole(window)  # measured after the dock gave its width back
    assert window.nav.width() >= window.nav.needed_width()
    assert window.grab().save(str(tmp_path / f"{dock}-{size[0]}x{size[1]}-{lang}.png"))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_compared_value_is_read_whole(
    make_window: Callable[..., MainWindow], size: tuple[int, int], lang: str, tmp_path: Path
) -> None:
    window = _sized(make_window, size, lang)
    _open(window, "compare")
    other = (
        _busy()
        .with_value("op_compiler_cache_dir", LONG.replace("very_long", "much_longer_still"))
        .with_value("dump_config.enable_dump", True)
        .with_value("iterations_per_loop", 100)
        .with_env("ASCEND_WORK_PATH", "/data/其他作业/10.0.0.7_02_01")
    )
    window.compare.set_other(other, "deepfm_8p.ascend.json")
    _settle()
    tree = window.compare.tree
    assert not tree.horizontalScrollBar().isVisible()
    rows, cut = 0, []
    for top_index in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(top_index)
        assert group is not None
        for child_index in range(group.childCount()):
            child = group.child(child_index)
            assert child is not None
            rows += 1
            for column in range(3):
                index = tree.indexFromItem(child, column)
                tree.scrollTo(index)
                if not cell_fits(tree, index):
                    cut.append((child.text(0), column))
    assert rows >= 4 and not cut, cut
    assert window.grab().save(str(tmp_path / f"compare-{size[0]}x{size[1]}-{lang}.png"))


def test_docks_on_one_side_share_it_as_tabs(make_window: Callable[..., MainWindow]) -> None:
    window = _sized(make_window, SIZES[0], "en")
    why = _open(window, "why")
    compare = _open(window, "compare")
    assert compare in window.tabifiedDockWidgets(why)
    compare.toggleViewAction().trigger()
    why.toggleViewAction().trigger()
    QApplication.processEvents()
    stray: list[Any] = [
        bar
        for bar in window.findChildren(QWidget)
        if type(bar).__name__ == "QTabBar"
        and bar.isVisible()
        and bar.parent() is window
        and bar.geometry().intersects(window.rect())
    ]
    assert not stray


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("dock", ["why", "machine"])
def test_a_side_dock_the_last_run_left_open_leaves_room_for_the_navigation_and_the_form(
    make_window: Callable[..., MainWindow], lang: str, dock: str
) -> None:
    """Reopened by the remembered layout, not from the View menu: saved at 1920x1080,
    started at 1280x800, the navigation cut its names and the form scrolled sideways."""
    first = make_window(lang)
    first.resize(1920, 1080)
    _settle()
    _open(first, dock)
    first.save_layout()
    first.close()
    Settings().set_blob("geometry", QByteArray())
    window = make_window(lang)
    window.resize(1280, 800)
    _settle()
    reopened = window.findChild(QDockWidget, f"dock:{dock}")
    assert reopened is not None and reopened.isVisible()
    assert _nav_whole(window)
    assert window.nav.width() >= window.nav.needed_width()
    assert not window.form.horizontalScrollBar().isVisible()
    assert window.form.width() >= window.form.needed_width()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_output_paths_context_never_scrolls_sideways(
    make_window: Callable[..., MainWindow], size: tuple[int, int], lang: str
) -> None:
    """In its own tab (1280 px) or beside the artifacts at its narrowest (1920 px), the
    context's labels and fields fit its width: it scrolls down, never sideways."""
    window = _sized(make_window, size, lang)
    _open(window, "inspector")
    view = window.inspector
    view.refresh()
    _settle()
    scroll = view.context_scroll
    assert view.context_beside == (size[0] >= 1500)
    if view.context_beside:
        view.splitter.setSizes([1, view.width()])  # dragged as far as it goes
    for tab in range(view.tabs.count()):  # its own tab last: first as the dock opens
        view.tabs.setCurrentIndex(tab)
        _settle()
        shown = scroll.isVisible()
        assert shown == (view.context_beside or view.tabs.currentWidget() is scroll), tab
        assert not shown or scroll.horizontalScrollBar().maximum() == 0, (
            tab,
            scroll.viewport().width(),
            view.context_group.minimumSizeHint().width(),
        )


def _preview_labels_whole(window: MainWindow) -> bool:
    """The previews' format names are read whole: as tabs side by side, in the list that
    takes the tab bar's place, or the previews made way for a side dock."""
    pane = window.previews
    if not pane.isVisible() or pane.width() == 0:
        return True
    if pane.compact:
        chooser = pane.chooser
        text = chooser.fontMetrics().horizontalAdvance(chooser.currentText())
        return chooser.isVisible() and text + 40 <= chooser.width()  # arrow and margins
    bar = pane.tabBar()
    return all(
        bar.tabRect(i).width() >= bar.tabSizeHint(i).width()
        and bar.rect().contains(bar.tabRect(i))
        and "…" not in bar.tabText(i)
        for i in range(bar.count())
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("dock", ["inspector", "why", "compare", "machine"])
def test_any_dock_open_at_1280x800_leaves_the_window_readable(
    make_window: Callable[..., MainWindow], lang: str, dock: str
) -> None:
    window = _sized(make_window, SIZES[0], lang)
    _open(window, dock)
    nav = window.nav
    assert _nav_whole(window), [nav.item(i).text() for i in range(nav.count())]
    assert window.nav.width() >= window.nav.needed_width()
    assert not window.form.horizontalScrollBar().isVisible()
    assert _preview_labels_whole(window)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_window_resized_to_1280x800_keeps_the_navigation_and_the_form_whole(
    make_window: Callable[..., MainWindow], lang: str
) -> None:
    """Grown from a small first size, or shrunk from a large screen's: the splitter
    shared the change by its stretch factors and left the navigation cut."""
    window = make_window(lang)
    for size in [(1920, 1080), (1280, 800), (1000, 700), (1280, 800)]:
        window.resize(*size)
        _settle()
        if size[0] >= 1280:
            assert _nav_whole(window), size
            assert window.main.sizes()[0] >= window.nav.needed_width(), size
            assert window.main.sizes()[1] >= window.form.needed_width(), size
