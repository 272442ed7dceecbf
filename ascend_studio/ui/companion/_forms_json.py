"""Structured forms for the JSON companion formats."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.companion import (
    AoeConfig,
    FusionSwitch,
    ListChange,
    Mixlist,
    format_for,
    known_rules,
)
from ascend_studio.companion._aoe import FEATURES, LEVELS
from ascend_studio.companion._fusion import SECTIONS
from ascend_studio.companion._mixlist import ACTIONS, LISTS
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import tr
from ascend_studio.ui.companion._base import StructuredForm, split_names

__all__ = ["AoeForm", "FusionForm", "MixlistForm"]

UNSET = "—"


def _parse(kind: str, text: str) -> object:
    fmt = format_for(kind)
    assert fmt is not None
    return fmt.parse(text)


def _write(kind: str, doc: object) -> str:
    fmt = format_for(kind)
    assert fmt is not None
    return fmt.write(doc)


class FusionForm(StructuredForm):
    """A searchable table of fusion rules: section, name, on/off, where it applies."""

    def __init__(self, catalog: Catalog, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog, self.lang = catalog, lang
        self.not_on = {r.section: r.not_on for r in known_rules()}
        self.search = QLineEdit(self)
        self.search.setObjectName("fusion:search")
        self.search.setPlaceholderText(tr("Search fusion rules"))
        self.search.textChanged.connect(self._filter)
        self.table = QTableWidget(0, 4, self)
        self.table.setObjectName("fusion:table")
        self.table.setHorizontalHeaderLabels(
            [tr("Section"), tr("Rule"), tr("State"), tr("Applies to")]
        )
        header = self.table.horizontalHeader()
        for column in (0, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.new_section = QComboBox(self)
        self.new_section.addItems(list(SECTIONS))
        self.new_name = QLineEdit(self)
        self.new_name.setObjectName("fusion:new")
        self.new_name.setPlaceholderText(tr("Another rule name"))
        add = QPushButton(tr("Add rule"), self)
        add.setObjectName("fusion:add")
        add.clicked.connect(self._add)
        adder = QHBoxLayout()
        for widget in (self.new_section, self.new_name, add):
            adder.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addLayout(adder)

    def _applies(self, section: str) -> str:
        missing = [
            self.catalog.product(p).short.get(self.lang) for p in self.not_on.get(section, ())
        ]
        if not missing:
            return tr("All products")
        return tr("All products except {names}").format(names=", ".join(missing))

    def _add_row(self, section: str, name: str, state: str) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in ((0, section), (1, name), (3, self._applies(section))):
            item = QTableWidgetItem(text)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(row, column, item)
        combo = QComboBox(self.table)
        combo.setObjectName(f"fusion:{section}:{name}")
        combo.addItems(
            [UNSET, "on", "off"] + ([state] if state not in (UNSET, "on", "off") else [])
        )
        combo.setCurrentText(state)
        combo.currentTextChanged.connect(lambda _t: self._emit())
        self.table.setCellWidget(row, 2, combo)

    def _show(self, text: str) -> None:
        doc = _parse("fusion_switch", text)
        assert isinstance(doc, FusionSwitch)
        self.table.setRowCount(0)
        listed = set()
        for section in SECTIONS:
            for name, state in doc.section(section):
                self._add_row(section, name, state)
                listed.add((section, name))
        for rule in known_rules():
            if (rule.section, rule.name) not in listed:
                self._add_row(rule.section, rule.name, UNSET)
        self._filter(self.search.text())

    def _add(self) -> None:
        name = self.new_name.text().strip()
        if name:
            self._add_row(self.new_section.currentText(), name, "off")
            self.new_name.clear()
            self._emit()

    def _filter(self, text: str) -> None:
        wanted = text.strip().lower()
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 1)
            name = item.text().lower() if item is not None else ""
            self.table.setRowHidden(row, bool(wanted) and wanted not in name)

    def text(self) -> str:
        pairs: dict[str, list[tuple[str, str]]] = {s: [] for s in SECTIONS}
        for row in range(self.table.rowCount()):
            section, name = self.table.item(row, 0), self.table.item(row, 1)
            combo = self.table.cellWidget(row, 2)
            if section is None or name is None or not isinstance(combo, QComboBox):
                continue
            if combo.currentText() != UNSET:
                pairs[section.text()].append((name.text(), combo.currentText()))
        doc = FusionSwitch(tuple(pairs["GraphFusion"]), tuple(pairs["UBFusion"]))
        return _write("fusion_switch", doc)


class MixlistForm(StructuredForm):
    """Per list (black, white, gray), the operators to add and to remove."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = Mixlist()
        grid = QGridLayout(self)
        grid.addWidget(QLabel(tr("Move onto the list (to-add)"), self), 0, 1)
        grid.addWidget(QLabel(tr("Move off to gray (to-remove)"), self), 0, 2)
        self.edits: dict[tuple[str, str], QPlainTextEdit] = {}
        for row, name in enumerate(LISTS, 1):
            grid.addWidget(QLabel(name, self), row, 0)
            for column, action in enumerate(ACTIONS, 1):
                edit = QPlainTextEdit(self)
                edit.setObjectName(f"{name}:{action}")
                edit.setPlaceholderText(tr("One operator type per line"))
                edit.textChanged.connect(self._emit)
                grid.addWidget(edit, row, column)
                self.edits[(name, action)] = edit

    def _show(self, text: str) -> None:
        doc = _parse("mixlist", text)
        assert isinstance(doc, Mixlist)
        self.doc = doc
        for name in LISTS:
            change = doc.change(name)
            self.edits[(name, "to-add")].setPlainText("\n".join(change.to_add))
            self.edits[(name, "to-remove")].setPlainText("\n".join(change.to_remove))

    def text(self) -> str:
        doc = self.doc
        for name in LISTS:
            add = split_names(self.edits[(name, "to-add")].toPlainText())
            remove = split_names(self.edits[(name, "to-remove")].toPlainText())
            doc = doc.with_change(ListChange(name, add, remove))
        return _write("mixlist", doc)


