"""Suppression comments for the single-file report, which has no per-finding locations."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ascend_studio.codegen import ImportedConfig, ImportResult
from ascend_studio.lint._locate import Locator, read_lines
from ascend_studio.lint._suppress import Suppressions, parse_suppressions
from ascend_studio.rules import Diagnostic

__all__ = ["FileSuppressions"]


@dataclass
class FileSuppressions:
    """One file's suppression comments, for the single-file report (which has no locations)."""

    locator: Locator
    suppressions: Suppressions

    @classmethod
    def read(cls, path: Path, result: ImportResult) -> FileSuppressions:
        lines = read_lines(path)
        return cls(Locator(lines, result), parse_suppressions(lines))

    def keeper(self, config: ImportedConfig) -> Callable[[Diagnostic], bool]:
        """Whether to show a diagnostic of ``config`` (one of the file's): no comment silences it."""
        result = self.locator.result
        configs = result.configs if result is not None else ()
        index = next((i for i, c in enumerate(configs) if c is config), None)

        def keep(d: Diagnostic) -> bool:
            if not self.suppressions.items:
                return True
            line, _ = self.locator.place(d.params, index, config.line)
            lines = [line, *self.locator.lines_of(d.params, index)]
            return not self.suppressions.silenced(d.rule_id, lines)

        return keep
