"""Editors for single values: bool, int, float, free string, Python expression."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QRect, Signal
from PySide6.QtGui import QFontDatabase, QKeyEvent, QPainter, QPaintEvent, QPalette, QValidator
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QToolButton, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._qtnames import set_enum
from ascend_studio.ui._style import set_background
from ascend_studio.ui._values import is_expr, make_expr
from ascend_studio.ui.editors._base import Editor
from ascend_studio.ui.editors._registry import register

if TYPE_CHECKING:
    from ascend_studio.profile import Value

__all__ = [
    "BoolEditor",
    "ExprEditor",
    "ExprLine",
    "FloatEditor",
    "IntEditor",
    "StrEditor",
    "default_text",
]


def default_text(param: Parameter) -> str:
    """The signature default as code would write it; empty when it is ``None``."""
    return "" if param.default is None else repr(param.default)


@register("bool")
class BoolEditor(Editor):
    """A check box; unset shows the default state with a partial mark when it has none."""

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self._set = False
        self._partial = False
        self.check = QCheckBox(self)
        self.check.setObjectName(f"{param.path}:check")
        self.box.addWidget(self.check)
        self.box.addStretch(1)
        self.setFocusProxy(self.check)
        self.check.clicked.connect(self._clicked)
        self._show(None)

    def value(self) -> Value | None:
        return self.check.isChecked() if self._set else None

    def _show(self, value: Value | None) -> None:
        self._set = isinstance(value, bool)
        shown = value if isinstance(value, bool) else self.param.default
        self._partial = not isinstance(shown, bool)
        self.check.setTristate(self._partial)
        self.check.setChecked(shown is True)
        if self._partial:
            # Qt.CheckState.PartiallyChecked without ``Qt``, which the rows built before
            # the first paint do without (ui/_qtnames.py): a tristate box steps from
            # unchecked to partially checked
            self.check.nextCheckState()
        self._label()

    def _clicked(self) -> None:
        on = self.check.isChecked()  # any state but unchecked
        self._partial = False
        self.check.setTristate(False)
        self.check.setChecked(on)
        self._set = True
        self._label()
        self._emit()

    def set_language(self, lang: Language) -> None:
        super().set_language(lang)
        self._label()

    def _label(self) -> None:
        if self._partial:
            # Not set and no bool default: words, not Python's "None", in every language.
            self.check.setText(tr("(unset)"))
        else:
            self.check.setText("True" if self.check.isChecked() else "False")


class _NumberValidator(QValidator):
    """Accepts anything that parses (range problems are diagnostics, not typing blocks)."""

    def __init__(self, parse: type[int] | type[float], parent: QWidget) -> None:
        super().__init__(parent)
        self.parse = parse

    def validate(self, text: str, pos: int) -> object:
        stripped = text.strip()
        if stripped in {"", "-", "+", "."} or stripped.lower().endswith("e"):
            return QValidator.State.Intermediate
        try:
            if "_" in stripped:  # Python accepts 1_000; the catalog's users never mean it
                raise ValueError(stripped)
            number = self.parse(stripped)
            if not math.isfinite(number):  # 1e400, inf, nan: no code can pass these on
                raise ValueError(stripped)
        except ValueError:
            return QValidator.State.Invalid
        return QValidator.State.Acceptable


class _StepLine(QLineEdit):
    """A line edit whose Up/Down keys step the number, like a spin box."""

    stepped = Signal(int)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = QtCore.Qt.Key
        if event.key() in (key.Key_Up, key.Key_Down):
            self.stepped.emit(1 if event.key() == key.Key_Up else -1)
            return
        super().keyPressEvent(event)


class _LineEditor(Editor):
    """Shared plumbing of the one-line text editors: typing coalesces into one undo step."""

    coalesce = True

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.line = self._make_line()
        self.line.setObjectName(f"{param.path}:text")
        # The clear button shows only over text: made when there first is some (making
        # it costs each of the form's ~70 fields a quarter of a millisecond at start).
        self.line.textChanged.connect(self._offer_clear)
        self.box.addWidget(self.line, 1)
        self.setFocusProxy(self.line)
        self.line.textEdited.connect(self._edited)
        self.line.editingFinished.connect(self.editing_finished.emit)

    def _make_line(self) -> QLineEdit:
        return QLineEdit(self)

    def _offer_clear(self, text: str) -> None:
        if text and not self.line.isClearButtonEnabled():
            self.line.setClearButtonEnabled(True)

    def _edited(self, _text: str) -> None:
        if self.line.text().strip() == "" or self.line.hasAcceptableInput():
            self._emit()

    def _show(self, value: Value | None) -> None:
        text = "" if value is None else self._to_text(value)
        if text != self.line.text():
            self.line.setText(text)

    def _to_text(self, value: Value) -> str:
        return value.expr if is_expr(value) else str(value)


@register("int")
class IntEditor(_LineEditor):
    """An integer field with its unit; Up/Down step it. Empty means unset."""

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.line.setValidator(_NumberValidator(int, self.line))
        self.line.setPlaceholderText(default_text(param))
        set_enum(self.line, "alignment", "AlignRight|AlignVCenter")  # ui/_qtnames.py
        if isinstance(self.line, _StepLine):
            self.line.stepped.connect(self._step)
        if param.unit:
            unit = QLabel(param.unit, self)
            unit.setObjectName(f"{param.path}:unit")
            self.box.addWidget(unit)

    def _make_line(self) -> QLineEdit:
        return _StepLine(self)

    def value(self) -> Value | None:
        text = self.line.text().strip()
        try:
            return int(text) if text else None
        except ValueError:
            return None

    def _step(self, delta: int) -> None:
        current = self.value()
        if not isinstance(current, int):
            base = self.param.default if isinstance(self.param.default, int) else None
            current = base if base is not None else int(self.param.minimum or 0) - delta
        self.line.setText(str(current + delta))
        self._emit()


@register("float")
class FloatEditor(_LineEditor):
    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.line.setValidator(_NumberValidator(float, self.line))
        self.line.setPlaceholderText(default_text(param))
        if param.unit:
            self.box.addWidget(QLabel(param.unit, self))

    def value(self) -> Value | None:
        text = self.line.text().strip()
        try:
            number = float(text) if text else None
        except ValueError:
            return None
        return number if number is None or math.isfinite(number) else None


def text_problem(param: Parameter, text: str) -> str | None:
    """The rules' verdict on ``text`` (None: well formed, empty, or free-form)."""
    if not text:
        return None
    from ascend_studio.schema import format_problem  # the syntaxes' checks: on first use

    return format_problem(param, text)


