"""What a rule is and what it reports.

A :class:`Rule` is data: an id, a severity, the parameters it concerns, a
bilingual message template, where the fact comes from, and its fixes (profile
edits, ``_fix``) or, where none can be made mechanically, a hint. Its logic is
one small pure function: ``when`` for a hand-declared rule (returns falsy when
quiet, ``True`` or a mapping of extra template values when it fires), or
``scan`` for a rule family driven by catalog data (yields one :class:`Hit` per
offending parameter). Renderers (UI, CLI, exporters) only read
:class:`Diagnostic` objects; they never contain rule logic.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from ascend_studio.profile import Expr
from ascend_studio.schema import Surface, Text

if TYPE_CHECKING:
    from ascend_studio.rules._context import Ctx
    from ascend_studio.rules._fix import Fix
    from ascend_studio.rules._index import CatalogIndex

__all__ = [
    "SEVERITIES",
    "SURFACES_OF_KIND",
    "Condition",
    "Diagnostic",
    "FileSpot",
    "Fixer",
    "Hit",
    "Kind",
    "Rule",
    "Severity",
    "Surface",
    "placeholders",
    "render",
    "rule",
    "show",
    "txt",
]

Severity = Literal["error", "warning", "info"]
#: Display and sort order: errors first.
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
#: Where a rule's fact lives: catalog data, the Python constructor, the C++ option
#: reader, a documented interaction, environment variables, described file
#: contents, or advice for particular networks.
Kind = Literal["catalog", "python", "runtime", "docs", "env", "file", "advice"]

Condition = Callable[["Ctx"], "bool | Mapping[str, object] | None"]
#: A rule's fixes for one firing, preferred first, made in the evaluation's context
#: (its product, scenario and whatever else the context knows), so a fix never
#: suggests what the target lacks.
Fixer = Callable[["Ctx", "Hit"], "Iterable[Fix]"]

_PARAMS: frozenset[Surface] = frozenset({"estimator", "session"})
#: Where a rule of each kind holds unless it names its surfaces: a constructor check
#: where NPURunConfig(...) is built; what the C++ reader, the docs, the files and the
#: advice say, wherever the option reaches the reader (translated by NPUEstimator
#: or written into a parameter_map); a variable's fact, whatever the job builds.
SURFACES_OF_KIND: dict[Kind, frozenset[Surface]] = {
    "catalog": _PARAMS,
    "python": frozenset({"constructor"}),
    "runtime": _PARAMS,
    "docs": _PARAMS,
    "env": frozenset({"environment"}),
    "file": _PARAMS,
    "advice": _PARAMS,
}


#: Every rule text is made through :meth:`Text.of` (the one code-made bilingual text).
txt = Text.of


@dataclass(frozen=True)
class FileSpot:
    """A place inside the file a parameter points to: its line (1-based; 0 = the
    whole file). A rule puts one under ``"at"`` in its hit to locate a finding."""

    param: str
    line: int


@dataclass(frozen=True)
class Hit:
    """One firing of a catalog-driven rule: the parameters and template values."""

    params: tuple[str, ...]
    ns: Mapping[str, object]


@dataclass(frozen=True, eq=False)
class Rule:
    """One rule: its id, severity, condition, message and fixes."""

    id: str
    severity: Severity
    kind: Kind
    #: Parameter paths (``dump_config.dump_mode``) and ``env:NAME`` entries involved.
    #: Empty for catalog-driven families: those involve whatever the data says.
    params: tuple[str, ...]
    message: Text
    source: str
    #: What to do when no fix can be made mechanically (shown when none is offered).
    fix: Text | None = None
    when: Condition | None = None
    scan: Callable[[Ctx], Iterable[Hit]] | None = None
    #: The fixes as profile edits (None: the rule has no mechanical fix).
    fixes: Fixer | None = None
    #: What else the user may do, shown after the fixes' words ("Or change the target
    #: product."): a choice no edit of the profile's values makes.
    also: Text | None = None
    #: The parameters this rule flags or changes; the others only influence it.
    #: ``None``: all of ``params``. Drives "affects / affected by" in explanations.
    targets: tuple[str, ...] | None = None
    #: For catalog-driven families: does the family concern this parameter path?
    involves: Callable[[CatalogIndex, str], bool] | None = None
    #: The surfaces the rule's fact holds on; None: those of its kind.
    surfaces: frozenset[Surface] | None = None
    #: The rule judges each set parameter on its own: its findings are those about
    #: each parameter ``Ctx.known`` lists, in that order, each made from that
    #: parameter and what is read while it is handled (never from another one's
    #: value), then any about nothing set, made without them. After an edit it may
    #: be asked again for the parameters the edit reached only (``_split``); the
    #: property tests of ``tests/rules/test_incremental.py`` hold every such rule to it.
    per_param: bool = False

    def __post_init__(self) -> None:
        if (self.when is None) == (self.scan is None):
            raise ValueError(f"rule {self.id}: give exactly one of when= or scan=")

    @property
    def holds_on(self) -> frozenset[Surface]:
        return SURFACES_OF_KIND[self.kind] if self.surfaces is None else self.surfaces

    @property
    def flagged(self) -> tuple[str, ...]:
        return self.params if self.targets is None else self.targets

    def hits(self, ctx: Ctx) -> Iterable[Hit]:
        if self.scan is not None:
            return self.scan(ctx)
        assert self.when is not None
        result = self.when(ctx)
        if not result:
            return ()
        extra = result if isinstance(result, Mapping) else {}
        return (Hit(self.params, extra),)


@dataclass(frozen=True)
class Diagnostic:
    """One finding about a profile, ready to render in zh or en."""

    rule_id: str
    severity: Severity
    params: tuple[str, ...]
    message: Text
    source: str
    fix: Text | None = None
    #: The offending values: parameter path (or ``env:NAME``) -> current value.
    value: Mapping[str, object] | None = field(default=None, hash=False)
    #: Where in a companion file the finding is (file rules), else None.
    location: FileSpot | None = None
    #: The ways to fix it as profile edits, preferred first; ``fix`` is their words
    #: (and the rule's hint). Empty: no mechanical fix.
    fixes: tuple[Fix, ...] = ()
    #: The part of ``fix`` that is no edit: what else the user may do after the fixes,
    #: or, with none, what to do by hand (views that show the fixes as buttons use it).
    hint: Text | None = None

    def text(self, lang: str = "en") -> str:
        return self.message.get(lang)

    @property
    def preferred(self) -> Fix | None:
        """The fix ``--fix`` and "Fix all" consider (the first), if any."""
        return self.fixes[0] if self.fixes else None

    @classmethod
    def made(
        cls,
        *,
        rule_id: str,
        severity: Severity,
        params: tuple[str, ...],
        message: Text,
        source: str,
        fix: Text | None,
        value: Mapping[str, object] | None,
        location: FileSpot | None,
        fixes: tuple[Fix, ...],
        hint: Text | None,
    ) -> Diagnostic:
        """The diagnostic with every field given, made without the frozen class's
        per-field ``object.__setattr__`` (an evaluation makes one per finding)."""
        made = object.__new__(cls)
        made.__dict__.update(
            rule_id=rule_id, severity=severity, params=params, message=message,
            source=source, fix=fix, value=value, location=location, fixes=fixes, hint=hint,
        )  # fmt: skip
        return made


#: Stands in for a template value a quiet rule cannot supply (explanations).
MISSING = "…"
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.:]*)\}")


def show(value: object) -> str:
    """How a profile value is quoted in messages: the Python literal users type."""
    if value is None:
        return "unset"
    if isinstance(value, Expr):
        return value.expr
    return repr(value)


@lru_cache(maxsize=2048)
def _compile(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(literal pieces, placeholder names): pieces[i] + value[i] + ... + pieces[-1]."""
    parts = _PLACEHOLDER.split(text)
    return tuple(parts[0::2]), tuple(parts[1::2])


