"""The one adapter between the UI and the Qt-free core (rules, codegen, catalog).

Everything the window shows about a profile beyond its raw values (diagnostics,
effective values, exported text, availability) is asked here, so the
widgets depend on a few small frozen types instead of the core's APIs.

The rules engine and the exporters are imported on first use, not at start-up:
the window shows before they are needed (they cost about a third of the start).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ascend_studio.schema import Catalog, EnumValue, Parameter, Text

if TYPE_CHECKING:
    from ascend_studio.profile import Profile
    from ascend_studio.rules import Diagnostic, EffectiveValue, Evaluator, Fix, Fixed, Unknown

__all__ = [
    "Effective",
    "Engine",
    "Evaluation",
    "Finding",
    "FormatInfo",
    "Severity",
    "Unavailable",
    "param_unavailable",
    "unavailable_here",
    "value_unavailable",
]

Severity = Literal["error", "warning", "info"]
Language = Literal["zh", "en"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One diagnostic as the UI shows it."""

    rule_id: str
    severity: Severity
    params: tuple[str, ...]
    message: Text
    source: str = ""
    fix: Text | None = None
    #: The ways to fix it as profile edits, preferred first (empty: none mechanical).
    fixes: tuple[Fix, ...] = ()
    #: What is no edit: what else to do after the fixes, or what to do by hand.
    hint: Text | None = None


def _located(d: Diagnostic) -> Text:
    """The message, led by the line inside the companion file it is about."""
    line = d.location.line if d.location is not None else 0
    if not line:
        return d.message
    return Text.of(f"（文件第 {line} 行）{d.message.zh}", f"(file line {line}) {d.message.en}")


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The rules' verdict on one profile: shown as findings, handed to every exporter as is
    (one evaluation per edit serves the form, the lists and every preview)."""

    profile: Profile
    findings: tuple[Finding, ...]
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class FormatInfo:
    """An export format as the UI uses it (from the codegen format descriptor)."""

    id: str
    label: Text
    suffix: str
    #: The highlighting language (``ui/_highlight.py``).
    language: str
    preview: bool
    stem_suffix: str = ""

    def suggested_name(self, profile_path: Path | None) -> str:
        stem = profile_path.name.split(".")[0] if profile_path else "npu_config"
        return stem + self.stem_suffix + self.suffix


@dataclass(frozen=True, slots=True)
class Effective:
    """What the runtime really uses when it differs from what was entered."""

    value: object
    #: The entered value is dropped (not sent, or overridden by another setting).
    ignored: bool = False
    note: Text | None = None


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Why a parameter (or one enum value) does not apply to the target; with
    ``unnamed``, only that it holds on some products or one scenario, which the
    profile does not name (shown as a note, not as unavailable)."""

    reason: Literal["product", "scenario", "unsupported", "release"]
    products: tuple[str, ...] = ()
    scenario: str = "both"
    #: For ``release``: the target, the first release with it when that is later
    #: (``since``), else the releases that have it (in words).
    release: str = ""
    since: str = ""
    where: Text | None = None
    unnamed: bool = False


def _scoped(
    item: Parameter | EnumValue, product: str | None, scenario: str | None
) -> Unavailable | None:
    """Where a parameter or value holds against the target (None: not named)."""
    gate = item.why_not(product, scenario, unnamed_misses=True)
    if gate == "product":
        return Unavailable("product", products=item.products or (), unnamed=product is None)
    if gate == "scenario":
        return Unavailable("scenario", scenario=item.scenario, unnamed=scenario is None)
    return None


def unavailable_here(problem: Unavailable | None) -> bool:
    """Not available on the target the profile names (not: holds on some, none named)."""
    return problem is not None and not problem.unnamed


def param_unavailable(
    param: Parameter, product: str | None, scenario: str | None
) -> Unavailable | None:
    return _scoped(param, product, scenario)


def release_unavailable(
    param: Parameter, catalog: Catalog, release: str | None
) -> Unavailable | None:
    """The target release (an id) lacks the parameter: its keyword, or for a sess.run-only
    key, the key its C++ reads."""
    if release is None:
        return None
    history = catalog.history
    span = history.param_span(param)
    if span is None or history.holds(span, release):
        return None
    target, first = history.get(release), history.first(span)
    since = f"{first.short} ({first.month})" if history.before(release, first.id) else ""
    shown = f"{target.short} ({target.month})"
    return Unavailable("release", release=shown, since=since, where=history.where(span))


