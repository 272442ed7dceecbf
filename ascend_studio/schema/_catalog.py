"""Load and cross-check the catalog data files."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ascend_studio._resources import resource_path
from ascend_studio.schema._cache import read_cache, sources_key, write_cache
from ascend_studio.schema._formats import FILE_FORMATS, FORMATS
from ascend_studio.schema._models import (
    OWNERS,
    SUBCONFIG_PATHS,
    Category,
    EnvVar,
    Parameter,
    Product,
    Scenario,
    Section,
)

__all__ = [
    "Catalog",
    "CatalogError",
    "build_catalog",
    "catalog_files",
    "load_catalog",
    "shipped_catalog",
]

T = TypeVar("T", bound=BaseModel)
#: The catalog files beside ``params/``, in load order.
_TABLES = ("products", "scenarios", "taxonomy", "env")


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
        object.__setattr__(self, "_product_names", _product_names(self.products))
        sessions = {p.session.key: p for p in self.params if p.session is not None}
        object.__setattr__(self, "_by_session_key", sessions)
        signatures: dict[str, tuple[str, ...]] = {}
        for owner in OWNERS:
            owned = sorted((p.position, p.name) for p in self.params if p.owner == owner)
            signatures[owner] = tuple(name for _, name in owned)
        object.__setattr__(self, "_signatures", signatures)

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

    def product_id(self, text: str) -> str | None:
        """The product id ``text`` names: an id, a zh/en name or short name, or an
        alias (doc spellings, chip names, SOC_VERSION), in any case and spacing."""
        return self._product_names.get(_squash(text)) if text else None  # type: ignore[attr-defined]

    def env_var(self, name: str) -> EnvVar | None:
        return self._env.get(name)  # type: ignore[attr-defined,no-any-return]

    def by_session_key(self) -> dict[str, Parameter]:
        """sess.run ``parameter_map`` key -> parameter (a shared table: do not mutate)."""
        return self._by_session_key  # type: ignore[attr-defined,no-any-return]

    def signature(self, owner: str) -> tuple[str, ...]:
        """The keyword names of ``owner``'s constructor in positional order."""
        return self._signatures[owner]  # type: ignore[attr-defined,no-any-return]

    @property
    def signatures(self) -> dict[str, tuple[str, ...]]:
        """owner -> keyword names in positional order (a shared table: do not mutate)."""
        return self._signatures  # type: ignore[attr-defined,no-any-return]

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


