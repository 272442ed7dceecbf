"""Rows for what the profile keeps that the catalog does not know.

A keyword NPURunConfig or a sub-config does not have, a parameter_map key the
adapter does not read, a profile value under an unknown path: each is kept as
written until the user acts, and shown here as a row with its value, the findings
about it (their fixes as links), a Remove button and a Rename menu of the close
catalog names it was probably meant as. Acting emits the fix; the window applies
it as one undoable step.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.ui._core import Finding
from ascend_studio.ui._fixlinks import SEVERITY_COLOR, SEVERITY_ICON, fix_html, fix_of
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._menubutton import MenuButton
from ascend_studio.ui._row import BAR_WIDTH
from ascend_studio.ui._snapshot import UnknownState
from ascend_studio.ui._style import COLORS, set_background, set_text_color, styled_font
from ascend_studio.ui._texts import escape

__all__ = ["UnknownRow", "UnknownRows"]

_ORDER = {"error": 0, "warning": 1, "info": 2}


class UnknownRow(QFrame):
    """One name the catalog does not know: what it is, its value, its findings, actions."""

    #: The fix to apply (``ascend_studio.rules.Fix``): a removal, a rename or a link's.
    fix_requested = Signal(object)

    def __init__(self, state: UnknownState, lang: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        key = state.entry.key
        self.setObjectName(f"row:{key}")
        self.state = state
        self.lang: Language = lang
        self._findings: list[Finding] = []
        self._flash = QTimer(self)
        self._flash.setSingleShot(True)
        self._flash.timeout.connect(lambda: set_background(self, None))
        self.title = QLabel(self)
        self.title.setObjectName("title")
        styled_font(self.title, bold=True, mono=True)
        self.value = QLabel(self)
        self.value.setObjectName("value")
        self.value.setWordWrap(True)
        self.value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        styled_font(self.value, mono=True)
        set_text_color(self.value, "muted")
        self.remove = QToolButton(self)
        self.remove.setObjectName(f"{key}:remove")
        self.remove.clicked.connect(lambda: self.fix_requested.emit(self.state.entry.remove()))
        self.rename = MenuButton(self)
        self.rename.setObjectName(f"{key}:rename")
        self.diag = QLabel(self)
        self.diag.setObjectName("diagnostics")
        self.diag.setWordWrap(True)
        self.diag.setTextFormat(Qt.TextFormat.RichText)
        flags = Qt.TextInteractionFlag
        self.diag.setTextInteractionFlags(
            flags.LinksAccessibleByMouse | flags.LinksAccessibleByKeyboard
        )
        self.diag.linkActivated.connect(self._link)
        self._lay_out()
        self.apply(state)

    def _lay_out(self) -> None:
        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        buttons.addWidget(self.remove)
        buttons.addWidget(self.rename)
        buttons.addStretch(1)
        grid = self._grid = QGridLayout(self)
        grid.setContentsMargins(13, 5, 4, 5)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.title, 0, 0)
        grid.addLayout(buttons, 0, 1)
        grid.addWidget(self.value, 1, 0, 1, 2)
        grid.addWidget(self.diag, 2, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)

    def apply(self, state: UnknownState) -> None:
        self.state = state
        self._render()

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self._render()

    def flash(self, ms: int = 1600) -> None:
        set_background(self, "flash")
        self._flash.start(ms)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The worst finding's colour down the left edge, as a parameter's row has it."""
        super().paintEvent(event)
        if not self._findings:
            return
        painter = QPainter(self)
        try:
            margins = self._grid.contentsMargins()
            top, height = margins.top(), self.height() - margins.top() - margins.bottom()
            color = QColor(COLORS[self._findings[0].severity])
            painter.fillRect(0, top, BAR_WIDTH, height, color)
        finally:
            painter.end()

    def _render(self) -> None:
        entry = self.state.entry
        self.title.setText(entry.label)
        self.value.setText(tr("kept as written: {value}").format(value=entry.value))
        self.remove.setText(tr("Remove"))
        self.remove.setToolTip(
            tr("Remove {name} (the adapter cannot read it)").format(name=entry.label)
        )
        self.rename.setText(tr("Rename to"))
        menu = self.rename.menu()
        menu.clear()
        for path, spelled in entry.choices:
            action = menu.addAction(spelled or path)
            action.triggered.connect(lambda _c=False, p=path: self._rename(p))
        self.rename.setEnabled(bool(entry.choices))
        self.rename.setToolTip(
            tr("Give the value to a parameter the catalog knows, in the same place")
            if entry.choices
            else tr("No parameter of the catalog has a close name")
        )
        self._render_findings()

    def _rename(self, path: str) -> None:
        self.fix_requested.emit(self.state.entry.rename(path))

    def _render_findings(self) -> None:
        findings = sorted(self.state.findings, key=lambda f: _ORDER[f.severity])
        self._findings = findings
        lines = []
        for index, finding in enumerate(findings):
            color, icon = SEVERITY_COLOR[finding.severity], SEVERITY_ICON[finding.severity]
            text = escape(finding.message.get(self.lang))
            fix = fix_html(finding, index, self.lang)
            lines.append(f'<span style="color:{color};">{icon} {text}</span> {fix}'.rstrip())
        self.diag.setText("<br>".join(lines))
        self.diag.setVisible(bool(lines))
        self.update(0, 0, BAR_WIDTH, self.height())  # the stripe

    def _link(self, href: str) -> None:
        found = fix_of(href, self._findings)
        if found is not None:
            finding, number = found
            self.fix_requested.emit(finding.fixes[number])


class UnknownRows(QWidget):
    """The rows of the "Not in the catalog" section, one per name, in profile order."""

    fix_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unknown")
        self.lang: Language = "en"
        self.rows: dict[str, UnknownRow] = {}
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)

    def show_entries(self, states: tuple[UnknownState, ...]) -> None:
        """One row per entry: kept rows updated, new ones made, gone ones removed."""
        wanted = {state.entry.key: state for state in states}
        for key in [k for k in self.rows if k not in wanted]:
            row = self.rows.pop(key)
            self._layout.removeWidget(row)
            row.deleteLater()
        for index, (key, state) in enumerate(wanted.items()):
            kept = self.rows.get(key)
            if kept is None:
                made = self.rows[key] = UnknownRow(state, self.lang, self)
                made.fix_requested.connect(self.fix_requested)
                self._layout.insertWidget(index, made)
            elif kept.state != state:
                kept.apply(state)

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        for row in self.rows.values():
            row.set_language(lang)
