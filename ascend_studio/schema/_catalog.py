"""The catalog: its lookups, and loading the shipped one (without pydantic when cached)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from ascend_studio._resources import resource_path
from ascend_studio.schema import _models, _release_models
from ascend_studio.schema._cache import Later, read_cache, sources_key, write_cache
from ascend_studio.schema._models import (
    CONFIG,
    OWNERS,
    Category,
    EnvVar,
    Gate,
    Parameter,
    Product,
    Scenario,
    Section,
    Text,
)
from ascend_studio.schema._release_models import Release
from ascend_studio.schema._releases import ReleaseIndex
from ascend_studio.schema._sources import Source, render_citations, resolve

if TYPE_CHECKING:
    from ascend_studio.schema._facts import KeyFact, KeywordFact, ValuesFact
    from ascend_studio.schema._surfaces import Surface
    from ascend_studio.schema._tf2 import Tf2

__all__ = [
    "Catalog",
    "CatalogError",
    "catalog_files",
    "load_catalog",
    "shipped_catalog",
    "validate_entry",
    "verify_shipped_catalog",
]

T = TypeVar("T")
#: The catalog files beside ``params/``, in load order.
_TABLES = ("products", "scenarios", "taxonomy", "env", "sources")
#: Files a catalog may leave out (a catalog without them knows no releases, no
#: TF Adapter 2.x surface): generated or separate tables.
_OPTIONAL = ("releases", "validity", "tf2", "tf2_releases")


class CatalogError(ValueError):
    """The shipped (or a user-supplied) catalog is malformed."""


_MAKING = threading.Lock()


class _Deferred(Generic[T]):
    """A catalog field that may be given as a :class:`Later`, made on its first read.

    The shipped catalog read from the cache leaves the fields the window's first paint
    does not read (the validity facts, the 2.x surface: about 1,400 objects) to be built
    when something reads them (:func:`shipped_catalog`); every reader gets them, as
    equality, ``repr`` and ``dataclasses.replace`` do.
    """

    def __init__(self, default: Callable[[], T]) -> None:
        self._default = default
        self._slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = f"_{name}_value"

    def __repr__(self) -> str:  # part of the cache key (the classes' shape): no address
        return f"deferred({self._default.__name__})"

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _Deferred[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> T | _Deferred[T]:
        if obj is None:
            return self  # the dataclass's default: __set__ makes the real one
        found = obj.__dict__[self._slot]
        if isinstance(found, Later):
            with _MAKING:  # once, whichever thread reads it first
                found = obj.__dict__[self._slot]
                if isinstance(found, Later):
                    found = obj.__dict__[self._slot] = found.make()
        return found  # type: ignore[no-any-return]

    def __set__(self, obj: object, value: T | Later[T] | _Deferred[T]) -> None:
        obj.__dict__[self._slot] = Later(self._default) if value is self else value


def _no_facts() -> tuple[Any, ...]:
    return ()


def _no_tf2() -> Tf2:
    from ascend_studio.schema._tf2 import Tf2

    return Tf2()


@dataclass(frozen=True, kw_only=True)
class Catalog:
    """Every catalog table, with the lookups the rest of the app uses."""

    __pydantic_config__: ClassVar[dict[str, Any]] = CONFIG

    products: tuple[Product, ...]
    scenarios: tuple[Scenario, ...]
    sections: tuple[Section, ...]
    categories: tuple[Category, ...]
    env_vars: tuple[EnvVar, ...]
    params: tuple[Parameter, ...]
    #: The public sources citations name (``sources.toml``).
    sources: tuple[Source, ...] = ()
    #: The public TF Adapter releases, oldest first (``releases.toml``).
    releases: tuple[Release, ...] = ()
    #: Which releases have each keyword, session key and checked value (``validity.toml``).
    keywords: _Deferred[tuple[KeywordFact, ...]] = _Deferred(_no_facts)
    keys: _Deferred[tuple[KeyFact, ...]] = _Deferred(_no_facts)
    value_lists: _Deferred[tuple[ValuesFact, ...]] = _Deferred(_no_facts)
    #: The TF Adapter 2.x surface (``tf2.toml`` and ``tf2_releases.toml``).
    tf2: _Deferred[Tf2] = _Deferred(_no_tf2)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_sources", {s.id: s for s in self.sources})
        object.__setattr__(self, "_cited", {})
        object.__setattr__(self, "_scenario_words", {})
        #: Each parameter's searched text, made on its first search (the app's search
        #: box searches on every key: ~2.5 ms a key to make them all again).
        object.__setattr__(self, "_haystacks", {})
        object.__setattr__(self, "_by_path", {p.path: p for p in self.params})
        object.__setattr__(self, "_products", {p.id: p for p in self.products})
        object.__setattr__(self, "_env", {e.name: e for e in self.env_vars})
        object.__setattr__(self, "_product_names", _product_names(self.products))
        sessions = {p.session.key: p for p in self.params if p.session is not None}
        object.__setattr__(self, "_by_session_key", sessions)
        signatures: dict[str, tuple[str, ...]] = {}
        keywords = [p for p in self.params if not (p.session and p.session.session_only)]
        for owner in OWNERS:
            owned = sorted((p.position, p.name) for p in keywords if p.owner == owner)
            signatures[owner] = tuple(name for _, name in owned)
        object.__setattr__(self, "_signatures", signatures)

    # -- lookups -----------------------------------------------------------------
    def kept_apart(self, name: str) -> Later[Any] | None:
        """The field ``name`` (of :data:`KEYED`) as the cache stored it, while it is not
        built: its items by key, each built alone. None once built, or not from the cache."""
        found = self.__dict__.get(f"_{name}_value")
        return found if isinstance(found, Later) and found.keyed else None

    @property
    def history(self) -> ReleaseIndex:
        """The releases and which of them have each fact (built on first use)."""
        found: ReleaseIndex | None = self.__dict__.get("_history")
        if found is None:
            found = ReleaseIndex(self)
            object.__setattr__(self, "_history", found)
        return found

    def param(self, path: str) -> Parameter:
        """The parameter at a dotted path; KeyError names the path."""
        try:
            return self._by_path[path]  # type: ignore[attr-defined,no-any-return]
        except KeyError:
            raise KeyError(f"unknown parameter {path!r}") from None

    def why_not(
        self,
        param: Parameter,
        product: str | None = None,
        scenario: str | None = None,
        release: str | None = None,
        surface: Surface | None = None,
    ) -> Gate | None:
        """Where ``param`` misses the target: its product or scenario, the release (an id)
        that lacks it where it is written, or TF Adapter 2.x (``surface`` tf2) that has no
        option for it (in ``release``). An axis given as None is not asked."""
        gate = param.why_not(product, scenario)
        if gate is not None:
            return gate
        if surface == "tf2":
            return None if self.tf2.sets(param.path, release) else "surface"
        if release is not None and self.history.has_param(param, release, surface) is False:
            return "release"
        return None

    def has(self, path: str) -> bool:
        return path in self._by_path  # type: ignore[attr-defined]

    def product(self, product_id: str) -> Product:
        return self._products[product_id]  # type: ignore[attr-defined,no-any-return]

    def scenario_words(self, applies: str) -> Text:
        """A scenario id (or ``both``) as a sentence names it: "online inference",
        "training and online inference" (made once per catalog: rules name the
        scenario in many findings of every evaluation)."""
        done: dict[str, Text] = self._scenario_words  # type: ignore[attr-defined]
        found = done.get(applies)
        if found is None:
            named = [s.short for s in self.scenarios if applies in ("both", s.id)]
            if not named:
                found = Text.of(applies, applies)
            else:
                zh, en = "和".join(t.zh for t in named), " and ".join(t.en for t in named)
                found = Text.of(zh, en)
            done[applies] = found
        return found

    def product_id(self, text: str) -> str | None:
        """The product id ``text`` names: an id, a zh/en name or short name, or an
        alias (doc spellings, chip names, SOC_VERSION), in any case and spacing."""
        return self._product_names.get(_squash(text)) if text else None  # type: ignore[attr-defined]

    def env_var(self, name: str) -> EnvVar | None:
        return self._env.get(name)  # type: ignore[attr-defined,no-any-return]

    def by_session_key(self) -> dict[str, Parameter]:
        """sess.run ``parameter_map`` key -> parameter (a shared table: do not mutate)."""
        return self._by_session_key  # type: ignore[attr-defined,no-any-return]

    def cite(self, text: str) -> str:
        """Citations (``"id:anchor; id2"``) as a reader sees them: titles, public locations.

        Rule sources are a few hundred fixed texts cited on every evaluation: each is
        rendered once per catalog.
        """
        done: dict[str, str] = self._cited  # type: ignore[attr-defined]
        found = done.get(text)
        if found is None:
            found = done[text] = render_citations(text, self._sources)  # type: ignore[attr-defined]
        return found

    def cited_source(self, citation: str) -> Source | None:
        return resolve(citation, self._sources)  # type: ignore[attr-defined]

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
            if needle and needle not in self._searched_text(param):
                continue
            yield param

    def prepare_search(self) -> None:
        """Make every parameter's searched text now (the first search made them all:
        about 3 ms on the first key typed)."""
        for param in self.params:
            self._searched_text(param)

    def _searched_text(self, param: Parameter) -> str:
        """``param``'s searched text, made once and kept."""
        haystacks: dict[str, str] = self._haystacks  # type: ignore[attr-defined]
        haystack = haystacks.get(param.path)
        if haystack is None:
            haystack = haystacks[param.path] = _haystack(param)
        return haystack


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
    optional = [f"{name}.toml" for name in _OPTIONAL if (base / f"{name}.toml").is_file()]
    return [f"{name}.toml" for name in _TABLES] + optional + [f"params/{name}" for name in params]