def placeholders(template: Text | None) -> frozenset[str]:
    if template is None:
        return frozenset()
    return frozenset(_compile(template.zh)[1] + _compile(template.en)[1])


def _fill(text: str, lang: str, ns: Mapping[str, object]) -> str:
    pieces, names = _compile(text)
    if not names:
        return text
    out = [pieces[0]]
    for name, piece in zip(names, pieces[1:], strict=True):
        item = ns.get(name, MISSING)
        out.append(item.get(lang) if isinstance(item, Text) else str(item))
        out.append(piece)
    return "".join(out)


#: Per template (by id, kept beside its entry so the id is not reused while
#: remembered): the placeholder names of both languages.
_TEMPLATES: dict[int, tuple[Text, tuple[str, ...]]] = {}
#: Texts :func:`render` made: (template id, its placeholders' values, a text as its
#: two sides) -> (template, the text). The same findings come back at every
#: evaluation of an edited profile. Emptied past :data:`_RENDERED_LIMIT` entries:
#: several evaluations' worth (a profile with every value set has about 140
#: findings), and about 1 MiB however many distinct values a user types.
_RENDERED: dict[tuple[object, ...], tuple[Text, Text]] = {}
_RENDERED_LIMIT = 1024


def _names_of(template: Text) -> tuple[str, ...]:
    entry = _TEMPLATES.get(id(template))
    if entry is None or entry[0] is not template:
        if len(_TEMPLATES) >= 4096:
            _TEMPLATES.clear()
        names = _compile(template.zh)[1] + _compile(template.en)[1]
        entry = _TEMPLATES[id(template)] = (template, names)
    return entry[1]


