"""What a flow or a docked view's installer may use of the main window.

Flows (Apply to Script, presets, drops) and installers (the inspector, Why, Compare,
This machine) are handed the window, but typed by these protocols: they reach the
open document (its profile model and file handling), the catalog, the language and
a few services, never the window's widgets or layout. The window satisfies them as
it is; a test can hand a flow anything that does. A view follows the window's
language with :func:`follow_language`, and the form row the user is on with
:func:`row_parameter`. Putting a view into its dock is the docks' owner's part
(``ui/_docks.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtWidgets import QWidget

    from ascend_studio.profile import Profile
    from ascend_studio.schema import Catalog
    from ascend_studio.ui._i18n import Language
    from ascend_studio.ui._model import ProfileModel

__all__ = ["Files", "Speaker", "Window", "follow_language", "row_parameter"]

_ROW_PREFIX = "row:"


class Speaker(Protocol):
    """Whatever holds the language the chrome is shown in (set before the
    translators change, so a ``LanguageChange`` handler reads the new one)."""

    @property
    def lang(self) -> Language: ...


class Files(Protocol):
    """The document's file handling (``ui/_files.py``), as far as a flow needs it."""

    def open(self, path: Path | None = None) -> bool:
        """Open a profile or import a script, after the unsaved-changes prompt."""

    def new_document(self, start: Profile) -> bool:
        """An untitled document holding ``start``, after the unsaved-changes prompt."""


class Window(Speaker, Protocol):
    """The document, the catalog and the window's services."""

    @property
    def catalog(self) -> Catalog: ...

    @property
    def model(self) -> ProfileModel:
        """The open document: its profile, file and undo stack."""

    @property
    def files(self) -> Files: ...

    def as_widget(self) -> QWidget:
        """The window as the parent of a dialog, a docked view or an action."""

    def show_status(self, text: str, msec: int = 10000) -> None:
        """A short confirmation in the status bar."""

    def reveal(self, path: str) -> None:
        """Scroll the form to the row of ``path`` and focus it."""


class _LanguageFollower(QObject):
    def __init__(self, watched: QWidget, window: Speaker, apply: Callable[[Language], None]):
        super().__init__(watched)
        self.window = window
        self.apply = apply
        self.last: Language | None = None
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange and self.window.lang != self.last:
            self.last = self.window.lang
            self.apply(self.window.lang)
        return False


def follow_language(watched: QWidget, window: Speaker, apply: Callable[[Language], None]) -> None:
    """Call ``apply(window.lang)`` now and whenever the window's language changes.

    The window sets ``window.lang`` before it swaps translators, so a widget that
    re-reads it on ``LanguageChange`` needs no hook in the window itself."""
    _LanguageFollower(watched, window, apply)
    apply(window.lang)


def row_parameter(widget: QWidget | None) -> str | None:
    """The parameter path of the form row holding ``widget`` (rows are named ``row:<path>``)."""
    while widget is not None:
        name = widget.objectName()
        if name.startswith(_ROW_PREFIX):
            return name[len(_ROW_PREFIX) :]
        widget = widget.parentWidget()
    return None
