"""The profile's environment variables as an editable name/value table.

``None`` as a value means "unset it" (the export writes ``unset NAME``); the
third column toggles that. The fourth says whether the value is shell text
(``profile.env_verbatim``: ``"$(pwd)/cache"`` is expanded by the job's shell) or a
literal (``$dollar`` exported quoted, as it is); typing a value makes it literal
unless the user ticks it as shell text. Names known to the catalog complete as
you type and show their purpose.

A variable added by name waits in the table, its value open for typing, until a
value is typed (or it is ticked unset): added to the profile empty at once, it was
flagged as an error before the user could type anything. The name field sits above
the table, so it stays under the pointer while rows are added below it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
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

from ascend_studio._shellword import shell_word_problem
from ascend_studio.schema import Catalog
from ascend_studio.ui._core import Finding
from ascend_studio.ui._i18n import Language, tr

__all__ = ["EnvTable"]

Env = dict[str, str | None]
_SHELL_COLUMN = 3
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class _Grid(QTableWidget):
    """Tab moves from cell to cell, row by row, and on from the last cell (back from
    the first, at once from an empty table) as from any other field of the form: a
    table wraps to its first cell, so Tab never got out of it."""

    def focusNextPrevChild(self, next: bool) -> bool:
        here = self.currentIndex()
        rows, columns = self.rowCount(), self.columnCount()
        last = (rows - 1, columns - 1) if next else (0, 0)
        at_edge = here.isValid() and (here.row(), here.column()) == last
        if rows == 0 or at_edge:
            return QWidget.focusNextPrevChild(self, next)
        return super().focusNextPrevChild(next)


class EnvTable(QWidget):
    """Emits ``env_edited(env, shell_names)`` with the whole new mapping and the names
    whose values are shell text, after each user edit."""

    env_edited = Signal(object, object)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("env")
        self.catalog = catalog
        self.lang: Language = "en"
        self._env: Env = {}
        self._shell: frozenset[str] = frozenset()
        self._findings: dict[str, list[Finding]] = {}
        #: Names added but not given a value yet (not in the profile).
        self._pending: list[str] = []
        self._updating = False
        self.table = _Grid(0, 4, self)
        self.table.setObjectName("env:table")
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(_SHELL_COLUMN, QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemChanged.connect(self._item_changed)
        self.name_box = QComboBox(self)
        self.name_box.setObjectName("env:new")
        self.name_box.setEditable(True)
        self.name_box.addItems([e.name for e in catalog.env_vars])
        self.name_box.setCurrentText("")
        self.add_button = QPushButton(self)
        self.add_button.setObjectName("env:add")
        self.remove_button = QPushButton(self)
        self.remove_button.setObjectName("env:remove")
        self.add_button.clicked.connect(self._add_clicked)
        self.remove_button.clicked.connect(self._remove_clicked)
        bar = QHBoxLayout()
        bar.addWidget(self.name_box, 1)
        bar.addWidget(self.add_button)
        bar.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(bar)
        layout.addWidget(self.table)
        # Tab in the order shown (the table was made first): name, Add, Remove, the table
        QWidget.setTabOrder(self.name_box, self.add_button)
        QWidget.setTabOrder(self.add_button, self.remove_button)
        QWidget.setTabOrder(self.remove_button, self.table)
        self.set_language(self.lang)

    # -- from the window -----------------------------------------------------------------
    def set_env(self, env: Env, shell: Iterable[str] = ()) -> None:
        shell = frozenset(shell)
        self._pending = [name for name in self._pending if name not in env]
        rows = len(env) + len(self._pending)
        if (env, shell) == (self._env, self._shell) and self.table.rowCount() == rows:
            return  # what the table shows (an edit made in it comes back here)
        self._env, self._shell = dict(env), shell
        self._rebuild()

    def _rebuild(self) -> None:
        self._updating = True
        try:
            self.table.setRowCount(0)
            for name, value in sorted(self._env.items()):
                self._append(name, value, name in self._shell)
            for name in self._pending:
                self._append(name, "", shell=False, pending=True)
        finally:
            self._updating = False
        self._fit()

    def set_findings(self, findings: dict[str, list[Finding]]) -> None:
        self._findings = findings  # kept: the tooltips are rewritten when the language changes
        self._updating = True  # colours and tooltips: not the user's edits
        try:
            self._show_findings(findings)
        finally:
            self._updating = False

    def _show_findings(self, findings: dict[str, list[Finding]]) -> None:
        for row in range(self.table.rowCount()):
            item = self._cell(row, 0)
            found = findings.get(item.text(), [])
            item.setData(
                Qt.ItemDataRole.ForegroundRole, QBrush(QColor("#b3261e")) if found else None
            )
            purpose = self._purpose(item.text())
            notes = [f.message.get(self.lang) for f in found]
            item.setToolTip("\n".join(x for x in (purpose, *notes) if x))

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self.table.setHorizontalHeaderLabels(
            [tr("Variable"), tr("Value"), tr("Unset"), tr("Shell text")]
        )
        shell_tip = tr(
            "Ticked: the value is shell text, expanded by the job's shell ($HOME, $(pwd)). "
            "Not ticked: a literal, exported exactly as written."
        )
        header_item = self.table.horizontalHeaderItem(_SHELL_COLUMN)
        if header_item is not None:
            header_item.setToolTip(shell_tip)
        for row in range(self.table.rowCount()):
            self._mark_shell(row)
        self.add_button.setText(tr("Add variable"))
        self.remove_button.setText(tr("Remove"))
        line = self.name_box.lineEdit()
        if line is not None:
            line.setPlaceholderText(tr("Variable name, e.g. ASCEND_WORK_PATH"))
        for index in range(self.name_box.count()):
            self.name_box.setItemData(
                index, self._purpose(self.name_box.itemText(index)), Qt.ItemDataRole.ToolTipRole
            )
        self.set_findings(self._findings)

    # -- user actions ----------------------------------------------------------------------
    def add_variable(self, name: str, value: str | None = "") -> None:
        """Add ``name`` with ``value``; with no value (the Add button), the row waits
        for one, its value cell open for typing."""
        name = name.strip()
        if not _NAME.fullmatch(name):  # what a POSIX shell accepts as a variable name
            return
        if name not in self._env and value == "":
            if name not in self._pending:
                self._pending.append(name)
                self._rebuild()
            self._edit_value(name)
            return
        env = dict(self._env)
        env[name] = env.get(name, value)
        self.env_edited.emit(env, self._shell)

    def pending(self) -> list[str]:
        """The names added that wait for a value."""
        return list(self._pending)

    def _edit_value(self, name: str) -> None:
        for row in range(self.table.rowCount()):
            if self._cell(row, 0).text() == name:
                self.table.setCurrentCell(row, 1)
                self.table.editItem(self._cell(row, 1))
                return

    def _add_clicked(self) -> None:
        self.add_variable(self.name_box.currentText())
        self.name_box.setCurrentText("")

    def _remove_clicked(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        names = {self._cell(row, 0).text() for row in rows}
        if names & set(self._pending):
            self._pending = [name for name in self._pending if name not in names]
            self._rebuild()
        if names & set(self._env):
            kept = {k: v for k, v in self._env.items() if k not in names}
            self.env_edited.emit(kept, self._shell - names)

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if self._updating:
            return
        if item.column() == 1:  # a typed value is literal unless the user ticks it again
            self._updating = True
            self._cell(item.row(), _SHELL_COLUMN).setCheckState(Qt.CheckState.Unchecked)
            self._updating = False
        env: Env = {}
        shell: set[str] = set()
        for row in range(self.table.rowCount()):
            name = self._cell(row, 0).text()
            unset = self._cell(row, 2).checkState() == Qt.CheckState.Checked
            value = self._cell(row, 1).text()
            typed = row == item.row() and item.column() == 1
            if name in self._pending and not unset and not value and not typed:
                continue  # still waiting for its value
            env[name] = None if unset else value
            ticked = self._cell(row, _SHELL_COLUMN).checkState() == Qt.CheckState.Checked
            if not unset and ticked and self._one_word(row):
                shell.add(name)
        if (env, frozenset(shell)) != (self._env, self._shell):
            # what the table now shows: the same mapping coming back from the window
            # leaves the table alone (rebuilt under the open editor, Qt complained that
            # commitData was called with an editor that does not belong to the view)
            self._env, self._shell = env, frozenset(shell)
            self._pending = [name for name in self._pending if name not in env]
            self.env_edited.emit(env, frozenset(shell))

    # -- helpers ---------------------------------------------------------------------------
    def _append(self, name: str, value: str | None, shell: bool, *, pending: bool = False) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        key = QTableWidgetItem(name)
        key.setFlags(key.flags() & ~Qt.ItemFlag.ItemIsEditable)
        key.setToolTip(self._purpose(name))
        shown = QTableWidgetItem("" if value is None else value)
        if value is None:
            shown.setFlags(shown.flags() & ~Qt.ItemFlag.ItemIsEditable)
        unset = QTableWidgetItem()
        unset.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
        unset.setCheckState(Qt.CheckState.Checked if value is None else Qt.CheckState.Unchecked)
        self.table.setItem(row, 0, key)
        self.table.setItem(row, 1, shown)
        self.table.setItem(row, 2, unset)
        is_shell = QTableWidgetItem()
        is_shell.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
        is_shell.setCheckState(Qt.CheckState.Checked if shell else Qt.CheckState.Unchecked)
        self.table.setItem(row, _SHELL_COLUMN, is_shell)
        self._mark_shell(row)
        if pending:
            shown.setToolTip(tr("Type the value: the variable is added once it has one."))

    def _one_word(self, row: int) -> bool:
        """Shell text must stay one word after ``NAME=`` (``a; b`` would run ``b``): a
        value that is not is kept literal, and its tooltip says why."""
        if shell_word_problem(self._cell(row, 1).text()) is None:
            return True
        self._updating = True
        self._cell(row, _SHELL_COLUMN).setCheckState(Qt.CheckState.Unchecked)
        self._cell(row, _SHELL_COLUMN).setToolTip(
            tr(
                "Kept literal: as shell text this is not one shell word (an unquoted blank, "
                "; or line break would end it and run the rest)."
            )
        )
        self._updating = False
        return False

    def _mark_shell(self, row: int) -> None:
        """Tell shell text from a literal on the value itself: an icon and a tooltip."""
        shell = self._cell(row, _SHELL_COLUMN).checkState() == Qt.CheckState.Checked
        value = self._cell(row, 1)
        value.setData(  # shell text in the preview's variable colour
            Qt.ItemDataRole.ForegroundRole, QBrush(QColor("#1f5f99")) if shell else None
        )
        value.setToolTip(
            tr("Shell text: the job's shell expands it.")
            if shell
            else tr("Literal: exported exactly as written.")
        )

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None, (row, column)  # every cell is filled by _append
        return item

    def _purpose(self, name: str) -> str:
        known = self.catalog.env_var(name)
        return known.purpose.get(self.lang) if known else ""

    def _fit(self) -> None:
        rows = max(self.table.rowCount(), 2)
        height = (
            self.table.horizontalHeader().height()
            + rows * self.table.verticalHeader().defaultSectionSize()
        )
        self.table.setFixedHeight(height + 4)