def _read_sources(base: Path) -> dict[str, bytes]:
    blobs: dict[str, bytes] = {}
    for name in catalog_files(base):
        try:
            blobs[name] = (base / name).read_bytes()
        except OSError as exc:
            raise CatalogError(f"{base / name}: {exc}") from exc
    return blobs


def load_catalog(root: Path | None = None) -> Catalog:
    """Read and validate every catalog file under ``root`` (default: shipped data)."""
    from ascend_studio.schema._validate import build_catalog, parse_files

    base = root or resource_path("catalog")
    return build_catalog(base, parse_files(base, _read_sources(base)))


def validate_entry(model: type[T], data: object) -> T:
    """``data`` validated into a catalog class with pydantic (imported on first use)."""
    from ascend_studio.schema._validate import validated

    return validated(model, data)


def _classes(*modules: Any) -> dict[str, type]:
    """The catalog classes (dataclasses) the modules' ``__all__`` name, by name."""
    found = (getattr(module, name) for module in modules for name in module.__all__)
    return {
        cls.__name__: cls
        for cls in found
        if isinstance(cls, type) and hasattr(cls, "__dataclass_fields__")
    }


#: Every class a stored catalog may hold, by name (the cache builds nothing else),
#: but those of the fields kept apart (:data:`APART`).
CLASSES: dict[str, type] = {
    "Catalog": Catalog,
    "Source": Source,
    **_classes(_models, _release_models),
}


