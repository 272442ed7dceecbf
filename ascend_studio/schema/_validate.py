"""Validate parsed catalog files with pydantic and cross-check them.

The only module of the schema that imports pydantic: the validators are built
from the catalog's own dataclasses (their types, ``__pydantic_config__`` and
``__post_init__`` checks), so there is one definition of each class. Loading the
shipped catalog comes here only when its validated cache misses, and the app
comes here after its first paint to check the files themselves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from ascend_studio.schema._catalog import Catalog, CatalogError, _names_of, _squash
from ascend_studio.schema._facts import KeyFact, KeywordFact, Span, ValuesFact
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
from ascend_studio.schema._release_models import Release
from ascend_studio.schema._sources import Source
from ascend_studio.schema._tf2 import Tf2, Tf2Call, Tf2Facts, Tf2Holder, Tf2Option, Tf2Release

__all__ = ["build_catalog", "parse_files", "validated"]

T = TypeVar("T")


def parse_files(base: Path, blobs: dict[str, bytes]) -> dict[str, dict[str, Any]]:
    """Each catalog file's TOML, parsed; CatalogError names a file that does not parse."""
    import tomllib

    parsed: dict[str, dict[str, Any]] = {}
    for name, blob in blobs.items():
        try:
            parsed[name] = tomllib.loads(blob.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise CatalogError(f"{base / name}: {exc}") from exc
    return parsed


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(model: type[T]) -> TypeAdapter[T]:
    """One validator per catalog class (building one is the expensive part)."""
    if model not in _ADAPTERS:
        _ADAPTERS[model] = TypeAdapter(model)
    return _ADAPTERS[model]


def validated(model: type[T], data: object) -> T:
    """``data`` (e.g. one TOML table) validated into a catalog class; pydantic's
    ValidationError (a ValueError) says what is wrong."""
    return _adapter(model).validate_python(data)


def _build(model: type[T], rows: object, where: Path) -> list[T]:
    if not isinstance(rows, list):
        raise CatalogError(f"{where}: expected an array of tables, got {type(rows).__name__}")
    adapter = _adapter(model)
    out: list[T] = []
    for index, row in enumerate(rows):
        try:
            out.append(adapter.validate_python(row))
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
    if p.session is not None and p.session.session_only and p.position != -1:
        problems.append(f"{p.path}: a session-only key has no signature position")
    if p.format_rule is not None and p.format is None:
        problems.append(f"{p.path}: format_rule without a format")
    if p.format is None and any(r.test in ("format", "repeated") for r in p.rules):
        problems.append(f"{p.path}: a format or repeated rule without a format")
    if p.format_rule is not None and any(r.test == "format" for r in p.rules):
        problems.append(f"{p.path}: both format_rule and a format rule")
    if p.format is not None and p.format not in FORMATS:
        problems.append(f"{p.path}: unknown format {p.format!r}")
    if p.file_format is not None and p.file_format not in FILE_FORMATS:
        problems.append(f"{p.path}: unknown file format {p.file_format!r}")
    if p.file_format is not None and p.kind != "path":
        problems.append(f"{p.path}: file_format on a {p.kind} parameter")
    problems += [f"{p.path}: unknown parameter {r!r}" for r in _references(p) if r not in paths]
    products = set(catalog.product_ids)
    scoped = [p, *p.values, *p.doc_default, *p.rules]
    for ids in (item.products for item in scoped):
        problems += [f"{p.path}: unknown product {i!r}" for i in ids or () if i not in products]
    return problems


def _signature_problems(catalog: Catalog) -> list[str]:
    problems: list[str] = []
    for owner in OWNERS:
        owned = [p for p in catalog.owned_by(owner) if not p.session or not p.session.session_only]
        problems += [f"{p.path}: no signature position" for p in owned if p.position < 0]
        positions = [p.position for p in owned]
        twice = sorted({n for n in positions if positions.count(n) > 1})
        problems += [f"{owner}: signature position {n} given twice" for n in twice]
    return problems


def _spans(catalog: Catalog) -> list[tuple[str, Span]]:
    """Every span of the validity data, named by what it is about."""
    found: list[tuple[str, Span]] = []
    for k in catalog.keywords:
        found += [(k.path, k), *((f"{k.path} default", d) for d in k.defaults)]
    for key in catalog.keys:
        found += [(f"key {key.key}", s) for s in (key.read, key.written) if s is not None]
        found += [(f"key {key.key} field", f) for f in key.fields]
        found += [(f"key {key.key} check", c) for c in key.checks]
    for v in catalog.value_lists:
        found += [(f"{v.path} values", v.checked), *((f"{v.path}={i.value!r}", i) for i in v.items)]
    return found


def _release_problems(catalog: Catalog) -> list[str]:
    """Release ids the validity data names that the release table lacks, and the like."""
    ids = {r.id for r in catalog.releases}
    problems = [f"release {r.id}: dated before the one listed above it" for a, r in
                zip(catalog.releases, catalog.releases[1:], strict=False) if r.date < a.date]  # fmt: skip
    problems += [f"release {r.id}: cites unknown source {c!r}" for r in catalog.releases
                 for c in r.sources if not catalog.cited_source(c)]  # fmt: skip
    for what, span in _spans(catalog):
        named = [span.since, *([span.removed] if span.removed else []), *span.missing]
        problems += [f"{what}: unknown release {n!r}" for n in named if n not in ids]
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
    cited = [(p.path, c) for p in catalog.params for c in p.sources]
    cited += [(f"env {e.name}", c) for e in catalog.env_vars for c in e.sources]
    problems += [
        f"{w}: cites unknown source {c!r}" for w, c in cited if not catalog.cited_source(c)
    ]
    for sub, holder in SUBCONFIG_PATHS.items():
        if catalog.owned_by(sub) and holder not in seen:
            problems.append(f"{sub}: holder parameter {holder!r} missing")
    problems += _release_problems(catalog)
    problems += _tf2_problems(catalog)
    if problems:
        raise CatalogError("catalog cross-check failed:\n  " + "\n  ".join(problems))


def _tf2(base: Path, parsed: dict[str, dict[str, Any]]) -> Tf2:
    """The 2.x surface: the options of ``tf2.toml`` with their per-release facts from
    ``tf2_releases.toml`` (joined by path)."""
    hand, derived = parsed.get("tf2.toml", {}), parsed.get("tf2_releases.toml", {})
    where = base / "tf2_releases.toml"
    facts: dict[str, tuple[Tf2Facts, ...]] = {}
    for row in derived.get("option", []):
        path = row.get("path") if isinstance(row, dict) else None
        if not isinstance(path, str) or set(row) - {"path", "facts"}:
            raise CatalogError(f"{where}: an [[option]] holds a path and its [[option.facts]]")
        facts[path] = tuple(_build(Tf2Facts, row.get("facts", []), where))
    options = _build(Tf2Option, hand.get("option", []), base / "tf2.toml")
    missing = sorted(set(facts) - {o.path for o in options})
    if missing:
        raise CatalogError(f"{base / 'tf2.toml'}: no [[option]] for {', '.join(missing)}")
    import dataclasses

    return Tf2(
        releases=tuple(_build(Tf2Release, derived.get("release", []), where)),
        holders=tuple(_build(Tf2Holder, derived.get("holder", []), where)),
        options=tuple(dataclasses.replace(o, facts=facts.get(o.path, ())) for o in options),
        calls=tuple(_build(Tf2Call, hand.get("call", []), base / "tf2.toml")),
    )


def _tf2_option_problems(catalog: Catalog, option: Tf2Option, known: set[str]) -> list[str]:
    where = f"tf2 {option.path}"
    problems = [f"{where}: no release has it" for _ in [0] if not option.facts]
    problems += [f"{where}: unknown release {r!r}" for r in option.releases if r not in known]
    if option.param is not None and not catalog.has(option.param):
        problems.append(f"{where}: unknown parameter {option.param!r}")
    if option.param is None and catalog.has(option.path):
        problems.append(f"{where}: a catalog parameter has this path; give param instead")
    if option.replaced_by is not None and catalog.tf2.option(option.replaced_by) is None:
        problems.append(f"{where}: replaced by unknown option {option.replaced_by!r}")
    if option.category is not None and option.category not in {c.id for c in catalog.categories}:
        problems.append(f"{where}: unknown category {option.category!r}")
    if option.section is not None and option.section not in {s.id for s in catalog.sections}:
        problems.append(f"{where}: unknown section {option.section!r}")
    newest = option.facts_in(catalog.tf2.newest) if option.facts else None
    listed = {repr(v) for v in newest.values or ()} if newest is not None else set()
    if option.values and listed != {repr(v.value) for v in option.values}:
        problems.append(f"{where}: values differ from the newest release's list")
    cited = [*option.sources, *([option.doc] if option.doc else [])]
    return problems + [
        f"{where}: cites unknown source {c!r}" for c in cited if not catalog.cited_source(c)
    ]


def _tf2_problems(catalog: Catalog) -> list[str]:
    tf2 = catalog.tf2
    known = {r.id for r in tf2.releases}
    problems: list[str] = []
    paths = [o.path for o in tf2.options]
    problems += [
        f"tf2 {p}: defined twice" for p in sorted({p for p in paths if paths.count(p) > 1})
    ]
    for option in tf2.options:
        problems += _tf2_option_problems(catalog, option, known)
    for holder in tf2.holders:
        problems += [
            f"tf2 holder {holder.path!r}: unknown release {r!r}"
            for r in holder.releases
            if r not in known
        ]
    for call in tf2.calls:
        if not catalog.has(call.param):
            problems.append(f"tf2 call {call.name}: unknown parameter {call.param!r}")
        if call.env is not None and catalog.env_var(call.env) is None:
            problems.append(f"tf2 call {call.name}: unknown env var {call.env!r}")
        problems += [
            f"tf2 call {call.name}: cites unknown source {c!r}"
            for c in call.sources
            if not catalog.cited_source(c)
        ]
    return problems


def build_catalog(base: Path, parsed: dict[str, dict[str, Any]]) -> Catalog:
    """Validate parsed catalog files (named as by ``catalog_files``) and cross-check them."""

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
    validity = parsed.get("validity.toml", {})

    def facts(table: str, model: type[T]) -> tuple[T, ...]:
        return tuple(_build(model, validity.get(table, []), base / "validity.toml"))

    releases = parsed.get("releases.toml", {}).get("release", [])
    catalog = Catalog(
        products=rows("products", "product", Product),
        scenarios=rows("scenarios", "scenario", Scenario),
        sections=rows("taxonomy", "section", Section),
        categories=rows("taxonomy", "category", Category),
        env_vars=rows("env", "env", EnvVar),
        params=tuple(params),
        sources=rows("sources", "source", Source),
        releases=tuple(_build(Release, releases, base / "releases.toml")),
        keywords=facts("keyword", KeywordFact),
        keys=facts("key", KeyFact),
        value_lists=facts("values", ValuesFact),
        tf2=_tf2(base, parsed),
    )
    _cross_check(catalog)
    return catalog
