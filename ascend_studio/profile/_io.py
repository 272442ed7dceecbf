"""Profile files: JSON with a schema version, migrations, atomic writes.

A file that is corrupt, truncated, of a newer version or otherwise invalid raises
:class:`ProfileError` naming the file and the problem; nothing is overwritten.
Fields this version does not know are kept and written back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ascend_studio._atomic import atomic_write_text
from ascend_studio._input import InputError, read_input
from ascend_studio._words import say
from ascend_studio.profile._document import SCHEMA_VERSION, Profile
from ascend_studio.profile._fields import unwritable
from ascend_studio.profile._plain import plain_profile

__all__ = [
    "MIGRATIONS",
    "FileStamp",
    "ProfileChangedOnDisk",
    "ProfileError",
    "dump_profile",
    "file_stamp",
    "load_profile",
    "parse_profile",
    "save_profile",
]

FORMAT_TAG = "ascend-studio-profile"

#: ``MIGRATIONS[n]`` turns a version-``n`` document into version ``n + 1``.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class ProfileError(ValueError):
    """``problem``: one line without the file name (English); :meth:`problem_in`: the
    same in either language."""

    def __init__(self, source: str, problem: str, zh: str | None = None) -> None:
        super().__init__(f"{source}: {problem}")
        self.source = source
        self.problem = problem
        self._zh = zh if zh is not None else problem

    def problem_in(self, lang: str) -> str:
        return self._zh if lang == "zh" else self.problem

    def text(self, lang: str) -> str:
        """``file: problem`` in ``lang``."""
        return f"{self.source}: {self.problem_in(lang)}"

    @classmethod
    def said(cls, source: str, text: str, **fields: object) -> ProfileError:
        """The error whose problem is the message table's ``text``, ``fields`` filled."""
        return cls(source, say(text, "en", **fields), say(text, "zh", **fields))


class ProfileChangedOnDisk(ProfileError):
    """The file is no longer what this document was opened from or last saved as."""

    def __init__(self, source: str) -> None:
        super().__init__(
            source,
            "changed on disk since it was opened or saved here (another window or command "
            "wrote it); nothing was written",
        )


@dataclass(frozen=True)
class FileStamp:
    """What a file held when it was read or written: its size and content hash."""

    size: int
    sha256: str

    @classmethod
    def of(cls, data: bytes) -> FileStamp:
        import hashlib  # SHA-256, the form autosaves store; OpenSSL loads only when stamping

        return cls(len(data), hashlib.sha256(data).hexdigest())


def file_stamp(path: str | Path) -> FileStamp | None:
    """The stamp of the file at ``path`` now; ``None`` when there is none (or no access)."""
    try:
        return FileStamp.of(read_input(path))  # not a FIFO's endless wait, nor /dev/zero
    except OSError:
        return None


def _migrate(data: dict[str, Any], source: str) -> dict[str, Any]:
    version = data.get("schema_version", SCHEMA_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ProfileError(source, f"schema_version must be a positive integer, got {version!r}")
    if version > SCHEMA_VERSION:
        raise ProfileError(
            source,
            f"written by a newer Ascend Studio (profile version {version}, this version reads "
            f"up to {SCHEMA_VERSION}); upgrade the app to open it",
        )
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        data["schema_version"] = version
    return data


def _problem(loc: tuple[int | str, ...], msg: str) -> str:
    """One validation error as ``where: what`` (our own checks name their place)."""
    msg = msg.removeprefix("Value error, ")
    return f"{'.'.join(str(p) for p in loc)}: {msg}" if loc else msg


#: A profile is a few levels deep; deeper nesting (in a kept unknown field) could not
#: be written back (the JSON writer stops at a few hundred levels).
MAX_NESTING = 64


def _deeper_than(data: object, limit: int) -> bool:
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return False


def parse_profile(text: str, source: str = "<profile>") -> Profile:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        text = "not valid JSON (line {line}, column {column}): {problem}"
        raise ProfileError.said(
            source, text, line=exc.lineno, column=exc.colno, problem=exc.msg
        ) from exc
    except RecursionError:
        raise ProfileError.said(source, "not a profile: brackets nested too deeply") from None
    except ValueError:  # Python refuses to convert integers of more than 4300 digits
        text = "not a profile: an integer has more than 4300 digits"
        raise ProfileError.said(source, text) from None
    if not isinstance(data, dict):
        raise ProfileError.said(source, "expected a JSON object at the top level")
    if _deeper_than(data, MAX_NESTING):
        raise ProfileError.said(
            source, "not a profile: nested more than {depth} deep", depth=MAX_NESTING
        )
    data.pop("format", None)
    data = _migrate(data, source)
    plain = plain_profile(data)
    if plain is not None:
        return plain
    from ascend_studio.profile._validate import ValidationError, validated_profile

    try:
        return validated_profile(data)
    except ValidationError as exc:
        problems = "; ".join(_problem(err["loc"], err["msg"]) for err in exc.errors()[:5])
        raise ProfileError.said(source, "invalid profile: {problems}", problems=problems) from exc


def load_profile(path: str | Path) -> Profile:
    target = Path(path)
    try:
        raw = read_input(target)
    except InputError as exc:
        raise ProfileError(str(target), exc.problem, exc.problem_in("zh")) from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProfileError.said(
            str(target), "not UTF-8 text (byte {offset})", offset=exc.start
        ) from exc
    return parse_profile(text, str(target))


def dump_profile(profile: Profile) -> str:
    """Canonical JSON text: stable key order, UTF-8, trailing newline."""
    data = {"format": FORMAT_TAG, **profile.model_dump(mode="json")}
    data["values"] = dict(sorted(data["values"].items()))
    data["env"] = dict(sorted(data["env"].items()))
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def save_profile(profile: Profile, path: str | Path, *, expected: FileStamp | None = None) -> Path:
    """Atomically write ``profile``; an unwritable path raises ``ProfileError``.

    ``expected``: the stamp of the file as this document last read or wrote it. When
    the file on disk is different now (another window or a command wrote it), raise
    :class:`ProfileChangedOnDisk` and write nothing, so no one's update is lost
    silently. A file deleted meanwhile is simply written again.
    """
    problem = unwritable(profile)  # made in code without validation: it could not be read back
    if problem is not None:
        raise ProfileError(str(path), f"not saved: {problem}")
    if expected is not None:
        current = file_stamp(path)
        if current is not None and current != expected:
            raise ProfileChangedOnDisk(str(path))
    try:
        return atomic_write_text(path, dump_profile(profile))
    except OSError as exc:
        raise ProfileError(str(path), f"cannot write: {exc.strerror or exc}") from exc