class AoeForm(StructuredForm):
    """The AOE tuning file as a form."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = AoeConfig()
        self.names = QLineEdit(self)
        self.names.setObjectName("tune_ops_name")
        self.types = QLineEdit(self)
        self.types.setObjectName("tune_ops_type")
        for edit in (self.names, self.types):
            edit.setPlaceholderText(tr("Comma separated"))
            edit.textEdited.connect(lambda _t: self._emit())
        self.level = QComboBox(self)
        self.level.setObjectName("tune_optimization_level")
        self.level.addItems([UNSET, *LEVELS])
        self.level.currentTextChanged.connect(lambda _t: self._emit())
        self.features: dict[str, QCheckBox] = {}
        features = QHBoxLayout()
        for feature in FEATURES:
            box = QCheckBox(feature, self)
            box.setObjectName(f"feature:{feature}")
            box.toggled.connect(lambda _on: self._emit())
            features.addWidget(box)
            self.features[feature] = box
        features.addStretch(1)
        form = QFormLayout(self)
        form.addRow(tr("Operator names (tune_ops_name):"), self.names)
        form.addRow(tr("Operator types (tune_ops_type):"), self.types)
        form.addRow(tr("Level (O1 high performance, O2 normal):"), self.level)
        form.addRow(tr("Feature (deeper_opat needs aoe_mode 2, nonhomo_split 1):"), features)

    def _show(self, text: str) -> None:
        doc = _parse("aoe_json", text)
        assert isinstance(doc, AoeConfig)
        self.doc = doc
        self.names.setText(",".join(doc.tune_ops_name))
        self.types.setText(",".join(doc.tune_ops_type))
        level = doc.tune_optimization_level
        if level is not None and self.level.findText(level) < 0:
            self.level.addItem(level)
        self.level.setCurrentText(level or UNSET)
        for feature, box in self.features.items():
            box.setChecked(feature in doc.feature)

    def text(self) -> str:
        others = tuple(f for f in self.doc.feature if f not in self.features)
        chosen = tuple(f for f, box in self.features.items() if box.isChecked())
        level = self.level.currentText()
        doc = replace(
            self.doc,
            tune_ops_name=split_names(self.names.text()),
            tune_ops_type=split_names(self.types.text()),
            tune_optimization_level=None if level == UNSET else level,
            feature=(*chosen, *others),
        )
        return _write("aoe_json", doc)
