"""The diagnostics list: severity, message, fix and parameters, in full.

Messages are sentences (often two), so each entry is a word-wrapped label
rather than a table cell that would cut them off. Activating an entry (click,
Enter) asks the window to jump to the parameter it concerns.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListWidget, QListWidgetItem, QWidget

from ascend_studio.ui._core import Finding
from ascend_studio.ui._i18n import Language, tr

__all__ = ["SEVERITY_COLOR", "SEVERITY_ICON", "DiagnosticsList"]

_ORDER = {"error": 0, "warning": 1, "info": 2}
SEVERITY_ICON = {"error": "✖", "warning": "⚠", "info": "ℹ"}
SEVERITY_COLOR = {"error": "#b3261e", "warning": "#9a5b00", "info": "#1f5f99"}
_TARGET = Qt.ItemDataRole.UserRole


class DiagnosticsList(QListWidget):
    #: A parameter path (or ``env:NAME``) the user wants to see.
    param_activated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diagnostics")
        self.setAlternatingRowColors(True)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.lang: Language = "en"
        self.findings: tuple[Finding, ...] = ()
        self.itemActivated.connect(self._activated)
        self.itemClicked.connect(self._activated)

    def show_findings(self, findings: tuple[Finding, ...]) -> None:
        if findings == self.findings:
            return
        self.findings = findings
        self._render()

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self._render()

    def target(self, row: int) -> str:
        item = self.item(row)
        return str(item.data(_TARGET)) if item is not None else ""

    def _render(self) -> None:
        self.clear()
        names = {"error": tr("error"), "warning": tr("warning"), "info": tr("info")}
        ordered = sorted(self.findings, key=lambda f: _ORDER[f.severity])
        for finding in ordered:
            item = QListWidgetItem(self)
            item.setData(_TARGET, _target(finding.params))
            label = QLabel(_entry_html(finding, names[finding.severity], self.lang), self)
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setContentsMargins(6, 4, 6, 4)
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            item.setToolTip(f"[{finding.rule_id}] {finding.source}".strip())
            self.setItemWidget(item, label)
        self._fit_rows()

    def _fit_rows(self) -> None:
        width = max(self.viewport().width(), 120)
        for row in range(self.count()):
            item = self.item(row)
            label = self.itemWidget(item)
            if item is not None and label is not None:
                item.setSizeHint(QSize(width, label.heightForWidth(width)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_rows()

    def _activated(self, item: QListWidgetItem) -> None:
        target = item.data(_TARGET)
        if target:
            self.param_activated.emit(str(target))


def _entry_html(finding: Finding, severity: str, lang: Language) -> str:
    color, icon = SEVERITY_COLOR[finding.severity], SEVERITY_ICON[finding.severity]
    parts = [
        f'<span style="color:{color}; font-weight:600;">{icon} {html.escape(severity)}</span> '
        + html.escape(finding.message.get(lang))
    ]
    if finding.fix is not None:
        parts.append("<i>→ " + html.escape(finding.fix.get(lang)) + "</i>")
    if finding.params:
        names = ", ".join(html.escape(p) for p in finding.params)
        parts.append(f'<span style="color:#6a737d; font-family:monospace;">{names}</span>')
    return "<br>".join(parts)


def _target(params: tuple[str, ...]) -> str:
    """The place to jump to: the first form parameter, else the first env variable."""
    for param in params:
        if not param.startswith("env:"):
            return param
    return params[0] if params else ""
