"""Exporters (profile -> code) and importers (code -> profiles), Qt-free.

Exporters are pure functions; :func:`write_export` is the separate atomic
write. Importers read Python through :mod:`ast` and shell through a word
reader: they never execute their input and never raise on malformed input.
"""

from ascend_studio.codegen._diag import on_one_path
from ascend_studio.codegen._envscript import EnvScript, parse_env_script, read_env_script
from ascend_studio.codegen._export import (
    export_format,
    export_formats,
    export_text,
    register_format,
    unregister_format,
    write_export,
)
from ascend_studio.codegen._format import ExportFormat
from ascend_studio.codegen._import import import_file, import_text
from ascend_studio.codegen._import_py import import_python
from ascend_studio.codegen._import_sh import import_shell
from ascend_studio.codegen._options import ExportError, ExportOptions
from ascend_studio.codegen._report import ImportedConfig, ImportReport, ImportResult, ReportItem
from ascend_studio.codegen._shlex import shell_quote

#: Every export format id, in menu order (formats registered later: ``export_formats()``).
EXPORT_FORMATS: tuple[str, ...] = tuple(f.id for f in export_formats())

__all__ = [
    "EXPORT_FORMATS",
    "EnvScript",
    "ExportError",
    "ExportFormat",
    "ExportOptions",
    "ImportReport",
    "ImportResult",
    "ImportedConfig",
    "ReportItem",
    "export_format",
    "export_formats",
    "export_text",
    "import_file",
    "import_python",
    "import_shell",
    "import_text",
    "on_one_path",
    "parse_env_script",
    "read_env_script",
    "register_format",
    "shell_quote",
    "unregister_format",
    "write_export",
]
