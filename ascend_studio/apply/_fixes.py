"""Fix a script's text: the findings' fixes, carried out by the apply machinery.

Each configuration of the script is read (never run), its findings' chosen fixes
are applied to its profile as the script writes it, and the result is applied
back into the text as ``ascend-studio apply`` would (libcst for Python, in place for
shell): only the edited lines change. A fix counts as applied when the edited text
reads back with the fix's keys as intended; one that cannot be written (an
environment variable in a Python script, a value given through ``**kwargs``) stays
a finding, with the apply note that says why. As ``ruff --fix`` does, the findings
are read again after each round, so that a fix another one makes possible is
applied too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ascend_studio.apply._file import apply_text
from ascend_studio.apply._result import ApplyError, ApplyNote, unified_diff
from ascend_studio.codegen import ImportedConfig, import_text
from ascend_studio.profile import Profile
from ascend_studio.rules import Diagnostic, Fix, apart_lines, apply_fix, chosen_fix, evaluate
from ascend_studio.rules._extras import find_extra
from ascend_studio.rules._fixall import ROUNDS
from ascend_studio.schema import Catalog, shipped_catalog

__all__ = ["FixedText", "Prepare", "Select", "SelectFor", "apply_fixes", "fix_text"]

#: Whether a finding of configuration ``number`` may be fixed (a suppression comment,
#: --select), made for the text as it is at the start of each round.
Select = Callable[[int, ImportedConfig, Diagnostic], bool]
SelectFor = Callable[[str], Select]
#: What the rules see of a configuration's profile (its companion files read, the
#: product and scenario the command line names).
Prepare = Callable[[Profile], Profile]


@dataclass
class FixedText:
    """A script's text before and after its fixes, and what was and was not fixed."""

    before: str
    after: str
    #: (configuration number, finding, fix) of every fix carried out, in order.
    applied: list[tuple[int, Diagnostic, Fix]] = field(default_factory=list)
    #: (configuration number, finding) of the findings left once fixed.
    remaining: list[tuple[int, Diagnostic]] = field(default_factory=list)
    #: Fixes chosen that could not be written (with the apply notes saying why).
    failed: list[tuple[int, Diagnostic, Fix]] = field(default_factory=list)
    notes: list[ApplyNote] = field(default_factory=list)
    #: Configuration number -> the profile (as written) the fixes meant it to hold.
    intended: dict[int, Profile] = field(default_factory=dict)

    @property
    def unchanged(self) -> bool:
        return self.before == self.after

    def diff(self, name: str = "script") -> str:
        return unified_diff(self.before, self.after, name)


def _configs(text: str, name: str, catalog: Catalog) -> tuple[ImportedConfig, ...]:
    return import_text(text, name, catalog).configs


def _profile_at(config: ImportedConfig, prepare: Prepare | None) -> Profile:
    profile = config.profile_as_written()
    return prepare(profile) if prepare is not None else profile


def apply_fixes(
    text: str,
    name: str,
    config: int,
    fixes: Sequence[Fix],
    *,
    catalog: Catalog | None = None,
) -> tuple[str, tuple[ApplyNote, ...]]:
    """``text`` with ``fixes`` (of configuration ``config``, 1-based) carried out, and the
    apply notes; raises :class:`ApplyError` when the script cannot be edited."""
    catalog = catalog or shipped_catalog()
    configs = _configs(text, name, catalog)
    if not 1 <= config <= len(configs):
        raise ApplyError(f"{name}: no configuration {config} to fix")
    profile = configs[config - 1].profile_as_written()
    for fix in fixes:
        profile = apply_fix(profile, fix)
    result = apply_text(text, profile, name, config, catalog, as_written=True)
    return result.after, result.notes


def _landed(fix: Fix, intended: Profile, got: Profile) -> bool:
    """Whether ``got`` (the edited script read back) holds what ``fix`` meant for its keys."""
    for key in fix.keys:
        if key.startswith("env:"):
            name = key[4:]
            if intended.env.get(name, "absent") != got.env.get(name, "absent"):
                return False
        elif find_extra(intended, key) != find_extra(got, key) or not _same(
            intended.values.get(key), got.values.get(key)
        ):
            return False
    return True


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


