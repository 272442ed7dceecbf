"""The four tables of the "This machine" view, filled from a doctor report.

Plain functions over :class:`QTreeWidget`: the report is small (tens of rows), so
no model is needed; each fill clears and rebuilds its table.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from ascend_studio.doctor import DoctorDocument
from ascend_studio.doctor._paths import size_text
from ascend_studio.machine import adapter_tag
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, tr

__all__ = [
    "SEVERITY_TEXT",
    "STATE_TEXT",
    "fill_env",
    "fill_installed",
    "fill_paths",
    "findings_html",
]

SEVERITY_TEXT = {
    "error": QT_TR_NOOP("error"),
    "warning": QT_TR_NOOP("warning"),
    "info": QT_TR_NOOP("info"),
}
_SEVERITY_COLOUR = {"error": "#c62828", "warning": "#b26a00", "info": "#1565c0"}
STATE_TEXT = {
    "exists, writable": QT_TR_NOOP("exists, writable"),
    "created by the job": QT_TR_NOOP("created by the job"),
    "must exist": QT_TR_NOOP("must exist beforehand"),
    "not writable": QT_TR_NOOP("not writable"),
    "read-only": QT_TR_NOOP("read-only file system"),
    "known at run time": QT_TR_NOOP("known only at run time"),
}
_GREY = QBrush(QColor("#757575"))


def findings_html(doc: DoctorDocument, lang: Language) -> str:
    """The findings as wrapped text: a narrow dock still shows each one whole."""
    if not doc.findings:
        return f"<p>{escape(tr('Nothing to report.'))}</p>"
    parts = []
    for f in doc.findings:
        colour = _SEVERITY_COLOUR[f.severity]
        head = (
            f'<b style="color:{colour}">{escape(tr(SEVERITY_TEXT[f.severity]))}</b> '
            f'<span style="color:#757575">{escape(f.check)}</span>'
        )
        lines = [head, escape(f.message.get(lang))]
        if f.fix is not None:
            lines.append(escape(tr("Fix: {fix}").format(fix=f.fix.get(lang))))
        lines.append(
            f'<span style="color:#757575">{escape(tr("Source: {source}").format(source=f.source))}</span>'
        )
        parts.append("<p>" + "<br>".join(lines) + "</p>")
    return "".join(parts)


def _installed_rows(doc: DoctorDocument, lang: Language) -> list[tuple[str, str]]:
    m = doc.machine
    kit = m.toolkit
    if kit is None:
        looked = ", ".join(p.split(" (")[0] for p in m.toolkit_looked)
        toolkit = tr("not found (looked in {places})").format(places=looked)
    else:
        toolkit = f"{kit.package} {kit.version or kit.inner_version} — {kit.found_in}"
    rows = [(tr("CANN toolkit"), toolkit)]
    for label, comp in (
        (tr("Driver"), m.driver),
        (tr("Firmware"), m.firmware),
        (tr("TF plugin"), m.tfplugin),
    ):
        rows.append((label, f"{comp.version} — {comp.found_in}" if comp else tr("not found")))
    for name in ("npu_bridge", "npu_device", "tensorflow"):
        pkg = m.package(name)
        tag = adapter_tag(pkg) if pkg is not None and name == "npu_bridge" else None
        shown = (
            tr("not installed") if pkg is None else pkg.version + (f" (tag {tag})" if tag else "")
        )
        rows.append((name, shown))
    rows.append(("Python", m.process.python))
    ids = m.devices.ids
    rows.append((tr("NPUs"), ", ".join(f"davinci{i}" for i in ids) if ids else tr("none")))
    how = doc.target.get(lang)
    rows.append((tr("Target release"), f"{doc.release} — {how}" if doc.release else how))
    return rows


def fill_installed(tree: QTreeWidget, doc: DoctorDocument, lang: Language) -> None:
    tree.clear()
    for label, value in _installed_rows(doc, lang):
        item = QTreeWidgetItem(tree, [label, value])
        item.setToolTip(1, value)
    if doc.machine.npu_smi:
        item = QTreeWidgetItem(tree, ["npu-smi info", doc.machine.npu_smi.splitlines()[0]])
        item.setToolTip(1, doc.machine.npu_smi)


def fill_env(tree: QTreeWidget, doc: DoctorDocument) -> None:
    tree.clear()
    for name, value, origin in doc.environment:
        item = QTreeWidgetItem(
            tree, [name, tr("(unset)") if value is None else value, origin or ""]
        )
        if value is None:
            for column in range(3):
                item.setForeground(column, _GREY)
        else:
            item.setToolTip(1, value)


def fill_paths(tree: QTreeWidget, doc: DoctorDocument, lang: Language) -> None:
    """One row per produced artifact: id (its name as tooltip), state, free space, path
    last, so a narrow dock still shows what matters first."""
    tree.clear()
    for entry in doc.paths:
        if not entry.produced:
            continue
        free = "" if entry.free_bytes is None else size_text(entry.free_bytes)
        state = tr(STATE_TEXT.get(entry.state, entry.state))
        item = QTreeWidgetItem(tree, [entry.id, state, free, entry.path or ""])
        item.setToolTip(0, entry.name.get(lang))
        item.setToolTip(3, entry.path or "")
        item.setData(0, Qt.ItemDataRole.UserRole, entry.id)
        if entry.state in ("not writable", "read-only"):
            item.setForeground(1, QBrush(QColor(_SEVERITY_COLOUR["error"])))
