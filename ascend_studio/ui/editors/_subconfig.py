"""The holder row of a sub-config (``dump_config``, ``profiling_config``...).

The holder's fields are rows of their own right below it; this editor folds
them and, for scripts that pass a ready-made object (``dump_config=my_dump``),
holds that expression verbatim.
"""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QToolButton, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._qtnames import set_enum
from ascend_studio.ui.editors._registry import register
from ascend_studio.ui.editors._scalar import ExprEditor

__all__ = ["SubconfigEditor"]


@register("subconfig")
class SubconfigEditor(ExprEditor):
    #: The user folded (False) or unfolded (True) the fields.
    expanded_changed = Signal(bool)

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.toggle = QToolButton(self)
        self.toggle.setObjectName(f"{param.path}:fold")
        self.toggle.setCheckable(True)
        self.toggle.setChecked(True)
        set_enum(self.toggle, "arrowType", "DownArrow")  # before the first paint: ui/_qtnames.py
        self.box.insertWidget(0, self.toggle)
        self.toggle.toggled.connect(self._toggled)
        self.set_language(self.lang)

    def set_language(self, lang: Language) -> None:
        super().set_language(lang)
        self.line.setPlaceholderText(tr("built from the fields below"))
        self.toggle.setToolTip(tr("Show or hide the fields"))

    def _toggled(self, on: bool) -> None:
        arrow = QtCore.Qt.ArrowType
        self.toggle.setArrowType(arrow.DownArrow if on else arrow.RightArrow)
        self.expanded_changed.emit(on)