@dataclass
class _Run:
    name: str
    catalog: Catalog
    unsafe: bool
    select_for: SelectFor | None
    prepare: Prepare | None
    out: FixedText
    tried: set[tuple[int, str, tuple[str, ...]]] = field(default_factory=set)

    def findings(self, config: ImportedConfig, profile: Profile) -> list[Diagnostic]:
        return evaluate(profile, self.catalog)

    def wanted(
        self, number: int, config: ImportedConfig, finding: Diagnostic, select: Select | None
    ) -> Fix | None:
        fix = chosen_fix(finding, self.unsafe)
        if fix is None or (number, finding.rule_id, finding.params) in self.tried:
            return None
        if len(finding.params) > 1 and apart_lines(config.profile, finding.params) is not None:
            return None  # holds only if two conditions meet: not this tool's to settle
        if select is not None and not select(number, config, finding):
            return None
        return fix

    def round(self, text: str, number: int) -> str | None:
        """One round on configuration ``number``: the new text, or None when nothing is left."""
        config = _configs(text, self.name, self.catalog)[number - 1]
        profile = _profile_at(config, self.prepare)
        select = self.select_for(text) if self.select_for is not None else None
        chosen: list[tuple[Diagnostic, Fix]] = []
        touched: set[str] = set()
        for finding in self.findings(config, profile):
            fix = self.wanted(number, config, finding, select)
            if fix is not None and not fix.keys & touched:
                touched |= fix.keys
                chosen.append((finding, fix))
        if not chosen:
            return None
        intended = profile
        for _finding, fix in chosen:
            intended = apply_fix(intended, fix)
        result = apply_text(text, intended, self.name, number, self.catalog, as_written=True)
        again = _configs(result.after, self.name, self.catalog)
        got = again[number - 1].profile_as_written() if len(again) >= number else Profile()
        failed = [(f, fix) for f, fix in chosen if not _landed(fix, intended, got)]
        done = failed or chosen  # a fix is chosen once: what landed, or what did not
        self.tried |= {(number, finding.rule_id, finding.params) for finding, _fix in done}
        if failed:  # the round is dropped: the next one goes on without what did not land
            self.out.failed += [(number, finding, fix) for finding, fix in failed]
            self.out.notes += [n for n in result.notes if n.severity == "warning"]
            return text
        self.out.notes += result.notes
        self.out.applied += [(number, finding, fix) for finding, fix in chosen]
        self.out.intended[number] = intended
        return result.after


def fix_text(
    text: str,
    name: str,
    *,
    unsafe: bool = False,
    catalog: Catalog | None = None,
    select: SelectFor | None = None,
    prepare: Prepare | None = None,
) -> FixedText:
    """Every configuration of ``text`` (named ``name``: its kind is told by the name and
    the first line) with its findings' chosen fixes carried out (safe ones; unsafe
    ones too with ``unsafe``); never executes the script. ``select`` makes, for the
    text of each round, which findings may be fixed; ``prepare`` what the rules see of
    a profile. Raises :class:`ApplyError` when the script cannot be edited safely."""
    catalog = catalog or shipped_catalog()
    out = FixedText(text, text)
    run = _Run(name, catalog, unsafe, select, prepare, out)
    count = len(_configs(text, name, catalog))
    # the last configuration first: a fix that empties one leaves the others' numbers
    for number in range(count, 0, -1):
        for _ in range(ROUNDS):
            if len(_configs(out.after, name, catalog)) < number:
                break
            after = run.round(out.after, number)
            if after is None:
                break
            out.after = after
    for number, config in enumerate(_configs(out.after, name, catalog), start=1):
        profile = _profile_at(config, prepare)
        out.remaining += [(number, d) for d in run.findings(config, profile)]
    return out
