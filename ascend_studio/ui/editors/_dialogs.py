"""The editors' dialogs: an open list's items, profiling options, raw JSON.

Imported when a dialog is first opened, not with the editors: PySide6 creates the
Python enum classes of every class these use (QDialog, QDialogButtonBox,
QFormLayout, QPlainTextEdit, QPushButton; about 5 ms) the first time it is
fetched, and the window's first paint needs none of them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.ui._i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from ascend_studio.ui.editors._list import ListSpec

__all__ = [
    "PROFILING_OPTIONS",
    "ItemListDialog",
    "JsonOption",
    "ProfilingOptionsDialog",
    "RawJsonDialog",
    "accepted",
    "dump_json",
]


@dataclass(frozen=True, slots=True)
class JsonOption:
    key: str
    label: str
    #: Allowed values; empty means free text.
    choices: tuple[str, ...] = ()


_SWITCH = ("on", "off")
#: The PROFILING_OPTIONS keys users set most (the runtime accepts more; they are kept).
PROFILING_OPTIONS: tuple[JsonOption, ...] = (
    JsonOption("output", QT_TR_NOOP("Output directory")),
    JsonOption("storage_limit", QT_TR_NOOP("Storage limit (e.g. 200MB)")),
    JsonOption("training_trace", QT_TR_NOOP("Training trace"), _SWITCH),
    JsonOption("task_trace", QT_TR_NOOP("Task trace"), _SWITCH),
    JsonOption("task_time", QT_TR_NOOP("Task time"), _SWITCH),
    JsonOption("hccl", QT_TR_NOOP("HCCL communication"), _SWITCH),
    JsonOption("aicpu", QT_TR_NOOP("AI CPU operators"), _SWITCH),
    JsonOption("l2", QT_TR_NOOP("L2 cache"), _SWITCH),
    JsonOption("msproftx", QT_TR_NOOP("msproftx markers"), _SWITCH),
    JsonOption(
        "aic_metrics",
        QT_TR_NOOP("AI Core metrics"),
        (
            "PipeUtilization",
            "ArithmeticUtilization",
            "Memory",
            "MemoryL0",
            "MemoryUB",
            "ResourceConflictRatio",
            "L2Cache",
            "MemoryAccess",
        ),
    ),
    JsonOption("fp_point", QT_TR_NOOP("Forward start operator (fp_point)")),
    JsonOption("bp_point", QT_TR_NOOP("Backward end operator (bp_point)")),
)


def dump_json(data: dict[str, Any]) -> str:
    """``data`` as the one-line JSON the runtime reads."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def accepted(dialog: QDialog) -> bool:
    """Run ``dialog``; whether the user accepted it."""
    return dialog.exec() == QDialog.DialogCode.Accepted


class ItemListDialog(QDialog):
    """Edit the items of an open list one per line; returns the joined string."""

    def __init__(self, spec: ListSpec, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.setWindowTitle(tr("Edit list"))
        self.items = QListWidget(self)
        self.items.setObjectName("items")
        for item in text.split(spec.separator) if text else []:
            self._add(item)
        add = QPushButton(tr("Add"), self)
        remove = QPushButton(tr("Remove"), self)
        add.clicked.connect(lambda: self._add("", edit=True))
        remove.clicked.connect(self._remove)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        side = QVBoxLayout()
        side.addWidget(add)
        side.addWidget(remove)
        side.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.items, 1)
        row.addLayout(side)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("One item per line: {hint}").format(hint=tr(spec.hint)), self))
        layout.addLayout(row)
        layout.addWidget(buttons)

    def _add(self, text: str, edit: bool = False) -> None:
        item = QListWidgetItem(text.strip(), self.items)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        if edit:
            self.items.setCurrentItem(item)
            self.items.editItem(item)

    def _remove(self) -> None:
        for item in self.items.selectedItems():
            self.items.takeItem(self.items.row(item))

    def text(self) -> str:
        parts = [self.items.item(i).text().strip() for i in range(self.items.count())]
        return self.spec.separator.join(p for p in parts if p)


class ProfilingOptionsDialog(QDialog):
    """A field per known option; other keys pass through untouched."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Profiling options"))
        try:
            loaded = json.loads(text) if text else {}
        except json.JSONDecodeError:
            loaded = {}
        self.data: dict[str, Any] = loaded if isinstance(loaded, dict) else {}
        self.fields: dict[str, QLineEdit | QComboBox] = {}
        form = QFormLayout()
        for option in PROFILING_OPTIONS:
            field = self._field(option, self.data.get(option.key))
            field.setObjectName(f"option:{option.key}")
            self.fields[option.key] = field
            form.addRow(f"{tr(option.label)} ({option.key})", field)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(tr("Empty fields are left out: the runtime default applies."), self)
        )
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _field(self, option: JsonOption, current: object) -> QLineEdit | QComboBox:
        shown = "" if current is None else str(current)
        if option.choices:
            combo = QComboBox(self)
            combo.addItems(["", *option.choices])
            if shown and shown not in option.choices:
                combo.addItem(shown)
            combo.setCurrentText(shown)
            return combo
        line = QLineEdit(shown, self)
        return line

    def text(self) -> str:
        data = dict(self.data)
        for key, field in self.fields.items():
            value = field.currentText() if isinstance(field, QComboBox) else field.text()
            if value.strip():
                data[key] = value.strip()
            else:
                data.pop(key, None)
        return dump_json(data) if data else ""


class RawJsonDialog(QDialog):
    """The JSON text, indented, in a text box."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Edit JSON"))
        self.edit = QPlainTextEdit(self)
        self.edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        try:
            self.edit.setPlainText(json.dumps(json.loads(text), ensure_ascii=False, indent=2))
        except json.JSONDecodeError:
            self.edit.setPlainText(text)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.edit)
        layout.addWidget(buttons)

    def text(self) -> str:
        raw = self.edit.toPlainText().strip()
        try:
            return dump_json(json.loads(raw)) if raw else ""
        except json.JSONDecodeError:
            return raw
