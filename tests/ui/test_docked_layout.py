"""The docked views are usable at 1280x800 and 1600x1000.

Screenshot tests: the window is rendered at each size with the dock open as the
View menu opens it; the grab is written to tmp_path (``scripts/screenshots_docked.py``
writes the same views into docs/ for people to look at).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QLineEdit, QWidget

from ascend_studio.profile import Profile
from ascend_studio.ui._window import MainWindow

SIZES = [(1280, 800), (1600, 1000)]


def _open(window: MainWindow, name: str) -> QDockWidget:
    dock = window.findChild(QDockWidget, f"dock:{name}")
    assert dock is not None
    dock.toggleViewAction().trigger()
    for _ in range(5):
        QApplication.processEvents()
    return dock


def _sized(make_window: Callable[..., MainWindow], size: tuple[int, int], lang: str) -> MainWindow:
    window = make_window(lang)
    window.resize(*size)
    profile = Profile(product="atlas_a2", env={"ASCEND_WORK_PATH": "/data/work"})
    window.model.replace(profile, None, saved=profile)
    QApplication.processEvents()
    return window


def _inside(widget: QWidget, outer: QWidget) -> bool:
    """``widget`` is drawn whole inside ``outer`` (not clipped by it)."""
    top_left = widget.mapTo(outer, widget.rect().topLeft())
    return outer.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_output_paths_docked_show_eight_artifacts(
    make_window: Callable[..., MainWindow], size: tuple[int, int], lang: str, tmp_path: Path
) -> None:
    window = _sized(make_window, size, lang)
    _open(window, "inspector")
    view = window.inspector
    view.refresh()
    chains = view.chains
    viewport = chains.viewport()
    shown = [
        row
        for row in range(view.model.rowCount())
        if viewport.rect().contains(chains.visualRect(view.model.index(row, 0)))
    ]
    assert len(shown) >= 8, (size, len(shown), viewport.height())
    assert view.path_field.isVisible() and view.path_field.height() >= 20
    # every context field is whole and wide enough to read (scrolled into view if needed)
    scroll = view.context_scroll
    for field in view.context_editor.findChildren(QLineEdit):
        if field.isVisibleTo(view.context_editor) and field.objectName().startswith(
            "inspector:context:"
        ):
            scroll.ensureWidgetVisible(field)
            assert field.width() >= 150, (field.objectName(), field.width())
            assert _inside(field, scroll.viewport()), field.objectName()
    assert window.grab().save(str(tmp_path / f"inspector-{size[0]}x{size[1]}-{lang}.png"))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_form_scrolls_sideways_beside_the_why_panel(
    make_window: Callable[..., MainWindow], size: tuple[int, int], lang: str, tmp_path: Path
) -> None:
    window = _sized(make_window, size, lang)
    _open(window, "why")
    form = window.form
    body = form.widget()
    assert body is not None
    if body.width() > form.viewport().width():
        assert form.horizontalScrollBar().isVisible()  # reachable, not cut off
    # a label takes at most two lines
    for path in ("save_checkpoints_steps", "keep_checkpoint_every_n_hours", "precision_mode_v2"):
        title = window.form.rows[path].title
        assert isinstance(title, QLabel)
        lines = title.height() / max(title.fontMetrics().lineSpacing(), 1)
        assert lines < 2.6, (path, title.text(), lines)
    assert window.grab().save(str(tmp_path / f"why-{size[0]}x{size[1]}-{lang}.png"))


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
