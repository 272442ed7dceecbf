"""Check one file: import it (never run it), evaluate every configuration, locate and filter.

A file holding no configuration is not a problem in a batch (most Python files in
a repository set no NPU option); when such a Python or shell file does not parse,
that is reported as ``info``: it could not be checked statically. A profile that
does not parse, or a file that cannot be read, stays an error, and so does a call or
command the real code rejects about a parameter or variable of the catalog. The importer's
errors and warnings become ``import.<kind>`` findings, except those about a
variable the catalog does not know (``PYTHONPATH`` set twice is not an NPU
configuration problem) and those the rules report themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ascend_studio.codegen import (
    ImportedConfig,
    ImportResult,
    ReportItem,
    import_bytes_text,
    import_file_text,
    import_text,
)
from ascend_studio.companion import FileRead, read_companions
from ascend_studio.lint._files import shown_path
from ascend_studio.lint._locate import Locator
from ascend_studio.lint._reported import reported_items
from ascend_studio.lint._select import import_rule_id
from ascend_studio.lint._settings import Setting, Settings, with_release
from ascend_studio.lint._suppress import MARK, Suppressions, parse_suppressions
from ascend_studio.profile import Profile, target_of
from ascend_studio.rules import Diagnostic, Fix, Severity, evaluate
from ascend_studio.schema import AUTO, Axis, Catalog, Release, Text, auto_release

__all__ = [
    "CheckedFile",
    "Finding",
    "Place",
    "check_file",
    "machine_release",
    "reported_items",
    "unlisted_folder",
]

#: What became of a companion file without looking on disk (text kept in a profile,
#: a path known only at run time).
_NO_LOOKUP = frozenset({"kept", "runtime"})


@dataclass(frozen=True)
class Place:
    """Another place a finding concerns: where one of its parameters is set, or, for a
    finding inside a file a parameter names, where the script names that file."""

    path: str
    line: int
    column: int
    param: str


@dataclass(frozen=True)
class Finding:
    """One finding of a batch run, placed in a file."""

    path: str
    line: int
    column: int
    rule_id: str
    severity: Severity
    message: Text
    fix: Text | None = None
    #: Where the fact comes from (a rule's citation); None for import and suppression findings.
    source: str | None = None
    params: tuple[str, ...] = ()
    #: Which configuration of the file it concerns, as the importer labels it.
    config: str | None = None
    #: The ways to fix it, preferred first (a rule's fixes; see ``ascend_studio.rules.Fix``).
    fixes: tuple[Fix, ...] = ()
    #: The configuration's number in the file (1-based, as ``apply --config`` counts).
    config_number: int | None = None
    #: The other places it concerns (a cross-parameter finding's other parameters).
    related: tuple[Place, ...] = ()

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.rule_id, self.message.en)


@dataclass
class CheckedFile:
    """What a batch run found in one file."""

    path: str
    dialect: str
    #: (label, profile as checked, the target axes it names none of).
    configs: list[tuple[str, Profile, tuple[Axis, ...]]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    suppressed: int = 0
    suppressions: Suppressions = field(default_factory=lambda: Suppressions([]))
    #: The line each of ``configs`` starts on (1 for a profile).
    config_lines: list[int] = field(default_factory=list)
    #: The check looked for another file (a companion file a parameter names), so its
    #: findings depend on more than this file's bytes.
    read_other_files: bool = False


def _configs(result: ImportResult) -> list[tuple[int, ImportedConfig]]:
    """The configurations found, with their index in the report (placeholders dropped)."""
    return [
        (i, c)
        for i, c in enumerate(result.configs)
        if c.line is not None or result.dialect == "profile"
    ]


@dataclass
class _Context:
    """One file's check under way: its findings so far and how to place them."""

    checked: CheckedFile
    settings: Settings
    locator: Locator
    seen: set[tuple[str, int, int, str, str]] = field(default_factory=set)

    def add(self, finding: Finding, lines: list[int], in_script: bool = True) -> None:
        """Keep ``finding`` unless deselected, a duplicate, or silenced by a comment (in
        another file, such as a companion file, only the file-wide comments apply)."""
        if not self.settings.enabled(finding.rule_id):
            return
        key = (finding.path, finding.line, finding.column, finding.rule_id, finding.message.en)
        if key in self.seen:
            return
        self.seen.add(key)
        where = [finding.line, *lines] if in_script else []
        if self.checked.suppressions.silenced(finding.rule_id, where):
            self.checked.suppressed += 1
        else:
            self.checked.findings.append(finding)