def _fact_classes() -> dict[str, type]:
    from ascend_studio.schema import _facts

    return _classes(_facts)


def _tf2_classes() -> dict[str, type]:
    from ascend_studio.schema import _tf2

    return _classes(_tf2)


#: The fields the cache keeps apart (see :class:`_Deferred`), with the classes only
#: they hold (imported when one is built, and checked against the stored shape).
APART: dict[str, Callable[[], Mapping[str, type]]] = {
    "keywords": _fact_classes,
    "keys": _fact_classes,
    "value_lists": _fact_classes,
    "tf2": _tf2_classes,
}


#: The fields kept apart that are lists of facts, by the field keying each fact: one
#: fact can be built from the cache alone (:meth:`Catalog.kept_apart`).
KEYED: dict[str, str] = {"keywords": "path", "keys": "key", "value_lists": "path"}


def _from_files(name: str) -> Any:
    """A field of the catalog the shipped files validate to, for a part of the cache that
    no longer builds (its classes changed shape since it was stored): the cache is
    stored again from the files."""
    from ascend_studio.schema._validate import build_catalog, parse_files

    base = resource_path("catalog")
    blobs = _read_sources(base)
    fresh = build_catalog(base, parse_files(base, blobs))
    write_cache(sources_key(blobs, CLASSES), fresh, apart=APART, keyed=KEYED)
    return getattr(fresh, name)


@cache
def shipped_catalog() -> Catalog:
    """The catalog shipped with the package, validated, loaded once per process.

    The validated catalog comes from the user cache when every file's bytes, the
    version and the catalog classes are unchanged: no TOML parser, no pydantic; the
    fields in :data:`APART` are built when first read. Otherwise the files are
    parsed and validated (pydantic), and the result is stored for the next start.
    """
    base = resource_path("catalog")
    blobs = _read_sources(base)
    key = sources_key(blobs, CLASSES)
    cached = read_cache(key, CLASSES, apart=APART, fallback=_from_files)
    if isinstance(cached, Catalog):
        return cached
    from ascend_studio.schema._validate import build_catalog, parse_files

    catalog = build_catalog(base, parse_files(base, blobs))
    write_cache(key, catalog, apart=APART, keyed=KEYED)
    return catalog


def verify_shipped_catalog() -> None:
    """Validate the shipped files with pydantic, as :func:`shipped_catalog` trusted the cache.

    CatalogError when the files fail validation, or when the catalog in use (from
    the cache) differs from what they validate to; the cache is then rewritten
    from the files, so the next start uses them.
    """
    from ascend_studio.schema._validate import build_catalog, parse_files

    base = resource_path("catalog")
    blobs = _read_sources(base)
    fresh = build_catalog(base, parse_files(base, blobs))
    if fresh != shipped_catalog():
        write_cache(sources_key(blobs, CLASSES), fresh, apart=APART, keyed=KEYED)
        raise CatalogError(
            "the stored copy of the catalog differed from the catalog files; it has been "
            "rebuilt from the files: restart Ascend Studio"
        )
