"""The protocol every parameter editor speaks, and its shared plumbing.

An editor shows one parameter's *entered* value: ``None`` means unset (the key is
absent from the profile and the runtime default applies). ``set_value`` never
emits; only the user's own edits emit ``value_changed``, so the form can push
profile changes back into editors without feedback loops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._core import Severity, Unavailable
from ascend_studio.ui._i18n import Language

if TYPE_CHECKING:
    from ascend_studio.profile import Value

__all__ = ["Editor", "Explain"]

#: Turns an availability problem into a sentence in the current UI language.
Explain = Callable[[Unavailable], str]


class Editor(QWidget):
    """Base class of all editors (see the module docstring for the contract)."""

    #: Emitted with ``value()`` after each edit the user makes (never by ``set_value``).
    value_changed = Signal(object)
    #: The user left the field or confirmed it: ends an undo-coalescing run.
    editing_finished = Signal()
    #: Whether consecutive edits (typing) fold into one undo step.
    coalesce: ClassVar[bool] = False

    def __init__(self, param: Parameter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.param = param
        self.lang: Language = "en"
        self._updating = False
        self._severity: Severity | None = None
        self._message = ""
        self.box = QHBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(4)
        self.setObjectName(param.path)
        self.setProperty("severity", "")

    # -- the protocol ------------------------------------------------------------
    def value(self) -> Value | None:
        raise NotImplementedError

    def set_value(self, value: Value | None) -> None:
        """Show ``value`` (``None``: unset) without emitting ``value_changed``."""
        self._updating = True
        try:
            self._show(value)
        finally:
            self._updating = False

    def set_diagnostic(self, severity: Severity | None, message: str = "") -> None:
        """Mark the editor with the worst diagnostic on this parameter (or clear it)."""
        changed = severity != self._severity
        self._severity, self._message = severity, message
        if changed:
            self.setProperty("severity", severity or "")

    def diagnostic(self) -> tuple[Severity | None, str]:
        return self._severity, self._message

    # -- optional hooks ------------------------------------------------------------
    def set_target(self, product: str | None, scenario: str | None, explain: Explain) -> None:
        """React to the target product/scenario (per-value availability)."""

    def set_language(self, lang: Language) -> None:
        self.lang = lang

    # -- for subclasses ------------------------------------------------------------
    def _show(self, value: Value | None) -> None:
        raise NotImplementedError

    def _emit(self) -> None:
        if not self._updating:
            self.value_changed.emit(self.value())
