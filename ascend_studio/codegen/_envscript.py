"""Read the environment an env script, env-file or ``env`` dump sets (for the path engine).

A thin adapter over the shell importer (it lives here, not in ``paths``: the path
engine takes the environment as data and never imports the importers), which never runs its input and
never raises: only exported variables count, ``unset`` gives ``None``, values
that refer to other variables (``$HOME/x``) are kept as written, since only the
target shell knows them. Everything the importer noticed besides plain
assignments is passed on as a problem line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ascend_studio._input import InputError, read_input
from ascend_studio.codegen._import_sh import import_shell
from ascend_studio.codegen._report import ImportReport, ReportItem, kind_word, msg

__all__ = ["EnvScript", "parse_env_script", "read_env_script"]


@dataclass
class EnvScript:
    """What a script sets (``None``: unsets) and what else was found, by line."""

    values: dict[str, str | None] = field(default_factory=dict)
    #: English, one per finding, e.g. ``line 4: A is assigned but never exported...``.
    problems: list[str] = field(default_factory=list)
    #: The importer's full bilingual report (for views that want zh).
    report: ImportReport = field(default_factory=ImportReport)

    def problems_in(self, lang: str) -> list[str]:
        """``problems`` in ``lang`` (``[kind] line N: ...``)."""
        return _problems(self.report, lang)


def _problems(report: ImportReport, lang: str) -> list[str]:
    """``[kind] line N: ...`` per finding; a file that cannot be read: why, alone."""
    return [
        item.text(lang)
        if item.kind == "unreadable"
        else f"[{kind_word(item.kind, lang)}] {item.text(lang)}"
        for item in report.items
        if item.kind != "recognized"
    ]


def parse_env_script(text: str, source: str = "<string>") -> EnvScript:
    """Parse script text; ``source`` (a file name) helps tell env-files from shell."""
    result = import_shell(text, source)
    values = dict(result.profile.env) if result.profile is not None else {}
    return EnvScript(values, _problems(result.report, "en"), result.report)


def read_env_script(path: str | Path) -> EnvScript:
    """Parse a file; an unreadable file is reported as a problem, not raised."""
    try:
        text = read_input(path).decode("utf-8", errors="replace")
    except InputError as exc:
        item = ReportItem("unreadable", msg(f"{exc.path}：{exc.problem_in('zh')}", str(exc)))
        return EnvScript(problems=[str(exc)], report=ImportReport((item,)))
    return parse_env_script(text, str(path))
