"""The diagnostics list: severity, message, fix and parameters, in full.

Messages are sentences (often two), so each entry is word-wrapped rich text
(an :class:`Entry`) rather than a table cell that would cut them off. Activating an entry (click,
Enter) asks the window to jump to the parameter it concerns; a click on one of its
fix links (or the entry's context menu) asks it to apply that fix.
"""

from __future__ import annotations

import difflib

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import (
    QAccessible,
    QContextMenuEvent,
    QMouseEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QMenu, QWidget

from ascend_studio.ui._core import Finding
from ascend_studio.ui._diagentry import Entry, plain_text
from ascend_studio.ui._fixlinks import fix_html, fix_of
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._places import DIAGNOSTICS_MINIMUM
from ascend_studio.ui._texts import escape

__all__ = ["SEVERITY_COLOR", "SEVERITY_ICON", "DiagnosticsList", "Entry", "plain_text"]

_ORDER = {"error": 0, "warning": 1, "info": 2}
SEVERITY_ICON = {"error": "✖", "warning": "⚠", "info": "ℹ"}
SEVERITY_COLOR = {"error": "#b3261e", "warning": "#9a5b00", "info": "#1f5f99"}
_TARGET = Qt.ItemDataRole.UserRole


class DiagnosticsList(QListWidget):
    #: A parameter path (or ``env:NAME``) the user wants to see.
    param_activated = Signal(str)
    #: A fix the user wants applied (``ascend_studio.rules.Fix``).
    fix_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diagnostics")
        self.setMinimumSize(DIAGNOSTICS_MINIMUM)  # its stand-in's (the splitter stays put)
        self.setStyleSheet("QListWidget::item:selected { background-color: #dbe9ff; }")
        self.setAlternatingRowColors(True)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.lang: Language = "en"
        self.findings: tuple[Finding, ...] = ()
        self._shown: list[Finding] = []  # the finding each entry shows, in order
        self._unfitted = False  # entries below the view left at their old height
        self.itemActivated.connect(self._activated)
        self.itemClicked.connect(self._activated)
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._fit_shown)
        bar.rangeChanged.connect(self._fit_shown)
        self.viewport().setMouseTracking(True)  # a pointing hand over a fix link

    def show_findings(self, findings: tuple[Finding, ...]) -> None:
        if findings == self.findings:
            return
        self.findings = findings
        self._render()

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        if self.findings or self.count():
            self._render(redraw=True)  # every text is in another language

    def target(self, row: int) -> str:
        item = self.item(row)
        return str(item.data(_TARGET)) if item is not None else ""

    def _render(self, redraw: bool = False) -> None:
        """Update the entries in place: only findings that changed are re-rendered
        (every entry with ``redraw``).

        Editing one value usually changes one message (or none); rebuilding a
        long list of labels on every keystroke would cost more than the rules.
        """
        names = {"error": tr("error"), "warning": tr("warning"), "info": tr("info")}
        new = sorted(self.findings, key=lambda f: _ORDER[f.severity])
        before, after = [_key(f) for f in self._shown], [_key(f) for f in new]
        # the same entries (an edit changed a message or none): no diff to work out
        opcodes = (
            [("equal", 0, len(new), 0, len(new))]
            if before == after
            else difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes()
        )
        touched: list[QListWidgetItem] = []  # entries whose text changed in place
        for tag, i1, i2, j1, j2 in reversed(opcodes):
            if tag == "equal":
                for offset in range(i2 - i1):
                    if redraw or self._shown[i1 + offset] != new[j1 + offset]:  # new text
                        item = self._update(i1 + offset, new[j1 + offset], names)
                        touched += [item] if item is not None else []
                continue
            # Entries replaced by others show the new findings: an entry taken out and
            # another put in cost about 1 ms each (a scenario switch replaced a dozen).
            kept = min(i2 - i1, j2 - j1)
            for offset in range(kept):
                self._update(i1 + offset, new[j1 + offset], names, other=True)
            for row in reversed(range(i1 + kept, i2)):
                self.takeItem(row)
            for offset, finding in enumerate(new[j1 + kept : j2], start=kept):
                self._insert(i1 + offset, finding, names)
        self._shown = new
        if redraw or len(opcodes) > 1 or opcodes[0][0] != "equal":
            self._fit_rows()
        else:  # the same entries: measure only those whose text changed
            self._fit_items(touched)
        # Qt places the entries again in the next turn after any change of an item's
        # data (a text for screen readers, a height): a pass of its own, painted on its
        # own after the edit's. Placed now, they are painted with the rest of the edit.
        self.executeDelayedItemsLayout()

    def _insert(self, row: int, finding: Finding, names: dict[str, str]) -> None:
        item = QListWidgetItem()
        self._guess_height(item)
        self.insertItem(row, item)
        self.setItemWidget(item, Entry(self))
        self._update(row, finding, names)

    def _update(
        self, row: int, finding: Finding, names: dict[str, str], *, other: bool = False
    ) -> QListWidgetItem | None:
        """Show ``finding`` in the entry of ``row`` (``other``: it showed another one);
        the item when its text changed."""
        item = self.item(row)
        entry = self.itemWidget(item) if item is not None else None
        if item is None or not isinstance(entry, Entry):
            return None
        text = _entry_html(finding, names[finding.severity], self.lang)
        if not (other or entry.text() != text):
            return None
        entry.setText(text)
        tip = tr("Rule: {rule}").format(rule=finding.rule_id)
        if finding.source:
            tip += "\n" + tr("Source: {source}").format(source=finding.source)
        self._set_data(
            item,
            (
                (Qt.ItemDataRole.AccessibleTextRole, plain_text(text)),
                (_TARGET, _target(finding.params)),
                (Qt.ItemDataRole.ToolTipRole, tip),
            ),
        )
        entry.fitted_for = None
        return item

    def _set_data(self, item: QListWidgetItem, values: tuple[tuple[int, object], ...]) -> None:
        """Give ``item`` the data that changed, none of which is painted (the entry
        widget paints the text). Any change of an item's data places every entry of
        the list again (all ~120, about half a millisecond): the model keeps quiet about
        these unless an assistive technology is listening, which hears the change as
        before; one that starts later reads the data as it is."""
        changed = [(role, data) for role, data in values if item.data(role) != data]
        if not changed:
            return
        model = self.model()
        quiet = not QAccessible.isActive()
        was = model.blockSignals(quiet) if quiet else False
        try:
            for role, data in changed:
                item.setData(role, data)
        finally:
            if quiet:
                model.blockSignals(was)

    def _fit_rows(self) -> None:
        """Give each entry the height its wrapped text needs at the current width: the
        entries from the top to one view's height below the bottom of the view now.

        The entries further down keep the height they had (their text is laid out
        when they come near the view: scrolling, a resize, the list getting shorter
        above them): a language switch redraws ~120 entries of which a dozen are seen
        (about 14 ms for all). Entries above the view are always fitted, so that no
        entry changes height above what is shown."""
        width = max(self.viewport().width(), 120)
        bottom = 2 * self.viewport().height()
        top = -self.verticalScrollBar().value()
        self._unfitted = False
        for row in range(self.count()):
            if top > bottom:  # the rest, when they come near
                self._unfitted = True
                return
            item = self.item(row)
            entry = self.itemWidget(item) if item is not None else None
            if item is None or not isinstance(entry, Entry):
                continue
            if entry.fitted_for != width:
                self._fit(item, entry, width)
            top += item.sizeHint().height()

    def _fit_items(self, items: list[QListWidgetItem]) -> None:
        """Fit ``items`` (an edit changed their text; the rows stay where they were).
        Asking where they lie would lay the whole list out at once."""
        width = max(self.viewport().width(), 120)
        for item in items:
            entry = self.itemWidget(item)
            if isinstance(entry, Entry) and entry.fitted_for != width:
                self._fit(item, entry, width)

    @staticmethod
    def _fit(item: QListWidgetItem, entry: Entry, width: int) -> None:
        """The entry's height at ``width`` as its item's size (a size that does not
        change is not set: any change of an item's data places every entry again)."""
        entry.fitted_for = width
        size = QSize(width, entry.heightForWidth(width))
        if item.sizeHint() != size:
            item.setSizeHint(size)

    def _guess_height(self, item: QListWidgetItem) -> None:
        """A new entry has the height of three lines until it is measured (the list's
        length, and its scroll bar, about right meanwhile)."""
        lines = 3 * self.fontMetrics().lineSpacing() + Entry.MARGINS.top() + Entry.MARGINS.bottom()
        item.setSizeHint(QSize(max(self.viewport().width(), 120), lines))

    def _fit_shown(self) -> None:
        """Fit the entries that came near the view since they were last left unfitted."""
        if self._unfitted:
            self._fit_rows()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit_rows()
        elif event.size().height() > event.oldSize().height():
            self._fit_shown()

    def _activated(self, item: QListWidgetItem) -> None:
        target = item.data(_TARGET)
        if target:
            self.param_activated.emit(str(target))

    # -- fix links ---------------------------------------------------------------------------
    def _link_at(self, pos: QPoint) -> tuple[Finding, int] | None:
        """The finding and fix whose link is under ``pos`` (viewport coordinates), if any."""
        item = self.itemAt(pos)
        entry = self.itemWidget(item) if item is not None else None
        if item is None or not isinstance(entry, Entry):
            return None
        href = entry.anchor_at(entry.mapFrom(self.viewport(), pos))
        row = self.row(item)
        if not href or not 0 <= row < len(self._shown):
            return None
        return fix_of(href, [self._shown[row]])  # an entry's links name its finding as 0

    def mousePressEvent(self, event: QMouseEvent) -> None:
        found = self._link_at(event.position().toPoint())
        if found is not None and event.button() == Qt.MouseButton.LeftButton:
            finding, number = found
            self.fix_requested.emit(finding.fixes[number])
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        on_link = self._link_at(event.position().toPoint()) is not None
        shape = Qt.CursorShape.PointingHandCursor if on_link else Qt.CursorShape.ArrowCursor
        self.viewport().setCursor(shape)
        super().mouseMoveEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """The fixes of the entry under the pointer (or the current one, from the keyboard)."""
        item = self.itemAt(self.viewport().mapFrom(self, event.pos())) or self.currentItem()
        row = self.row(item) if item is not None else -1
        if not 0 <= row < len(self._shown):
            return
        finding = self._shown[row]
        menu = QMenu(self)
        for fix in finding.fixes:
            if fix.applicability != "display":
                action = menu.addAction(tr("Fix: {title}").format(title=fix.title.get(self.lang)))
                action.triggered.connect(lambda _c=False, f=fix: self.fix_requested.emit(f))
        target = item.data(_TARGET) if item is not None else None
        if target:
            show = menu.addAction(tr("Show in the form"))
            show.triggered.connect(lambda _c=False, t=str(target): self.param_activated.emit(t))
        if not menu.isEmpty():
            menu.exec(event.globalPos())


def _entry_html(finding: Finding, severity: str, lang: Language) -> str:
    color, icon = SEVERITY_COLOR[finding.severity], SEVERITY_ICON[finding.severity]
    parts = [
        f'<span style="color:{color}; font-weight:600;">{icon} {escape(severity)}</span> '
        + escape(finding.message.get(lang))
    ]
    fix = fix_html(finding, 0, lang)  # the entry's own finding: links name it as 0
    if fix:
        parts.append(fix)
    if finding.params:
        names = ", ".join(escape(p) for p in finding.params)
        parts.append(f'<span style="color:#6a737d; font-family:monospace;">{names}</span>')
    return "<br>".join(parts)


def _target(params: tuple[str, ...]) -> str:
    """The place to jump to: the first form parameter, else the first env variable."""
    for param in params:
        if not param.startswith("env:"):
            return param
    return params[0] if params else ""


def _key(finding: Finding) -> tuple[object, ...]:
    """What identifies an entry across edits (its message may change)."""
    return (finding.rule_id, finding.severity, finding.params)
