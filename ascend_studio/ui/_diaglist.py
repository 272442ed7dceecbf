"""The diagnostics list: severity, message, parameters; activating one jumps to it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from ascend_studio.ui._core import Finding
from ascend_studio.ui._i18n import Language, tr

__all__ = ["DiagnosticsList"]

_ORDER = {"error": 0, "warning": 1, "info": 2}
_ICON = {"error": "⛔", "warning": "⚠", "info": "ℹ"}
_COLOR = {"error": "#b3261e", "warning": "#9a5b00", "info": "#1f5f99"}


class DiagnosticsList(QTreeWidget):
    #: A parameter path (or ``env:NAME``) the user wants to see.
    param_activated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diagnostics")
        self.setColumnCount(3)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(False)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.lang: Language = "en"
        self.findings: tuple[Finding, ...] = ()
        self.itemActivated.connect(self._activated)
        self.itemClicked.connect(self._activated)
        self.retranslate()

    def show_findings(self, findings: tuple[Finding, ...]) -> None:
        if findings == self.findings:
            return
        self.findings = findings
        self._render()

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self.retranslate()
        self._render()

    def retranslate(self) -> None:
        self.setHeaderLabels([tr("Severity"), tr("Message"), tr("Parameters")])

    def _render(self) -> None:
        self.clear()
        names = {"error": tr("error"), "warning": tr("warning"), "info": tr("info")}
        for finding in sorted(self.findings, key=lambda f: (_ORDER[f.severity], f.params)):
            message = finding.message.get(self.lang)
            if finding.fix is not None:
                message += "\n→ " + finding.fix.get(self.lang)
            item = QTreeWidgetItem(
                [
                    f"{_ICON[finding.severity]} {names[finding.severity]}",
                    message,
                    ", ".join(finding.params),
                ]
            )
            item.setForeground(0, QBrush(QColor(_COLOR[finding.severity])))
            item.setData(0, Qt.ItemDataRole.UserRole, _target(finding.params))
            item.setToolTip(1, f"{message}\n[{finding.rule_id}] {finding.source}".strip())
            self.addTopLevelItem(item)

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        target = item.data(0, Qt.ItemDataRole.UserRole)
        if target:
            self.param_activated.emit(str(target))


def _target(params: tuple[str, ...]) -> str:
    """The place to jump to: the first form parameter, else the first env variable."""
    for param in params:
        if not param.startswith("env:"):
            return param
    return params[0] if params else ""
