"""Apply a profile to a script file: the import-time hash check, backup, atomic write.

Importing a script records its path, which configuration and a SHA-256 of its
bytes in the profile (a field older versions keep as an unknown field). Applying
refuses a script whose bytes changed since then, unless forced: the profile's
edits were made against what the script said at that time.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from ascend_studio._atomic import atomic_write_text
from ascend_studio.apply._python import apply_python, pick_config
from ascend_studio.apply._result import ApplyError, ApplyResult, ScriptChanged
from ascend_studio.apply._shell import apply_shell
from ascend_studio.codegen import import_shell
from ascend_studio.codegen._import_sh import detect_dialect
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
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ApplyError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        return data, data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApplyError(f"{path}: not UTF-8 text (byte {exc.start}); nothing changed") from None


def _is_python(path: Path, text: str) -> bool:
    return path.suffix == ".py" or (text.startswith("#!") and "python" in text.split("\n", 1)[0])


def apply_text(
    text: str,
    profile: Profile,
    name: str,
    config: int = 1,
    catalog: Catalog | None = None,
    *,
    as_written: bool = False,
) -> ApplyResult:
    """Apply to script text; the kind of script is told by its name and first line.
    ``as_written``: see :func:`apply_python`."""
    path = Path(name)
    if _is_python(path, text):
        return apply_python(text, profile, config, catalog, name, as_written=as_written)
    dialect = detect_dialect(text, name)
    imported = import_shell(text, name, dialect)
    before = pick_config(imported.configs, config, name).profile
    return apply_shell(text, profile, before, dialect)


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


def write_applied(result: ApplyResult, path: str | Path, *, backup: bool = True) -> Path | None:
    """Write the applied text atomically; the old file is kept as ``NAME.orig`` first."""
    target = Path(path)
    kept = None
    if backup:
        kept = target.with_name(target.name + ".orig")
        try:
            shutil.copy2(target, kept)
        except OSError as exc:
            raise ApplyError(f"cannot keep a backup at {kept}: {exc.strerror or exc}") from None
    try:
        atomic_write_text(target, result.after)
    except OSError as exc:
        raise ApplyError(str(exc)) from None
    return kept
