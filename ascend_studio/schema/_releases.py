"""Asking "does this hold at release R?" in one place.

:class:`ReleaseIndex` is built once per catalog (``catalog.history``) from the release
table and the validity data. Every part of the app that judges, writes or shows a
configuration for a target release asks it: the rules, the exporters, the form, the
presets, ``migrate``. A release named by the user is resolved here too: an id
(``r1.15.0``, ``tfa_v0.0.20_7.0.0.alpha003``), an alias (``7.0.0.alpha003``,
``newest``) or a CANN line (``7.0.0`` = the newest public ref of the 7.0.0 line).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal

from ascend_studio._words import say
from ascend_studio.schema._models import Parameter, Scalar, Text
from ascend_studio.schema._release_models import Release

if TYPE_CHECKING:
    from ascend_studio.schema._catalog import Catalog
    from ascend_studio.schema._facts import Change, KeyFact, KeywordFact, Span, ValuesFact
    from ascend_studio.schema._surfaces import Surface

__all__ = ["Reading", "ReleaseIndex", "UnknownReleaseError", "change_text"]

#: How a release's C++ reader takes a parameter_map value written in one member
#: (see :meth:`ReleaseIndex.member_read`).
Reading = Literal["reads", "empty", "refuses", "skips"]


_UNKNOWN = "unknown release {name}"
_UNTAGGED = (
    "no public TF Adapter release is tagged for CANN {name} (public tags: {lines}; the "
    "history between 2023-12 and 2026-04 is not public)"
)
_CHOICES = (
    "{head}: name a public ref ({refs}), a CANN version of a tagged release ({lines}), "
    "newest, or auto"
)


class UnknownReleaseError(ValueError):
    """A release name that matches no public release; the message lists the choices
    (:meth:`text` says it in the output's language)."""

    def __init__(self, name: str, refs: list[str], lines: list[str]) -> None:
        self.name, self.refs, self.lines = name, refs, lines
        super().__init__(self.text())

    def text(self, lang: str = "en") -> str:
        name = repr(self.name.strip())
        lines = ", ".join(self.lines)
        head = _UNTAGGED if self.name.strip()[:1].isdigit() else _UNKNOWN
        fields = {"head": say(head, lang, name=name, lines=lines), "lines": lines}
        return say(_CHOICES, lang, refs=", ".join(self.refs), **fields)


def _fold(text: str) -> str:
    return text.strip().casefold()


def change_text(change: Change) -> str:
    """``Ascend/tensorflow commit 78ecc222 (2022-11-08)``; a gap in the history is named."""
    text = f"{change.repo} commit {change.commit[:8]} ({change.date})"
    if change.after:
        text += f"; the history between {change.after} and it is not public"
    return text


class ReleaseIndex:
    """The releases in date order and the validity facts, keyed for lookups."""

    def __init__(self, catalog: Catalog) -> None:
        self.releases: tuple[Release, ...] = catalog.releases
        self._order = {r.id: i for i, r in enumerate(self.releases)}
        self._by_name: dict[str, Release] = {}
        for release in self.releases:
            for name in (release.id, *release.aliases):
                self._by_name.setdefault(_fold(name), release)
        self._catalog = catalog
        self._tagged = tuple(r for r in self.releases if r.cann is not None)

    # the validity facts, read when first asked about (the window's first paint names the
    # releases only, and a catalog from the cache builds the facts on first read)
    @cached_property
    def _keywords(self) -> dict[str, KeywordFact]:
        return {f.path: f for f in self._catalog.keywords}

    @cached_property
    def _keys(self) -> dict[str, KeyFact]:
        return {f.key: f for f in self._catalog.keys}

    @cached_property
    def _values(self) -> dict[str, ValuesFact]:
        return {f.path: f for f in self._catalog.value_lists}

    def _one(self, table: str, name: str, key: str) -> Any:
        """One fact of the catalog's field ``name`` (kept in ``table``) by its key: while
        neither is built, that fact alone from the cache (a script sets a few of the ~700)."""
        if table not in self.__dict__:
            stored = self._catalog.kept_apart(name)
            if stored is not None:
                return stored.item(key)
        found: dict[str, Any] = getattr(self, table)
        return found.get(key)

    def _keyword(self, path: str) -> KeywordFact | None:
        return self._one("_keywords", "keywords", path)  # type: ignore[no-any-return]

    def _key(self, key: str) -> KeyFact | None:
        return self._one("_keys", "keys", key)  # type: ignore[no-any-return]

    def _value_list(self, path: str) -> ValuesFact | None:
        return self._one("_values", "value_lists", path)  # type: ignore[no-any-return]

    # -- releases ------------------------------------------------------------------
    @property
    def newest(self) -> Release:
        return self.releases[-1]

    def get(self, release_id: str) -> Release:
        return self.releases[self._order[release_id]]

    def resolve(self, text: str) -> Release:
        """The release ``text`` names; :class:`UnknownReleaseError` lists what exists."""
        found = self._by_name.get(_fold(text))
        if found is not None:
            return found
        line = [r for r in self.releases if r.cann_line and _fold(r.cann_line) == _fold(text)]
        if line:
            return line[-1]  # the newest public ref of that CANN line
        raise UnknownReleaseError(text, self.refs(), self.cann_lines())

    def for_cann(self, version: str) -> Release | None:
        """The release a CANN version maps to publicly: the tag of exactly that version,
        else the newest tag of its line (``7.0.0`` -> 7.0.0.alpha003); None when no
        public tag names it (5.x, 6.0, 8.x...)."""
        exact = [r for r in self.releases if r.cann and _fold(r.cann) == _fold(version)]
        if exact:
            return exact[-1]
        line = ".".join(
            p for p in version.split(".") if not p.lower().startswith(("alpha", "beta"))
        )
        same = [r for r in self.releases if r.cann_line and _fold(r.cann_line) == _fold(line)]
        return same[-1] if same else None

    def matching(self, keywords: Mapping[str, Sequence[str]]) -> list[Release]:
        """The releases whose constructors take exactly ``keywords`` (class -> names),
        the classes of the catalog's owners compared."""
        owners = {f.owner for f in self._keywords.values()}
        given = {(o, n) for o, names in keywords.items() if o in owners for n in names}
        found = []
        for release in self.releases:
            have = {(f.owner, f.name) for f in self._keywords.values() if self.holds(f, release.id)}
            if have == given:
                found.append(release)
        return found

    def refs(self) -> list[str]:
        return [r.id for r in self.releases]

    def cann_lines(self) -> list[str]:
        return list(dict.fromkeys(r.cann_line for r in self.releases if r.cann_line))

    def before(self, a: str, b: str) -> bool:
        return self._order[a] < self._order[b]

    # -- spans -----------------------------------------------------------------------
    def holds(self, span: Span, release_id: str) -> bool:
        at = self._order[release_id]
        if at < self._order[span.since] or release_id in span.missing:
            return False
        return span.removed is None or at < self._order[span.removed]

    def holding(self, span: Span) -> list[Release]:
        return [r for r in self.releases if self.holds(span, r.id)]

    def tagged(self) -> list[Release]:
        """The releases whose CANN version is public (the tfa_ tags and hicann 9.0.0)."""
        return list(self._tagged)

    def varies(self, span: Span) -> bool:
        """Whether ``span`` holds in some releases of a public CANN version but not all:
        what a user who names no release may or may not have (older branches aside)."""
        held = [self.holds(span, r.id) for r in self._tagged]
        return (any(held) and not all(held)) or (not any(held) and span.removed is not None)

    def first(self, span: Span) -> Release:
        return self.get(span.since)

    def where(self, span: Span) -> Text:
        """For which releases ``span`` holds, in words."""
        return where_text(self, span)

    def lacking(self, span: Span) -> Text:
        """For which releases ``span`` does not hold, in words."""
        return lacking_text(self, span)

    # -- facts -----------------------------------------------------------------------
    def keyword(self, path: str) -> KeywordFact | None:
        return self._keyword(path)

    def key(self, key: str) -> KeyFact | None:
        return self._key(key)

    def values(self, path: str) -> ValuesFact | None:
        return self._value_list(path)

    def keywords(self) -> Iterable[KeywordFact]:
        return self._keywords.values()

    def keyword_paths(self) -> tuple[str, ...]:
        """The paths of :meth:`keywords`, in order, without building the facts."""
        stored = None if "_keywords" in self.__dict__ else self._catalog.kept_apart("keywords")
        return stored.keys() if stored is not None else tuple(self._keywords)

    def param_span(self, param: Parameter, surface: Surface | None = None) -> Span | None:
        """The releases that have ``param`` where it is written, for words: its keyword;
        for a sess.run-only parameter, or on a parameter_map written by hand
        (``session``), its key: the releases whose C++ reads it, else (a key no release
        reads) those whose NPUEstimator writes it. None: no release fact."""
        if not _by_key(param, surface):
            return self._keyword(param.path)
        key = self._key(param.session.key) if param.session else None
        return None if key is None else key.read or key.written

    def has_param(
        self, param: Parameter, release_id: str, surface: Surface | None = None
    ) -> bool | None:
        """Whether ``release_id`` has ``param`` on ``surface``: its keyword; its key (read
        by the C++ or written by NPUEstimator) for a sess.run-only parameter or a
        parameter_map written by hand. None: no fact (the catalog's own word holds)."""
        if not _by_key(param, surface):
            span = self._keyword(param.path)
            return None if span is None else self.holds(span, release_id)
        key = self._key(param.session.key) if param.session else None
        if key is None:
            return None
        return any(s is not None and self.holds(s, release_id) for s in (key.read, key.written))

    def has_keyword(self, path: str, release_id: str) -> bool | None:
        """Whether the constructor at ``release_id`` takes ``path``; None: no fact."""
        fact = self._keyword(path)
        return None if fact is None else self.holds(fact, release_id)

    def reads_key(self, key: str, release_id: str) -> bool | None:
        fact = self._key(key)
        if fact is None:
            return None
        return fact.read is not None and self.holds(fact.read, release_id)

    def writes_key(self, key: str, release_id: str) -> bool | None:
        fact = self._key(key)
        if fact is None:
            return None
        return fact.written is not None and self.holds(fact.written, release_id)

    def key_field(self, key: str, release_id: str) -> str | None:
        fact = self._key(key)
        for item in fact.fields if fact else ():
            if self.holds(item, release_id):
                return item.field
        return None

    def member_matters(self, key: str) -> bool:
        """Whether the member ``parameter_map[key]`` is written in decides more than
        the newest reader says: it was read as another member in some release, or a
        reader checks the member (refuses or skips another one)."""
        fact = self._key(key)
        return fact is not None and (len({f.field for f in fact.fields}) > 1 or bool(fact.checks))

    def span_of(self, ids: Iterable[str]) -> Span | None:
        """The releases ``ids`` as one span (since / removed / missing), to word them."""
        having = set(ids)
        index = [i for i, r in enumerate(self.releases) if r.id in having]
        if not index:
            return None
        first, last = index[0], index[-1]
        removed = self.releases[last + 1].id if last + 1 < len(self.releases) else None
        missing = tuple(r.id for r in self.releases[first : last + 1] if r.id not in having)
        from ascend_studio.schema._facts import Span  # with the facts (module docstring)

        return Span(since=self.releases[first].id, removed=removed, missing=missing)

    def member_read(self, key: str, member: str, release_id: str) -> tuple[Reading, str] | None:
        """How the C++ reader at ``release_id`` takes ``parameter_map[key]`` written in the
        AttrValue member ``member`` (``s``/``i``/``b``/``f``), and the member it reads:
        ``reads`` it as written, gets the ``empty`` value of the member it reads (one
        oneof: the others are unset), ``refuses`` the options or ``skips`` the value.
        None: that release does not read the key (or no field is known)."""
        read = self.key_field(key, release_id) if self.reads_key(key, release_id) else None
        fact = self._key(key)
        if read is None or fact is None:
            return None
        if read == member:
            return "reads", read
        for item in fact.checks:
            if self.holds(item, release_id):
                return item.check, read
        return "empty", read

    def default(self, path: str, release_id: str) -> tuple[bool, Scalar | None, bool]:
        """(known, signature default, required) of ``path`` at ``release_id``."""
        fact = self._keyword(path)
        for item in fact.defaults if fact else ():
            if self.holds(item, release_id):
                return True, item.value, item.required
        return False, None, False

    def value_allowed(self, path: str, value: object, release_id: str) -> bool | None:
        """True/False: the adapter at ``release_id`` checks ``path`` and lists/rejects
        ``value``; None: it does not check this parameter there."""
        fact = self._value_list(path)
        if fact is None or not self.holds(fact.checked, release_id):
            return None
        return any(
            type(i.value) is type(value) and i.value == value and self.holds(i, release_id)
            for i in fact.items
        )

    def listed(self, path: str, release_id: str) -> tuple[Scalar, ...] | None:
        """The values the adapter at ``release_id`` accepts for ``path``; None: unchecked."""
        fact = self._value_list(path)
        if fact is None or not self.holds(fact.checked, release_id):
            return None
        return tuple(i.value for i in fact.items if self.holds(i, release_id))

    def ever_listed(self, path: str, value: object) -> bool:
        """Some public release's adapter lists ``value`` for ``path`` exactly as spelled
        (``"True"`` for jit_compile on r3.2.0, ``"true"`` from 7.0.RC1 on)."""
        fact = self._value_list(path)
        return fact is not None and any(
            type(i.value) is type(value) and i.value == value for i in fact.items
        )

    def spelled(self, path: str, value: object, release_id: str) -> Scalar | None:
        """The spelling the adapter at ``release_id`` lists for the string ``value``
        where it lists ``value`` only in another case (``"true"`` -> ``"True"`` on
        r3.2.0); None: it accepts ``value`` as spelled, lists no case of it, or does
        not check ``path``."""
        listed = self.listed(path, release_id)
        if not isinstance(value, str) or listed is None or value in listed:
            return None
        folded = [v for v in listed if isinstance(v, str) and v.casefold() == value.casefold()]
        return folded[0] if len(folded) == 1 else None


def _by_key(param: Parameter, surface: Surface | None) -> bool:
    """The parameter is written as a parameter_map key there, not as a keyword."""
    session = param.session
    return session is not None and (session.session_only or surface == "session")


def where_text(index: ReleaseIndex, span: Span) -> Text:
    first = index.first(span)
    zh = f"自 {first.short}（{first.month}）起"
    en = f"from {first.short} ({first.month})"
    if span.removed is not None:
        gone = index.get(span.removed)
        zh += f"，至 {gone.short}（{gone.month}）前"
        en += f" until {gone.short} ({gone.month})"
    else:
        zh += "至今"
        en += " on"
    if span.missing:
        listed = ", ".join(span.missing)
        zh += f"（{listed} 除外）"
        en += f" (not in {listed})"
    return Text.of(zh, en)


def lacking_text(index: ReleaseIndex, span: Span) -> Text:
    """``before 9.0.0 (2026-04)``, ``from r1.12.0 (2023-04) on``, ``r1.15.0``: the
    releases ``span`` does not hold in (none: ``no release``)."""
    first = index.first(span)
    zh: list[str] = []
    en: list[str] = []
    if index.releases[0].id != first.id:
        zh.append(f"{first.short}（{first.month}）之前")
        en.append(f"before {first.short} ({first.month})")
    if span.removed is not None:
        gone = index.get(span.removed)
        zh.append(f"{gone.short}（{gone.month}）及之后")
        en.append(f"from {gone.short} ({gone.month}) on")
    if span.missing:
        zh.append("、".join(span.missing))
        en.append(", ".join(span.missing))
    return Text.of("，".join(zh) or "无", "; ".join(en) or "no release")
