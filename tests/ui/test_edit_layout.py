"""An edit lays out only what changed size: a row whose findings or effective value
change without changing its height tells its parent nothing, and the status bar's
labels and the toolbar keep their sizes while a document goes from saved to
modified and back.
(Each layout passed up the form or the window took a turn of the event loop and
painted again after the edited field was painted.)"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, Text
from ascend_studio.ui import _row
from ascend_studio.ui._core import Effective, Finding
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._snapshot import RowState
from ascend_studio.ui._window import MainWindow


@pytest.fixture(autouse=True)
def own_reset_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows made here outside a window measure the reset button in a style of their
    own: those sizes stay here."""
    monkeypatch.setattr(_row, "_RESET_SIZES", {})


HOSTS: list[QWidget] = []  # the shown rows' parents, kept alive until the next test
PATH = "hccl_timeout"


class Counter(QObject):
    """Counts the events of the given types each watched object receives."""

    def __init__(self, *types: QEvent.Type) -> None:
        super().__init__()
        self.types = types
        self.seen: dict[str, int] = {}

    def watch(self, *objects: QObject) -> Counter:
        for obj in objects:
            obj.installEventFilter(self)
        return self

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in self.types:
            key = f"{watched.objectName() or type(watched).__name__}:{event.type().name}"
            self.seen[key] = self.seen.get(key, 0) + 1
        return False


def _settle() -> None:
    for _ in range(5):  # posted layouts go up a parent a turn
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def _shown_row(qtbot: Any, catalog: Catalog) -> tuple[QWidget, ParamRow]:
    host = QWidget()
    host.setObjectName("host")
    HOSTS[:] = [host]
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    row = ParamRow(catalog.param(PATH), catalog)
    layout.addWidget(row)
    layout.addStretch(1)
    host.resize(700, 400)
    host.show()
    qtbot.waitExposed(host)
    _settle()
    return host, row


def _floored(value: int, extra: str = "") -> RowState:
    finding = Finding(
        "R1",
        "warning",
        (PATH,),
        Text.of(f"{value} 变为 68 秒{extra}", f"{value} becomes 68 s{extra}"),
    )
    return RowState(value=value, findings=(finding,), effective=Effective(68 + value))


def test_new_findings_and_effective_value_of_the_same_height_lay_out_nothing(
    qtbot: Any, catalog: Catalog
) -> None:
    host, row = _shown_row(qtbot, catalog)
    row.apply(_floored(1))
    _settle()
    height, diag = row.height(), row.diag.geometry()
    counter = Counter(QEvent.Type.LayoutRequest, QEvent.Type.Resize).watch(host, row, row.diag)
    row.apply(_floored(12))
    _settle()
    assert "12 becomes 68 s" in row.diag.text() and "80" in row.meta.text()
    assert counter.seen == {}
    assert (row.height(), row.diag.geometry()) == (height, diag)


def test_findings_that_need_more_lines_lay_the_row_and_its_parent_out(
    qtbot: Any, catalog: Catalog
) -> None:
    host, row = _shown_row(qtbot, catalog)
    row.apply(_floored(1))
    _settle()
    height = row.height()
    counter = Counter(QEvent.Type.LayoutRequest).watch(host)
    row.apply(_floored(12, " because" * 80))
    _settle()
    assert counter.seen == {"host:LayoutRequest": 1}  # the host is told, once
    assert row.height() > height
    assert row.diag.height() > 3 * row.diag.fontMetrics().lineSpacing()
    assert row.diag.height() == row.diag.heightForWidth(row.diag.width())
    row.apply(_floored(12))
    _settle()
    assert row.height() == height


