"""Add Apply to Script, New from Preset and Apply Preset to the File menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._ports import follow_language

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from ascend_studio.ui._ports import Window

__all__ = ["ApplyActions", "install_apply"]


def _later(name: str) -> Callable[[Window], bool]:
    """The flow ``name`` of ``_flow``, imported when the action is first used (it loads
    libcst and the dialogs, which the window's start does not need)."""

    def run(window: Window) -> bool:
        from ascend_studio.ui.apply import _flow

        done: bool = getattr(_flow, name)(window)
        return done

    return run


class ApplyActions:
    """The actions, in ``menu`` right after its action ``after``."""

    def __init__(self, window: Window, menu: QMenu, after: QAction) -> None:
        parent = window.as_widget()

        def make(name: str, run: Callable[[Window], bool], keys: str = "") -> QAction:
            action = QAction(parent)
            action.setObjectName(f"action:{name}")
            if keys:
                action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _checked=False: run(window))
            parent.addAction(action)
            return action

        self.apply_script = make("apply_script", _later("apply_to_script"), "Ctrl+Shift+W")
        self.new_from_preset = make("new_from_preset", _later("new_from_preset"))
        self.apply_preset = make("apply_preset", _later("apply_preset_to_document"), "Ctrl+Shift+P")
        self.migrate_script = make("migrate_script", _later("migrate_script"))
        actions = menu.actions()
        place = actions.index(after) + 1
        before = actions[place] if place < len(actions) else None
        for action in (
            self.apply_script,
            self.migrate_script,
            self.new_from_preset,
            self.apply_preset,
        ):
            menu.insertAction(before, action)  # type: ignore[arg-type]

    def retranslate(self, _lang: Language) -> None:
        self.apply_script.setText(tr("Apply to &Script…"))
        self.new_from_preset.setText(tr("New from &Preset…"))
        self.apply_preset.setText(tr("Apply Pre&set…"))
        self.migrate_script.setText(tr("&Migrate Script to the Target Release…"))


def install_apply(window: Window, menu: QMenu, after: QAction) -> ApplyActions:
    """Apply to Script, Migrate Script and the presets' actions, in ``menu`` (the File
    menu) after ``after`` (Export)."""
    actions = ApplyActions(window, menu, after)
    follow_language(menu, window, actions.retranslate)
    return actions
