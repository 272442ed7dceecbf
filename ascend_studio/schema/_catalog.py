"""Load and cross-check the catalog data files."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ascend_studio._resources import resource_path
from ascend_studio.schema._models import (
    SUBCONFIG_PATHS,
    Category,
    EnvVar,
    Parameter,
    Product,
    Scenario,
    Section,
)

__all__ = ["Catalog", "CatalogError", "load_catalog", "shipped_catalog"]

T = TypeVar("T", bound=BaseModel)


class CatalogError(ValueError):
    """The shipped (or a user-supplied) catalog is malformed."""


class Catalog(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    products: tuple[Product, ...]
    scenarios: tuple[Scenario, ...]
    sections: tuple[Section, ...]
    categories: tuple[Category, ...]
    env_vars: tuple[EnvVar, ...]
    params: tuple[Parameter, ...]

    def model_post_init(self, __context: Any) -> None:
        object.__setattr__(self, "_by_path", {p.path: p for p in self.params})
        object.__setattr__(self, "_products", {p.id: p for p in self.products})
        object.__setattr__(self, "_env", {e.name: e for e in self.env_vars})

    # -- lookups -----------------------------------------------------------------
    def param(self, path: str) -> Parameter:
        """The parameter at a dotted path; KeyError names the path."""
        try:
            return self._by_path[path]  # type: ignore[attr-defined,no-any-return]
        except KeyError:
            raise KeyError(f"unknown parameter {path!r}") from None

    def has(self, path: str) -> bool:
        return path in self._by_path  # type: ignore[attr-defined]

    def product(self, product_id: str) -> Product:
        return self._products[product_id]  # type: ignore[attr-defined,no-any-return]

    def env_var(self, name: str) -> EnvVar | None:
        return self._env.get(name)  # type: ignore[attr-defined,no-any-return]

    def owned_by(self, owner: str) -> tuple[Parameter, ...]:
        return tuple(p for p in self.params if p.owner == owner)

    def in_category(self, category: str) -> tuple[Parameter, ...]:
        return tuple(p for p in self.params if p.category == category)

    @property
    def product_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.products)

    def search(self, query: str) -> Iterator[Parameter]:
        """Parameters whose name, labels, descriptions, values or env vars match."""
        needle = query.strip().casefold()
        for param in self.params:
            if not needle or needle in _haystack(param):
                yield param


def _haystack(param: Parameter) -> str:
    parts = [param.path, param.label.zh, param.label.en, param.description.zh]
    parts.append(param.description.en)
    parts.extend(str(v.value) for v in param.values)
    parts.extend(v.label.zh + " " + v.label.en for v in param.values if v.label)
    parts.extend(param.env)
    return "\n".join(parts).casefold()


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CatalogError(f"{path}: {exc}") from exc


def _build(model: type[T], rows: Iterable[dict[str, Any]], where: Path) -> list[T]:
    out: list[T] = []
    for index, row in enumerate(rows):
        try:
            out.append(model.model_validate(row))
        except ValidationError as exc:
            label = row.get("name") or row.get("id") or f"entry {index}"
            raise CatalogError(f"{where}: {label}: {exc}") from exc
    return out


def _cross_check(catalog: Catalog) -> None:
    problems: list[str] = []
    products = set(catalog.product_ids)
    categories = {c.id for c in catalog.categories}
    sections = {s.id for s in catalog.sections}
    env = {e.name for e in catalog.env_vars}
    seen: set[str] = set()
    for p in catalog.params:
        if p.path in seen:
            problems.append(f"{p.path}: defined twice")
        seen.add(p.path)
        if p.category not in categories:
            problems.append(f"{p.path}: unknown category {p.category!r}")
        if p.section not in sections:
            problems.append(f"{p.path}: unknown section {p.section!r}")
        problems += [f"{p.path}: unknown env var {e!r}" for e in p.env if e not in env]
        for ids in [
            p.products,
            *(v.products for v in p.values),
            *(d.products for d in p.doc_default),
        ]:
            problems += [f"{p.path}: unknown product {i!r}" for i in ids or () if i not in products]
    for owner, holder in SUBCONFIG_PATHS.items():
        if catalog.owned_by(owner) and holder not in seen:
            problems.append(f"{owner}: holder parameter {holder!r} missing")
    if problems:
        raise CatalogError("catalog cross-check failed:\n  " + "\n  ".join(problems))


def load_catalog(root: Path | None = None) -> Catalog:
    """Read and validate every catalog file under ``root`` (default: shipped data)."""
    base = root or resource_path("catalog")
    tables = {
        name: _read_toml(base / f"{name}.toml")
        for name in ("products", "scenarios", "taxonomy", "env")
    }
    params: list[Parameter] = []
    for path in sorted((base / "params").glob("*.toml")):
        params += _build(Parameter, _read_toml(path).get("param", []), path)
    params.sort(key=lambda p: (p.order, p.path))
    catalog = Catalog(
        products=tuple(_build(Product, tables["products"]["product"], base / "products.toml")),
        scenarios=tuple(_build(Scenario, tables["scenarios"]["scenario"], base / "scenarios.toml")),
        sections=tuple(_build(Section, tables["taxonomy"]["section"], base / "taxonomy.toml")),
        categories=tuple(_build(Category, tables["taxonomy"]["category"], base / "taxonomy.toml")),
        env_vars=tuple(_build(EnvVar, tables["env"]["env"], base / "env.toml")),
        params=tuple(params),
    )
    _cross_check(catalog)
    return catalog


@cache
def shipped_catalog() -> Catalog:
    """The catalog shipped with the package, loaded once per process."""
    return load_catalog()
