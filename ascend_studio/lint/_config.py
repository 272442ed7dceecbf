"""Project configuration: ``.ascend-studio.toml`` or ``[tool.ascend-studio]`` in ``pyproject.toml``.

The configuration that applies to a file is the nearest one found from the
file's folder upwards (in one folder, ``.ascend-studio.toml`` wins over
``pyproject.toml``, and a ``pyproject.toml`` without the table is skipped).
Keys: ``product``, ``scenario``, ``release``, ``select``, ``ignore``, ``exclude``,
``include``, ``fail-on``, and ``[[overrides]]`` tables with ``paths`` (patterns
in ``.gitignore`` syntax, relative to the configuration's folder) and any of
``product``, ``scenario``, ``release``, ``select``, ``ignore``. Command-line options
win; a release a file names itself (``# ascend-studio: release=...``) wins over
the configuration's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ascend_studio.lint._files import pattern_spec, shown_path
from ascend_studio.lint._globs import GlobSpec
from ascend_studio.lint._options import FAIL_ON
from ascend_studio.lint._select import Layer, check_selectors

__all__ = [
    "FAIL_ON",
    "ConfigError",
    "Override",
    "ProjectConfig",
    "find_config",
    "forget_configs",
    "load_config",
]

SCENARIOS = ("training", "inference")
_TOP_KEYS = frozenset(
    {"product", "scenario", "release", "select", "ignore", "exclude", "include", "fail-on"}
)
_OVERRIDE_KEYS = frozenset({"paths", "product", "scenario", "release", "select", "ignore"})


class ConfigError(Exception):
    """A configuration file that cannot be used; the message names the file and key."""


@dataclass(frozen=True)
class Override:
    """One ``[[overrides]]`` table of a project configuration."""

    index: int
    paths: tuple[str, ...]
    spec: GlobSpec
    product: str | None
    scenario: str | None
    layer: Layer
    release: str | None = None


@dataclass(frozen=True)
class ProjectConfig:
    """A project configuration as read."""

    #: The file, and how to name where a setting came from (``pyproject.toml [tool.ascend-studio]``).
    path: Path
    where: str
    product: str | None = None
    scenario: str | None = None
    layer: Layer | None = None
    release: str | None = None
    exclude: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    fail_on: str | None = None
    overrides: tuple[Override, ...] = ()

    @property
    def folder(self) -> Path:
        return self.path.parent

    def overrides_for(self, file: Path) -> list[Override]:
        try:
            rel = file.absolute().relative_to(self.folder.absolute()).as_posix()
        except ValueError:
            return []
        if file.is_dir():  # a folder: the overrides its files get (``ACL_*/`` matches ``ACL_x/``)
            rel += "/"
        return [o for o in self.overrides if o.spec.match_file(rel)]


def _strings(table: dict[str, Any], key: str, where: str) -> tuple[str, ...] | None:
    value = table.get(key)
    if value is None:
        return None
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: {key} must be a list of strings")
    return tuple(value)


def _choice(table: dict[str, Any], key: str, where: str, choices: tuple[str, ...]) -> str | None:
    value = table.get(key)
    if value is not None and value not in choices:
        raise ConfigError(f"{where}: {key} must be one of {', '.join(choices)}, not {value!r}")
    return value


def _text(table: dict[str, Any], key: str, where: str) -> str | None:
    value = table.get(key)
    if value is not None and not isinstance(value, str):
        raise ConfigError(f"{where}: {key} must be a string")
    return value


def _layer(table: dict[str, Any], where: str) -> Layer | None:
    select, ignore = _strings(table, "select", where), _strings(table, "ignore", where)
    problem = check_selectors([*(select or ()), *(ignore or ())])
    if problem:
        raise ConfigError(f"{where}: {problem}")
    if select is None and not ignore:
        return None
    return Layer(where, select, ignore or ())


def _unknown_keys(table: dict[str, Any], known: frozenset[str], where: str) -> None:
    extra = sorted(set(table) - known)
    if extra:
        raise ConfigError(f"{where}: unknown key {extra[0]!r} (known: {', '.join(sorted(known))})")


def _override(index: int, table: object, where: str) -> Override:
    here = f"{where} overrides[{index}]"
    if not isinstance(table, dict):
        raise ConfigError(f"{here}: must be a table")
    _unknown_keys(table, _OVERRIDE_KEYS, here)
    paths = _strings(table, "paths", here)
    if not paths:
        raise ConfigError(f"{here}: paths is required (patterns like 'ACL_*/')")
    here = f"{here} ({', '.join(paths)})"
    return Override(
        index,
        paths,
        pattern_spec(paths),
        _text(table, "product", here),
        _choice(table, "scenario", here, SCENARIOS),
        _layer(table, here) or Layer(here),
        _text(table, "release", here),
    )


def _parse(path: Path, table: dict[str, Any], where: str) -> ProjectConfig:
    _unknown_keys(table, _TOP_KEYS | {"overrides"}, where)
    overrides = table.get("overrides", [])
    if not isinstance(overrides, list):
        raise ConfigError(f"{where}: overrides must be an array of tables ([[...overrides]])")
    return ProjectConfig(
        path=path,
        where=where,
        product=_text(table, "product", where),
        scenario=_choice(table, "scenario", where, SCENARIOS),
        layer=_layer(table, where),
        release=_text(table, "release", where),
        exclude=_strings(table, "exclude", where) or (),
        include=_strings(table, "include", where) or (),
        fail_on=_choice(table, "fail-on", where, FAIL_ON),
        overrides=tuple(_override(i, t, where) for i, t in enumerate(overrides)),
    )


def _read_toml(path: Path, data: bytes) -> dict[str, Any]:
    import tomllib  # only when a configuration file may hold ours

    try:
        return tomllib.loads(data.decode())
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{shown_path(path)}: cannot read: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{shown_path(path)}: not valid TOML: {exc}") from exc


def load_config(path: Path) -> ProjectConfig | None:
    """The configuration in ``path``; None for a ``pyproject.toml`` without our table."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"{shown_path(path)}: cannot read: {exc}") from exc
    if path.name == "pyproject.toml" and not _may_hold_our_table(raw):
        return None
    data = _read_toml(path, raw)
    if path.name == "pyproject.toml":
        tool = data.get("tool")
        table = tool.get("ascend-studio") if isinstance(tool, dict) else None
        if table is None:
            return None
        if not isinstance(table, dict):
            raise ConfigError(f"{shown_path(path)}: [tool.ascend-studio] must be a table")
        return _parse(path, table, f"{shown_path(path)} [tool.ascend-studio]")
    return _parse(path, data, shown_path(path))


