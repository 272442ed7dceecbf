"""The "Edit file…" dialog: a structured tab, a raw-text tab, live diagnostics.

Both tabs edit one text. Diagnostics come from the rules engine run on the
profile with this text as the file's contents, so combinations with the rest of
the configuration (``op_debug_level=2`` with ``oom``...) show here too, each
with its line. The dialog never changes the profile itself: accepting it hands
(path, text) to the controller, which makes one undoable edit.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ascend_studio._atomic import atomic_write_text
from ascend_studio.companion import Format
from ascend_studio.profile import Profile
from ascend_studio.rules import Diagnostic, evaluate
from ascend_studio.schema import Catalog
from ascend_studio.ui import _dialogs
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._style import styled_font
from ascend_studio.ui.companion._base import StructuredForm
from ascend_studio.ui.companion._forms_json import AoeForm, FusionForm, MixlistForm
from ascend_studio.ui.companion._forms_lines import (
    CompressForm,
    DebugForm,
    DtypesForm,
    PrecisionForm,
)
from ascend_studio.ui.companion._write import ok_says, ok_target, write_text

__all__ = ["CompanionDialog", "file_findings", "make_form"]

_ICON = {"error": "✖", "warning": "⚠", "info": "ℹ"}
_COLOR = {"error": "#b3261e", "warning": "#9a5b00", "info": "#1f5f99"}


def make_form(format_id: str, catalog: Catalog, lang: Language) -> StructuredForm:
    """The structured form of one companion format (by format id, not parameter)."""
    if format_id == "fusion_switch":
        return FusionForm(catalog, lang)
    forms: dict[str, type[StructuredForm]] = {
        "debug_cfg": DebugForm,
        "mixlist": MixlistForm,
        "dtypes": DtypesForm,
        "precision_ini": PrecisionForm,
        "aoe_json": AoeForm,
        "compress_list": CompressForm,
    }
    return forms[format_id]()


def file_findings(profile: Profile, param: str, text: str) -> list[Diagnostic]:
    """The rules' findings located in the file of ``param``, with the rest of
    ``profile`` as is."""
    value = profile.values.get(param)
    values = {**profile.values, param: value if value is not None else param}
    trial = profile.model_copy(
        update={"values": values, "file_contents": {**profile.file_contents, param: text}}
    )
    return [d for d in evaluate(trial) if d.location is not None and d.location.param == param]


class CompanionDialog(QDialog):
    def __init__(
        self,
        fmt: Format[object],
        *,
        param: str,
        profile: Profile,
        path: str,
        text: str,
        folder: Path,
        catalog: Catalog,
        lang: Language,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.fmt, self.profile, self.folder, self.lang = fmt, profile, folder, lang
        self.param = param
        self.setObjectName(f"companion:{param}")
        self.setWindowTitle(tr("Edit file: {name}").format(name=param))
        self._syncing = False
        self.path = QLineEdit(path, self)
        self.path.setObjectName("companion:path")
        self.path.setPlaceholderText(tr("Path the job will read"))
        save_as = QPushButton(tr("Save as…"), self)
        save_as.setObjectName("companion:save_as")
        save_as.clicked.connect(self.save_as)
        self.form = make_form(fmt.kind, catalog, lang)
        self.form.setObjectName("companion:form")
        self.raw = QPlainTextEdit(self)
        self.raw.setObjectName("companion:text")
        styled_font(self.raw, mono=True)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self.form, fmt.label.get(lang))
        self.tabs.addTab(self.raw, tr("Text"))
        self._build_rest(save_as)
        self.form.changed.connect(self._form_changed)
        self.raw.textChanged.connect(self._raw_changed)
        self.set_text(text)
        self.resize(820, 600)

    def _build_rest(self, save_as: QPushButton) -> None:
        self.findings = QListWidget(self)
        self.findings.setObjectName("companion:diagnostics")
        self.findings.setMaximumHeight(110)
        self.findings.setWordWrap(True)
        self.findings.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.findings.itemActivated.connect(self._go_to_line)
        self.findings.itemClicked.connect(self._go_to_line)
        template = QPushButton(tr("New from template"), self)
        template.setObjectName("companion:template")
        template.clicked.connect(self.new_from_template)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.ok_note = QLabel(self)
        self.ok_note.setObjectName("companion:ok-note")
        self.ok_note.setWordWrap(True)
        self.path.textChanged.connect(lambda text: self.ok_note.setText(ok_says(text, self.folder)))
        self.ok_note.setText(ok_says(self.path.text(), self.folder))
        #: Where OK wrote the text (None: kept in the profile only, or not accepted).
        self.written: Path | None = None
        self._lay_out(save_as, template)

    def _lay_out(self, save_as: QPushButton, template: QPushButton) -> None:
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("File:"), self))
        top.addWidget(self.path, 1)
        top.addWidget(save_as)
        bottom = QHBoxLayout()
        bottom.addWidget(template)
        bottom.addStretch(1)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(QLabel(tr("Findings in this file:"), self))
        layout.addWidget(self.findings)
        layout.addWidget(self.ok_note)
        layout.addLayout(bottom)

    # -- the one text --------------------------------------------------------------------
    def text(self) -> str:
        return self.raw.toPlainText()

    def set_text(self, text: str) -> None:
        self._syncing = True
        try:
            self.raw.setPlainText(text)
            self.form.set_text(text)
        finally:
            self._syncing = False
        self._refresh()

    def _form_changed(self) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self.raw.setPlainText(self.form.text())
        finally:
            self._syncing = False
        self._refresh()

    def _raw_changed(self) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self.form.set_text(self.raw.toPlainText())
        finally:
            self._syncing = False
        self._refresh()

    def _refresh(self) -> None:
        self.findings.clear()
        found = file_findings(self.profile, self.param, self.text())
        for d in found:
            line = d.location.line if d.location else 0
            where = tr("line {n}").format(n=line) if line else tr("whole file")
            item = QListWidgetItem(f"{_ICON[d.severity]} {where}: {d.message.get(self.lang)}")
            item.setData(Qt.ItemDataRole.UserRole, line)
            item.setForeground(QColor(_COLOR[d.severity]))
            item.setToolTip(d.fix.get(self.lang) if d.fix else "")
            self.findings.addItem(item)
        if not found:
            self.findings.addItem(tr("No findings."))

    def _go_to_line(self, item: QListWidgetItem) -> None:
        line = item.data(Qt.ItemDataRole.UserRole)
        if not isinstance(line, int) or line < 1:
            return
        self.tabs.setCurrentWidget(self.raw)
        block = self.raw.document().findBlockByLineNumber(line - 1)
        cursor = QTextCursor(block)
        self.raw.setTextCursor(cursor)
        self.raw.setFocus()

    # -- actions ---------------------------------------------------------------------------
    def accept(self) -> None:
        """OK: write the file where its folder is on this computer, then close."""
        target = ok_target(self.path.text(), self.folder)
        if target is not None and not write_text(self, target, self.text()):
            return
        self.written = target
        super().accept()

    def new_from_template(self) -> None:
        if self.text().strip() and not _dialogs.confirm(
            self, tr("New from template"), tr("Replace the current text with the template?")
        ):
            return
        self.set_text(self.fmt.template.get(self.lang))

    def save_as(self) -> None:
        name = Path(self.path.text()).name or f"{self.param}{self.fmt.suffix}"
        chosen = _dialogs.ask_save_path(
            self, tr("Save file as"), str(self.folder / name), tr("All files (*)")
        )
        if chosen is None:
            return
        try:
            atomic_write_text(chosen, self.text())
        except OSError as exc:
            _dialogs.show_error(self, tr("Save as…"), str(exc))
            return
        self.path.setText(str(chosen))