def render(template: Text, ns: Mapping[str, object]) -> Text:
    """Fill ``{name}`` placeholders; a :class:`Text` value is used per language."""
    names = _names_of(template)
    if not names:
        return template
    key: list[object] = [id(template)]
    for name in names:
        value = ns.get(name, MISSING)
        if type(value) is str:
            key.append(value)
        elif type(value) is Text:
            key.append((value.zh, value.en))
        else:  # 1, True and 1.0 are one key but not one text
            return _filled(template, ns)
    found = _RENDERED.get(tuple(key))
    if found is not None and found[0] is template:
        return found[1]
    if len(_RENDERED) >= _RENDERED_LIMIT:
        _RENDERED.clear()
    made = _filled(template, ns)
    _RENDERED[tuple(key)] = (template, made)
    return made


def _filled(template: Text, ns: Mapping[str, object]) -> Text:
    zh, en = _fill(template.zh, "zh", ns), _fill(template.en, "en", ns)
    if zh is template.zh and en is template.en:
        return template
    return txt(zh, en)


def rule(
    rule_id: str,
    severity: Severity,
    kind: Kind,
    params: tuple[str, ...],
    when: Condition,
    *,
    message: tuple[str, str],
    source: str,
    fix: tuple[str, str] | None = None,
    fixes: Fixer | None = None,
    also: tuple[str, str] | None = None,
    targets: tuple[str, ...] | None = None,
    surfaces: tuple[Surface, ...] | None = None,
) -> Rule:
    """Declare a hand-written rule; ``message``/``fix``/``also`` are (zh, en) templates:
    ``fix`` says what to do when ``fixes`` offers no edit, ``also`` follows the edits'
    words."""
    return Rule(
        id=rule_id,
        severity=severity,
        kind=kind,
        params=params,
        message=txt(*message),
        source=source,
        fix=txt(*fix) if fix else None,
        when=when,
        targets=targets,
        fixes=fixes,
        also=txt(*also) if also else None,
        surfaces=None if surfaces is None else frozenset(surfaces),
    )
