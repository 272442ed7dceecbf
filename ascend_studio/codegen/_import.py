"""``import_file``: pick the importer from the file's name and content."""

from __future__ import annotations

import codecs
import os
import re
from pathlib import Path

from ascend_studio._input import InputError, read_input
from ascend_studio.codegen._report import (
    ImportedConfig,
    ImportReport,
    ImportResult,
    ReportItem,
    msg,
)
from ascend_studio.profile import ProfileError, parse_profile
from ascend_studio.schema import Catalog

__all__ = [
    "guess_kind",
    "import_bytes",
    "import_bytes_text",
    "import_file",
    "import_file_lines",
    "import_file_text",
    "import_text",
]

_PY_EXT = (".py", ".pyw", ".ipy")
_SHELL_EXT = (".sh", ".bash", ".zsh", ".ksh", ".env")
#: ``[ \t]*``, not ``\s*``: with ``re.M``, ``\s*`` runs over every following blank
#: line from each line start, which made detection quadratic in blank lines.
_PY_HINT = re.compile(
    r"^[ \t]*(import[ \t]+\w|from[ \t]+[\w.]+[ \t]+import\b|def[ \t]+\w+[ \t]*\(|class[ \t]+\w+)",
    re.M,
)


def detect_dialect(text: str, source: str) -> str:
    """The shell dialect of ``text`` (the shell importer: imported for shell files only)."""
    from ascend_studio.codegen._import_sh import detect_dialect

    return detect_dialect(text, source)


def _by_suffix(text: str, source: str) -> str | None:
    name = Path(source).name.lower()
    if name.endswith(_PY_EXT):
        return "python"
    if name.endswith(".json"):
        return "profile"
    if name.endswith(_SHELL_EXT) or detect_dialect("", source) == "env-file":
        return detect_dialect(text, source)
    return None


def guess_kind(text: str, source: str) -> str:
    """ "python", "profile" (our JSON) or a shell dialect ("shell", "env-file").

    A known suffix decides (a ``.sh`` file that embeds ``python -c "import ..."``
    is still shell); the first line's ``#!`` and then the content decide only
    for files without one.
    """
    by_name = _by_suffix(text, source)
    if by_name is not None:
        return by_name
    first = text.split("\n", 1)[0]
    if first.startswith("#!"):
        return "python" if "python" in first else detect_dialect(text, source)
    if text.lstrip().startswith("{"):
        return "profile"
    if "NPURunConfig" in text or "parameter_map" in text or _PY_HINT.search(text):
        return "python"
    return detect_dialect(text, source)


def _profile_json(text: str, source: str) -> ImportResult:
    try:
        profile = parse_profile(text, source)
    except ProfileError as exc:
        item = ReportItem(
            "syntax_error",
            msg(
                f"不是有效的配置文件：{exc.problem_in('zh')}", f"Not a valid profile: {exc.problem}"
            ),
        )
        return ImportResult((), ImportReport((item,)), source, "profile")
    config = ImportedConfig(profile, "profile", 1)  # found: the whole file is the configuration
    return ImportResult((config,), ImportReport(), source, "profile")


def import_text(
    text: str, source: str = "<string>", catalog: Catalog | None = None
) -> ImportResult:
    """Import ``text`` with the importer its name and content call for."""
    kind = guess_kind(text, source)
    if kind == "python":
        from ascend_studio.codegen._import_py import import_python

        return import_python(text, source, catalog)
    if kind == "profile":
        return _profile_json(text, source)
    from ascend_studio.codegen._import_sh import import_shell

    return import_shell(text, source, kind)


#: No script or env file holds a NUL byte; a file that does is an archive, a
#: checkpoint or a compiled file, and reading it as code only gives noise.
_BINARY = ReportItem(
    "unreadable",
    msg(
        "这是二进制文件（含 NUL 字节），不是 Python 或 shell 脚本；未导入任何内容。",
        "This is a binary file (it holds NUL bytes), not a Python or shell script; "
        "nothing imported.",
    ),
)


def import_file(path: str | os.PathLike[str], catalog: Catalog | None = None) -> ImportResult:
    """Read and import a file; an unreadable file gives a report, not an exception."""
    return import_file_lines(path, catalog)[0]


def import_file_lines(
    path: str | os.PathLike[str], catalog: Catalog | None = None
) -> tuple[ImportResult, list[str]]:
    """:func:`import_file`, and the file's lines as decoded (``str.splitlines``; none
    when it cannot be read), from one read of the file."""
    result, text = import_file_text(path, catalog)
    return result, text.splitlines()


def import_file_text(
    path: str | os.PathLike[str], catalog: Catalog | None = None
) -> tuple[ImportResult, str]:
    """:func:`import_file`, and the file's text as decoded ("" when it cannot be
    read), from one read of the file (a caller splits it into lines only if it needs them)."""
    source = str(path)
    try:
        raw = read_input(path)
    except InputError as exc:
        english = exc.problem[:1].upper() + exc.problem[1:]
        item = ReportItem("unreadable", msg(exc.problem_in("zh"), english))
        return ImportResult((), ImportReport((item,)), source, "unknown"), ""
    return import_bytes_text(raw, source, catalog)


def import_bytes(
    raw: bytes, source: str, catalog: Catalog | None = None
) -> tuple[ImportResult, list[str]]:
    """:func:`import_file_lines` of a file's bytes, already read."""
    result, text = import_bytes_text(raw, source, catalog)
    return result, text.splitlines()


def import_bytes_text(
    raw: bytes, source: str, catalog: Catalog | None = None
) -> tuple[ImportResult, str]:
    """:func:`import_file_text` of a file's bytes, already read."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # saved by Windows editors
        raw = raw.decode("utf-16", errors="replace").encode("utf-8")
    text = raw.decode("utf-8", errors="replace").removeprefix("\ufeff")
    if b"\0" in raw:
        return ImportResult((), ImportReport((_BINARY,)), source, "binary"), text
    result = import_text(text, source, catalog)
    if "\ufffd" in text and b"\xef\xbf\xbd" not in raw:
        note = ReportItem(
            "info",
            msg(
                "文件不是有效的 UTF-8，无法解码的字节已替换为 �。",
                "The file is not valid UTF-8; undecodable bytes were replaced by �.",
            ),
        )
        items = ImportReport((note, *result.report.items))
        result = ImportResult(result.configs, items, source, result.dialect)
    return result, text
