"""The cluster helper: a host list in, one ASCEND_WORK_PATH env script per host out.

All planning is :func:`ascend_studio.paths.cluster_scripts`; the dialog shows
the plan (paths, invalid lines, collisions) as you type and writes the scripts
only when asked, refusing to overwrite different files without confirmation.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.paths import ClusterResult, cluster_scripts, write_cluster_scripts
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._texts import escape

__all__ = ["ClusterDialog", "plan_html"]


def plan_html(result: ClusterResult, lang: Language) -> str:
    """The plan as rich text: hosts and paths, then what needs fixing."""
    parts: list[str] = []
    for issue in result.base_issues:
        colour = "#b3261e" if issue.severity == "error" else "#8a5a00"
        parts.append(f'<p style="color:{colour}">{escape(issue.message.get(lang))}</p>')
    if result.hosts:
        rows = "".join(
            f"<tr><td>{escape(h.host)}</td><td><code>{escape(h.path)}</code></td>"
            f"<td>{escape(h.filename)}</td></tr>"
            for h in result.hosts
        )
        head = f"<tr><th>{tr('Host')}</th><th>ASCEND_WORK_PATH</th><th>{tr('Script')}</th></tr>"
        parts.append(f'<table cellspacing="0" cellpadding="3">{head}{rows}</table>')
    for bad in result.invalid:
        text = tr("Line {line}: {reason}").format(line=bad.line, reason=bad.reason.get(lang))
        parts.append(f'<p style="color:#b3261e">✗ {escape(text)}</p>')
    for clash in result.collisions:
        lines = ", ".join(str(n) for n in clash.lines)
        text = tr("Lines {lines} give the same folder {segment}; only the first keeps it.")
        parts.append(
            f'<p style="color:#b3261e">✗ {escape(text.format(lines=lines, segment=clash.segment))}</p>'
        )
    return "".join(parts) or f"<p>{escape(tr('Type one host per line.'))}</p>"


class ClusterDialog(QDialog):
    def __init__(self, base: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inspector:cluster-dialog")
        self.lang: Language = "en"
        self.plan_result = cluster_scripts("", base or "/")
        self.base = QLineEdit(base, self)
        self.base.setObjectName("cluster:base")
        self.hosts = QPlainTextEdit(self)
        self.hosts.setObjectName("cluster:hosts")
        self.hosts.setPlaceholderText("172.16.1.12,01,03\n172.16.1.13\n# IP[,vm_id[,container_id]]")
        self.plan = QTextBrowser(self)
        self.plan.setObjectName("cluster:plan")
        self.save_button = QPushButton(self)
        self.save_button.setObjectName("cluster:save")
        self.save_button.clicked.connect(self._choose_folder)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.base_label = QLabel(self)
        self.hosts_label = QLabel(self)
        form = QFormLayout()
        form.addRow(self.base_label, self.base)
        form.addRow(self.hosts_label, self.hosts)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.plan, 1)
        layout.addWidget(buttons)
        self.base.textChanged.connect(self.update_plan)
        self.hosts.textChanged.connect(self.update_plan)
        self.resize(640, 480)
        self.set_language(self.lang)

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self.setWindowTitle(tr("Cluster helper: ASCEND_WORK_PATH per host"))
        self.base_label.setText(tr("Shared base folder"))
        self.hosts_label.setText(tr("Hosts (IP[,vm_id[,container_id]] per line)"))
        self.save_button.setText(tr("Save scripts to folder…"))
        self.update_plan()

    def set_input(self, base: str, hosts: str) -> None:
        self.base.setText(base)
        self.hosts.setPlainText(hosts)

    def update_plan(self) -> None:
        self.plan_result = cluster_scripts(self.hosts.toPlainText(), self.base.text().strip())
        self.plan.setHtml(plan_html(self.plan_result, self.lang))
        self.save_button.setEnabled(bool(self.plan_result.scripts))

    def save_to(self, folder: str | Path, *, overwrite: bool = False) -> list[Path]:
        """Write the scripts; a clash with different files raises ``FileExistsError``."""
        return write_cluster_scripts(self.plan_result, folder, overwrite=overwrite)

    def _choose_folder(self) -> None:
        folder = _dialogs.choose_path(self, tr("Save scripts to folder"), "", directory=True)
        if folder:
            self.save_interactively(folder)

    def save_interactively(self, folder: str) -> bool:
        """Write the scripts, asking before replacing different files."""
        try:
            try:
                written = self.save_to(folder)
            except FileExistsError:
                question = tr("Some scripts exist with other contents. Replace them?")
                if not _dialogs.confirm(self, tr("Replace files?"), question):
                    return False
                written = self.save_to(folder, overwrite=True)
        except OSError as exc:
            _dialogs.show_error(self, tr("Cannot save"), str(exc))
            return False
        done = tr("{count} scripts written to {folder}.")
        _dialogs.show_info(self, tr("Saved"), done.format(count=len(written), folder=folder))
        return True
