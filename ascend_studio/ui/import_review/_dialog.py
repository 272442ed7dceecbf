"""Review an import before it touches the document.

Shows, for the chosen configuration, what was recognized (by parameter), what
was kept verbatim as an expression, unknown keyword arguments with their
did-you-mean suggestion, other problems, and the rule diagnostics of the
resulting profile; the user picks the configuration and a new document or a merge.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QRadioButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.codegen import ImportResult, ReportItem
from ascend_studio.profile import Profile
from ascend_studio.rules import Diagnostic, evaluate
from ascend_studio.schema import Catalog, Surface
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, plural, tr
from ascend_studio.ui._wrap import wrap_columns
from ascend_studio.ui.import_review._merge import Mode, combine

__all__ = ["GROUPS", "ImportReviewDialog", "OpenDocument", "kind_label"]


@dataclass(frozen=True)
class OpenDocument:
    """The document open in the window when a file is imported."""

    name: str
    dirty: bool
    #: Whether it has a file of its own (it can be opened again).
    saved: bool


#: Report groups in display order: id -> the report kinds it gathers.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("recognized", ("recognized", "converted")),
    ("verbatim", ("verbatim",)),
    ("unknown", ("unknown_kwarg", "unknown_key")),
    (
        "problems",
        ("conflict", "wrong_field", "syntax_error", "call_error", "internal_error", "device_loop"),
    ),
    ("notes", ("ignored", "sourced_file", "conditional", "not_exported", "info")),
)
_ICONS = {"error": "✗", "warning": "⚠", "info": "ℹ"}
#: Zero-width space: where a long name may wrap (after each underscore); shown, never copied.
_BREAK = "\u200b"


def _breakable(name: str) -> str:
    return name.replace("_", "_" + _BREAK)


#: Item (its longest name, never elided: see ``_fit_item_column``), details (takes
#: the room, wraps), suggestion, line.
_COLUMN_MODES = (
    QHeaderView.ResizeMode.Interactive,
    QHeaderView.ResizeMode.Stretch,
    QHeaderView.ResizeMode.ResizeToContents,
    QHeaderView.ResizeMode.ResizeToContents,
)


#: What an item without a parameter is, in the report's words (not its kind's id).
_KINDS = {
    "recognized": QT_TR_NOOP("recognized"),
    "verbatim": QT_TR_NOOP("kept as written"),
    "converted": QT_TR_NOOP("converted"),
    "unknown_kwarg": QT_TR_NOOP("unknown keyword"),
    "unknown_key": QT_TR_NOOP("unknown key"),
    "wrong_field": QT_TR_NOOP("wrong field type"),
    "ignored": QT_TR_NOOP("not imported"),
    "sourced_file": QT_TR_NOOP("sourced file"),
    "conditional": QT_TR_NOOP("set under a condition"),
    "not_exported": QT_TR_NOOP("not exported"),
    "syntax_error": QT_TR_NOOP("syntax error"),
    "call_error": QT_TR_NOOP("fails when run"),
    "device_loop": QT_TR_NOOP("per-device loop"),
    "bad_directive": QT_TR_NOOP("directive not understood"),
    "line_endings": QT_TR_NOOP("Windows line endings"),
    "unreadable": QT_TR_NOOP("unreadable"),
    "internal_error": QT_TR_NOOP("importer error"),
    "conflict": QT_TR_NOOP("set twice"),
    "info": QT_TR_NOOP("note"),
}


def kind_label(kind: str) -> str:
    """The words for a report item's kind (its id when there are none)."""
    words = _KINDS.get(kind)
    return tr(words) if words is not None else kind


def _group_title(group: str) -> str:
    return {
        "recognized": tr("Recognized"),
        "verbatim": tr("Kept verbatim as expressions"),
        "unknown": tr("Unknown keyword arguments and keys"),
        "problems": tr("Problems"),
        "notes": tr("Notes"),
        "diagnostics": tr("Rule diagnostics for the result"),
    }[group]


