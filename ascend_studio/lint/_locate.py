"""Where in the file a finding points: line and column (both 1-based).

The importers already say on which line they read each value (their report's
``recognized``/``verbatim``/``converted`` items carry the line and the parameter
path); a rule finding points at the first of its parameters the file sets. The
column is where that parameter's name (the keyword, the ``parameter_map`` key,
the variable) starts on the line, found in the line's text, so the importers need
no column bookkeeping. A profile (JSON) has no import report: its keys are found
in the text.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ascend_studio._input import read_input
from ascend_studio.codegen import ImportResult, ReportItem

__all__ = ["Locator", "read_lines"]

#: Report items that record where a value was read.
_READ_KINDS = frozenset(
    {"recognized", "verbatim", "converted", "conflict", "unknown_kwarg", "unknown_key"}
)


def _name_of(path: str) -> str:
    """What the file spells: ``dump_config.dump_mode`` -> ``dump_mode``, ``env:X`` -> ``X``."""
    return path[4:] if path.startswith("env:") else path.rsplit(".", 1)[-1]


@dataclass
class Locator:
    """Lines and columns for one file's findings."""

    lines: Sequence[str]
    result: ImportResult | None = None
    _by_config: dict[int | None, dict[str, int]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        if self.result is None:
            return
        for item in self.result.report.items:
            if item.kind in _READ_KINDS and item.path and item.line:
                # A later assignment is the one that wins, so it is the one to show.
                self._by_config.setdefault(item.config, {})[item.path] = item.line

    def column(self, line: int, names: Sequence[str]) -> int:
        """Where the first of ``names`` starts on ``line``, else its first non-blank character."""
        if not 1 <= line <= len(self.lines):
            return 1
        text = self.lines[line - 1]
        for name in names:
            found = re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text)
            if found:
                return found.start() + 1
        return len(text) - len(text.lstrip()) + 1

    def _search(self, name: str) -> int | None:
        pattern = re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])")
        for number, text in enumerate(self.lines, start=1):
            if pattern.search(text):
                return number
        return None

    def line_of(self, path: str, config: int | None) -> int | None:
        for scope in (config, None):
            found = self._by_config.get(scope, {}).get(path)
            if found is not None:
                return found
        if self.result is None or self.result.dialect == "profile":
            return self._search(_name_of(path))
        return None

    def spot_of(self, path: str, config: int | None) -> tuple[int, int] | None:
        """(line, column) where the file sets ``path``, or None when it does not."""
        line = self.line_of(path, config)
        return None if line is None else (line, self.column(line, [_name_of(path)]))

    def lines_of(self, params: Sequence[str], config: int | None) -> list[int]:
        found = (self.line_of(p, config) for p in params)
        return [line for line in found if line is not None]

    def place(
        self, params: Sequence[str], config: int | None, fallback: int | None
    ) -> tuple[int, int]:
        """(line, column) of a rule finding about ``params`` in configuration ``config``."""
        for path in params:
            line = self.line_of(path, config)
            if line is not None:
                return line, self.column(line, [_name_of(path)])
        line = fallback or 1
        return line, self.column(line, ["NPURunConfig", "parameter_map", "export"])

    def place_item(self, item: ReportItem) -> tuple[int, int]:
        """(line, column) of an import finding."""
        line = item.line or 1
        names = [_name_of(item.path)] if item.path else []
        return line, self.column(line, names)


def read_lines(path: Path) -> list[str]:
    """The file's lines as the importer decodes them (BOMs, UTF-16, bad bytes replaced)."""
    try:
        raw = read_input(path)  # regular files only: a FIFO in a folder would hang
    except OSError:
        return []
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16", errors="replace").splitlines()
    return raw.decode("utf-8", errors="replace").removeprefix("\ufeff").splitlines()
