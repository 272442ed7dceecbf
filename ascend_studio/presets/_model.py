"""Task presets: data files (``resources/presets/*.toml``) validated on load.

A preset answers a task ("find the overflowing operator") with the
parameters, environment variables and companion file texts the reference
pages give for it. Each entry may be limited to some products or one
scenario; the catalog's own availability facts are checked when it is applied.

The classes are frozen stdlib dataclasses, as the catalog's are: the files are
validated by pydantic (``_validate.py`` builds its validators from these very
classes, with their ``__pydantic_config__`` and their ``__post_init__`` checks)
when they change, and later starts rebuild the same objects from the validated
copy in the user cache, with no TOML parser and no pydantic (``preset list`` then
starts as fast as ``params``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

from ascend_studio._resources import resource_path
from ascend_studio.schema import Catalog, Gate, Scalar, Text, scope_gate, value_problems

__all__ = [
    "CLASSES",
    "WORK_MARKER",
    "Preset",
    "PresetClear",
    "PresetEnv",
    "PresetError",
    "PresetFile",
    "PresetSetting",
    "load_presets",
    "shipped_presets",
]

Applies = Literal["training", "inference", "both"]
#: In a text value (a JSON option string), where the job's folder goes.
WORK_MARKER = "<job_folder>"
_PRIVATE = re.compile(r"\bseed\d*\b|NOTES|§", re.I)
_ID = re.compile(r"[a-z][a-z0-9_]*")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_UNDER = re.compile(r"[A-Za-z0-9_.-][A-Za-z0-9_./-]*")


class PresetError(ValueError):
    pass


def _alias(name: str) -> str:
    """The file's key of a field: a preset's settings are its ``[[set]]`` tables."""
    return "set" if name == "settings" else name


#: pydantic's configuration for every preset class (a plain dict: no pydantic import).
CONFIG: dict[str, Any] = {"extra": "forbid", "alias_generator": _alias}


def _matches(pattern: re.Pattern[str], value: str | None, what: str) -> None:
    if value is not None and not pattern.fullmatch(value):
        raise ValueError(f"{what} {value!r} should match {pattern.pattern!r}")


@dataclass(frozen=True, kw_only=True)
class _Frozen:
    __pydantic_config__: ClassVar[dict[str, Any]] = CONFIG


@dataclass(frozen=True, kw_only=True)
class _Scoped(_Frozen):
    why: Text
    #: Only on these products (None: wherever the catalog allows it).
    products: tuple[str, ...] | None = None
    scenario: Applies = "both"

    def why_not(
        self, product: str | None, scenario: str | None, *, unnamed_misses: bool = False
    ) -> Gate | None:
        """Where this entry of the preset misses the target (the catalog's own test)."""
        return scope_gate(
            self.products, self.scenario, product, scenario, unnamed_misses=unnamed_misses
        )


@dataclass(frozen=True, kw_only=True)
class PresetSetting(_Scoped):
    path: str
    #: The value; for a path that must exist on the server, ``under_work_path`` instead.
    value: Scalar | None = None
    #: A folder or file under the job's folder (``--work-path`` or the profile's
    #: ``ASCEND_WORK_PATH``): never a made-up path that does not exist on the server.
    under_work_path: str | None = None

    def __post_init__(self) -> None:
        _matches(_UNDER, self.under_work_path, "under_work_path")


@dataclass(frozen=True, kw_only=True)
class PresetClear(_Scoped):
    """A parameter the task needs unset (``precision_mode`` beside ``precision_mode_v2``)."""

    path: str


@dataclass(frozen=True, kw_only=True)
class PresetEnv(_Scoped):
    name: str
    value: str | None = None
    unset: bool = False
    #: As :attr:`PresetSetting.under_work_path`.
    under_work_path: str | None = None

    def __post_init__(self) -> None:
        _matches(_ENV_NAME, self.name, "name")
        _matches(_UNDER, self.under_work_path, "under_work_path")


@dataclass(frozen=True, kw_only=True)
class PresetFile(_Frozen):
    """Text of the file a path parameter points to (what the runtime will read)."""

    path: str
    text: str
    why: Text

    def __post_init__(self) -> None:
        if not self.text:
            raise ValueError(f"{self.path}: the file's text must not be empty")


@dataclass(frozen=True, kw_only=True)
class Preset(_Frozen):
    id: str
    title: Text
    explanation: Text
    #: Products this preset is written for (each is tested against the rules).
    products: tuple[str, ...]
    scenarios: tuple[Literal["training", "inference"], ...] = ("training",)
    #: Public sources: a reference page title and path, or a hicann/tensorflow file.
    sources: tuple[str, ...]
    settings: tuple[PresetSetting, ...] = ()
    clear: tuple[PresetClear, ...] = ()
    env: tuple[PresetEnv, ...] = ()
    files: tuple[PresetFile, ...] = ()

    def __post_init__(self) -> None:
        _matches(_ID, self.id, "id")
        if not self.products or not self.sources:
            raise ValueError(f"{self.id}: products and sources must not be empty")
        for source in self.sources:
            if _PRIVATE.search(source):
                raise ValueError(f"source {source!r} is private shorthand; cite a public page")

    def check(self, catalog: Catalog) -> list[str]:
        """Problems against the catalog (unknown parameter, product, bad value)."""
        problems: list[str] = []
        known = set(catalog.product_ids)
        for product in self.products:
            if product not in known:
                problems.append(f"{self.id}: unknown product {product!r}")
        for item in self.settings:
            if not catalog.has(item.path):
                problems.append(f"{self.id}: unknown parameter {item.path!r}")
                continue
            if (item.value is None) == (item.under_work_path is None):
                problems.append(f"{self.id}: {item.path} needs one of value or under_work_path")
                continue
            shown = item.value if item.value is not None else f"/work/{item.under_work_path}"
            if isinstance(shown, str):
                shown = shown.replace(WORK_MARKER, "/work")
            problems += [f"{self.id}: {p}" for p in value_problems(catalog.param(item.path), shown)]
            problems += [
                f"{self.id}: unknown product {p!r}" for p in item.products or () if p not in known
            ]
        problems += [
            f"{self.id}: unknown parameter {c.path!r} to clear"
            for c in self.clear
            if not catalog.has(c.path)
        ]
        for file in self.files:
            if not catalog.has(file.path):
                problems.append(f"{self.id}: file for unknown parameter {file.path!r}")
        for env in self.env:
            given = (env.value is not None) + env.unset + (env.under_work_path is not None)
            if given != 1:
                problems.append(
                    f"{self.id}: {env.name} needs exactly one of value, unset or under_work_path"
                )
        return problems


#: Every class a stored copy of the presets may hold, by name.
CLASSES: dict[str, type] = {
    cls.__name__: cls for cls in (Preset, PresetSetting, PresetClear, PresetEnv, PresetFile, Text)
}


def _checked(presets: tuple[Preset, ...], catalog: Catalog) -> tuple[Preset, ...]:
    problems = [p for preset in presets for p in preset.check(catalog)]
    if problems:
        raise PresetError("; ".join(problems))
    return presets


def load_presets(folder: Path, catalog: Catalog) -> tuple[Preset, ...]:
    """Every ``*.toml`` preset in ``folder``, validated and checked against ``catalog``."""
    from ascend_studio.presets._validate import validated_presets

    blobs = _read_files(folder)
    return _checked(validated_presets(blobs), catalog)


def _read_files(folder: Path) -> dict[str, bytes]:
    blobs: dict[str, bytes] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            blobs[path.name] = path.read_bytes()
        except OSError as exc:
            raise PresetError(f"{path.name}: {exc}") from None
    return blobs


def _shipped(catalog: Catalog) -> tuple[Preset, ...]:
    """The shipped presets: from the validated copy when every file is unchanged."""
    from ascend_studio._jsoncopy import copy_file
    from ascend_studio.schema._cache import read_cache, sources_key, write_cache

    blobs = _read_files(resource_path("presets"))
    key, where = sources_key(blobs, CLASSES), copy_file("presets.json")
    cached = read_cache(key, CLASSES, where)
    if isinstance(cached, tuple) and all(isinstance(p, Preset) for p in cached):
        return _checked(cached, catalog)
    from ascend_studio.presets._validate import validated_presets

    presets = validated_presets(blobs)
    write_cache(key, presets, where)
    return _checked(presets, catalog)


_SHIPPED: dict[int, tuple[Catalog, tuple[Preset, ...]]] = {}


def shipped_presets(catalog: Catalog) -> tuple[Preset, ...]:
    """The presets shipped with the package, checked against ``catalog`` (loaded once)."""
    kept = _SHIPPED.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        kept = (catalog, _shipped(catalog))
        _SHIPPED[id(catalog)] = kept
    return kept[1]
