"""The one adapter between the UI and the Qt-free core (rules, codegen, catalog).

Everything the window shows about a profile beyond its raw values (diagnostics,
effective values, exported text, imports, availability) is asked here, so the
widgets depend on a few small frozen types instead of the core's APIs.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ascend_studio._atomic import atomic_write_text
from ascend_studio.profile import Profile, dump_profile
from ascend_studio.rules import Severity, effective_value, evaluate
from ascend_studio.schema import Catalog, EnumValue, Parameter, Text

__all__ = [
    "EXPORT_FORMATS",
    "PREVIEW_FORMATS",
    "Effective",
    "Engine",
    "Finding",
    "ImportChoice",
    "ImportOutcome",
    "Severity",
    "Unavailable",
    "param_unavailable",
    "value_unavailable",
]

PREVIEW_FORMATS: tuple[str, ...] = ("py", "sess", "sh", "env-file", "json")
EXPORT_FORMATS: tuple[str, ...] = ("py", "sess", "sh", "env-file", "docker", "k8s", "json")


@dataclass(frozen=True, slots=True)
class Finding:
    """One diagnostic as the UI shows it."""

    rule_id: str
    severity: Severity
    params: tuple[str, ...]
    message: Text
    source: str = ""
    fix: Text | None = None


@dataclass(frozen=True, slots=True)
class Effective:
    """What the runtime really uses when it differs from what was entered."""

    value: object
    #: The entered value is dropped (not sent, or overridden by another setting).
    ignored: bool = False
    note: Text | None = None


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Why a parameter (or one enum value) does not apply to the target."""

    reason: Literal["product", "scenario", "unsupported"]
    products: tuple[str, ...] = ()
    scenario: str = "both"


@dataclass(frozen=True, slots=True)
class ImportChoice:
    label: str
    profile: Profile


@dataclass(frozen=True, slots=True)
class ImportOutcome:
    choices: tuple[ImportChoice, ...]
    report: str


def _scenario_gate(applies: str, scenario: str) -> bool:
    return applies in {"both", scenario}


def param_unavailable(param: Parameter, product: str, scenario: str) -> Unavailable | None:
    if param.products is not None and product not in param.products:
        return Unavailable("product", products=param.products)
    if not _scenario_gate(param.scenario, scenario):
        return Unavailable("scenario", scenario=param.scenario)
    return None


def value_unavailable(item: EnumValue, product: str, scenario: str) -> Unavailable | None:
    if not item.supported:
        return Unavailable("unsupported")
    if item.products is not None and product not in item.products:
        return Unavailable("product", products=item.products)
    if not _scenario_gate(item.scenario, scenario):
        return Unavailable("scenario", scenario=item.scenario)
    return None


def _optional(module: str) -> Any:
    """A core package that may not be built yet; ``None`` until it exports its API."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


class Engine:
    """Diagnostics, effective values, exports and imports for one catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._codegen = _optional("ascend_studio.codegen")

    # -- rules -------------------------------------------------------------------------
    def diagnose(self, profile: Profile) -> tuple[Finding, ...]:
        return tuple(
            Finding(d.rule_id, d.severity, d.params, d.message, d.source, d.fix)
            for d in evaluate(profile, self.catalog)
        )

    def effective(self, profile: Profile, path: str) -> Effective | None:
        """``None`` unless the runtime uses something else than the entered value."""
        if path not in profile.values:
            return None
        result = effective_value(profile, path, self.catalog)
        if not result.differs:
            return None
        return Effective(result.value, result.source == "ignored", result.note)

    # -- codegen -----------------------------------------------------------------
    def export(self, profile: Profile, fmt: str, lang: str = "en") -> str:
        """``profile`` as ``fmt`` text; ValueError when the format cannot carry it."""
        export_text = getattr(self._codegen, "export_text", None)
        if export_text is None:
            if fmt == "json":
                return dump_profile(profile)
            return f"# {fmt}: the exporter is not part of this build yet\n"
        options = self._codegen.ExportOptions(lang="zh" if lang == "zh" else "en")
        return str(export_text(profile, fmt, options, self.catalog))

    def write_export(self, profile: Profile, fmt: str, path: Path, lang: str = "en") -> Path:
        return atomic_write_text(path, self.export(profile, fmt, lang))

    def import_script(self, path: Path) -> ImportOutcome:
        import_file = getattr(self._codegen, "import_file", None)
        if import_file is None:
            return ImportOutcome((), "import is not part of this build yet")
        result = import_file(path)
        choices = tuple(
            ImportChoice(str(getattr(c, "label", "") or f"#{i + 1}"), c.profile)
            for i, c in enumerate(result.configs)
        )
        return ImportOutcome(choices, str(getattr(result, "report", "")))