def _companion_spot(d: Diagnostic, reads: Sequence[FileRead]) -> tuple[str, int] | None:
    """(file, line) when the finding is inside a companion file that was read."""
    if d.location is None:
        return None
    found = next((r.path for r in reads if r.param == d.location.param and r.path), None)
    return None if found is None else (shown_path(found), d.location.line or 1)


def _rule_finding(
    ctx: _Context, d: Diagnostic, index: int, config: ImportedConfig, reads: Sequence[FileRead]
) -> None:
    spot = _companion_spot(d, reads)
    here = ctx.locator.place(d.params, index, config.line)
    if spot is None:
        path, (line, column) = ctx.checked.path, here
    else:
        (path, line), column = spot, 1
    finding = Finding(
        path,
        line,
        column,
        d.rule_id,
        d.severity,
        d.message,
        d.fix,
        d.source,
        d.params,
        config.label,
        d.fixes,
        index + 1,
        related=_related(ctx, d.params, index, (path, line, column)),
    )
    ctx.add(finding, ctx.locator.lines_of(d.params, index), in_script=spot is None)


def _related(
    ctx: _Context, params: Sequence[str], index: int, shown: tuple[str, int, int]
) -> tuple[Place, ...]:
    """Where the script sets each of ``params``, less the place the finding is shown at."""
    places: list[Place] = []
    for param in params:
        spot = ctx.locator.spot_of(param, index)
        if spot is not None and (ctx.checked.path, *spot) != shown:
            places.append(Place(ctx.checked.path, *spot, param))
    return tuple(dict.fromkeys(places))


def _suggestion(item: ReportItem) -> Text | None:
    if not item.suggestion:
        return None
    return Text.of(f"改为 {item.suggestion}。", f"Use {item.suggestion}.")


def _import_finding(ctx: _Context, item: ReportItem, checkable: bool) -> None:
    line, column = ctx.locator.place_item(item)
    # a call or command the real code rejects, about a parameter or variable of the
    # catalog, fails wherever it is (``os.environ["ASCEND_DEVICE_ID"] = 0`` alone in a file)
    certain = item.kind == "call_error" and item.path is not None
    if item.kind == "call_error" and not (checkable or certain):
        return  # e.g. ``export 1ABC=3`` in a script that sets nothing of the NPU's
    severity: Severity = item.severity if checkable or certain else "info"
    message = item.message
    if severity == "info" and item.severity == "error":
        message = Text.of(f"未检查：{message.zh}", f"Not checked: {message.en}")
    finding = Finding(
        ctx.checked.path,
        line,
        column,
        import_rule_id(item),
        severity,
        message,
        _suggestion(item),
        params=(item.path,) if item.path else (),
    )
    ctx.add(finding, [])


def unlisted_folder(shown: str, why: str) -> CheckedFile:
    """A folder the walk could not list (a path longer than the system allows, no
    permission): reported as unreadable, an error as for any file that cannot be read,
    since the files in it were not checked."""
    checked = CheckedFile(shown, "unknown")
    message = Text.of(
        f"无法列出这个文件夹（{why}）：其中的文件未检查。",
        f"Cannot list this folder ({why}): the files in it were not checked.",
    )
    checked.findings.append(Finding(shown, 1, 1, "import.unreadable", "error", message))
    return checked


