"""``validate --fix`` / ``--diff``: carry out the findings' fixes in the files checked.

A script is fixed through the apply machinery (:func:`ascend_studio.apply.fix_text`):
libcst for Python, in place for shell, only the edited lines change. A profile is
fixed as a profile (:func:`ascend_studio.rules.fix_profile`) and written back in its
canonical form. Writing is ``apply --write``'s: the file is checked not to have
changed since it was read, written atomically, and the previous version is kept as
``NAME.orig`` (unless ``--no-backup``). What the project configuration deselects or
a suppression comment silences is not fixed. A file that cannot be fixed is named
with the reason; the run goes on with the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ascend_studio.apply import ApplyError, ApplyResult, read_script, unified_diff, write_applied
from ascend_studio.apply._fixes import FixedText, Select, fix_text
from ascend_studio.codegen import ImportedConfig, import_file, import_text
from ascend_studio.companion import read_companions
from ascend_studio.lint._check import machine_release
from ascend_studio.lint._locate import Locator
from ascend_studio.lint._settings import Settings, with_release
from ascend_studio.lint._suppress import parse_suppressions
from ascend_studio.profile import Profile, ProfileError, dump_profile, parse_profile
from ascend_studio.rules import Diagnostic, Fix, chosen_fix, evaluate, fix_profile
from ascend_studio.schema import Catalog

__all__ = ["FileFix", "FixOptions", "fix_file", "selector_for"]


@dataclass(frozen=True)
class FixOptions:
    unsafe: bool = False
    #: Write the files (``--fix``); else only work out the diff (``--diff``).
    write: bool = True
    backup: bool = True


@dataclass
class FileFix:
    """What fixing one file did (or would do, with ``--diff``)."""

    shown: str
    before: str = ""
    after: str = ""
    applied: list[tuple[int, Diagnostic, Fix]] = field(default_factory=list)
    failed: list[tuple[int, Diagnostic, Fix]] = field(default_factory=list)
    #: Why the file was left as it was (it could not be read, parsed or written).
    problem: str | None = None
    backup: Path | None = None
    #: A script's fix run in full (what each configuration was meant to hold).
    fixed: FixedText | None = None

    def diff(self) -> str:
        return (
            unified_diff(self.before, self.after, self.shown) if self.after != self.before else ""
        )


def _checked_as(profile: Profile, settings: Settings, catalog: Catalog) -> Profile:
    """``profile`` for the product, scenario and release it is checked for (as
    ``check_file`` does): fixed for another release, the fixes were not those shown."""
    if settings.product.value or settings.scenario.value:
        profile = profile.with_target(settings.product.value, settings.scenario.value)
    return with_release(profile, machine_release(settings.release, catalog))


def _prepare(settings: Settings, folder: Path, catalog: Catalog) -> Callable[[Profile], Profile]:
    def prepare(profile: Profile) -> Profile:
        profile, _ = read_companions(profile, [Path.cwd(), folder], folder)
        return _checked_as(profile, settings, catalog)

    return prepare


def selector_for(name: str, settings: Settings, catalog: Catalog) -> Callable[[str], Select]:
    """For the text of a round: a finding may be fixed when selected and not silenced."""

    def select_for(text: str) -> Select:
        lines = text.splitlines()
        comments = parse_suppressions(lines)
        locator = Locator(lines, import_text(text, name, catalog) if comments.items else None)

        def select(number: int, config: ImportedConfig, finding: Diagnostic) -> bool:
            if not settings.enabled(finding.rule_id):
                return False
            if not comments.items:
                return True
            line, _ = locator.place(finding.params, number - 1, config.line)
            where = [line, *locator.lines_of(finding.params, number - 1)]
            return not comments.silenced(finding.rule_id, where)

        return select

    return select_for


def _fix_script(
    path: Path, text: str, settings: Settings, catalog: Catalog, unsafe: bool
) -> FileFix:
    out = FileFix(str(path), text, text)
    fixed = fix_text(
        text,
        str(path),
        unsafe=unsafe,
        catalog=catalog,
        select=selector_for(str(path), settings, catalog),
        prepare=_prepare(settings, path.resolve().parent, catalog),
    )
    out.after, out.applied, out.failed = fixed.after, fixed.applied, fixed.failed
    out.fixed = fixed
    return out


def _fix_profile(
    path: Path, text: str, settings: Settings, catalog: Catalog, unsafe: bool
) -> FileFix:
    out = FileFix(str(path), text, text)
    profile = parse_profile(text, str(path))
    checked = _checked_as(profile, settings, catalog)
    fixed = fix_profile(
        checked, unsafe=unsafe, catalog=catalog, select=lambda d: settings.enabled(d.rule_id)
    )
    if fixed.applied:
        # the target given on the command line is for checking: the file keeps its own
        kept = fixed.profile.model_copy(
            update={
                "product": profile.product,
                "scenario": profile.scenario,
                "release": profile.release,
            }
        )
        out.after = dump_profile(kept)
        out.applied = [(1, finding, fix) for finding, fix in fixed.applied]
    return out


def fix_file(
    path: Path, shown: str, settings: Settings, catalog: Catalog, options: FixOptions
) -> FileFix:
    """Fix ``path`` as ``options`` say; never raises for what the file holds."""
    try:
        data, text = read_script(path)
        fix = _fix_profile if path.suffix.lower() == ".json" else _fix_script
        out = fix(path, text, settings, catalog, options.unsafe)
    except (ApplyError, ProfileError) as exc:
        # a file this tool cannot edit is a problem only when something in it has a fix
        fixable = _anything_to_fix(path, catalog, options.unsafe)
        return FileFix(shown, problem=str(exc) if fixable else None)
    out.shown = shown
    if options.write and out.after != out.before:
        try:
            out.backup = _write(path, data, out, options.backup)
        except ApplyError as exc:
            out.problem, out.after, out.applied = str(exc), out.before, []
    return out


def _anything_to_fix(path: Path, catalog: Catalog, unsafe: bool) -> bool:
    """Whether a file read as leniently as ``validate`` reads it has a finding to fix."""
    result = import_file(path, catalog)
    return any(
        chosen_fix(d, unsafe) is not None
        for config in result.configs
        for d in evaluate(config.profile_as_written(), catalog)
    )


def _write(path: Path, data: bytes, out: FileFix, backup: bool) -> Path | None:
    """``apply --write``'s write: refused when the file changed since it was read."""
    now, _ = read_script(path)
    if now != data:
        raise ApplyError(f"{path} changed while it was being fixed; nothing written")
    return write_applied(ApplyResult(out.before, out.after), path, backup=backup).backup
