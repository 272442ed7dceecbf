"""The two dialogs of this package: apply to a script, and choose a preset.

Both only show and ask; the flows in :mod:`._flow` do the editing and writing.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.apply import ApplyResult
from ascend_studio.presets import (
    NOT_SET,
    Change,
    Preset,
    PresetOutcome,
    apply_preset,
    preset_side,
    shown_value,
)
from ascend_studio.profile import Profile, target_of
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, plural, tr
from ascend_studio.ui._texts import escape
from ascend_studio.ui._wrap import wrap_columns
from ascend_studio.ui.apply._diffview import SideBySideDiff

__all__ = ["ApplyScriptDialog", "PresetDialog"]


def _label(parent: QWidget, name: str, text: str = "") -> QLabel:
    label = QLabel(text, parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class ApplyScriptDialog(QDialog):
    """The script before and after, side by side; Write applies it."""

    def __init__(
        self, result: ApplyResult, path: Path, lang: Language, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("dialog:apply_script")
        self.setWindowTitle(tr("Apply to {name}").format(name=path.name))
        self.resize(1180, 720)
        fmt = "py" if path.suffix == ".py" else "sh"
        self.summary = _label(self, "apply:summary")
        changed = len(result.changed)
        change = plural(
            changed,
            QT_TR_NOOP("{path}: {count} setting changes."),
            QT_TR_NOOP("{path}: {count} settings change."),
            path=path,
        )
        rest = tr(
            "Coloured lines are what changes; every other line is written back byte for "
            "byte. The original is kept as {backup} (the first write makes it; later writes "
            "keep it)."
        )
        self.summary.setText(change + " " + rest.format(backup=path.name + ".orig"))
        self.notes = QListWidget(self)
        self.notes.setObjectName("apply:notes")
        for note in result.notes:
            self.notes.addItem(note.text(lang))
        self.notes.setVisible(bool(result.notes))
        self.notes.setMaximumHeight(110)
        self.diff = SideBySideDiff(self)
        self.diff.set_texts(result.before, result.after, fmt)
        buttons = QDialogButtonBox(self)
        self.write = buttons.addButton(
            tr("Write to Script"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.write.setObjectName("apply:write")
        self.write.setEnabled(not result.unchanged)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.notes)
        layout.addWidget(self.diff, 1)
        layout.addWidget(buttons)


_COLUMNS = (
    QT_TR_NOOP("Setting"),
    QT_TR_NOOP("Current value"),
    QT_TR_NOOP("New value"),
    QT_TR_NOOP("Why"),
)
_SCENARIOS = {"training": QT_TR_NOOP("training"), "inference": QT_TR_NOOP("online inference")}


def _shown(change: Change, side: object) -> str:
    if side is NOT_SET:
        return tr("(not set)")
    if side is None:
        return tr("unset (removed from the environment)")
    if isinstance(side, str) and change.path.startswith("file:"):
        return side.strip().replace("\n", " ⏎ ")
    return change.shown(side)


class PresetDialog(QDialog):
    """Pick a task preset and see exactly what it changes in ``profile``."""

    def __init__(
        self,
        presets: tuple[Preset, ...],
        profile: Profile,
        catalog: Catalog,
        lang: Language,
        *,
        creating: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("dialog:preset")
        self.presets, self.profile, self.catalog, self.lang = presets, profile, catalog, lang
        self.setWindowTitle(tr("New from Preset") if creating else tr("Apply Preset"))
        self.resize(1120, 680)
        self.list = QListWidget(self)
        self.list.setObjectName("preset:list")
        for preset in presets:
            item = QListWidgetItem(preset.title.get(lang), self.list)
            item.setData(Qt.ItemDataRole.UserRole, preset.id)
        self.explanation = _label(self, "preset:explanation")
        self.target = _label(self, "preset:target")
        self.changes = QTreeWidget(self)
        self.changes.setObjectName("preset:changes")
        self.changes.setHeaderLabels([tr(c) for c in _COLUMNS])
        self.changes.setRootIsDecorated(False)
        # each cell wraps in its column, the reasons included (they were cut at one line)
        wrap_columns(self.changes)
        self.changes.viewport().installEventFilter(self)
        self.sources = _label(self, "preset:sources")
        self.sources.setOpenExternalLinks(False)
        self.replace = QCheckBox(tr("Also change the values I set"), self)
        self.replace.setObjectName("preset:replace")
        self.replace.setToolTip(
            tr("Off: values the document already sets are kept and listed as kept.")
        )
        self.work_path = QLineEdit(self)
        self.work_path.setObjectName("preset:job_folder")
        self.work_path.setPlaceholderText(tr("Job folder on the server (for the preset's paths)"))
        work = profile.env.get("ASCEND_WORK_PATH")
        if work and "ASCEND_WORK_PATH" not in profile.env_verbatim:
            self.work_path.setText(work)
        buttons = QDialogButtonBox(self)
        text = tr("Create") if creating else tr("Apply")
        self.ok = buttons.addButton(text, QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("preset:ok")
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._layout(buttons)
        self.list.currentRowChanged.connect(lambda _row: self.refresh())
        self.replace.toggled.connect(lambda _on: self.refresh())
        self.work_path.textChanged.connect(lambda _text: self.refresh())
        self.list.setCurrentRow(0)

    def _layout(self, buttons: QDialogButtonBox) -> None:
        right = QWidget(self)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.explanation)
        column.addWidget(self.target)
        options = QHBoxLayout()
        folder = QLabel(tr("Job folder:"), self)
        folder.setBuddy(self.work_path)
        folder.setToolTip(self.work_path.placeholderText())
        options.addWidget(folder)
        options.addWidget(self.work_path, 1)
        options.addWidget(self.replace)
        column.addLayout(options)
        column.addWidget(self.changes, 1)
        column.addWidget(self.sources)
        split = QSplitter(self)
        split.addWidget(self.list)
        split.addWidget(right)
        split.setSizes([280, 840])
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(buttons)
        layout.addLayout(row)

    def preset(self) -> Preset | None:
        row = self.list.currentRow()
        return self.presets[row] if 0 <= row < len(self.presets) else None

    def outcome(self) -> PresetOutcome | None:
        preset = self.preset()
        if preset is None:
            return None
        work = self.work_path.text().strip() or None
        replace = self.replace.isChecked()
        return apply_preset(preset, self.profile, self.catalog, replace=replace, work_path=work)

    def _add_row(self, texts: list[str]) -> QTreeWidgetItem:
        item = QTreeWidgetItem(texts)
        self.changes.addTopLevelItem(item)
        return item

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.changes.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return False

    def _fit_columns(self) -> None:
        """The setting and both values as wide as their texts up to a share of the
        view each; the reason takes the rest and wraps."""
        room = self.changes.viewport().width()
        for column, share in enumerate((0.26, 0.2, 0.2)):
            self.changes.resizeColumnToContents(column)
            width = self.changes.header().sectionSize(column)
            self.changes.header().resizeSection(column, min(width, int(room * share)))

    def refresh(self) -> None:
        outcome = self.outcome()
        self.changes.clear()
        if outcome is None:
            return
        lang = self.lang
        self.explanation.setText(outcome.preset.explanation.get(lang))
        named = target_of(self.profile)
        product = (
            self.catalog.product(named.product).short.get(lang)
            if named.product is not None
            else tr("Product not named")
        )
        scenario = tr(_SCENARIOS[named.scenario]) if named.scenario else tr("Scenario not named")
        target = tr("Target: {product}, {scenario}.").format(product=product, scenario=scenario)
        if outcome.off_target:
            target += " " + tr(
                "This preset is written for other products or scenarios: only what applies "
                "here is set."
            )
        self.target.setText(target)
        for change in outcome.changes:
            row = [change.path, _shown(change, change.old), _shown(change, change.new)]
            self._add_row([*row, change.why.get(lang)])
        for skip in outcome.skipped:
            item = self._add_row([skip.path, "", tr("(skipped)"), skip.reason.get(lang)])
            item.setForeground(2, self.palette().placeholderText())
        for kept in outcome.kept:
            mine = shown_value(kept.mine)
            why = tr("Kept (yours); {preset}: {why}").format(
                preset=preset_side(kept).get(lang), why=kept.why.get(lang)
            )
            item = self._add_row([kept.path, mine, mine, why])
            item.setForeground(3, self.palette().placeholderText())
        self._fit_columns()
        self.ok.setEnabled(bool(outcome.changes))
        sources = "".join(f"<li>{escape(s)}</li>" for s in outcome.preset.sources)
        self.sources.setText(f"{tr('Sources:')}<ul>{sources}</ul>")
