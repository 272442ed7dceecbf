"""Sub-config fields under their holder, honest filter counts,
the navigation follows scrolling to the end, "plog" finds the log settings."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._search import select
from ascend_studio.ui._window import MainWindow


def _y(window: MainWindow, path: str) -> int:
    row = window.form.rows[path]
    return row.mapTo(window.form.widget(), row.rect().topLeft()).y()


def test_dump_config_fields_sit_under_dump_config(window: MainWindow) -> None:
    holder = _y(window, "dump_config")
    fields = [
        _y(window, p.path) for p in window.catalog.params if p.path.startswith("dump_config.")
    ]
    assert fields and all(holder < y for y in fields)
    assert max(fields) < _y(window, "buffer_optimize")  # not under an unrelated row


def test_the_filter_counts_parameters_not_their_holders(window: MainWindow) -> None:
    window.model.edit(Profile(product="atlas_training"), "target")
    window.controls.filters["unavailable"].setChecked(True)
    shown = window.controls.match_count.text()
    unavailable = window.snapshot.unavailable_paths()
    assert shown == f"Matches: {len(unavailable)}", (shown, len(unavailable))


def test_the_count_matches_the_search(catalog: Catalog) -> None:
    found = select(
        catalog, "dump_path", [], profile=Profile(), problem_paths=set(), unavailable_paths=set()
    )
    assert "dump_config.dump_path" in found.matched and "dump_config" not in found.matched
    assert found.paths is not None and "dump_config" in found.paths  # shown for context


def test_navigation_follows_scrolling_to_the_end(qtbot: Any, window: MainWindow) -> None:
    window.form.build_all()
    bar = window.form.verticalScrollBar()
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    current = window.nav.currentItem()
    assert current is not None
    shown = [k for k, s in window.form.sections.items() if not s.isHidden()]
    assert current.data(Qt.ItemDataRole.UserRole) == shown[-1]
    bar.setValue(0)
    QApplication.processEvents()
    current = window.nav.currentItem()
    assert current is not None and current.data(Qt.ItemDataRole.UserRole) == shown[0]


def test_plog_finds_the_log_directory(catalog: Catalog) -> None:
    found = select(
        catalog, "plog", [], profile=Profile(), problem_paths=set(), unavailable_paths=set()
    )
    assert found.show_env  # ASCEND_PROCESS_LOG_PATH, in the environment section