def value_unavailable(
    item: EnumValue, product: str | None, scenario: str | None
) -> Unavailable | None:
    return Unavailable("unsupported") if not item.supported else _scoped(item, product, scenario)


class Engine:
    """Diagnostics, effective values, exports for one catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._rules: Evaluator | None = None
        #: id(diagnostic) -> (that diagnostic, its finding), of the last evaluation: a
        #: finding the rules kept stays the same object, so views compare it at once.
        self._findings: dict[int, tuple[Diagnostic, Finding]] = {}
        #: The same for effective values (id -> (the rules' answer, the view's)).
        self._effective: dict[int, tuple[EffectiveValue, Effective]] = {}

    # -- rules -------------------------------------------------------------------------
    def _evaluator(self) -> Evaluator:
        """The document's evaluator: after an edit, only the rules that read what
        changed run again (``rules.Evaluator``; the result is ``evaluate``'s)."""
        if self._rules is None:
            from ascend_studio.rules import Evaluator

            self._rules = Evaluator(self.catalog)
        return self._rules

    def evaluate(self, profile: Profile) -> Evaluation:
        diagnostics = tuple(self._evaluator().evaluate(profile))
        made: dict[int, tuple[Diagnostic, Finding]] = {}
        for d in diagnostics:
            kept = self._findings.get(id(d))
            if kept is None or kept[0] is not d:
                finding = Finding(
                    d.rule_id, d.severity, d.params, _located(d), d.source, d.fix, d.fixes, d.hint
                )
                kept = (d, finding)
            made[id(d)] = kept
        self._findings = made
        findings = tuple(made[id(d)][1] for d in diagnostics)
        return Evaluation(profile, findings, diagnostics)

    def unknown(self, profile: Profile) -> tuple[Unknown, ...]:
        """What the profile keeps that the catalog does not know (rows to remove or rename)."""
        from ascend_studio.rules import unknown_entries

        return unknown_entries(profile, self.catalog)

    def fix_all_safe(self, profile: Profile) -> Fixed:
        """``profile`` with every safe fix applied, in rounds as ``validate --fix`` does."""
        from ascend_studio.rules import fix_profile

        return fix_profile(profile, catalog=self.catalog)

    def diagnose(self, profile: Profile) -> tuple[Finding, ...]:
        return self.evaluate(profile).findings

    def effectives(self, profile: Profile, paths: Iterable[str]) -> dict[str, Effective]:
        """What the runtime uses instead of the entered value, for each of ``paths`` where
        it uses something else (read through one rules context)."""
        asked = [p for p in paths if p in profile.values]
        found = self._evaluator().effective_values(profile, asked)
        made: dict[int, tuple[EffectiveValue, Effective]] = {}
        out: dict[str, Effective] = {}
        for path, result in found.items():
            if not result.differs:
                continue
            kept = self._effective.get(id(result))
            if kept is None or kept[0] is not result:
                kept = (result, Effective(result.value, result.source == "ignored", result.note))
            made[id(result)] = kept
            out[path] = kept[1]
        self._effective = made
        return out

    # -- codegen -------------------------------------------------------------------------
    def formats(self) -> tuple[FormatInfo, ...]:
        """Every export format, in menu order (read from the codegen descriptors)."""
        from ascend_studio.codegen import export_formats

        return tuple(
            FormatInfo(f.id, f.label, f.suffix, f.language, f.preview, f.stem_suffix)
            for f in export_formats()
        )

    def export(
        self,
        profile: Profile,
        fmt: str,
        lang: Language = "en",
        evaluation: Evaluation | None = None,
    ) -> str:
        """``profile`` as ``fmt`` text; ``ExportError`` (a ValueError) when it cannot be.

        ``evaluation`` (of this very profile) spares the exporter a second run of the rules.
        """
        from ascend_studio.codegen import ExportOptions, export_text

        given = evaluation.diagnostics if evaluation and evaluation.profile is profile else None
        return export_text(profile, fmt, ExportOptions(lang=lang), self.catalog, given)

    def write_export(self, profile: Profile, fmt: str, path: Path, lang: Language = "en") -> Path:
        from ascend_studio.codegen import ExportOptions, write_export

        return write_export(path, profile, fmt, ExportOptions(lang=lang), self.catalog)
