"""Exporters (profile -> code) and importers (code -> profiles), Qt-free.

Exporters are pure functions; :func:`write_export` is the separate atomic
write. Importers read Python through :mod:`ast` and shell through a word
reader: they never execute their input and never raise on malformed input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes

if TYPE_CHECKING:
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
    from ascend_studio.codegen._import import (
        guess_kind,
        import_bytes,
        import_bytes_text,
        import_file,
        import_file_lines,
        import_file_text,
        import_text,
    )
    from ascend_studio.codegen._import_py import import_python
    from ascend_studio.codegen._import_sh import import_shell
    from ascend_studio.codegen._options import ExportError, ExportOptions
    from ascend_studio.codegen._release import target_release
    from ascend_studio.codegen._report import (
        ImportedConfig,
        ImportReport,
        ImportResult,
        ReportItem,
        kind_word,
    )
    from ascend_studio.codegen._shlex import shell_quote

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
    "guess_kind",
    "import_bytes",
    "import_bytes_text",
    "import_file",
    "import_file_lines",
    "import_file_text",
    "import_python",
    "import_shell",
    "import_text",
    "kind_word",
    "parse_env_script",
    "read_env_script",
    "register_format",
    "shell_quote",
    "target_release",
    "unregister_format",
    "write_export",
]

#: Where each public name lives (its module is imported on first use).
_WHERE = {
    "target_release": "_release",
    "EnvScript": "_envscript",
    "ExportError": "_options",
    "ExportFormat": "_format",
    "ExportOptions": "_options",
    "ImportReport": "_report",
    "ImportResult": "_report",
    "ImportedConfig": "_report",
    "ReportItem": "_report",
    "kind_word": "_report",
    "export_format": "_export",
    "export_formats": "_export",
    "export_text": "_export",
    "guess_kind": "_import",
    "import_bytes": "_import",
    "import_bytes_text": "_import",
    "import_file": "_import",
    "import_file_lines": "_import",
    "import_file_text": "_import",
    "import_python": "_import_py",
    "import_shell": "_import_sh",
    "import_text": "_import",
    "parse_env_script": "_envscript",
    "read_env_script": "_envscript",
    "register_format": "_export",
    "shell_quote": "_shlex",
    "unregister_format": "_export",
    "write_export": "_export",
}

if TYPE_CHECKING:
    #: Every export format id, in menu order (formats registered later: ``export_formats()``).
    EXPORT_FORMATS: tuple[str, ...]
else:
    _lookup = lazy_attributes(__name__, _WHERE)

    def __getattr__(name: str) -> object:
        if name != "EXPORT_FORMATS":
            return _lookup(name)
        # Listed when first read: finding the formats imports every exporter.
        found = tuple(f.id for f in _lookup("export_formats")())
        globals()[name] = found
        return found
