"""An ASCEND_WORK_PATH field that checks the value as the docs require, as you type.

It shows the value in effect (from whichever source) as placeholder text, so an
empty field still gets checked; typing overrides it for what-if exploration.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ascend_studio.paths import WorkPathIssue, validate_work_path
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._texts import escape
from ascend_studio.ui.inspector._text import origin_text

__all__ = ["WorkPathField", "issues_html"]

_COLOURS = {"error": "#b3261e", "warning": "#8a5a00"}


def issues_html(issues: list[WorkPathIssue], lang: Language) -> str:
    if not issues:
        return f'<span style="color:#2e7d32">✓ {escape(tr("Valid work path."))}</span>'
    lines = []
    for issue in issues:
        mark = "✗" if issue.severity == "error" else "⚠"
        text = escape(issue.message.get(lang))
        lines.append(f'<span style="color:{_COLOURS[issue.severity]}">{mark} {text}</span>')
    return "<br>".join(lines)


class WorkPathField(QWidget):
    """Emits ``value_edited`` with the typed text, or ``None`` when cleared."""

    value_edited = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inspector:workpath")
        self.lang: Language = "en"
        self._effective: str | None = None
        self._origin: str | None = None
        self._expanded: str | None = None
        self.issues: list[WorkPathIssue] = []
        self.caption = QLabel("ASCEND_WORK_PATH", self)
        self.edit = QLineEdit(self)
        self.edit.setObjectName("inspector:workpath:edit")
        self.edit.setClearButtonEnabled(True)
        self.caption.setBuddy(self.edit)
        self.report = QLabel(self)
        self.report.setObjectName("inspector:workpath:report")
        self.report.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.caption)
        row.addWidget(self.edit, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.report)
        self.edit.textEdited.connect(self._edited)
        self.set_language(self.lang)

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self.edit.setToolTip(
            tr(
                "Letters, digits, _ - . and Chinese characters; the last folder should "
                "identify the machine, e.g. 172.16.1.12_01_03."
            )
        )
        self._show()

    def set_typed(self, text: str | None) -> None:
        """The value typed in the inspector (``None``: nothing typed)."""
        if self.edit.text() != (text or ""):
            self.edit.setText(text or "")
        self._show()

    def set_effective(
        self, value: str | None, origin: str | None, expanded: str | None = None
    ) -> None:
        """The value the job would see after every source is applied.

        ``expanded`` is given when ``value`` is shell text (``$HOME/work``): the
        value as the shell would fill it in, which is what gets checked.
        """
        if (value, origin, expanded) != (self._effective, self._origin, self._expanded):
            self._effective, self._origin, self._expanded = value, origin, expanded
            self._show()

    def _edited(self, text: str) -> None:
        self.value_edited.emit(text or None)

    def _show(self) -> None:
        if self._effective is None:
            placeholder = tr("not set: each artifact falls back to its default")
        else:
            placeholder = f"{self._effective}  ({origin_text(self._origin)})"
        self.edit.setPlaceholderText(placeholder)
        if self._effective is None:
            self.issues = []
            self.report.setText("")
            return
        if self._expanded is None:
            self.issues = validate_work_path(self._effective)
            self.report.setText(issues_html(self.issues, self.lang))
            return
        self.report.setText(self._shell_report(self._expanded))

    def _shell_report(self, expanded: str) -> str:
        """Shell text is checked as the shell would expand it, or not at all."""
        if "$" in expanded or "`" in expanded:  # something only the job's shell knows
            self.issues = []
            note = tr("Shell text: it can be checked only once the shell expands it ({text}).")
            text = escape(note.format(text=expanded))
            return f'<span style="color:{_COLOURS["warning"]}">⚠ {text}</span>'
        self.issues = validate_work_path(expanded)
        note = tr("Shell text, checked as the shell expands it: {path}").format(path=expanded)
        return escape(note) + "<br>" + issues_html(self.issues, self.lang)
