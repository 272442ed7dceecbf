"""Per-catalog lookup tables, built once and reused by every evaluation.

Evaluation runs on every keystroke, so everything derivable from the catalog
alone (allowed values, case-folded spellings, product sets, defaults) is
computed here once per catalog object, not per profile.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from threading import Lock

from ascend_studio.schema import Catalog, EnumValue, Parameter, Scalar, Surface, Text

__all__ = ["CatalogIndex", "ParamFacts", "index_for", "tf2_defaults", "value_key"]


def value_key(value: object) -> tuple[str, object]:
    """Typed identity of a scalar: ``1``, ``True`` and ``"1"`` are all different (a
    list or dict written where a scalar belongs is told by its text)."""
    try:
        hash(value)
    except TypeError:
        return (type(value).__name__, repr(value))
    return (type(value).__name__, value)


@dataclass(frozen=True)
class ParamFacts:
    """What the rules look up about one parameter, gathered once."""

    param: Parameter
    path: str
    #: Allowed values of a closed enum, or None when any value of the type goes.
    allowed: frozenset[tuple[str, object]] | None
    #: casefolded spelling -> the documented spelling (case-sensitive enums only).
    folded: dict[str, str]
    infos: dict[tuple[str, object], EnumValue]
    products: frozenset[str] | None
    #: Any enum value restricted by product, scenario or support status.
    value_gated: bool


class CatalogIndex:
    """Lookups over one catalog; see :func:`index_for`."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.facts: dict[str, ParamFacts] = {p.path: _facts(p) for p in catalog.params}
        self.defaults: dict[str, Scalar | None] = {p.path: p.default for p in catalog.params}
        self.product_names: dict[str, Text] = {p.id: p.short for p in catalog.products}
        self.holders: frozenset[str] = frozenset(
            p.path for p in catalog.params if p.kind == "subconfig"
        )
        #: Variables whose reader takes an empty value for unset.
        self.empty_unset: frozenset[str] = frozenset(
            v.name for v in catalog.env_vars if v.empty_is_unset
        )
        #: How each variable's number is read, and the bits it is stored in.
        self.int_readers: dict[str, str] = {v.name: v.int_reader for v in catalog.env_vars}
        self.int_bits: dict[str, int] = {v.name: v.int_bits for v in catalog.env_vars}
        self._defaults_at: dict[str, dict[str, Scalar | None]] = {}
        self._versioned: tuple[str, ...] | None = None
        #: The keywords with a fact that are parameters, in the facts' order.
        self._keyword_params: tuple[str, ...] | None = None
        self._named_in: dict[str, tuple[str, ...]] = {}
        self._retyped: frozenset[str] | None = None

    def retyped(self) -> frozenset[str]:
        """Keywords whose signature default changed type between releases (jit_compile
        was a bool): their type is the target release's."""
        if self._retyped is None:
            found = set()
            for fact in self.catalog.history.keywords():
                kinds = {type(d.value).__name__ for d in fact.defaults if d.value is not None}
                if len(kinds) > 1:
                    found.add(fact.path)
            self._retyped = frozenset(found)
        return self._retyped

    def versioned_names(self) -> tuple[str, ...]:
        """Parameters (keywords) that some releases of a public CANN version lack."""
        if self._versioned is None:
            history = self.catalog.history
            self._versioned = tuple(
                fact.path
                for fact in history.keywords()
                if fact.path in self.facts and history.varies(fact)
            )
        return self._versioned

    def versioned_named_in(self, text: str) -> tuple[str, ...]:
        """The parameters of :meth:`versioned_names` that ``text`` names. Remembered per
        text: the texts are the rules' hints, searched again at every evaluation."""
        found = self._named_in.get(text)
        if found is None:
            found = (
                tuple(path for path in self._versioned if _names(text, path))
                if self._versioned is not None
                else self._versioned_named(text)  # the facts of the names found alone
            )
            if len(self._named_in) < 4096:  # hints with values in them vary without end
                self._named_in[text] = found
        return found

    def _versioned_named(self, text: str) -> tuple[str, ...]:
        """:meth:`versioned_named_in` building only the facts of the names ``text`` has."""
        history = self.catalog.history
        if self._keyword_params is None:
            self._keyword_params = tuple(p for p in history.keyword_paths() if p in self.facts)
        found = []
        for path in self._keyword_params:
            if path in text and _names(text, path):
                fact = history.keyword(path)
                if fact is not None and history.varies(fact):
                    found.append(path)
        return tuple(found)

    def defaults_at(self, release: str | None) -> dict[str, Scalar | None]:
        """Signature defaults at ``release`` (None: the catalog's, the newest)."""
        if release is None:
            return self.defaults
        found = self._defaults_at.get(release)
        if found is None:
            history = self.catalog.history
            found = dict(self.defaults)
            for path in found:
                known, value, _ = history.default(path, release)
                if known:
                    found[path] = value
            self._defaults_at[release] = found
        return found

    def exists_at(self, path: str, release: str, surface: Surface | None = None) -> bool:
        """Whether ``release`` has ``path`` on ``surface`` (``ReleaseIndex.has_param``);
        True when nothing is known."""
        param = self.param(path)
        return param is None or self.catalog.history.has_param(param, release, surface) is not False

    def for_surface(self, surface: str | None) -> CatalogIndex:
        """This index as seen from ``surface``: on TF Adapter 2.x the defaults are the
        2.x option classes' (the newest release's), which ``as_dict()`` sends when unset;
        a parameter 2.x has no option for has none."""
        if surface != "tf2":
            return self
        found: CatalogIndex | None = self.__dict__.get("_tf2")
        if found is None:
            found = copy.copy(self)
            found.defaults = tf2_defaults(self.catalog)
            self.__dict__["_tf2"] = found
            found.__dict__["_tf2"] = found  # seen from 2.x again, it is itself
        return found

    def param(self, path: str) -> Parameter | None:
        facts = self.facts.get(path)
        return facts.param if facts else None

    def products_text(self, ids: frozenset[str] | tuple[str, ...] | None) -> Text:
        """Product short names joined, in catalog order (zh and en)."""
        wanted = [p for p in self.product_names if ids is None or p in ids]
        zh = "、".join(self.product_names[p].zh for p in wanted)
        en = ", ".join(self.product_names[p].en for p in wanted)
        return Text(zh=zh or "无", en=en or "none")

    def product_name(self, product: str) -> Text:
        return self.product_names.get(product) or Text.of(product, product)


