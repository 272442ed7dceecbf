"""Apply a profile to a script file: the import-time hash check, backup, atomic write.

Importing a script records its path, which configuration and a SHA-256 of its
bytes in the profile (a field older versions keep as an unknown field). Applying
refuses a script whose bytes changed since then, unless forced: the profile's
edits were made against what the script said at that time.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from ascend_studio._backup import Replaced, replace_keeping_original
from ascend_studio._input import InputError, read_input
from ascend_studio.apply._python import apply_python, pick_config
from ascend_studio.apply._result import ApplyError, ApplyResult, ScriptChanged
from ascend_studio.apply._shell import apply_shell
from ascend_studio.codegen import guess_kind, import_shell
from ascend_studio.codegen._shlex import lex
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog

__all__ = [
    "SOURCE_FIELD",
    "ScriptSource",
    "apply_file",
    "apply_text",
    "read_script",
    "recorded_source",
    "with_source",
    "write_applied",
]

#: The profile field holding where it was imported from.
SOURCE_FIELD = "source_script"


@dataclass(frozen=True)
class ScriptSource:
    path: str
    sha256: str
    config: int = 1


def digest(data: bytes) -> str:
    import hashlib  # SHA-256 is the record's stored form; OpenSSL loads only when applying

    return hashlib.sha256(data).hexdigest()


def with_source(profile: Profile, path: str | Path, data: bytes, config: int = 1) -> Profile:
    """``profile`` remembering the script it was imported from."""
    record = {"path": str(Path(path).resolve()), "sha256": digest(data), "config": config}
    return Profile.model_validate({**profile.model_dump(), SOURCE_FIELD: record})


def recorded_source(profile: Profile) -> ScriptSource | None:
    record = (profile.model_extra or {}).get(SOURCE_FIELD)
    if not isinstance(record, dict):
        return None
    path, sha, config = record.get("path"), record.get("sha256"), record.get("config", 1)
    if not isinstance(path, str) or not isinstance(sha, str) or not isinstance(config, int):
        return None
    return ScriptSource(path, sha, config)


def read_script(path: str | Path) -> tuple[bytes, str]:
    """The script's bytes and its text (UTF-8, a BOM kept as part of the text)."""
    try:
        data = read_input(path)
    except InputError as exc:
        raise ApplyError(f"{path}: {exc.problem}", f"{path}：{exc.problem_in('zh')}") from None
    try:
        return data, data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApplyError(f"{path}: not UTF-8 text (byte {exc.start}); nothing changed") from None


def apply_text(
    text: str,
    profile: Profile,
    name: str,
    config: int = 1,
    catalog: Catalog | None = None,
    *,
    as_written: bool = False,
) -> ApplyResult:
    """Apply to script text. The kind of script is decided as the importer decides it
    (name, first line, content): a Python script without ``.py`` is edited as Python.
    The result must read as that kind again, or nothing is returned. ``as_written``:
    see :func:`apply_python`."""
    kind = guess_kind(text, name)
    if kind == "profile":
        raise ApplyError(f"{name}: a profile (JSON), not a script; nothing to apply to")
    if kind == "python":
        result = apply_python(text, profile, config, catalog, name, as_written=as_written)
    else:
        if "\r" in text and "\n" not in text:
            raise ApplyError(
                f"{name}: its lines end in CR only, which a shell reads as one line; convert "
                "the line ends to LF first (tr '\\r' '\\n'); nothing changed"
            )
        imported = import_shell(text, name, kind)
        before = pick_config(imported.configs, config, name).profile
        result = apply_shell(text, profile, before, kind)
    _must_parse(result, kind, name)
    return result


def _must_parse(result: ApplyResult, kind: str, name: str) -> None:
    """Refuse an edit whose result would not parse where the script did."""
    if result.unchanged:
        return
    if kind == "python":
        problem = _python_problem(result.after)
        if problem is not None and _python_problem(result.before) is None:
            raise ApplyError(
                f"{name}: the edited script would not parse ({problem}); nothing changed"
            )
        return
    before, after = lex(result.before).error, lex(result.after).error
    if after is not None and before is None:
        raise ApplyError(f"{name}: the edited script would not parse ({after}); nothing changed")


def _python_problem(text: str) -> str | None:
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except SyntaxError as exc:
        return f"line {exc.lineno}: {exc.msg}"
    except ValueError as exc:
        return str(exc)
    return None


def apply_file(
    profile: Profile,
    path: str | Path,
    config: int | None = None,
    *,
    force: bool = False,
    catalog: Catalog | None = None,
) -> ApplyResult:
    """What applying ``profile`` to the script at ``path`` gives (nothing is written)."""
    data, text = read_script(path)
    record = recorded_source(profile)
    same_file = record is not None and Path(record.path) == Path(path).resolve()
    if same_file and record is not None and record.sha256 != digest(data) and not force:
        raise ScriptChanged(
            f"{path} changed since it was imported into this profile (its content hash "
            "differs); import it again, or use --force to apply anyway"
        )
    chosen = config if config is not None else (record.config if same_file and record else 1)
    return apply_text(text, profile, str(path), chosen, catalog)


def write_applied(result: ApplyResult, path: str | Path, *, backup: bool = True) -> Replaced:
    """Write the applied text in place of the script (see :mod:`ascend_studio._backup`):
    atomically, never through a symbolic link, and only if the script still holds the
    text the edit was made on; the first write keeps the original as ``NAME.orig``."""
    try:
        return replace_keeping_original(
            path,
            result.after.encode("utf-8"),
            expected=result.before.encode("utf-8"),
            backup=backup,
        )
    except OSError as exc:
        where = exc.filename or path
        raise ApplyError(f"{where}: {exc.strerror or exc}") from None
