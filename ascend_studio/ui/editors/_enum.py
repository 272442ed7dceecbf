"""Choice editor: one entry per catalog value, with per-value availability.

Each value shows its literal (what code will contain), its label in the UI
language and a "default" tag; values not available on the target product or
scenario stay selectable but are greyed with the reason, so a user can still
write a profile for another machine. Open enums add an "other value" entry that
reveals a text field; a value outside a closed list (e.g. imported) is shown as
an extra entry instead of being lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtGui import QBrush, QPaintEvent, QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._core import Unavailable, value_unavailable
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._places import fit_to_items, sized_to_items
from ascend_studio.ui._qtnames import FOREGROUND_ROLE, USER_ROLE
from ascend_studio.ui._values import is_expr
from ascend_studio.ui.editors._base import Editor, Explain
from ascend_studio.ui.editors._registry import register

if TYPE_CHECKING:
    from ascend_studio.profile import Value

__all__ = ["ChoiceBox", "EnumEditor"]

#: An entry's short text: what a combo box too narrow for the whole entry shows.
SHORT_ROLE = USER_ROLE + 7


class ChoiceBox(QComboBox):
    """A combo box whose shown text is never cut off at its end.

    An entry reads ``'allow_mix_precision'  Mixed precision (fp16)``: in the ~260 px a
    1280 px window gives the field, the end was elided. Where the whole entry does
    not fit, the box shows its short text (the value as code writes it, kept under
    :data:`SHORT_ROLE`); the whole entry is its tooltip, and the list shows every
    entry whole.
    """

    def shown_text(self) -> str:
        text = self.currentText()
        if self._fits(text):
            return text
        short = self.currentData(SHORT_ROLE)
        return short if isinstance(short, str) and short else text

    def _fits(self, text: str) -> bool:
        return self.fontMetrics().horizontalAdvance(text) <= self._room()

    def _room(self) -> int:
        if self.width() - 60 >= self.fontMetrics().horizontalAdvance(self.currentText()):
            return self.width()  # plainly fits: no need to ask the style
        from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        return field.width() - 4

    def paintEvent(self, event: QPaintEvent) -> None:
        shown = self.shown_text()
        self.setToolTip(self.currentText() if shown != self.currentText() else "")
        if shown == self.currentText():
            super().paintEvent(event)
            return
        from PySide6.QtWidgets import QStyle, QStyleOptionComboBox, QStylePainter

        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = shown
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def showPopup(self) -> None:
        """The list as wide as its widest entry (up to the screen), nothing elided."""
        view = self.view()
        view.setTextElideMode(QtCore.Qt.TextElideMode.ElideNone)
        view.setMinimumWidth(view.sizeHintForColumn(0) + 24)
        super().showPopup()


@register("enum")
class EnumEditor(Editor):
    """A combo box; index 0 is "unset" (the keyword is not passed)."""

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.combo = ChoiceBox(self)
        self.combo.setObjectName(f"{param.path}:combo")
        sized_to_items(self.combo)
        self._values: list[Value | None] = [None, *(v.value for v in param.values)]
        self._problems: list[Unavailable | None] = [None] * len(self._values)
        self._explain: Explain | None = None
        self._extra: Value | None = None
        self._labelled: Language | None = None  # the language of the labels shown
        # The combo box's own item model: a model of our own, set with setModel, cost
        # about 0.6 ms a row while the form was built.
        self.combo.addItems([""] * (len(self._values) + (1 if param.open_enum else 0)))
        model = self.combo.model()
        assert isinstance(model, QStandardItemModel)
        self._model = model
        self.box.addWidget(self.combo, 1)
        self._other: QLineEdit | None = None
        if param.open_enum:
            self._make_other()
        self.setFocusProxy(self.combo)
        self.combo.activated.connect(self._chosen)
        self._relabel()

    @property
    def other(self) -> QLineEdit:
        """The field of an open enum's "other value" (a closed enum never shows one)."""
        return self._other if self._other is not None else self._make_other()

    def _make_other(self) -> QLineEdit:
        self._other = QLineEdit(self)
        self._other.setObjectName(f"{self.param.path}:other")
        self._other.setVisible(False)
        self.box.addWidget(self._other, 1)
        self._other.textEdited.connect(lambda _t: self._emit())
        self._other.editingFinished.connect(self.editing_finished.emit)
        return self._other

    @property
    def _other_row(self) -> int:
        return len(self._values) if self.param.open_enum else -1

    # -- protocol ------------------------------------------------------------------
    def value(self) -> Value | None:
        index = self.combo.currentIndex()
        if 0 <= index < len(self._values):
            return self._values[index]
        if index == self._other_row:
            return self._parse(self.other.text())
        return self._extra

    def _show(self, value: Value | None) -> None:
        index = self._index_of(value)
        self._drop_extra()
        if index is None and self.param.open_enum and not is_expr(value):
            index = self._other_row
            self.other.setText("" if value is None else str(value))
        elif index is None:
            index = self._add_extra(value)
        self.combo.setCurrentIndex(index)
        if self._other is not None:
            self._other.setVisible(index == self._other_row)

    def set_target(self, product: str | None, scenario: str | None, explain: Explain) -> None:
        """Keep the problems, not their text: the text follows the language. The
        labels are made again only when a value's problem changed (most parameters
        have none on any target: relabelling each combo box three times as its row
        was built was 5 % of building the rows)."""
        problems = [None, *(value_unavailable(v, product, scenario) for v in self.param.values)]
        changed = problems != self._problems
        self._problems, self._explain = problems, explain
        if changed:
            self._relabel()

    def set_language(self, lang: Language) -> None:
        super().set_language(lang)
        if lang != self._labelled:
            self._relabel()

    def choose(self, value: Value | None) -> None:
        """Select ``value`` as if the user picked it (keyboard helpers and tests)."""
        index = self._index_of(value)
        if index is None:
            raise ValueError(f"{value!r} is not a listed value of {self.param.path}")
        self.combo.setCurrentIndex(index)
        self._chosen(index)

    # -- internals -------------------------------------------------------------------
    def _index_of(self, value: Value | None) -> int | None:
        for index, known in enumerate(self._values):
            if type(known) is type(value) and known == value:
                return index
        return None

    def _drop_extra(self) -> None:
        base = len(self._values) + (1 if self.param.open_enum else 0)
        if self._model.rowCount() > base:
            self._model.removeRow(base)
        self._extra = None

    def _add_extra(self, value: Value | None) -> int:
        self._extra = value
        short = value.expr if is_expr(value) else repr(value)
        item = QStandardItem(short + "  " + tr("(not in the list)"))
        item.setData(short, SHORT_ROLE)
        item.setForeground(self.palette().brush(QPalette.ColorRole.PlaceholderText))
        self._model.appendRow(item)
        return self._model.rowCount() - 1

    def _relabel(self) -> None:
        self._labelled = self.lang
        # the palette's brush: QBrush(QColor) makes PySide6 create QImage's and QGradient's
        # enum classes (~5 ms, 169 gradient presets) to choose among its constructors
        grey = self.palette().brush(QPalette.ColorRole.PlaceholderText)
        first = self._model.item(0)
        first.setText(tr("(unset)") + self._default_hint())
        first.setData(tr("(unset)"), SHORT_ROLE)
        first.setToolTip(tr("Not passed: the runtime default applies."))
        for row, item in enumerate(self.param.values, start=1):
            cell = self._model.item(row)
            text = repr(item.value)
            if item.label is not None:
                text += f"  {item.label.get(self.lang)}"
            if self.param.default is not None and item.value == self.param.default:
                text += "  · " + tr("default")
            problem = self._problems[row]
            note = self._explain(problem) if problem and self._explain else ""
            if note:
                text += f"  ({note})"
            cell.setText(text)
            cell.setData(repr(item.value), SHORT_ROLE)
            cell.setToolTip(item.description.get(self.lang) + (f"\n{note}" if note else ""))
            muted = note and problem is not None and not problem.unnamed
            cell.setData(grey if muted else QBrush(), FOREGROUND_ROLE)
        if self.param.open_enum:
            self._model.item(self._other_row).setText(tr("Other value…"))
        if self.combo.isVisible():  # else its first show sizes it
            fit_to_items(self.combo)

    def _default_hint(self) -> str:
        if self.param.default is None:
            return ""
        return "  " + tr("default {value}").format(value=repr(self.param.default))

    def _chosen(self, index: int) -> None:
        is_other = index == self._other_row
        if self._other is not None:
            self._other.setVisible(is_other)
        if is_other:
            self.other.setFocus()
            if not self.other.text():
                return
        if index < len(self._values) or is_other:
            self._drop_extra()
        self._emit()
        self.editing_finished.emit()

    def _parse(self, text: str) -> Value | None:
        text = text.strip()
        if not text:
            return None
        if self.param.py_type == "int":
            try:
                return int(text)
            except ValueError:
                return text
        return text