def tf2_defaults(catalog: Catalog) -> dict[str, Scalar | None]:
    """Profile path -> the newest 2.x class default of the option that sets it."""
    tf2 = catalog.tf2
    found: dict[str, Scalar | None] = dict.fromkeys((p.path for p in catalog.params), None)
    for option in tf2.in_release():
        facts = option.facts_in(tf2.newest)
        found[option.key] = facts.default if facts is not None else None
    return found


def _facts(param: Parameter) -> ParamFacts:
    allowed = None
    if param.kind == "enum" and not param.open_enum:
        allowed = frozenset(value_key(v.value) for v in param.values)
    folded = {}
    if param.case_sensitive:
        folded = {str(v.value).casefold(): str(v.value) for v in param.values}
    gated = any(
        v.depends_on("product") or v.depends_on("scenario") or not v.supported for v in param.values
    )
    return ParamFacts(
        param=param,
        path=param.path,
        allowed=allowed,
        folded=folded,
        infos={value_key(v.value): v for v in param.values},
        products=None if param.products is None else frozenset(param.products),
        value_gated=gated,
    )


_CACHE: dict[int, CatalogIndex] = {}
_LOCK = Lock()


def index_for(catalog: Catalog) -> CatalogIndex:
    """The index of ``catalog``, built on first use (a few catalogs are kept)."""
    found = _CACHE.get(id(catalog))
    if found is not None and found.catalog is catalog:
        return found
    built = CatalogIndex(catalog)
    with _LOCK:
        if len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[id(catalog)] = built
    return built


def _word(ch: str) -> bool:
    """``ch`` is what ``\\w`` matches (a letter, a digit, an underscore)."""
    return ch.isalnum() or ch == "_"


def _names(text: str, name: str) -> bool:
    """``name`` occurs in ``text`` as a whole name: not after a word character or a dot
    (``x.name`` is an attribute), not before a word character (as the pattern
    ``(?<![\\w.])name(?!\\w)`` finds it, without compiling one pattern per name)."""
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        before_ok = at == 0 or not (_word(text[at - 1]) or text[at - 1] == ".")
        if before_ok and (end == len(text) or not _word(text[end])):
            return True
        at = text.find(name, at + 1)
    return False
