"""Editors for list-like strings (``"0,1"``, ``"0|5|10-20"``, ``"2|4"``).

The value stays the exact string the runtime expects; the editor offers
structure on top of it: fixed-size lists get one field per item inline, open
lists get an item dialog. Whether the text is well formed is the rules' own
verdict: the syntax the catalog names for the parameter (``format``), checked by
``ascend_studio.schema.format_problem``; the editor has no checker of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QLineEdit, QToolButton, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, tr
from ascend_studio.ui.editors._base import Editor
from ascend_studio.ui.editors._registry import register
from ascend_studio.ui.editors._scalar import StrEditor

if TYPE_CHECKING:
    from ascend_studio.profile import Value

__all__ = ["LIST_SPECS", "ListEditor", "ListSpec", "PairEditor"]


@dataclass(frozen=True, slots=True)
class ListSpec:
    """How the items are joined and described; validity comes from the catalog format."""

    separator: str
    #: Short description of one item, translated at display time.
    hint: str
    #: Labels of the items when the list has a fixed size.
    slots: tuple[str, ...] = ()


LIST_SPECS: dict[str, ListSpec] = {
    "step_list": ListSpec("|", QT_TR_NOOP("a step (5) or a range (10-20)")),
    "device_list": ListSpec(",", QT_TR_NOOP("a device ID (0)")),
    "int_list": ListSpec(",", QT_TR_NOOP("an integer")),
    "op_list": ListSpec(",", QT_TR_NOOP("an operator type (SoftmaxV2)")),
    "shape_range": ListSpec(";", QT_TR_NOOP("an input and its ranges (getnext:[128,3~5,-1])")),
    "core_pair": ListSpec(
        "|", QT_TR_NOOP("a core count"), (QT_TR_NOOP("Cube cores"), QT_TR_NOOP("Vector cores"))
    ),
}
_DEFAULT_SPEC = ListSpec(",", QT_TR_NOOP("an item"))


def spec_for(param: Parameter) -> ListSpec:
    return LIST_SPECS.get(param.variant or "", _DEFAULT_SPEC)


class _ListBase(StrEditor):
    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.spec = spec_for(param)


@register("list")
@register("str", "step_list", "device_list", "int_list", "op_list", "shape_range")
class ListEditor(_ListBase):
    """The joined text plus a button that edits the items one by one."""

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.edit_items = QToolButton(self)
        self.edit_items.setObjectName(f"{param.path}:items")
        self.edit_items.setText("☰")
        self.box.addWidget(self.edit_items)
        self.edit_items.clicked.connect(self.open_items)
        self.set_language(self.lang)

    def set_language(self, lang: Language) -> None:
        super().set_language(lang)
        self.edit_items.setToolTip(tr("Edit the items one by one"))
        self._check(self.line.text())

    def open_items(self) -> None:
        from ascend_studio.ui.editors._dialogs import ItemListDialog, accepted

        dialog = ItemListDialog(self.spec, self.line.text(), self)
        if accepted(dialog):
            self.set_items_text(dialog.text())

    def set_items_text(self, text: str) -> None:
        if text != self.line.text():
            self.line.setText(text)
            self._emit()
            self.editing_finished.emit()


@register("str", "core_pair")
class PairEditor(Editor):
    """A fixed-size list: one small field per slot, joined with the separator."""

    coalesce = True

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.spec = spec_for(param)
        self.fields: list[QLineEdit] = []
        for index in range(len(self.spec.slots)):
            if index:
                self.box.addWidget(QLabel(self.spec.separator, self))
            field = QLineEdit(self)
            field.setObjectName(f"{param.path}:{index}")
            field.textEdited.connect(lambda _t: self._emit())
            field.editingFinished.connect(self.editing_finished.emit)
            self.box.addWidget(field, 1)
            self.fields.append(field)
        self.setFocusProxy(self.fields[0])
        self.set_language(self.lang)

    def set_language(self, lang: Language) -> None:
        super().set_language(lang)
        for field, slot in zip(self.fields, self.spec.slots, strict=True):
            field.setPlaceholderText(tr(slot))
            field.setToolTip(tr(slot))

    def value(self) -> Value | None:
        parts = [f.text().strip() for f in self.fields]
        while parts and not parts[-1]:
            parts.pop()
        return self.spec.separator.join(parts) if parts else None

    def _show(self, value: Value | None) -> None:
        parts = str(value).split(self.spec.separator) if isinstance(value, str) else []
        if len(parts) != len(self.fields):  # malformed: keep it all in the first field
            parts = [str(value)] if isinstance(value, str) else []
        for index, field in enumerate(self.fields):
            text = parts[index] if index < len(parts) else ""
            if field.text() != text:
                field.setText(text)
