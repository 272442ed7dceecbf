"""Checking many files at once (Qt-free): the engine behind a batch ``ascend-studio validate``.

Finds the files (folders walked, ``.gitignore`` honoured), applies the project
configuration (``.ascend-studio.toml`` or ``[tool.ascend-studio]``), checks each
file through the importers and the rules, places every finding on a line and
column, honours suppression comments, and writes text, JSON, SARIF 2.1.0 or
GitHub Actions annotations.
"""

from ascend_studio.lint._batch import Batch, BatchOptions, Summary, exit_status, run_batch
from ascend_studio.lint._check import CheckedFile, FileSuppressions, Finding, check_file
from ascend_studio.lint._config import FAIL_ON, ConfigError, ProjectConfig, find_config
from ascend_studio.lint._files import DEFAULT_KINDS, Selection, file_kind, find_files, shown_path
from ascend_studio.lint._formats import use_colour, write_github, write_json, write_text
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
