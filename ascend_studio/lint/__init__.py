"""Checking many files at once (Qt-free): the engine behind a batch ``ascend-studio validate``.

Finds the files (folders walked, ``.gitignore`` honoured), applies the project
configuration (``.ascend-studio.toml`` or ``[tool.ascend-studio]``), checks each
file through the importers and the rules, places every finding on a line and
column, honours suppression comments, and writes text, JSON, SARIF 2.1.0 or
GitHub Actions annotations.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ascend_studio.lint._batch import Batch, BatchOptions, Summary, exit_status, run_batch
    from ascend_studio.lint._check import CheckedFile, Finding, check_file
    from ascend_studio.lint._comments import FileSuppressions
    from ascend_studio.lint._config import ConfigError, ProjectConfig, find_config
    from ascend_studio.lint._files import (
        DEFAULT_KINDS,
        Selection,
        file_kind,
        find_files,
        shown_path,
    )
    from ascend_studio.lint._formats import use_colour, write_github, write_json, write_text
    from ascend_studio.lint._options import FAIL_ON
    from ascend_studio.lint._sarif import sarif_document
    from ascend_studio.lint._select import check_selectors, known_ids, matches
    from ascend_studio.lint._settings import CommandLine, Settings, settings_for
    from ascend_studio.lint._suppress import parse_suppressions

__all__ = [
    "DEFAULT_KINDS",
    "FAIL_ON",
    "Batch",
    "BatchOptions",
    "CheckedFile",
    "CommandLine",
    "ConfigError",
    "FileSuppressions",
    "Finding",
    "ProjectConfig",
    "Selection",
    "Settings",
    "Summary",
    "check_file",
    "check_selectors",
    "exit_status",
    "file_kind",
    "find_config",
    "find_files",
    "known_ids",
    "matches",
    "parse_suppressions",
    "run_batch",
    "sarif_document",
    "settings_for",
    "shown_path",
    "use_colour",
    "write_github",
    "write_json",
    "write_text",
]

#: Where each public name lives; modules load on first use, so a single-file
#: ``validate`` does not pay for the walker, the formats or the pattern matcher. Code inside the
#: package imports the modules themselves (static imports that bundlers can see).
_WHERE = {
    "Batch": "_batch",
    "BatchOptions": "_batch",
    "CheckedFile": "_check",
    "CommandLine": "_settings",
    "ConfigError": "_config",
    "DEFAULT_KINDS": "_files",
    "FAIL_ON": "_options",
    "FileSuppressions": "_comments",
    "Finding": "_check",
    "ProjectConfig": "_config",
    "Selection": "_files",
    "Settings": "_settings",
    "Summary": "_batch",
    "check_file": "_check",
    "check_selectors": "_select",
    "exit_status": "_batch",
    "file_kind": "_files",
    "find_config": "_config",
    "find_files": "_files",
    "known_ids": "_select",
    "matches": "_select",
    "parse_suppressions": "_suppress",
    "run_batch": "_batch",
    "sarif_document": "_sarif",
    "settings_for": "_settings",
    "shown_path": "_files",
    "use_colour": "_formats",
    "write_github": "_formats",
    "write_json": "_formats",
    "write_text": "_formats",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
