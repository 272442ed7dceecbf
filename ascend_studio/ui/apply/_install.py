"""Add Apply to Script, New from Preset and Apply Preset to the File menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from ascend_studio.ui._dock_parts import follow_language
from ascend_studio.ui._i18n import Language, tr

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

__all__ = ["ApplyActions", "install_apply"]


def _later(name: str) -> Callable[[MainWindow], bool]:
    """The flow ``name`` of ``_flow``, imported when the action is first used (it loads
    libcst and the dialogs, which the window's start does not need)."""

    def run(window: MainWindow) -> bool:
        from ascend_studio.ui.apply import _flow

        done: bool = getattr(_flow, name)(window)
        return done

    return run


class ApplyActions:
    def __init__(self, window: MainWindow) -> None:
        def make(name: str, run: Callable[[MainWindow], bool], keys: str = "") -> QAction:
            action = QAction(window)
            action.setObjectName(f"action:{name}")
            if keys:
                action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _checked=False: run(window))
            window.addAction(action)
            return action

        self.apply_script = make("apply_script", _later("apply_to_script"), "Ctrl+Shift+W")
        self.new_from_preset = make("new_from_preset", _later("new_from_preset"))
        self.apply_preset = make("apply_preset", _later("apply_preset_to_document"), "Ctrl+Shift+P")
        self.migrate_script = make("migrate_script", _later("migrate_script"))
        menu = window.actions_.menus["file"]
        actions = menu.actions()
        after_export = actions.index(window.actions_.export) + 1
        before = actions[after_export] if after_export < len(actions) else None
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


def install_apply(window: MainWindow) -> ApplyActions:
    actions = ApplyActions(window)
    follow_language(window.actions_.menus["file"], window, actions.retranslate)
    return actions
