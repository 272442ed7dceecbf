"""Compare the current profile with the last saved one, the defaults, or a file.

Only differences are listed, grouped by category, side by side. Taking values
over never edits anything directly: the view emits ``edit_requested(profile,
description)`` and the window pushes it as one undo step, so a transfer of one
value or of a whole category is undone in one go.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAccessible, QBrush, QColor, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, plural, tr
from ascend_studio.ui._lazy import LazyView
from ascend_studio.ui._wrap import wrap_columns
from ascend_studio.ui.compare._diff import (
    ENV_CATEGORY,
    OTHER_CATEGORY,
    Absent,
    Difference,
    Side,
    apply_changes,
    diff_profiles,
    format_side,
)
from ascend_studio.ui.compare._source import load_other

__all__ = ["CompareView"]

_DIFF_ROLE = Qt.ItemDataRole.UserRole + 1
_SOURCES = ("saved", "defaults", "file")


class CompareView(LazyView):
    edit_requested = Signal(object, str)
    parameter_activated = Signal(str)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compare")
        self.catalog = catalog
        self.lang: Language = "en"
        self.current = Profile()
        self.saved: Profile | None = None
        self._saved_known = False
        self.file_profile: Profile | None = None
        self.file_label = ""
        self._differences: list[Difference] = []
        #: The row of each difference by (kind, key), while the rows stay the same.
        self._rows: dict[tuple[str, str] | None, QTreeWidgetItem] | None = None
        self.source_box = QComboBox(self)
        self.source_box.setObjectName("compare:source")
        self.source_box.activated.connect(self._source_chosen)
        self.summary = QLabel(self)
        self.summary.setObjectName("compare:summary")
        self.summary.setWordWrap(True)
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("compare:tree")
        self.tree.setColumnCount(3)
        self.tree.setSelectionMode(QTreeWidget.SelectionMode.ExtendedSelection)
        # Values wrap in their column and the columns share the view's width: sized to
        # their contents, a long path or expression pushed the other side off-screen.
        wrap_columns(self.tree)
        header = self.tree.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.tree.viewport().installEventFilter(self)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.take_button = QPushButton(self)
        self.take_button.setObjectName("compare:take")
        self.take_button.clicked.connect(self.take_selected)
        self.goto_button = QPushButton(self)
        self.goto_button.setObjectName("compare:goto")
        self.goto_button.clicked.connect(self._go_to_selected)
        self._build_layout()
        self.set_language(self.lang)

    def _build_layout(self) -> None:
        top = QHBoxLayout()
        self.source_label = QLabel(self)
        self.source_label.setBuddy(self.source_box)
        top.addWidget(self.source_label)
        top.addWidget(self.source_box, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.take_button)
        buttons.addWidget(self.goto_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)
        layout.addLayout(buttons)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self.fit_columns()
        return False

    def fit_columns(self) -> None:
        """The parameter column as wide as its names up to a third of the view; the two
        sides share the rest equally, so both are always in view."""
        room = self.tree.viewport().width()
        if room <= 0:
            return
        metrics = self.tree.fontMetrics()
        names = [
            metrics.horizontalAdvance(item.text(0)) + 2 * self.tree.indentation()
            for item in self._items()
            if item.parent() is not None  # a category's title spans the row
        ]
        first = min(max(names, default=0) + 16, room // 3)
        header = self.tree.header()
        header.resizeSection(0, first)
        header.resizeSection(1, (room - first) // 2)

    def _items(self) -> list[QTreeWidgetItem]:
        found = []
        for index in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(index)
            if group is not None:
                found.append(group)
                found += [c for r in range(group.childCount()) if (c := group.child(r))]
        return found

    # -- inputs -----------------------------------------------------------------------------
    def set_language(self, lang: Language) -> None:
        self.lang = lang
        index = max(self.source_box.currentIndex(), 0)
        self.source_box.clear()
        self.source_box.addItems(
            [
                tr("Last saved version"),
                tr("Defaults (nothing set)"),
                tr("Another profile or script…"),
            ]
        )
        self.source_box.setCurrentIndex(index)
        self._offer_saved()
        self.source_label.setText(tr("Compare with:"))
        self.take_button.setText(tr("Take the other value"))
        self.take_button.setToolTip(tr("Select a category to take all of its values at once."))
        self.goto_button.setText(tr("Go to field"))
        self.tree.setHeaderLabels([tr("Parameter"), tr("Current"), tr("Other")])
        self._retranslate_items()
        self.refresh()

    def _retranslate_items(self) -> None:
        """The rows' words (not set, removed, tooltips) and titles in the new language.

        Every row changes: the tree is told once and measures each row once when it
        next paints (told of each text, it measured the row's three wrapped cells again
        for each: 9 text layouts a row). An assistive technology that listens hears
        each text as before."""
        if QAccessible.isActive():
            self._retranslate_rows()
            return
        model = self.tree.model()
        was = model.blockSignals(True)
        try:
            self._retranslate_rows()
        finally:
            model.blockSignals(was)
        self.tree.scheduleDelayedItemsLayout()
        self.tree.viewport().update()

    def _retranslate_rows(self) -> None:
        for key, group in self._groups().items():
            group.setText(0, f"{self._category_name(key)} ({group.childCount()})")
            for index in range(group.childCount()):
                item = group.child(index)
                data = item.data(0, _DIFF_ROLE) if item is not None else None
                if item is not None and isinstance(data, Difference):
                    self._set_texts(item, data)

    def set_profile(self, profile: Profile) -> None:
        self.current = profile
        self._changed()

    def set_saved(self, saved: Profile | None) -> None:
        """The last saved version, or None for a document that was never saved.

        The window calls this on every file-state change (twice per edit); the
        same saved version changes nothing (the tree was rebuilt three times per edit).
        """
        if saved is self.saved and self._saved_known:
            return
        self._saved_known = True
        self.saved = saved
        self._offer_saved()
        self._changed()

    def _offer_saved(self) -> None:
        """A never-saved document has no saved version: say so, and compare with the
        defaults instead of showing them under the wrong name."""
        model = self.source_box.model()
        assert isinstance(model, QStandardItemModel)
        item = model.item(_SOURCES.index("saved"))
        never = self.saved is None
        item.setEnabled(not never)
        item.setText(tr("Last saved version (never saved)") if never else tr("Last saved version"))
        item.setToolTip(tr("This document has never been saved.") if never else "")
        if never and self.source_box.currentIndex() == _SOURCES.index("saved"):
            self.source_box.setCurrentIndex(_SOURCES.index("defaults"))

    def set_other(self, profile: Profile, label: str) -> None:
        """Compare against ``profile`` (read from a file called ``label``)."""
        self.file_profile, self.file_label = profile, label
        self.source_box.setCurrentIndex(_SOURCES.index("file"))
        self.refresh()

    def compare_with(self, source: str) -> None:
        self.source_box.setCurrentIndex(_SOURCES.index(source))
        self.refresh()

    def other(self) -> Profile:
        source = _SOURCES[max(self.source_box.currentIndex(), 0)]
        if source == "file" and self.file_profile is not None:
            return self.file_profile
        if source == "saved" and self.saved is not None:
            return self.saved
        return Profile(product=self.current.product, scenario=self.current.scenario)

    # -- showing ----------------------------------------------------------------------------
    @property
    def differences(self) -> list[Difference]:
        self._ensure_fresh()
        return self._differences

    def refresh(self) -> None:
        """Bring the tree up to the differences now, row by row: an edit changes one
        row's text, adds or removes one row. (Clearing and rebuilding the tree, then
        expanding it, measured every row's wrapped text again on every edit.)"""
        self._stale = False
        differences = diff_profiles(self.catalog, self.current, self.other())
        if differences != self._differences:
            before, self._differences = self._differences, differences
            if not self._update_rows(before, differences) and self._sync_items(differences):
                self.fit_columns()
        self._show_summary()

    def _update_rows(self, before: list[Difference], after: list[Difference]) -> bool:
        """The same rows as ``before`` (an edit changed values, no row came or went):
        update the rows whose difference changed, found by key, and nothing else (the
        tree's ~120 rows read one by one took about 1 ms). False when rows differ."""
        if len(before) != len(after) or any(
            (old.kind, old.key, old.category) != (new.kind, new.key, new.category)
            for old, new in zip(before, after, strict=True)
        ):
            self._rows = None
            return False
        if self._rows is None:
            self._rows = {self._key_of(item): item for item in self._items() if item.parent()}
        for old, new in zip(before, after, strict=True):
            item = self._rows.get((new.kind, new.key)) if old != new else None
            if item is not None:
                self._update_item(item, new)
        return True

    def _sync_items(self, differences: list[Difference]) -> bool:
        """Update, add and remove rows (and category groups) to show ``differences``
        in order; True when a row was added or removed (the names may be wider)."""
        groups = self._groups()
        wanted: dict[str, list[Difference]] = {}
        for diff in differences:
            wanted.setdefault(diff.category, []).append(diff)
        changed = False
        for key in [k for k in groups if k not in wanted]:
            group = groups.pop(key)
            self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(group))
            changed = True
        for position, (key, diffs) in enumerate(wanted.items()):
            found = groups.get(key)
            if found is None:
                group = self._group_item(key)
                self.tree.insertTopLevelItem(position, group)
                group.setFirstColumnSpanned(True)
                group.setExpanded(True)
            else:
                group = found
            changed = self._sync_group(group, diffs) or changed
            title = f"{self._category_name(key)} ({len(diffs)})"
            if group.text(0) != title:
                group.setText(0, title)
        return changed

    def _sync_group(self, group: QTreeWidgetItem, diffs: list[Difference]) -> bool:
        """The group's rows for ``diffs``: kept rows updated in place; True when a row
        was added or removed."""
        children = [c for i in range(group.childCount()) if (c := group.child(i)) is not None]
        rows = {self._key_of(item): item for item in children}
        keys = {(d.kind, d.key) for d in diffs}
        changed = False
        for key, child in rows.items():
            if key not in keys:
                group.removeChild(child)
                changed = True
        for position, diff in enumerate(diffs):
            item = rows.get((diff.kind, diff.key))
            if item is None:
                group.insertChild(position, self._diff_item(diff))
                changed = True
            elif item.data(0, _DIFF_ROLE) != diff:
                self._update_item(item, diff)
        return changed

    def _groups(self) -> dict[str, QTreeWidgetItem]:
        found = {}
        for index in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(index)
            if group is not None:
                found[str(group.data(0, _DIFF_ROLE))] = group
        return found

    @staticmethod
    def _key_of(item: QTreeWidgetItem | None) -> tuple[str, str] | None:
        data = item.data(0, _DIFF_ROLE) if item is not None else None
        return (data.kind, data.key) if isinstance(data, Difference) else None

    def _group_item(self, category: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem()
        item.setData(0, _DIFF_ROLE, category)
        font = item.font(0)
        font.setBold(True)
        item.setFont(0, font)
        return item

    def _diff_item(self, diff: Difference) -> QTreeWidgetItem:
        label = f"${diff.key}" if diff.kind == "env" else diff.key
        item = QTreeWidgetItem([label, "", ""])
        self._update_item(item, diff)
        return item

    def _update_item(self, item: QTreeWidgetItem, diff: Difference) -> None:
        # The difference a row stands for is not shown: the tree is not told (each
        # change of a row's data measures the row's wrapped texts again).
        model = self.tree.model()
        was = model.blockSignals(True)
        try:
            item.setData(0, _DIFF_ROLE, diff)
        finally:
            model.blockSignals(was)
        self._set_texts(item, diff)

    def _set_texts(self, item: QTreeWidgetItem, diff: Difference) -> None:
        """Both sides' texts and the tooltips (a text is set only when it changed: a
        change lays the row out again)."""
        tip = ""
        if diff.kind == "value" and self.catalog.has(diff.key):
            tip = self.catalog.param(diff.key).label.get(self.lang)
        elif diff.kind == "extra":
            tip = tr("A keyword argument the catalog does not know, kept as source text.")
        _set(item, 0, Qt.ItemDataRole.ToolTipRole, tip)
        for column, side in ((1, diff.ours), (2, diff.theirs)):
            _set(item, column, Qt.ItemDataRole.DisplayRole, self._side(side, diff.kind))
        if diff.kind == "env":
            self._mark_shell(item, 1, diff.ours, diff.ours_shell)
            self._mark_shell(item, 2, diff.theirs, diff.theirs_shell)

    @staticmethod
    def _mark_shell(item: QTreeWidgetItem, column: int, side: Side, shell: bool) -> None:
        """Shell text in the variable colour with a tooltip, as the env table shows it."""
        color = QBrush(QColor("#1f5f99")) if isinstance(side, str) and shell else None
        _set(item, column, Qt.ItemDataRole.ForegroundRole, color)
        tip = ""
        if isinstance(side, str):
            tip = (
                tr("Shell text: the job's shell expands it.")
                if shell
                else tr("Literal: exported exactly as written.")
            )
        _set(item, column, Qt.ItemDataRole.ToolTipRole, tip)

    def _side(self, side: Side, kind: str) -> str:
        if isinstance(side, Absent):
            return tr("not set")
        if side is None:
            return tr("unset (removed)")
        return format_side(side, kind)

    def _category_name(self, key: str) -> str:
        if key == ENV_CATEGORY:
            return tr("Environment variables")
        if key == OTHER_CATEGORY:
            return tr("Not in the catalog")
        found = next((c for c in self.catalog.categories if c.id == key), None)
        return found.name.get(self.lang) if found else key

    def _show_summary(self) -> None:
        other = self.other()
        lines = [
            plural(
                len(self.differences),
                QT_TR_NOOP("{count} difference."),
                QT_TR_NOOP("{count} differences."),
            )
        ]
        if (other.product, other.scenario) != (self.current.product, self.current.scenario):
            lines.append(
                tr("The other side targets {product} / {scenario}.").format(
                    product=other.product, scenario=other.scenario
                )
            )
        if _SOURCES[max(self.source_box.currentIndex(), 0)] == "file" and self.file_label:
            lines.insert(0, self.file_label)
        self.summary.setText(" ".join(lines))

    # -- transfers --------------------------------------------------------------------------
    def selected_differences(self) -> list[Difference]:
        chosen: list[Difference] = []
        for item in self.tree.selectedItems():
            data = item.data(0, _DIFF_ROLE)
            if isinstance(data, Difference):
                chosen.append(data)
            else:  # a category: all of it
                chosen += [d for d in self.differences if d.category == data]
        return list(dict.fromkeys(chosen))

    def take(self, differences: list[Difference]) -> None:
        if not differences:
            return
        after = apply_changes(self.current, differences)
        if len(differences) == 1:
            text = tr("Take {name} from comparison").format(name=differences[0].key)
        else:
            text = tr("Take {count} values from comparison").format(count=len(differences))
        self.edit_requested.emit(after, text)

    def take_selected(self) -> None:
        self.take(self.selected_differences())

    def take_category(self, category: str) -> None:
        self.take([d for d in self.differences if d.category == category])

    def select(self, key: str) -> None:
        for index in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(index)
            for row in range(group.childCount() if group else 0):
                item = group.child(row) if group else None
                data = item.data(0, _DIFF_ROLE) if item else None
                if item and isinstance(data, Difference) and data.key == key:
                    self.tree.setCurrentItem(item)
                    return
        raise KeyError(key)

    def _go_to_selected(self) -> None:
        item = self.tree.currentItem()
        if item is not None:
            self._double_clicked(item, 0)

    def _double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        data = item.data(0, _DIFF_ROLE)
        if isinstance(data, Difference) and data.kind == "value" and self.catalog.has(data.key):
            self.parameter_activated.emit(data.key)

    # -- choosing a file --------------------------------------------------------------------
    def _source_chosen(self, index: int) -> None:
        if _SOURCES[index] == "file":
            path = _dialogs.choose_path(
                self, tr("Compare with a profile or script"), "", directory=False
            )
            if path:
                self.open_file(path)
                return
            if self.file_profile is None:
                fallback = "defaults" if self.saved is None else "saved"
                self.source_box.setCurrentIndex(_SOURCES.index(fallback))
        self.refresh()

    def open_file(self, path: str | Path) -> bool:
        """Compare against a profile (JSON) or an imported script; False if nothing usable."""
        found = load_other(Path(path))
        if isinstance(found, str):
            self.summary.setText(found)
            return False
        labels = [label for label, _ in found]
        index: int | None = 0
        if len(labels) > 1:
            index = _dialogs.choose_item(
                self, tr("Several configurations"), tr("Compare with:"), labels
            )
        if index is None:
            return False
        label, profile = found[index]
        self.set_other(profile, label)
        return True


def _set(item: QTreeWidgetItem, column: int, role: Qt.ItemDataRole, value: object) -> None:
    """Set one datum of a row only when it differs: every change lays the row out again."""
    if item.data(column, role) != value:
        item.setData(column, role, value)