class ImportReviewDialog(QDialog):
    def __init__(
        self,
        result: ImportResult,
        current: Profile,
        catalog: Catalog,
        parent: QWidget | None = None,
        *,
        diagnose: Callable[[Profile], list[Diagnostic]] | None = None,
        document: OpenDocument | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("import-review")
        #: The document open in the window, to say what becomes of it.
        self.document = document or OpenDocument("", dirty=False, saved=False)
        self.imported = result
        self.current = current
        self.catalog = catalog
        self.diagnose = diagnose or (
            lambda p: list(
                evaluate(p, catalog, surface=self._surface(), after_open=self._after_open())
            )
        )
        self.lang: Language = "en"
        self.header = QLabel(self)
        self.header.setObjectName("import:header")
        self.header.setWordWrap(True)
        self.config_box = QComboBox(self)
        self.config_box.setObjectName("import:config")
        self.config_box.addItems([""] * len(result.configs))
        self.config_box.currentIndexChanged.connect(lambda _i: self.refresh())
        self.tree = self._make_tree()
        self.detail = QLabel(self)
        self.detail.setObjectName("import:detail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.new_radio = QRadioButton(self)
        self.new_radio.setObjectName("import:new")
        self.merge_radio = QRadioButton(self)
        self.merge_radio.setObjectName("import:merge")
        self.new_radio.setChecked(True)
        self.new_radio.toggled.connect(lambda _on: self.refresh())
        self.target_note = QLabel(self)
        self.open_note = QLabel(self)
        self.open_note.setObjectName("import:open-note")
        self.open_note.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._build_layout()
        self.resize(820, 620)
        self.set_language(self.lang)

    def _make_tree(self) -> QTreeWidget:
        tree = QTreeWidget(self)
        tree.setObjectName("import:report")
        tree.setColumnCount(len(_COLUMN_MODES))
        header = tree.header()
        header.setStretchLastSection(False)
        for column, mode in enumerate(_COLUMN_MODES):
            header.setSectionResizeMode(column, mode)
        wrap_columns(tree)  # long details, names and values wrap in their column
        tree.currentItemChanged.connect(self._show_detail)
        tree.viewport().installEventFilter(self)
        return tree

    def _build_layout(self) -> None:
        self.config_label = QLabel(self)
        self.mode_label = QLabel(self)
        form = QFormLayout()
        form.addRow(self.config_label, self.config_box)
        modes = QVBoxLayout()
        modes.addWidget(self.new_radio)
        modes.addWidget(self.merge_radio)
        modes.addWidget(self.open_note)
        modes.addWidget(self.target_note)
        form.addRow(self.mode_label, modes)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addLayout(form)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.detail)
        layout.addWidget(self.buttons)

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self.setWindowTitle(tr("Review import"))
        self.config_label.setText(tr("Configuration:"))
        self.mode_label.setText(tr("Load as:"))
        self.new_radio.setText(tr("A new, untitled document, in place of the open one"))
        self.merge_radio.setText(tr("Merged into the open document (imported values win)"))
        self.target_note.setText(tr("The target product and scenario stay as they are."))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Load"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Cancel"))
        self.tree.setHeaderLabels([tr("Item"), tr("Details"), tr("Suggestion"), tr("Line")])
        for index, config in enumerate(self.imported.configs):
            self.config_box.setItemText(index, config.label_in(lang) or f"#{index + 1}")
        self.refresh()

    # -- reading ----------------------------------------------------------------------------
    def mode(self) -> Mode:
        return "merge" if self.merge_radio.isChecked() else "new"

    def config_index(self) -> int:
        return max(self.config_box.currentIndex(), 0)

    def result_profile(self) -> Profile | None:
        """What loading would install, or ``None`` when the file held no configuration."""
        if not self.imported.configs:
            return None
        imported = self.imported.configs[self.config_index()].profile
        return combine(self.current, imported, self.mode())

    def _surface(self) -> Surface:
        """Where the chosen configuration is written (a sess.run one is judged as such)."""
        configs = self.imported.configs
        return configs[self.config_index()].surface if configs else "estimator"

    def _after_open(self) -> Mapping[str, tuple[int, int]]:
        """The chosen configuration's TF2 options written after npu_device.open()."""
        configs = self.imported.configs
        return configs[self.config_index()].after_open if configs else {}

    def items_for_config(self) -> list[ReportItem]:
        index = self.config_index()
        return [i for i in self.imported.report.items if i.config is None or i.config == index]

    # -- showing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        count = len(self.imported.configs)
        self.header.setText(
            tr("{source} read as {dialect}: {found}.").format(
                source=self.imported.source,
                dialect=self.imported.dialect,
                found=plural(
                    count,
                    QT_TR_NOOP("{count} configuration found"),
                    QT_TR_NOOP("{count} configurations found"),
                ),
            )
        )
        self.open_note.setText(self._what_becomes_of_the_open_document())
        self.config_box.setEnabled(count > 1)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(count > 0)
        self.tree.clear()
        self.detail.clear()
        items = self.items_for_config()
        for group, kinds in GROUPS:
            chosen = [i for i in items if i.kind in kinds]
            if chosen:
                self._add_group(group, [self._report_row(i) for i in chosen])
        profile = self.result_profile()
        if profile is not None:
            found = self.diagnose(profile)
            self._add_group("diagnostics", [self._diagnostic_row(d) for d in found])
        self.tree.expandAll()
        self._fit_item_column()

    def _what_becomes_of_the_open_document(self) -> str:
        """What Load does to the document open in the window, as the mode says."""
        name = self.document.name or tr("Untitled")
        if self.mode() == "merge":
            return tr("Load changes {name}; Edit > Undo takes the import back.").format(name=name)
        if self.document.dirty:
            return tr("{name} has unsaved changes: Load first asks whether to save them.").format(
                name=name
            )
        if self.document.saved:
            return tr("{name} is saved: it closes, and File > Open Recent opens it again.").format(
                name=name
            )
        return tr("The open document has nothing unsaved: nothing is lost.")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_item_column()  # the cap follows the table's own width
        return False

    def _fit_item_column(self) -> None:
        """The item column: its longest name, within a third of the table; never elided.

        One name per line (a diagnostic naming several parameters lists them one
        under another) and a name longer than the column wraps after its
        underscores, so every keyword is readable in full and the details keep
        the room.
        """
        cap = max(self.tree.viewport().width() // 3, 160)
        self.tree.resizeColumnToContents(0)
        header = self.tree.header()
        if header.sectionSize(0) > cap:
            header.resizeSection(0, cap)
        self.tree.scheduleDelayedItemsLayout()  # row heights follow the wrapped names

    def _show_detail(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        """The full text of the selected row (the table elides long messages)."""
        if item is None or item.parent() is None:
            self.detail.clear()
            return
        parts = [item.text(0).replace("\n", ", "), item.text(1), item.text(2)]
        self.detail.setText("\n".join(p for p in parts if p).replace(_BREAK, ""))

    def _add_group(self, group: str, rows: list[QTreeWidgetItem]) -> None:
        top = QTreeWidgetItem(self.tree, [f"{_group_title(group)} ({len(rows)})"])
        top.setData(0, Qt.ItemDataRole.UserRole, group)
        font = top.font(0)
        font.setBold(True)
        top.setFont(0, font)
        top.setFirstColumnSpanned(True)
        top.addChildren(rows)

    def _report_row(self, item: ReportItem) -> QTreeWidgetItem:
        details = item.message.get(self.lang)
        hint = tr("did you mean {name}?").format(name=item.suggestion) if item.suggestion else ""
        name = item.path or kind_label(item.kind)
        if item.path and item.kind in ("unknown_kwarg", "unknown_key"):
            from ascend_studio.rules import shown_key  # as a fix names it: the keyword, the key

            name = shown_key(item.path)
        cells = [f"{_ICONS[item.severity]} {_breakable(name)}", details, hint, str(item.line or "")]
        row = QTreeWidgetItem(cells)
        row.setToolTip(0, name)
        row.setToolTip(1, details)
        return row

    def _diagnostic_row(self, found: Diagnostic) -> QTreeWidgetItem:
        details = found.message.get(self.lang)
        if found.fix is not None:
            details += " → " + found.fix.get(self.lang)
        names = "\n".join(_breakable(p) for p in found.params)
        row = QTreeWidgetItem([f"{_ICONS[found.severity]} {names}", details, "", ""])
        row.setToolTip(0, ", ".join(found.params))
        row.setToolTip(1, details)
        return row

    def group_texts(self, group: str) -> list[str]:
        """Every row of a group as one line of text (what a reader sees)."""
        for index in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(index)
            if top is not None and top.data(0, Qt.ItemDataRole.UserRole) == group:
                rows = (top.child(r) for r in range(top.childCount()))
                return [
                    " | ".join(
                        row.text(c).replace(_BREAK, "").replace("\n", ", ") for c in range(4)
                    )
                    for row in rows
                    if row
                ]
        return []
