"""The what-if context above the chains: environment sources and process facts.

Nothing here touches the profile: the environment typed, loaded or taken from
this process is stacked on top of (or below) the profile's own ``env`` table the
way :meth:`ascend_studio.paths.Environment.build` orders sources, and the
context fields fill the ``${cwd}``/``${pid}``... placeholders.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.codegen import EnvScript, read_env_script
from ascend_studio.paths import Context, Environment
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui import _dialogs
from ascend_studio.ui._env import EnvTable
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, tr
from ascend_studio.ui.inspector._workpath import WorkPathField

__all__ = ["CONTEXT_FIELDS", "ContextEditor"]

WORK_PATH = "ASCEND_WORK_PATH"
#: Context attribute -> chrome label (translated when shown).
CONTEXT_FIELDS: tuple[tuple[str, str], ...] = (
    ("cwd", QT_TR_NOOP("Working directory")),
    ("home", QT_TR_NOOP("Home directory")),
    ("pid", QT_TR_NOOP("Process id")),
    ("device_id", QT_TR_NOOP("Device id")),
    ("session_id", QT_TR_NOOP("Session id")),
)
Env = dict[str, str | None]


class ContextEditor(QWidget):
    """Emits ``context_changed`` after any edit; read the result with
    :meth:`environment` and :meth:`context`."""

    context_changed = Signal()

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inspector:context")
        self.lang: Language = "en"
        self._typed: Env = {}
        self._scripts: list[tuple[str, Env]] = []
        self.problems: list[str] = []
        #: The env script last read from a file, whose problems ``problems`` lists.
        self._read: tuple[str, EnvScript] | None = None
        self.fields: dict[str, QLineEdit] = {}
        self.labels: dict[str, QLabel] = {}
        form = QFormLayout()
        for name, _label in CONTEXT_FIELDS:
            edit = QLineEdit(self)
            edit.setObjectName(f"inspector:context:{name}")
            edit.textChanged.connect(self.context_changed)
            self.fields[name] = edit
            self.labels[name] = QLabel(self)
            self.labels[name].setBuddy(edit)
            form.addRow(self.labels[name], edit)
        self.work_path = WorkPathField(self)
        self.work_path.value_edited.connect(self._work_path_edited)
        self.env_table = EnvTable(catalog, self)
        self._rename_env_table()
        self.env_table.env_edited.connect(self._env_edited)
        self.process_box = QCheckBox(self)
        self.process_box.setObjectName("inspector:context:process")
        self.process_box.toggled.connect(self.context_changed)
        self.load_button = QPushButton(self)
        self.load_button.setObjectName("inspector:context:load")
        self.load_button.clicked.connect(self._choose_file)
        self.clear_button = QPushButton(self)
        self.clear_button.setObjectName("inspector:context:clear")
        self.clear_button.clicked.connect(self.clear_loaded)
        self.sources = QLabel(self)
        self.sources.setObjectName("inspector:context:sources")
        self.sources.setWordWrap(True)
        self._build_layout(form)
        self.set_language(self.lang)

    def _rename_env_table(self) -> None:
        # The form has its own EnvTable; keep object names unique in the window.
        self.env_table.setObjectName("inspector:env")
        for child in self.env_table.findChildren(QWidget):
            if child.objectName().startswith("env:"):
                child.setObjectName("inspector:" + child.objectName())

    def _build_layout(self, form: QFormLayout) -> None:
        """Two panels: the facts (fields, work path) and the what-if environment.

        Both stack here; a host with more room may move ``env_panel`` elsewhere (the
        inspector shows it as a tab: beside the fields the table squeezed them to a
        few pixels when docked).
        """
        buttons = QHBoxLayout()
        buttons.addWidget(self.load_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        self.env_caption = QLabel(self)
        self.env_caption.setWordWrap(True)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.env_panel = QWidget(self)
        self.env_panel.setObjectName("inspector:context:env-panel")
        env = QVBoxLayout(self.env_panel)
        env.setContentsMargins(4, 4, 4, 4)
        env.addWidget(self.env_caption)
        env.addWidget(self.env_table, 1)
        env.addLayout(buttons)
        env.addWidget(self.process_box)
        env.addWidget(self.sources)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(form)
        layout.addWidget(self.work_path)
        layout.addWidget(self.env_panel)
        layout.addStretch(1)

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        for name, label in CONTEXT_FIELDS:
            self.labels[name].setText(tr(label))
            self.fields[name].setPlaceholderText(tr("unknown (kept as a placeholder)"))
        self.env_caption.setText(tr("What-if environment (overrides every other source):"))
        self.process_box.setText(tr("Use this process's environment"))
        self.load_button.setText(tr("Load environment from file…"))
        self.clear_button.setText(tr("Forget loaded files"))
        self.work_path.set_language(lang)
        self.env_table.set_language(lang)
        if self._read is not None:
            self.problems = _problems(*self._read, lang)
        self._show_sources()

    # -- reading -------------------------------------------------------------------------
    def context(self) -> Context:
        values = {name: (edit.text().strip() or None) for name, edit in self.fields.items()}
        return Context(**values)

    def environment(self, profile: Profile) -> Environment:
        return Environment.build(
            profile=profile,
            scripts=self._scripts,
            process=self.process_box.isChecked(),
            typed=self._typed,
        )

    def typed(self) -> Env:
        return dict(self._typed)

    # -- editing -------------------------------------------------------------------------
    def set_field(self, name: str, text: str) -> None:
        self.fields[name].setText(text)

    def set_typed(self, env: Env) -> None:
        self._typed = dict(env)
        self.env_table.set_env(self._typed)
        self.work_path.set_typed(self._typed.get(WORK_PATH))
        self.context_changed.emit()

    def set_use_process(self, enabled: bool) -> None:
        self.process_box.setChecked(enabled)

    def load_env_file(self, path: str | Path) -> list[str]:
        """Stack an env script or ``env`` dump; returns what could not be read."""
        script = read_env_script(path)
        name = Path(path).name
        self.load_env_values(name, script.values, _problems(name, script, self.lang))
        self._read = (name, script)  # its problems follow the language
        return self.problems

    def load_env_values(
        self, name: str, values: Mapping[str, str | None], problems: list[str] | None = None
    ) -> None:
        """Stack ``values`` as the source ``name`` (one of that name is replaced)."""
        self._scripts = [s for s in self._scripts if s[0] != name]
        self._scripts.append((name, dict(values)))
        self.problems = list(problems or [])
        self._read = None
        self._show_sources()
        self.context_changed.emit()

    def clear_loaded(self) -> None:
        if self._scripts:
            self._scripts = []
            self.problems = []
            self._show_sources()
            self.context_changed.emit()

    def _choose_file(self) -> None:
        path = _dialogs.choose_path(
            self, tr("Load environment from file"), os.getcwd(), directory=False
        )
        if path:
            self.load_env_file(path)

    def _work_path_edited(self, value: str | None) -> None:
        typed = dict(self._typed)
        if value is None:
            typed.pop(WORK_PATH, None)
        else:
            typed[WORK_PATH] = value
        self._typed = typed
        self.env_table.set_env(typed)
        self.context_changed.emit()

    def _env_edited(self, env: Env) -> None:
        self.set_typed(env)

    def _show_sources(self) -> None:
        if not self._scripts:
            self.sources.setText(tr("No environment file loaded."))
        else:
            names = ", ".join(f"{name} ({len(values)})" for name, values in self._scripts)
            text = tr("Loaded (lowest first): {names}").format(names=names)
            self.sources.setText("\n".join([text, *self.problems]))
        self.clear_button.setEnabled(bool(self._scripts))


def _problems(name: str, script: EnvScript, lang: str) -> list[str]:
    return [f"{name}: {problem}" for problem in script.problems_in(lang)]
