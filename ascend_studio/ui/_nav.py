"""Category navigation: each category with how many values are set in it and
how many diagnostics concern it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import Language, counts_text, tr
from ascend_studio.ui._snapshot import ENV_SECTION, CategoryCounts

__all__ = ["CategoryNav"]

_KEY = Qt.ItemDataRole.UserRole


class CategoryNav(QListWidget):
    category_chosen = Signal(str)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nav")
        self.setStyleSheet("QListWidget::item { padding: 5px 8px; }")  # this widget only
        self.catalog = catalog
        self.lang: Language = "en"
        self.counts: dict[str, CategoryCounts] = {}
        for key in [c.id for c in catalog.categories] + [ENV_SECTION]:
            item = QListWidgetItem(self)
            item.setData(_KEY, key)
        self.itemClicked.connect(lambda item: self.category_chosen.emit(item.data(_KEY)))
        self.currentItemChanged.connect(self._current_changed)
        self._syncing = False
        self._render()

    def set_counts(self, counts: dict[str, CategoryCounts]) -> None:
        if counts != self.counts:
            self.counts = counts
            self._render()

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self._render()

    def select_quietly(self, key: str) -> None:
        """Follow the form's scrolling without jumping back to the section."""
        self._syncing = True
        try:
            for row in range(self.count()):
                if self.item(row).data(_KEY) == key:
                    self.setCurrentRow(row)
        finally:
            self._syncing = False

    def item_for(self, key: str) -> QListWidgetItem:
        return next(self.item(r) for r in range(self.count()) if self.item(r).data(_KEY) == key)

    def _current_changed(self, current: QListWidgetItem | None, _old: object) -> None:
        if current is not None and not self._syncing:
            self.category_chosen.emit(current.data(_KEY))

    def _render(self) -> None:
        names = {c.id: c.name.get(self.lang) for c in self.catalog.categories}
        names[ENV_SECTION] = tr("Environment variables")
        for row in range(self.count()):
            item = self.item(row)
            key = item.data(_KEY)
            counts = self.counts.get(key, CategoryCounts())
            badges = []
            if counts.set_count:
                badges.append(f"● {counts.set_count}")
            severities = (("✖", counts.errors), ("⚠", counts.warnings), ("ℹ", counts.infos))
            badges += [f"{icon} {n}" for icon, n in severities if n]
            item.setText(names[key] + ("   " + "  ".join(badges) if badges else ""))
            summary = counts_text(counts.errors, counts.warnings, counts.infos, " · ")
            item.setToolTip(tr("{set} set; {counts}").format(set=counts.set_count, counts=summary))
            color = {"error": "#b3261e", "warning": "#9a5b00"}.get(counts.worst or "")
            item.setForeground(QBrush(QColor(color)) if color else QBrush())