def machine_release(setting: Setting, catalog: Catalog) -> Setting:
    """A configuration's ``release = "auto"``, as the machine's release (read once)."""
    if setting.value is None or setting.value.strip().casefold() != AUTO:
        return setting
    found = _auto(catalog)
    return Setting(found.id if found else None, setting.origin)


_AUTO: dict[int, Release | None] = {}


def _auto(catalog: Catalog) -> Release | None:
    if id(catalog) not in _AUTO:
        _AUTO[id(catalog)] = auto_release(catalog).release
    return _AUTO[id(catalog)]


def check_file(
    path: Path,
    shown: str,
    settings: Settings,
    catalog: Catalog,
    report_unused: bool = False,
    *,
    within: Sequence[Path] | None = None,
    text: str | None = None,
    raw: bytes | None = None,
) -> CheckedFile:
    """Every finding in ``path`` that ``settings`` selects and no comment silences;
    companion files are read only inside ``within`` (None: anywhere).

    ``text``: the file's contents as an editor holds them (not saved yet), read instead
    of the file on disk; the files its parameters name are still read from disk.
    ``raw``: the file's bytes, already read (by the result cache, which keeps their digest).
    """
    if raw is not None:
        result, text = import_bytes_text(raw, str(path), catalog)
    elif text is None:
        result, text = import_file_text(path, catalog)  # one read of the file
    else:
        result = import_text(text, str(path), catalog)
    configs, reported = _configs(result), reported_items(result, catalog)
    # the lines place findings and hold the suppression comments: most files of a tree
    # have neither, and are not split
    lines = text.splitlines() if configs or reported or MARK in text else []
    checked = CheckedFile(shown, result.dialect, suppressions=parse_suppressions(lines))
    ctx = _Context(checked, settings, Locator(lines, result))
    # A profile that does not parse, or a file that cannot be read at all, is a real error.
    checkable = bool(configs) or result.dialect in ("profile", "unknown")
    for item in reported:
        _import_finding(ctx, item, checkable)
    # relative paths: the working directory, then here (resolved when there is a configuration)
    folder = path.resolve().parent if configs else path.parent
    for index, config in configs:
        profile, reads = read_companions(
            config.profile_as_written(), [Path.cwd(), folder], folder, within=within
        )
        if settings.product.value or settings.scenario.value:
            profile = profile.with_target(settings.product.value, settings.scenario.value)
        profile = with_release(profile, machine_release(settings.release, catalog))
        checked.read_other_files |= any(r.status not in _NO_LOOKUP for r in reads)
        checked.configs.append((config.label, profile, target_of(profile).unnamed))
        checked.config_lines.append(config.line or 1)
        for diagnostic in evaluate(profile, catalog, after_open=config.after_open):
            _rule_finding(ctx, diagnostic, index, config, reads)
    if report_unused:
        _unused_suppressions(ctx)
    checked.findings.sort(key=Finding.sort_key)
    return checked


def _unused_suppressions(ctx: _Context) -> None:
    for item in ctx.checked.suppressions.items:
        problem = item.unknown()
        if problem:
            rule_id = "suppression.unknown_rule"
            message = Text.of(f"抑制注释：{problem}", f"Suppression comment: {problem}")
            fix = Text.of(
                "改正规则 id，或删除该注释。", "Correct the rule id, or remove the comment."
            )
        else:
            unused = item.unused()
            if not unused:
                continue
            rule_id = "suppression.unused"
            names = ", ".join(unused)
            message = Text.of(
                f"未使用的抑制注释：这里没有 {names} 的发现。",
                f"Unused suppression: nothing reported here for {names}.",
            )
            fix = Text.of(f"从注释中删除 {names}。", f"Remove {names} from the comment.")
        finding = Finding(
            ctx.checked.path, item.line, item.column, rule_id, "warning", message, fix
        )
        if ctx.settings.enabled(rule_id):
            ctx.checked.findings.append(finding)
