"""What every structured companion-file form shares.

A form shows one parsed document. ``set_text`` shows a text without emitting;
the user's own edits emit ``changed``; ``text()`` writes the form's state over
the document last shown, so comments the format keeps survive structured edits.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.ui._i18n import tr

__all__ = ["RowTable", "StructuredForm", "split_names"]


def split_names(text: str) -> tuple[str, ...]:
    """Names typed one per line or separated by commas."""
    return tuple(p.strip() for p in text.replace("\n", ",").split(",") if p.strip())


class StructuredForm(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._updating = False

    def set_text(self, text: str) -> None:
        self._updating = True
        try:
            self._show(text)
        finally:
            self._updating = False

    def text(self) -> str:
        raise NotImplementedError

    def _show(self, text: str) -> None:
        raise NotImplementedError

    def _emit(self) -> None:
        if not self._updating:
            self.changed.emit()


class RowTable(QWidget):
    """A table of rows whose first column (optionally more) is a choice, with
    Add row / Remove row; emits ``changed`` on every user edit."""

    changed = Signal()

    def __init__(
        self,
        name: str,
        headers: list[str],
        choices: dict[int, tuple[list[str], bool]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.choices = choices
        self.table = QTableWidget(0, len(headers), self)
        self.table.setObjectName(f"{name}:table")
        self.table.setHorizontalHeaderLabels(headers)
        header = self.table.horizontalHeader()
        for column in range(len(headers)):
            fixed = column in choices and not choices[column][1]
            mode = (
                QHeaderView.ResizeMode.ResizeToContents if fixed else QHeaderView.ResizeMode.Stretch
            )
            header.setSectionResizeMode(column, mode)
        self.table.verticalHeader().setVisible(False)
        self.table.itemChanged.connect(lambda _item: self.changed.emit())
        add = QPushButton(tr("Add row"), self)
        add.setObjectName(f"{name}:add")
        add.clicked.connect(self._add_clicked)
        remove = QPushButton(tr("Remove row"), self)
        remove.setObjectName(f"{name}:remove")
        remove.clicked.connect(self._remove)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def add_row(self, cells: tuple[str, ...] = ()) -> None:
        self.table.blockSignals(True)
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column in range(self.table.columnCount()):
            value = cells[column] if column < len(cells) else ""
            if column in self.choices:
                options, editable = self.choices[column]
                combo = QComboBox(self.table)
                combo.setEditable(editable)
                combo.addItems(options)
                combo.setCurrentText(value or options[0])
                combo.currentTextChanged.connect(lambda _t: self.changed.emit())
                self.table.setCellWidget(row, column, combo)
            else:
                self.table.setItem(row, column, QTableWidgetItem(value))
        self.table.blockSignals(False)

    def set_rows(self, rows: list[tuple[str, ...]]) -> None:
        self.table.setRowCount(0)
        for cells in rows:
            self.add_row(cells)

    def rows(self) -> list[tuple[str, ...]]:
        found = []
        for row in range(self.table.rowCount()):
            cells = []
            for column in range(self.table.columnCount()):
                widget = self.table.cellWidget(row, column)
                item = self.table.item(row, column)
                if isinstance(widget, QComboBox):
                    cells.append(widget.currentText().strip())
                else:
                    cells.append(item.text().strip() if item is not None else "")
            found.append(tuple(cells))
        return found

    def _add_clicked(self) -> None:
        self.add_row()
        self.changed.emit()

    def _remove(self) -> None:
        row = self.table.currentRow()
        if row < 0:
            row = self.table.rowCount() - 1
        if row >= 0:
            self.table.removeRow(row)
            self.changed.emit()
