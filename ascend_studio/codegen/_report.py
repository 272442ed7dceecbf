"""What an import found: the configurations and a line-by-line report.

Importers never raise on bad input; everything they notice (a value kept as
an expression, an unknown keyword, a syntax error, a sourced file) becomes a
:class:`ReportItem` with a bilingual message and, where it has one, a line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from ascend_studio._words import say
from ascend_studio._words_cli import LOCATION_PARTS
from ascend_studio.profile import Profile, Value, target_of
from ascend_studio.schema import Axis, Surface, Text, surface_of

__all__ = [
    "DEVICE_VARS",
    "NOTED",
    "ImportReport",
    "ImportResult",
    "ImportedConfig",
    "ReportItem",
    "ReportKind",
    "internal_error",
    "kind_word",
    "msg",
    "severity_of",
    "where_text",
]

ReportKind = Literal[
    "recognized",  # a value understood and imported
    "verbatim",  # kept as an expression / shell text, re-emitted unchanged
    "converted",  # imported after a lossless type or spelling conversion
    "unknown_kwarg",  # a keyword the constructor does not know (kept, did-you-mean)
    "unknown_key",  # a parameter_map key the adapter does not read
    "wrong_field",  # parameter_map .s/.i/.b does not match the key's type
    "conflict",  # two settings for one parameter; the report says which wins
    "ignored",  # read but deliberately not imported
    "syntax_error",  # the file (or part of it) does not parse
    "call_error",  # a config call or command the real code rejects (TypeError, bash errors)
    "sourced_file",  # a `source`d / env-file reference, not followed
    "device_loop",  # a per-device loop setting ASCEND_DEVICE_ID and friends
    "bad_directive",  # a `# ascend-studio: product=...` naming nothing known
    "line_endings",  # Windows line endings bash still runs
    "conditional",  # set inside a branch or loop; may not always apply
    "not_exported",  # a shell variable assigned but never exported
    "info",
    "unreadable",  # the file could not be read or decoded
    "internal_error",  # a bug in the importer; the input is still not executed
]
Severity = Literal["error", "warning", "info"]

_SEVERITY: dict[str, Severity] = {
    "syntax_error": "error",
    "call_error": "error",
    "unreadable": "error",
    "internal_error": "error",
    "unknown_kwarg": "warning",
    "unknown_key": "warning",
    "wrong_field": "warning",
    "conflict": "warning",
    "bad_directive": "warning",
    "line_endings": "warning",
}


#: Variables that differ per device; set in a loop, they describe a launcher (both
#: importers read them so).
DEVICE_VARS = frozenset({"ASCEND_DEVICE_ID", "DEVICE_ID", "RANK_ID"})

#: Information the reports show as findings: what the importer saw and did not read
#: as a value (RANK_ID set per device in a loop is launcher logic, not checked).
NOTED: frozenset[str] = frozenset({"device_loop"})


def severity_of(kind: str) -> Severity:
    return _SEVERITY.get(kind, "info")


#: Every importer message is made through :meth:`Text.of` (the one code-made bilingual text).
msg = Text.of


@dataclass(frozen=True)
class ReportItem:
    """One finding of the importer: its kind, message and place."""

    kind: ReportKind
    message: Text
    line: int | None = None
    #: The parameter path or ``env:NAME`` concerned, if any.
    path: str | None = None
    #: A did-you-mean suggestion (a parameter name or key).
    suggestion: str | None = None
    #: Index into ``ImportResult.configs``; None when it concerns the whole file.
    config: int | None = None

    @property
    def severity(self) -> Severity:
        return _SEVERITY.get(self.kind, "info")

    @property
    def reported(self) -> bool:
        """Shown as a finding by ``validate``: an error, a warning, or a noted kind."""
        return self.severity != "info" or self.kind in NOTED

    def text(self, lang: str = "en") -> str:
        if self.line is None:
            return self.message.get(lang)
        where = f"第 {self.line} 行：" if lang.startswith("zh") else f"line {self.line}: "
        return where + self.message.get(lang)


@dataclass(frozen=True)
class ImportReport:
    """The importer's findings about one file."""

    items: tuple[ReportItem, ...] = ()

    def of_kind(self, *kinds: ReportKind) -> list[ReportItem]:
        return [item for item in self.items if item.kind in kinds]

    @property
    def has_errors(self) -> bool:
        return any(item.severity == "error" for item in self.items)

    def lines(self, lang: str = "en") -> list[str]:
        """One line per item, in line order: ``[kind] line N: message``."""
        ordered = sorted(self.items, key=lambda i: (i.line is None, i.line or 0))
        return [f"[{kind_word(item.kind, lang)}] {item.text(lang)}" for item in ordered]


