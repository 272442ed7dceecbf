"""Structured forms for the line-based companion formats."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.companion import (
    DEBUG_OPTIONS,
    PRECISION_MODES,
    CompressNodes,
    CustomDtypes,
    DebugConfig,
    DtypeRule,
    PrecisionModes,
    format_for,
)
from ascend_studio.companion._debug import LIST_KEY, OPTIONS_KEY
from ascend_studio.companion._precision import SECTIONS
from ascend_studio.ui._i18n import QT_TR_NOOP, tr
from ascend_studio.ui.companion._base import RowTable, StructuredForm, split_names

__all__ = ["CompressForm", "DebugForm", "DtypesForm", "PrecisionForm"]

_OPTION_HELP = {
    "oom": QT_TR_NOOP("Check Global Memory out-of-bounds access at run time (error EZ9999)"),
    "dump_cce": QT_TR_NOOP("Keep the .cce, .o and .json files in kernel_meta"),
    "dump_loc": QT_TR_NOOP("Also keep the python-cce mapping (*_loc.json)"),
    "ccec_O0": QT_TR_NOOP("Compile with ccec -O0 (never together with oom)"),
    "ccec_g": QT_TR_NOOP("Compile with ccec -g (larger kernels)"),
    "check_flag": QT_TR_NOOP("Check pipeline sync flags inside operators"),
}


def _fmt_parse(kind: str, text: str) -> object:
    fmt = format_for(kind)
    assert fmt is not None
    return fmt.parse(text)


def _fmt_write(kind: str, doc: object) -> str:
    fmt = format_for(kind)
    assert fmt is not None
    return fmt.write(doc)


class DebugForm(StructuredForm):
    """A checklist of the debug options and the operator list."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = DebugConfig()
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Debug options (op_debug_config):"), self))
        self.boxes: dict[str, QCheckBox] = {}
        for option in DEBUG_OPTIONS:
            box = QCheckBox(f"{option} — {tr(_OPTION_HELP[option])}", self)
            box.setObjectName(f"option:{option}")
            box.toggled.connect(lambda _on: self._emit())
            self.boxes[option] = box
            layout.addWidget(box)
        layout.addWidget(QLabel(tr("Build only these operators (op_debug_list):"), self))
        self.op_list = QLineEdit(self)
        self.op_list.setObjectName("op_debug_list")
        self.op_list.setPlaceholderText("GatherV2,OpType::ReduceSum")
        self.op_list.textEdited.connect(lambda _t: self._emit())
        layout.addWidget(self.op_list)
        layout.addStretch(1)

    def _show(self, text: str) -> None:
        doc = _fmt_parse("debug_cfg", text)
        assert isinstance(doc, DebugConfig)
        self.doc = doc
        for option, box in self.boxes.items():
            box.setChecked(option in doc.options)
        self.op_list.setText(",".join(doc.op_list))

    def text(self) -> str:
        kept = [o for o in self.doc.options if o not in self.boxes or self.boxes[o].isChecked()]
        added = [o for o, box in self.boxes.items() if box.isChecked() and o not in kept]
        doc = self.doc.with_values(OPTIONS_KEY, (*kept, *added))
        doc = doc.with_values(LIST_KEY, split_names(self.op_list.text()))
        return _fmt_write("debug_cfg", doc)


class DtypesForm(StructuredForm):
    """One row per operator: by type or by node name, input and output dtypes."""

    BY = ("OpType", "OpName")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = CustomDtypes()
        headers = [tr("By"), tr("Operator"), tr("Input dtypes"), tr("Output dtypes")]
        self.rows = RowTable("dtypes", headers, {0: (list(self.BY), False)}, self)
        self.rows.changed.connect(self._emit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.rows)

    def _show(self, text: str) -> None:
        doc = _fmt_parse("dtypes", text)
        assert isinstance(doc, CustomDtypes)
        self.doc = doc
        self.rows.set_rows(
            [
                (
                    self.BY[0] if r.by_type else self.BY[1],
                    r.op,
                    ",".join(r.inputs),
                    ",".join(r.outputs),
                )
                for r in doc.rules
            ]
        )

    def text(self) -> str:
        rules = tuple(
            DtypeRule(by == self.BY[0], op, split_names(ins), split_names(outs))
            for by, op, ins, outs in self.rows.rows()
            if op
        )
        return _fmt_write("dtypes", self.doc.with_rules(rules))


class PrecisionForm(StructuredForm):
    """The operator/mode table of the precision ini."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = PrecisionModes()
        headers = [tr("Section"), tr("Operator type or node name"), tr("Mode")]
        choices = {0: (list(SECTIONS), False), 2: (list(PRECISION_MODES), True)}
        self.rows = RowTable("precision", headers, choices, self)
        self.rows.changed.connect(self._emit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.rows)

    def _show(self, text: str) -> None:
        doc = _fmt_parse("precision_ini", text)
        assert isinstance(doc, PrecisionModes)
        self.doc = doc
        self.rows.set_rows(list(doc.rows))

    def text(self) -> str:
        rows = tuple((s, k, v) for s, k, v in self.rows.rows() if k and v)
        return _fmt_write("precision_ini", self.doc.with_rows(rows))


class CompressForm(StructuredForm):
    """The node list, one name per line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.nodes = QPlainTextEdit(self)
        self.nodes.setObjectName("nodes")
        self.nodes.textChanged.connect(self._emit)
        layout = QFormLayout(self)
        layout.addRow(tr("Nodes (one per line):"), self.nodes)

    def _show(self, text: str) -> None:
        doc = _fmt_parse("compress_list", text)
        assert isinstance(doc, CompressNodes)
        self.nodes.setPlainText("\n".join(doc.nodes))

    def text(self) -> str:
        names = tuple(n.strip() for n in self.nodes.toPlainText().replace(";", "\n").splitlines())
        return _fmt_write(
            "compress_list", replace(CompressNodes(), nodes=tuple(n for n in names if n))
        )
