"""What a flow or a docked view's installer may use of the main window.

Flows (Apply to Script, presets, drops) and installers (the inspector, Why, Compare,
This machine) are handed the window, but typed by these protocols: they reach the
open document (its profile model and file handling), the catalog, the language and
a few services, never the window's widgets or layout. The window satisfies them as
it is; a test can hand a flow anything that does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ascend_studio.schema import Catalog
    from ascend_studio.ui._files import FileController
    from ascend_studio.ui._i18n import Language
    from ascend_studio.ui._model import ProfileModel

__all__ = ["Speaker", "Window"]


class Speaker(Protocol):
    """Whatever holds the language the chrome is shown in (set before the
    translators change, so a ``LanguageChange`` handler reads the new one)."""

    @property
    def lang(self) -> Language: ...


class Window(Speaker, Protocol):
    """The document, the catalog and the window's services."""

    @property
    def catalog(self) -> Catalog: ...

    @property
    def model(self) -> ProfileModel:
        """The open document: its profile, file and undo stack."""

    @property
    def files(self) -> FileController:
        """Open, save and new, with the unsaved-changes prompt."""

    def as_widget(self) -> QWidget:
        """The window as the parent of a dialog, a docked view or an action."""

    def show_status(self, text: str, msec: int = 10000) -> None:
        """A short confirmation in the status bar."""

    def reveal(self, path: str) -> None:
        """Scroll the form to the row of ``path`` and focus it."""