def _may_hold_our_table(text: bytes) -> bool:
    """Whether a ``pyproject.toml`` of ``text`` can hold ``[tool.ascend-studio]``: its
    name spelled out, or a TOML escape that could spell it. Most projects' file has
    neither, and is then passed over without loading a TOML parser (about 7 ms a
    command)."""
    return b"ascend-studio" in text or b"\\u" in text or b"\\U" in text


_FOUND: dict[Path, ProjectConfig | None] = {}


def _own_config(folder: Path) -> ProjectConfig | None:
    for name in (".ascend-studio.toml", "pyproject.toml"):
        candidate = folder / name
        try:
            present = candidate.is_file()
        except OSError:  # a name too long, a loop of links
            present = False
        if present and (found := load_config(candidate)) is not None:
            return found
    return None


def find_config(folder: Path) -> ProjectConfig | None:
    """The nearest configuration at or above ``folder`` (cached per folder for one run;
    found upwards in a loop: a folder thousands of levels deep is fine)."""
    folder = folder.absolute()
    climbed: list[Path] = []
    found: ProjectConfig | None = None
    while True:
        if folder in _FOUND:
            found = _FOUND[folder]
            break
        climbed.append(folder)
        found = _own_config(folder)
        if found is not None or folder.parent == folder:
            break
        folder = folder.parent
    for done in climbed:
        _FOUND[done] = found
    return found


def forget_configs() -> None:
    """Drop the per-run cache (tests and long-lived callers)."""
    _FOUND.clear()