def test_the_window_keeps_its_layout_while_typing(window: MainWindow, tmp_path: Any) -> None:
    """Saved, modified, saved again: the status bar's words change, undo is enabled and
    disabled; neither the status bar, the toolbar nor the main window is laid out."""
    window.resize(1600, 900)
    path = tmp_path / "p.json"
    window.model.replace(Profile(values={PATH: 1}), path, saved=Profile(values={PATH: 1}))
    _settle()
    labels = [window.file_label, window.counts_label]
    sizes = [label.size() for label in labels]
    toolbar, undo = window.controls.toolbar, window.actions_.undo
    counter = Counter(QEvent.Type.LayoutRequest, QEvent.Type.Resize)
    counter.watch(window, window.statusBar(), toolbar, toolbar.widgetForAction(undo), *labels)
    for value in (12, 1, 12, 1):  # modified, saved, modified, saved
        window.form.edited.emit(PATH, value, True)
        _settle()
        modified = value == 12
        assert window.file_label.text().endswith("modified" if modified else "saved")
        assert undo.isEnabled() == modified
        assert toolbar.widgetForAction(undo).isEnabled() == modified
    assert counter.seen == {}
    assert [label.size() for label in labels] == sizes
    # "saved" is narrower than "modified": it ends where it did, at the label's end
    assert window.file_label.alignment() & Qt.AlignmentFlag.AlignRight


def test_an_action_hidden_or_shown_still_lays_the_toolbar_out(window: MainWindow) -> None:
    toolbar, redo = window.controls.toolbar, window.actions_.redo
    button = toolbar.widgetForAction(redo)
    undo_button = toolbar.widgetForAction(window.actions_.undo)
    window.resize(1600, 900)  # no button in the toolbar's overflow menu
    _settle()
    assert not button.isHidden()
    right = undo_button.geometry().right()
    redo.setVisible(False)
    _settle()
    assert button.isHidden()
    redo.setVisible(True)
    _settle()
    assert not button.isHidden()
    assert button.x() > right


def _fits(row: ParamRow) -> bool:
    label = row.diag
    return label.height() == label.heightForWidth(label.width())


def test_findings_set_while_the_row_is_hidden_fit_when_it_is_shown(
    qtbot: Any, catalog: Catalog
) -> None:
    _host, row = _shown_row(qtbot, catalog)
    row.apply(_floored(1))
    _settle()
    height = row.height()
    row.hide()
    row.apply(_floored(12, " because" * 80))
    row.show()
    _settle()
    assert row.height() > height
    assert _fits(row)


def test_a_new_width_measures_again_the_findings_set_at_the_old_one(
    qtbot: Any, catalog: Catalog
) -> None:
    """Findings that need as many lines at this width and more at a narrower one: the
    row's layout keeps heights for the widths it has seen, made from the old text."""
    host, row = _shown_row(qtbot, catalog)
    other = ParamRow(catalog.param(PATH), catalog, parent=HOSTS[0])  # never shown: its text
    other.hide()
    probe = QLabel()
    probe.setWordWrap(True)
    probe.setTextFormat(Qt.TextFormat.RichText)
    probe.setFont(row.diag.font())
    row.apply(_floored(1))
    _settle()
    wide = row.diag.width()
    host.resize(500, 400)
    _settle()
    narrow = row.diag.width()
    host.resize(700, 400)
    _settle()

    def heights(extra: str) -> tuple[int, int]:
        other.apply(_floored(1, extra))
        probe.setText(other.diag.text())
        return probe.heightForWidth(wide), probe.heightForWidth(narrow)

    first, longer = next(
        (" because" * k, " because" * k + " so" * n)
        for k in range(5, 40)
        for n in range(1, 8)
        if heights(" because" * k + " so" * n)[0] == heights(" because" * k)[0]
        and heights(" because" * k + " so" * n)[1] > heights(" because" * k)[1]
    )
    before = heights(first)
    row.apply(_floored(1, first))
    _settle()
    host.resize(500, 400)  # the old text measured at both widths
    _settle()
    host.resize(700, 400)
    _settle()
    row.apply(_floored(1, longer))
    _settle()
    assert row.diag.height() == before[0]  # the same height: painted where it was
    host.resize(500, 400)
    _settle()
    assert row.diag.height() == heights(longer)[1] > before[1]