def _part_pattern(template: str) -> re.Pattern[str]:
    """``in function {name} (line {line})`` as a pattern with a group per field."""
    return re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(template)))


@cache
def _parts() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The parts a location is made of (``_words_cli.LOCATION_PARTS``), as patterns
    (compiled on first use: only a location said in Chinese needs them)."""
    return tuple((template, _part_pattern(template)) for template in LOCATION_PARTS)


def _part_in(part: str, lang: str) -> str:
    for template, pattern in _parts():
        found = pattern.fullmatch(part)
        if found is not None:
            fields = found.groupdict()
            if "dialect" in fields:
                fields["dialect"] = say(fields["dialect"], lang)
            return say(template, lang, **fields)
    return part  # a call's own name (npu_device.global_options())


def where_text(label: str) -> Text:
    """A configuration's label (``line 40, in if branch (line 39)``) in both languages,
    each part through the message table."""
    zh = "，".join(_part_in(part, "zh") for part in label.split(", "))
    return msg(zh, label)


def kind_word(kind: str, lang: str) -> str:
    """What became of a line (``recognized``, ``unknown_key``) as a report shows it: the
    kind itself in English, a word in Chinese."""
    return say(kind, lang)


@dataclass(frozen=True)
class ImportedConfig:
    """One configuration found in a file, with where it was found."""

    profile: Profile
    #: Where it was found, e.g. "line 42, in if branch (line 40)".
    label: str
    line: int | None = None
    #: Values as the script writes them where the import converted them to the type
    #: or spelling the real code accepts (``{"aoe_mode": 2}``); checking these tells
    #: whether the script would run as it stands.
    as_written: Mapping[str, Value] = field(default_factory=dict)
    #: TF Adapter 2.x: profile path -> (line of the write, line of the
    #: ``npu_device.open()`` before it): options set after ``open()`` has read them.
    after_open: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def surface(self) -> Surface:
        """Where it is written: an NPURunConfig for NPUEstimator, a sess.run
        parameter_map, TF Adapter 2.x, or only the environment (the profile says it)."""
        return surface_of(target_of(self.profile).surface)

    @property
    def unnamed(self) -> tuple[Axis, ...]:
        """The target axes (product, scenario) the file does not name (see
        ``profile.target_of``)."""
        return target_of(self.profile).unnamed

    def label_in(self, lang: str) -> str:
        """``label`` in the UI or report language (``zh`` or ``en``)."""
        return where_text(self.label).get(lang)

    def profile_as_written(self) -> Profile:
        """The profile with the script's own values put back (for ``validate``)."""
        profile = self.profile
        for path, value in self.as_written.items():
            profile = profile.with_value(path, value)
        return profile


@dataclass(frozen=True)
class ImportResult:
    """Everything an import found in one file: configurations and findings."""

    configs: tuple[ImportedConfig, ...]
    report: ImportReport
    source: str = "<string>"
    #: What the input was read as: python, shell, env-file, docker.
    dialect: str = "python"

    @property
    def profile(self) -> Profile | None:
        """The first configuration found (most files have exactly one)."""
        return self.configs[0].profile if self.configs else None


def internal_error(source: str, dialect: str, exc: BaseException) -> ImportResult:
    item = ReportItem(
        "internal_error",
        msg(
            f"导入器内部错误（{type(exc).__name__}: {exc}）；输入未被执行。请报告此问题。",
            f"Importer bug ({type(exc).__name__}: {exc}); the input was not executed. "
            "Please report it.",
        ),
    )
    return ImportResult((), ImportReport((item,)), source, dialect)
