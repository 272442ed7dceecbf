"""JSON-string editors; profiling options get a form of the known keys.

The value is the JSON *string* the runtime parses. The form only builds that
string: keys it does not know are kept as they are, and an empty field means
the key is left out (the runtime default applies).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtGui import QFontDatabase, QPalette
from PySide6.QtWidgets import QToolButton, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._style import set_background
from ascend_studio.ui.editors._registry import register
from ascend_studio.ui.editors._scalar import StrEditor

if TYPE_CHECKING:
    from ascend_studio.ui.editors._dialogs import ProfilingOptionsDialog, RawJsonDialog

__all__ = [
    "JsonEditor",
    "json_problem",
]


def json_problem(text: str) -> str | None:
    """Why ``text`` is not a JSON object, or ``None``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return tr("Not valid JSON (line {line}, column {column}): {message}").format(
            line=exc.lineno, column=exc.colno, message=exc.msg
        )
    if not isinstance(data, dict):
        return tr("Expected a JSON object: {...}")
    return None


@register("json")
class JsonEditor(StrEditor):
    """The JSON text in one line, and a button for the structured editor."""

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(param, parent)
        self.line.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.structured = QToolButton(self)
        self.structured.setObjectName(f"{param.path}:structured")
        self.structured.setText("☰")
        self.box.addWidget(self.structured)
        self.structured.clicked.connect(self.open_structured)
        self.line.textChanged.connect(self._check)
        self.set_language(self.lang)

    def set_language(self, lang: Language) -> None:
        super().set_language(lang)
        self.structured.setToolTip(tr("Edit the options one by one"))
        self._check(self.line.text())

    def make_dialog(self) -> ProfilingOptionsDialog | RawJsonDialog:
        from ascend_studio.ui.editors._dialogs import ProfilingOptionsDialog, RawJsonDialog

        if self.param.variant == "profiling":
            return ProfilingOptionsDialog(self.line.text(), self)
        return RawJsonDialog(self.line.text(), self)

    def open_structured(self) -> None:
        from ascend_studio.ui.editors._dialogs import accepted

        dialog = self.make_dialog()
        if accepted(dialog):
            self.apply_text(dialog.text())

    def apply_text(self, text: str) -> None:
        if text != self.line.text():
            self.line.setText(text)
            self._emit()
            self.editing_finished.emit()

    def _check(self, text: str) -> None:
        problem = json_problem(text) if text.strip() else None
        self.line.setProperty("invalid", problem is not None)
        set_background(self.line, "invalid" if problem else None, QPalette.ColorRole.Base)
        self.line.setToolTip(problem or "")
