"""One parameter row of the form: label, name, editor, default, state and findings.

A row only renders the :class:`RowState` the form computes for it; it holds no
rule logic. Unavailable rows stay editable (a profile may target another
machine); they are greyed and say why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QSize, QTimer, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPainter
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpacerItem,
    QToolButton,
    QWidget,
)

from ascend_studio.schema import Catalog, Parameter
from ascend_studio.ui._core import Finding, Unavailable, unavailable_here
from ascend_studio.ui._fixlinks import fix_html, fix_of
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._snapshot import RowState
from ascend_studio.ui._style import COLORS, font_key, set_background, set_text_color, styled_font
from ascend_studio.ui._tags import TagStrip
from ascend_studio.ui._texts import escape, explain_unavailable, show_value, tags_for
from ascend_studio.ui._values import is_expr
from ascend_studio.ui.editors import Editor, ExprEditor, PathEditor, editor_class

if TYPE_CHECKING:
    from PySide6.QtGui import QEnterEvent, QPaintEvent, QResizeEvent

    from ascend_studio.profile import Value

__all__ = ["BAR_WIDTH", "MARKER_WIDTH", "ParamRow", "RowState", "reset_size"]

#: The grid columns of the severity stripe and of the dot of a set value, their widths
#: and the dot's and the reset button's texts.
BAR, MARKER = 0, 2
BAR_WIDTH, MARKER_WIDTH = 3, 10
MARKER_TEXT, RESET_TEXT = "●", "↺"
_FIXED = QSizePolicy.Policy.Fixed


def reset_size(widget: QWidget) -> QSize:
    """The reset button's size in ``widget``'s font (measured once per font): rows
    keep room for it before they have one. The font's key names its first family
    only; the glyph may come from a later one (the CJK family added for Chinese)."""
    key = font_key(widget.font())
    size = _RESET_SIZES.get(key)
    if size is None:
        probe = QToolButton()
        probe.setFont(widget.font())
        probe.setText(RESET_TEXT)
        probe.setAutoRaise(True)
        size = _RESET_SIZES[key] = probe.sizeHint()
    return QSize(size)


_RESET_SIZES: dict[tuple[str, ...], QSize] = {}

_SEVERITY_ICON = {"error": "✖", "warning": "⚠", "info": "ℹ"}
_SEVERITY_COLOR = {"error": "#b3261e", "warning": "#9a5b00", "info": "#1f5f99"}
_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


class CodeName(QLabel):
    """A row's code name, made selectable when the pointer first comes over it: a text
    control for each of the ~120 code names made the form's start slower. (An event
    filter on each name did it and passed every event of every name through Python:
    about 11 per row while it was built.) It takes no focus until then either: a label
    that can take focus gets a text control too (Qt's QLabel makes one for it); the
    selectable flags give it click focus, so Tab still goes editor to editor."""

    def enterEvent(self, event: QEnterEvent) -> None:
        flags = QtCore.Qt.TextInteractionFlag  # not read before the first paint: ui/_qtnames.py
        selectable = flags.TextSelectableByMouse | flags.TextSelectableByKeyboard
        if self.textInteractionFlags() != selectable:
            self.setTextInteractionFlags(selectable)
        super().enterEvent(event)


class TextBox(QWidget):
    """Holds one of a row's word-wrapped labels (its findings, its default and effective
    value) at the height its text needs at the row's width.

    A label in the row's grid made Qt lay out the row whenever its text changed, and
    the row, whatever its new size, told its stack, which told its section, the form
    and its scroll area, one turn of the event loop each, the row and its findings
    measured and painted again on the way. Here a new text (:meth:`set_text`) that
    needs the same height at the box's width is painted where it is; one that needs
    another height, or any new text while the row is not shown, lays the row out as
    before. The box takes no width from the columns: they are shared out by the row's
    label and editor."""

    def __init__(self, label: QLabel, parent: QWidget) -> None:
        super().__init__(parent)
        self.label = label
        label.setParent(self)
        policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        #: A text was set without the row's layout hearing of it: the heights it keeps
        #: for other widths are the old text's (asked again when the width changes).
        self._stale = False

    def set_text(self, text: str) -> None:
        label, width = self.label, self.width()
        if text == label.text():
            return
        same = self.isVisible() and width > 0
        before = label.heightForWidth(width) if same else -1
        label.setText(text)
        if same and label.heightForWidth(width) == before:
            self._stale = True
            return
        self._stale = False
        self.updateGeometry()  # the row's layout, in this turn when the row is shown

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.label.heightForWidth(width)

    def sizeHint(self) -> QSize:
        return QSize(0, self.label.sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.label.minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.label.setGeometry(self.rect())
        if self._stale and event.size().width() != event.oldSize().width():
            self._stale = False
            self.updateGeometry()  # measured again for this width (the next turn)
        super().resizeEvent(event)


class ParamRow(QFrame):
    """Renders one parameter; emits the user's edits, never applies them itself."""

    #: (path, value or None for unset, typing: fold into the previous undo step)
    edited = Signal(str, object, bool)
    finished = Signal()
    reset_requested = Signal(str)
    #: "Edit file…" on a path parameter whose file format is known (its path).
    file_edit_requested = Signal(str)
    #: A fix link under the row was clicked: the :class:`~ascend_studio.rules.Fix` to apply.
    fix_requested = Signal(object)

    def __init__(
        self,
        param: Parameter,
        catalog: Catalog,
        level: int = 0,
        parent: QWidget | None = None,
        lang: Language = "en",
    ) -> None:
        super().__init__(parent)
        self.param = param
        self.catalog = catalog
        self.level = level
        self.lang: Language = lang  # its texts are set once, in this language
        self.state = RowState()
        self.setObjectName(f"row:{param.path}")
        self.setProperty("unavailable", False)
        self.setProperty("flash", False)
        self.setProperty("severity", "")
        self.editor: Editor = editor_class(param)(param, self)
        self.expr_editor: ExprEditor | None = None
        self._flash_timer: QTimer | None = None
        self._diag: QLabel | None = None
        self._shown: list[Finding] = []  # the findings under the row, in order
        self._build()
        self.editor.value_changed.connect(self._edited)
        self.editor.editing_finished.connect(self.finished)  # signal to signal: cheaper
        if isinstance(self.editor, PathEditor):
            self.editor.file_edit_requested.connect(self.file_edit_requested)
        self.set_language(self.lang)

    def _build(self) -> None:
        # The severity stripe and the "set" dot are painted (paintEvent), and the reset
        # button is made when the row is first set: three widgets fewer per row cut
        # about a tenth of building the form.
        self.title = QLabel(self)
        self.title.setObjectName("title")
        self.title.setWordWrap(True)
        styled_font(self.title, bold=True)
        shown_name = self.param.name if self.level else self.param.path
        self.name = CodeName(shown_name, self)
        self.name.setObjectName("name")
        styled_font(self.name, mono=True)
        set_text_color(self.name, "muted")
        self.tags = TagStrip(self)
        self.tags.setObjectName("tags")
        self.meta = QLabel(self)
        self.meta.setObjectName("meta")
        self.meta.setWordWrap(True)
        styled_font(self.meta, scale=0.9)
        set_text_color(self.meta, "muted")
        self._meta_box = TextBox(self.meta, self)
        self._diag_box: TextBox | None = None
        self._reset: QToolButton | None = None
        self._lay_out()

    def _lay_out(self) -> None:
        # The code name sits under the label, beside the tags: beside the label it left
        # the label a few characters when the Why panel was open (Chinese wrapped to
        # three lines).
        under = QHBoxLayout()
        under.setSpacing(8)
        under.addWidget(self.name)
        under.addWidget(self.tags, 1)
        self.editor_box = QHBoxLayout()
        self.editor_box.setSpacing(2)
        self.editor_box.addWidget(self.editor, 1)
        size = reset_size(self)  # a spacer gets no spacing before it: it takes that too
        room = size.width() + self.editor_box.spacing()
        self._reset_room = QSpacerItem(room, size.height(), _FIXED, _FIXED)
        self.editor_box.addItem(self._reset_room)
        grid = self._grid = QGridLayout(self)
        grid.setContentsMargins(0, 5, 4, 5)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        # Room for the painted stripe and dot, and the gap after each that their widgets
        # had (a column with no widget gets no spacing: the indent's never had one).
        gap = grid.horizontalSpacing()
        grid.setColumnMinimumWidth(BAR, BAR_WIDTH + gap)
        grid.setColumnMinimumWidth(1, 20 * self.level)
        grid.setColumnMinimumWidth(MARKER, MARKER_WIDTH + gap)
        grid.addWidget(self.title, 0, 3)
        grid.addLayout(under, 1, 3)
        grid.addLayout(self.editor_box, 0, 4)
        grid.addWidget(self._meta_box, 1, 4)
        grid.setColumnStretch(3, 1)
        grid.setColumnStretch(4, 1)
        self.editor.setMinimumWidth(200)

    @property
    def reset(self) -> QToolButton:
        """The button that removes the value: made the first time the row is set, in the
        room its layout kept for it (nothing moves when it appears)."""
        if self._reset is None:
            button = self._reset = QToolButton(self)
            button.setObjectName(f"{self.param.path}:reset")
            button.setText(RESET_TEXT)
            button.setAutoRaise(True)
            button.clicked.connect(lambda: self.reset_requested.emit(self.param.path))
            keep = button.sizePolicy()
            keep.setRetainSizeWhenHidden(True)
            button.setSizePolicy(keep)
            button.setFixedSize(reset_size(self))
            button.setVisible(False)
            button.setToolTip(tr("Reset: remove the value (the default applies)"))
            self.editor_box.removeItem(self._reset_room)
            self.editor_box.addWidget(button)
        return self._reset

    def paintEvent(self, event: QPaintEvent) -> None:
        """The severity stripe down the left edge, and the dot of a set value."""
        super().paintEvent(event)
        severity = str(self.property("severity") or "")
        is_set = self.state.value is not None
        if not severity and not is_set:
            return
        painter = QPainter(self)
        try:
            if severity:  # down the grid's rows, inside its margins
                margins = self._grid.contentsMargins()
                height = self.height() - margins.top() - margins.bottom()
                painter.fillRect(0, margins.top(), BAR_WIDTH, height, QColor(COLORS[severity]))
            if is_set:
                # on the label's first line (a grid cell's rect has no height of its own)
                left = self._grid.cellRect(0, MARKER).left()
                painter.setPen(QColor(COLORS["set"]))
                baseline = self.title.y() + QFontMetrics(self.font()).ascent()
                painter.drawText(left, baseline, MARKER_TEXT)
        finally:
            painter.end()

    # -- inputs from the form --------------------------------------------------------
    def apply(self, state: RowState) -> None:
        if state == self.state:
            return
        old = self.state
        self.state = state
        self._sync_editor(state.value)
        is_set = state.value is not None
        if is_set != (old.value is not None):
            self.update()  # the dot
        self.setProperty("set", is_set)
        if is_set or self._reset is not None:
            self.reset.setVisible(is_set)
        if (old.unavailable, old.fields_set) != (state.unavailable, state.fields_set):
            self._render_tags()
        self._render_meta()
        if old.findings != state.findings:
            self._render_findings()

    def set_target(self, product: str | None, scenario: str | None) -> None:
        self.editor.set_target(product, scenario, self._explain)

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self.title.setText(self.param.label.get(lang))
        self.setToolTip("")
        tip = self._tooltip()
        for widget in (self.title, self.name, self.editor):
            widget.setToolTip(tip)
        if self._reset is not None:
            self._reset.setToolTip(tr("Reset: remove the value (the default applies)"))
        self.editor.set_language(lang)
        if self.expr_editor is not None:
            self.expr_editor.setToolTip(tr("A Python expression kept as written"))
        self._render_tags()
        self._render_meta()
        self._render_findings()

    def flash(self, ms: int = 1600) -> None:
        """Highlight the row for a moment (after a jump from the diagnostics list)."""
        if self._flash_timer is None:
            self._flash_timer = QTimer(self)  # a child: it dies with the row, never fires after
            self._flash_timer.setSingleShot(True)
            self._flash_timer.timeout.connect(lambda: self._set_flash(False))
        self._set_flash(True)
        self._flash_timer.start(ms)

    @property
    def diag(self) -> QLabel:
        """The findings under the row (made the first time there are some)."""
        return self._findings_box().label

    def _findings_box(self) -> TextBox:
        if self._diag_box is None:
            self._diag = QLabel(self)
            self._diag.setObjectName("diagnostics")
            self._diag.setWordWrap(True)
            self._diag.setTextFormat(QtCore.Qt.TextFormat.RichText)
            flags = QtCore.Qt.TextInteractionFlag
            self._diag.setTextInteractionFlags(
                flags.LinksAccessibleByMouse | flags.LinksAccessibleByKeyboard
            )
            self._diag.linkActivated.connect(self._link)
            self._diag_box = TextBox(self._diag, self)
            self._diag_box.setVisible(False)
            self._grid.addWidget(self._diag_box, 2, 3, 1, 2)
        return self._diag_box

    def _link(self, href: str) -> None:
        found = fix_of(href, self._shown)
        if found is not None:
            finding, number = found
            self.fix_requested.emit(finding.fixes[number])

    # -- editor plumbing -------------------------------------------------------------------
    def _sync_editor(self, value: Value | None) -> None:
        expression = is_expr(value) and not isinstance(self.editor, ExprEditor)
        if expression and self.expr_editor is None:
            self.expr_editor = ExprEditor(self.param, self)
            self.expr_editor.setObjectName(f"{self.param.path}:expr")
            self.expr_editor.value_changed.connect(self._edited)
            self.expr_editor.editing_finished.connect(self.finished)
            self.editor_box.insertWidget(0, self.expr_editor, 1)
        if self.expr_editor is not None:
            self.expr_editor.setVisible(expression)
        self.editor.setVisible(not expression)
        active = self.expr_editor if expression and self.expr_editor else self.editor
        if active.value() != value:
            active.set_value(value)
        if not expression and self.expr_editor is not None:
            self.expr_editor.set_value(None)

    def _edited(self, value: object) -> None:
        source = self.sender()
        coalesce = isinstance(source, Editor) and source.coalesce
        self.edited.emit(self.param.path, value, coalesce)

    def _explain(self, problem: Unavailable) -> str:
        return explain_unavailable(problem, self.catalog, self.lang)

    def _set_flash(self, on: bool) -> None:
        self._set_style_property("flash", on)

    def _set_style_property(self, name: str, value: object) -> None:
        """Record a look-changing state (tests read it) and repaint only on change."""
        if self.property(name) == value:
            return
        self.setProperty(name, value)
        if name == "flash":
            set_background(self, "flash" if value else None)
        elif name == "severity":
            self.update(0, 0, BAR_WIDTH, self.height())  # the stripe
        elif name == "unavailable":
            set_text_color(self.title, "muted" if value else None)

    # -- rendering -------------------------------------------------------------------------
    def _tooltip(self) -> str:
        parts = [f"<b>{escape(self.param.label.get(self.lang))}</b>"]
        parts.append(escape(self.param.description.get(self.lang)))
        if self.param.example:
            parts.append(f"<code>{escape(self.param.example)}</code>")
        if self.param.env:
            parts.append(tr("Environment: {names}").format(names=", ".join(self.param.env)))
        return "<p>" + "</p><p>".join(parts) + "</p>"

    def _render_tags(self) -> None:
        pieces = tags_for(self.param)
        problem = self.state.unavailable
        if problem is not None:  # holding on some of the products not named: a note
            pieces.insert(0, ("note" if problem.unnamed else "unavailable", self._explain(problem)))
        note = self.param.availability_note
        self.tags.setToolTip(note.get(self.lang) if note else "")
        self.tags.set_tags(pieces)
        self.tags.setVisible(bool(pieces))
        self._set_style_property("unavailable", unavailable_here(problem))

    def _render_meta(self) -> None:
        parts = [tr("default: {value}").format(value=self._default_text())]
        if self.param.kind == "subconfig":
            parts = [tr("{count} fields set").format(count=self.state.fields_set)]
        effective = self.state.effective
        if effective is not None:
            shown = (
                tr("ignored")
                if effective.ignored
                else f"{show_value(effective.value)} {self.param.unit}".strip()
            )
            parts.append(tr("effective: {value}").format(value=shown))
        self._meta_box.set_text(" · ".join(parts))
        self.meta.setToolTip(effective.note.get(self.lang) if effective and effective.note else "")

    def _default_text(self) -> str:
        if self.param.default is None:
            return tr("not passed")
        text = show_value(self.param.default)
        return f"{text} {self.param.unit}".strip()

    def _render_findings(self) -> None:
        findings = sorted(self.state.findings, key=lambda f: _SEVERITY_ORDER[f.severity])
        worst = findings[0].severity if findings else None
        self.editor.set_diagnostic(worst, findings[0].message.get(self.lang) if findings else "")
        self._set_style_property("severity", worst or "")
        self._shown = findings
        lines = []
        for index, finding in enumerate(findings):
            text = escape(finding.message.get(self.lang))
            color, icon = _SEVERITY_COLOR[finding.severity], _SEVERITY_ICON[finding.severity]
            fix = fix_html(finding, index, self.lang)
            lines.append(f'<span style="color:{color};">{icon} {text}</span> {fix}'.rstrip())
        if lines or self._diag_box is not None:
            box = self._findings_box()
            box.set_text("<br>".join(lines))
            box.setVisible(bool(lines))
