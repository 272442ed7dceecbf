"""``validate FILE``'s text report, in the output's language (not a command).

Every label, count and sentence goes through :mod:`ascend_studio._words`; the
rules' and the importer's own texts are bilingual. Text from the user's files is
written through :func:`~ascend_studio._words.printable`, so a value can never start
a line of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ascend_studio._words import counted, joined, printable, say
from ascend_studio.cli._companions import location_text
from ascend_studio.codegen import ImportedConfig, ReportItem, kind_word
from ascend_studio.companion import FileRead
from ascend_studio.profile import Expr, Profile, target_of
from ascend_studio.rules import SEVERITIES, Diagnostic, Explanation, chosen_fix, fixable_counts
from ascend_studio.schema import Axis, cited

__all__ = ["Result", "print_report", "target_text"]

#: (label, profile as checked, its diagnostics, the target axes it leaves unnamed)
Result = tuple[str, Profile, list[Diagnostic], tuple[Axis, ...]]


def target_text(p: Profile, lang: str) -> str:
    target = target_of(p)
    product = target.product or say("no product named", lang)
    scenario = say(target.scenario or "no scenario named", lang)
    release = (f"TF Adapter {p.release}",) if p.release else ()  # named only: see releases.md
    return joined((product, scenario, *release), lang)


def _counts(found: list[Diagnostic]) -> dict[str, int]:
    return {s: sum(1 for d in found if d.severity == s) for s in SEVERITIES}


def _shown_label(label: str, config: ImportedConfig | None, lang: str) -> str:
    """``train.py (line 40, in if branch (line 39))`` in ``lang``: the label says where
    in the file the configuration is, ``label`` itself stays the JSON key."""
    suffix = f" ({config.label})" if config is not None else ""
    if not suffix or not label.endswith(suffix) or config is None:
        return label  # a profile file: its path alone
    path = label[: -len(suffix)]
    where = config.label_in(lang)
    return f"{path}（{where}）" if lang == "zh" else f"{path} ({where})"


def _print_diagnostic(d: Diagnostic, lang: str, where: str | None = None) -> None:
    print(f"  {say(d.severity, lang):<7} {d.rule_id}  [{printable(', '.join(d.params))}]")
    if where is not None:
        print(f"          {say('at', lang)}: {printable(where)}")
    print(f"          {printable(d.message.get(lang))}")
    if d.fix is not None:
        print(f"          {say('fix', lang)}{_fixable(d, lang)}: {printable(d.fix.get(lang))}")
    print(f"          {say('source', lang)}: {cited(d.source, lang)}")


def _fixable(d: Diagnostic, lang: str) -> str:
    """`` (--fix)`` when ``validate --fix`` fixes it, `` (--unsafe-fixes)`` when only with
    that, `` (by hand)`` when no fix is mechanical."""
    if chosen_fix(d) is not None:
        how = "--fix"
    elif chosen_fix(d, True) is not None:
        how = "--unsafe-fixes"
    else:
        how = say("by hand", lang)
    return f"（{how}）" if lang == "zh" else f" ({how})"


def _print_explanation(e: Explanation, lang: str) -> None:
    eff = e.effective
    note = f" ({eff.note.get(lang)})" if eff.note else ""
    value = eff.value.expr if isinstance(eff.value, Expr) else repr(eff.value)
    line = say(
        "why {path}: effective {value} [{source}]",
        lang,
        path=e.path,
        value=value,
        source=say(eff.source, lang),
    )
    print(f"  {printable(line + note)}")
    for label, items in (("affects", e.affects), ("affected by", e.affected_by)):
        if items:
            shown = ", ".join(f"{i.path}={i.shown}" for i in items)
            print(f"    {say(label, lang)}: {printable(shown)}")
    for link in e.rules:
        mark = say("FIRES" if link.fires else "quiet", lang)
        severity = say(link.severity, lang)
        message = printable(link.message.get(lang))
        print(f"    {mark:<5} {severity:<7} {link.rule_id}: {message}")


def _print_fixable(found: list[Diagnostic], lang: str) -> None:
    safe, unsafe = fixable_counts(found)
    if not safe and not unsafe:
        return
    if safe and unsafe:
        text = "{safe} fixable with --fix ({unsafe} more with --unsafe-fixes)."
    elif safe:
        text = "{safe} fixable with --fix."
    else:
        text = "{unsafe} fixable with --fix --unsafe-fixes."
    print(say(text, lang, safe=safe, unsafe=unsafe))


def print_report(
    results: Sequence[Result],
    *,
    configs: Sequence[ImportedConfig | None],
    explained: Sequence[list[Explanation]],
    problems: list[ReportItem],
    reads: Mapping[str, tuple[FileRead, ...]],
    total: Mapping[str, int],
    lang: str,
) -> None:
    for item in sorted(problems, key=lambda i: i.line or 0):
        kind = kind_word(item.kind, lang)
        what = f"{say(item.severity, lang)} [{kind}] {printable(item.text(lang))}"
        print(f"{say('import', lang)}: {what}")
    for (label, p, found, _unnamed), config, why in zip(results, configs, explained, strict=True):
        counts = joined((counted(n, s, lang) for s, n in _counts(found).items()), lang)
        shown = printable(_shown_label(label, config, lang))
        print(f"{shown}: {target_text(p, lang)}: {counts}")
        read = reads.get(label, ())
        for file_read in read:
            print(f"  {say('file', lang)}: {printable(file_read.text(lang))}")
        for d in found:
            _print_diagnostic(d, lang, location_text(d, p, read))
        for e in why:
            _print_explanation(e, lang)
    _print_fixable([d for _, _, found, _ in results for d in found], lang)
    print(
        f"{say('in all', lang)}: " + joined((counted(n, s, lang) for s, n in total.items()), lang)
    )
