"""The "This machine" view, wired to the document and the path view (its dock is
``ui/_docks.py``'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ascend_studio.doctor import DoctorDocument
from ascend_studio.ui._ports import Window, follow_language
from ascend_studio.ui.machine._view import MachineView

if TYPE_CHECKING:
    from ascend_studio.ui.inspector import InspectorView

__all__ = ["apply_to_paths", "install_machine"]


class _Window(Window, Protocol):
    """The window, and its output-path view, whose context a machine's report sets."""

    @property
    def inspector(self) -> InspectorView: ...


def apply_to_paths(window: _Window, document: DoctorDocument) -> None:
    """The output-path view resolves as on the machine of ``document``: its working
    directory, home and device id fill the placeholders, its environment is stacked
    as one more source (named after the machine, replacing an earlier report's)."""
    editor = window.inspector.context_editor
    editor.set_field("cwd", document.cwd or "")
    editor.set_field("home", document.home or "")
    editor.set_field("device_id", document.device_id or "")
    editor.load_env_values(f"doctor {document.machine.process.hostname}", document.env_values)


def install_machine(window: _Window) -> MachineView:
    view = MachineView(window.as_widget())
    view.profile_source = lambda: window.model.profile
    view.context_ready.connect(lambda document: apply_to_paths(window, document))
    follow_language(view, window, view.set_language)
    return view
