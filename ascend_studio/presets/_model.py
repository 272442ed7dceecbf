"""Task presets: data files (``resources/presets/*.toml``) validated on load.

A preset answers a task ("find the overflowing operator") with the
parameters, environment variables and companion file texts the reference
pages give for it. Each entry may be limited to some products or one
scenario; the catalog's own availability facts are checked when it is applied.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ascend_studio._resources import resource_path
from ascend_studio.schema import Catalog, Gate, Scalar, Text, scope_gate, value_problems

__all__ = [
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


class PresetError(ValueError):
    pass


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _Scoped(_Frozen):
    why: Text
    #: Only on these products (None: wherever the catalog allows it).
    products: tuple[str, ...] | None = None
    scenario: Applies = "both"

    def why_not(self, product: str, scenario: str) -> Gate | None:
        """Where this entry of the preset misses the target (the catalog's own test)."""
        return scope_gate(self.products, self.scenario, product, scenario)


class PresetSetting(_Scoped):
    path: str
    #: The value; for a path that must exist on the server, ``under_work_path`` instead.
    value: Scalar | None = None
    #: A folder or file under the job's folder (``--work-path`` or the profile's
    #: ``ASCEND_WORK_PATH``): never a made-up path that does not exist on the server.
    under_work_path: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_.-][A-Za-z0-9_./-]*$")


class PresetClear(_Scoped):
    """A parameter the task needs unset (``precision_mode`` beside ``precision_mode_v2``)."""

    path: str


class PresetEnv(_Scoped):
    name: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    value: str | None = None
    unset: bool = False
    #: As :attr:`PresetSetting.under_work_path`.
    under_work_path: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_.-][A-Za-z0-9_./-]*$")


class PresetFile(_Frozen):
    """Text of the file a path parameter points to (what the runtime will read)."""

    path: str
    text: str = Field(min_length=1)
    why: Text


class Preset(_Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: Text
    explanation: Text
    #: Products this preset is written for (each is tested against the rules).
    products: tuple[str, ...] = Field(min_length=1)
    scenarios: tuple[Literal["training", "inference"], ...] = ("training",)
    #: Public sources: a reference page title and path, or a hicann/tensorflow file.
    sources: tuple[str, ...] = Field(min_length=1)
    settings: tuple[PresetSetting, ...] = Field(default=(), alias="set")
    clear: tuple[PresetClear, ...] = ()
    env: tuple[PresetEnv, ...] = ()
    files: tuple[PresetFile, ...] = ()

    @field_validator("sources")
    @classmethod
    def _public(cls, sources: tuple[str, ...]) -> tuple[str, ...]:
        for source in sources:
            if _PRIVATE.search(source):
                raise ValueError(f"source {source!r} is private shorthand; cite a public page")
        return sources

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


def _load(path: Path) -> Preset:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        preset = Preset.model_validate(data)
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise PresetError(f"{path.name}: {exc}") from None
    if preset.id != path.stem:
        raise PresetError(f"{path.name}: id {preset.id!r} must match the file name")
    return preset


def load_presets(folder: Path, catalog: Catalog) -> tuple[Preset, ...]:
    presets = tuple(_load(path) for path in sorted(folder.glob("*.toml")))
    problems = [p for preset in presets for p in preset.check(catalog)]
    if problems:
        raise PresetError("; ".join(problems))
    return presets


_SHIPPED: dict[int, tuple[Catalog, tuple[Preset, ...]]] = {}


def shipped_presets(catalog: Catalog) -> tuple[Preset, ...]:
    """The presets shipped with the package, checked against ``catalog`` (loaded once)."""
    kept = _SHIPPED.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        kept = (catalog, load_presets(resource_path("presets"), catalog))
        _SHIPPED[id(catalog)] = kept
    return kept[1]