def _squash(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _names_of(product: Product) -> list[str]:
    names = [product.id, *product.aliases]
    for label in (product.name, product.short):
        names += [label.zh, label.en, *label.zh.split(" / "), *label.en.split(" / ")]
    return names


def _product_names(products: tuple[Product, ...]) -> dict[str, str]:
    """Squashed spelling -> product id (the first product wins a shared spelling)."""
    found: dict[str, str] = {}
    for product in products:
        for name in _names_of(product):
            found.setdefault(_squash(name), product.id)
    return found


def _haystack(param: Parameter) -> str:
    parts = [param.path, param.label.zh, param.label.en, param.description.zh]
    parts.append(param.description.en)
    parts.extend(str(v.value) for v in param.values)
    parts.extend(v.label.zh + " " + v.label.en for v in param.values if v.label)
    parts.extend(param.env)
    return "\n".join(parts).casefold()


def catalog_files(base: Path) -> list[str]:
    """Every file the catalog is read from, relative to ``base``, in load order."""
    params = sorted(path.name for path in (base / "params").glob("*.toml"))
    return [f"{name}.toml" for name in _TABLES] + [f"params/{name}" for name in params]


def _read_sources(base: Path) -> dict[str, bytes]:
    blobs: dict[str, bytes] = {}
    for name in catalog_files(base):
        try:
            blobs[name] = (base / name).read_bytes()
        except OSError as exc:
            raise CatalogError(f"{base / name}: {exc}") from exc
    return blobs


def _parse(base: Path, blobs: dict[str, bytes]) -> dict[str, dict[str, Any]]:
    import tomllib  # not needed when the shipped catalog comes from the cache

    parsed: dict[str, dict[str, Any]] = {}
    for name, blob in blobs.items():
        try:
            parsed[name] = tomllib.loads(blob.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise CatalogError(f"{base / name}: {exc}") from exc
    return parsed


def _build(model: type[T], rows: object, where: Path) -> list[T]:
    if not isinstance(rows, list):
        raise CatalogError(f"{where}: expected an array of tables, got {type(rows).__name__}")
    out: list[T] = []
    for index, row in enumerate(rows):
        try:
            out.append(model.model_validate(row))
        except ValidationError as exc:
            named = row if isinstance(row, dict) else {}
            label = named.get("name") or named.get("id") or f"entry {index}"
            raise CatalogError(f"{where}: {label}: {exc}") from exc
    return out


def _references(param: Parameter) -> list[str]:
    """Other parameters an entry names (gates, switches, rewrite conditions)."""
    found = [param.checks.read_with, param.session.gate if param.session else None]
    found.append(param.default_yields_to)
    found += [w.param for r in param.rewrites for w in r.when]
    return [f for f in found if f is not None]


def _product_problems(catalog: Catalog) -> list[str]:
    problems: list[str] = []
    owners: dict[str, str] = {}
    for product in catalog.products:
        for name in {_squash(n) for n in _names_of(product)}:
            if owners.setdefault(name, product.id) != product.id:
                problems.append(f"{product.id}: spelling {name!r} also names {owners[name]}")
    return problems


def _param_problems(catalog: Catalog, p: Parameter, paths: set[str]) -> list[str]:
    """What one entry refers to that the catalog does not define."""
    problems: list[str] = []
    if p.category not in {c.id for c in catalog.categories}:
        problems.append(f"{p.path}: unknown category {p.category!r}")
    if p.section not in {s.id for s in catalog.sections}:
        problems.append(f"{p.path}: unknown section {p.section!r}")
    named_env = [*p.env, *p.env_fallback, *(w.env for r in p.rewrites for w in r.when if w.env)]
    problems += [
        f"{p.path}: unknown env var {e!r}" for e in named_env if catalog.env_var(e) is None
    ]
    if p.format_rule is not None and p.format is None:
        problems.append(f"{p.path}: format_rule without a format")
    if p.format is not None and p.format not in FORMATS:
        problems.append(f"{p.path}: unknown format {p.format!r}")
    if p.file_format is not None and p.file_format not in FILE_FORMATS:
        problems.append(f"{p.path}: unknown file format {p.file_format!r}")
    if p.file_format is not None and p.kind != "path":
        problems.append(f"{p.path}: file_format on a {p.kind} parameter")
    problems += [f"{p.path}: unknown parameter {r!r}" for r in _references(p) if r not in paths]
    products = set(catalog.product_ids)
    for ids in [p.products, *(v.products for v in p.values), *(d.products for d in p.doc_default)]:
        problems += [f"{p.path}: unknown product {i!r}" for i in ids or () if i not in products]
    return problems


def _signature_problems(catalog: Catalog) -> list[str]:
    problems: list[str] = []
    for owner in OWNERS:
        owned = catalog.owned_by(owner)
        problems += [f"{p.path}: no signature position" for p in owned if p.position < 0]
        positions = [p.position for p in owned]
        twice = sorted({n for n in positions if positions.count(n) > 1})
        problems += [f"{owner}: signature position {n} given twice" for n in twice]
    return problems


def _cross_check(catalog: Catalog) -> None:
    problems = _product_problems(catalog) + _signature_problems(catalog)
    seen: set[str] = set()
    paths = {p.path for p in catalog.params}
    for p in catalog.params:
        if p.path in seen:
            problems.append(f"{p.path}: defined twice")
        seen.add(p.path)
        problems += _param_problems(catalog, p, paths)
    for sub, holder in SUBCONFIG_PATHS.items():
        if catalog.owned_by(sub) and holder not in seen:
            problems.append(f"{sub}: holder parameter {holder!r} missing")
    if problems:
        raise CatalogError("catalog cross-check failed:\n  " + "\n  ".join(problems))


def build_catalog(base: Path, parsed: dict[str, dict[str, Any]]) -> Catalog:
    """Validate parsed catalog files (named as by :func:`catalog_files`) and cross-check them."""

    def rows(name: str, table: str, model: type[T]) -> tuple[T, ...]:
        where = base / f"{name}.toml"
        if table not in parsed[f"{name}.toml"]:
            raise CatalogError(f"{where}: no [[{table}]] entries")
        return tuple(_build(model, parsed[f"{name}.toml"][table], where))

    params: list[Parameter] = []
    for name, content in parsed.items():
        if name.startswith("params/"):
            params += _build(Parameter, content.get("param", []), base / name)
    params.sort(key=lambda p: (p.order, p.path))
    catalog = Catalog(
        products=rows("products", "product", Product),
        scenarios=rows("scenarios", "scenario", Scenario),
        sections=rows("taxonomy", "section", Section),
        categories=rows("taxonomy", "category", Category),
        env_vars=rows("env", "env", EnvVar),
        params=tuple(params),
    )
    _cross_check(catalog)
    return catalog


def load_catalog(root: Path | None = None) -> Catalog:
    """Read and validate every catalog file under ``root`` (default: shipped data)."""
    base = root or resource_path("catalog")
    return build_catalog(base, _parse(base, _read_sources(base)))


@cache
def shipped_catalog() -> Catalog:
    """The catalog shipped with the package, validated, loaded once per process.

    The parsed files come from the user cache when every file's bytes are
    unchanged (the TOML parser is most of a load); validation and the
    cross-check run on them all the same. A cache that fails them is set aside
    and the files themselves are parsed, so only the data decides the outcome.
    """
    base = resource_path("catalog")
    blobs = _read_sources(base)
    key = sources_key(blobs)
    cached = read_cache(key, list(blobs))
    if cached is not None:
        try:
            return build_catalog(base, cached)
        except CatalogError:
            pass
    parsed = _parse(base, blobs)
    catalog = build_catalog(base, parsed)
    write_cache(key, parsed)
    return catalog