@register("str")
class StrEditor(_LineEditor):
    """Free text. An empty field is unset (the keyword is not passed).

    When the catalog names a syntax for the parameter (``format``), the field is
    marked exactly when the rules call the text malformed (same checker)."""

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.line.setPlaceholderText(default_text(param))
        if param.format:
            self.line.textChanged.connect(self._check)

    def _check(self, text: str) -> None:
        problem = text_problem(self.param, text)
        self.line.setProperty("invalid", problem is not None)
        set_background(self.line, "invalid" if problem else None, QPalette.ColorRole.Base)
        self.line.setToolTip(
            tr("Not in the expected form: {items}").format(items=problem) if problem else ""
        )

    def value(self) -> Value | None:
        text = self.line.text()
        return text if text else None


class ExprLine(QLineEdit):
    """A line that never hides the start of an expression.

    A line edit scrolls a text longer than itself to the cursor, so
    ``"True" == os.getenv("FLAG_ENABLE_DUMP")`` read ``os.getenv("FLAG_ENABLE_DUMP")``:
    the opposite of its meaning. While it is not being edited, a text wider than the
    field is drawn with its middle elided (``"True" == os.…ENABLE_DUMP")``), start and
    end in view; the whole text is its tooltip and is shown as soon as it has focus.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.textChanged.connect(self._tip)

    def _tip(self, text: str) -> None:
        self.setToolTip(text)

    def shown_text(self) -> str:
        """What the field shows now: the text, or its middle elided to fit."""
        if self.hasFocus():
            return self.text()
        room = self._text_rect().width()
        if self.fontMetrics().horizontalAdvance(self.text()) <= room:
            return self.text()
        return self.fontMetrics().elidedText(self.text(), QtCore.Qt.TextElideMode.ElideMiddle, room)

    def _text_rect(self) -> QRect:
        """Where the text goes: inside the frame and margins, left of the clear button."""
        margins = self.textMargins()
        rect = self.rect().adjusted(
            6 + margins.left(), 0, -(6 + margins.right()), 0
        )  # the style's frame and QLineEdit's own 2 px each side
        for button in self.findChildren(QToolButton):
            if button.isVisible():
                rect.setRight(min(rect.right(), button.x() - 2))
        return rect

    def paintEvent(self, event: QPaintEvent) -> None:
        shown = self.shown_text()
        if shown == self.text():
            super().paintEvent(event)
            return
        from PySide6.QtWidgets import QStyle, QStyleOptionFrame  # only for a long expression

        option = QStyleOptionFrame()
        self.initStyleOption(option)
        painter = QPainter(self)
        try:
            self.style().drawPrimitive(
                QStyle.PrimitiveElement.PE_PanelLineEdit, option, painter, self
            )
            painter.setPen(self.palette().color(QPalette.ColorRole.Text))
            painter.drawText(self._text_rect(), int(QtCore.Qt.AlignmentFlag.AlignVCenter), shown)
        finally:
            painter.end()


@register("object")
class ExprEditor(_LineEditor):
    """A Python expression kept verbatim (``strategy``, ``args.precision_mode``)."""

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.line.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.line.setPlaceholderText("None")

    def _make_line(self) -> QLineEdit:
        return ExprLine(self)

    def value(self) -> Value | None:
        text = self.line.text().strip()
        return make_expr(text) if text else None
