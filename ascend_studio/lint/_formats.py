"""Batch output: text (like other linters), JSON and GitHub Actions annotations.

All of them list findings in one order (path, line, column, rule id) and name
files relative to the working directory, so two runs give the same bytes.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from ascend_studio._words import counted, joined, json_text, printable, say
from ascend_studio.lint._batch import Batch, Summary
from ascend_studio.lint._check import Finding
from ascend_studio.profile import target_of
from ascend_studio.rules import HasFixes, chosen_fix, fix_json, fixable_counts
from ascend_studio.schema import Text

__all__ = ["fixable_line", "use_colour", "write_github", "write_json", "write_text"]

_COLOURS: Mapping[str, str] = {"error": "31", "warning": "33", "info": "36"}


def use_colour(stream: TextIO, choice: str = "auto") -> bool:
    """Colour only on a terminal, never with ``NO_COLOR`` set (https://no-color.org)."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\033[{code}m{text}\033[0m" if colour else text


def _one_line(text: str) -> str:
    """One line of printable text: white space runs joined, controls escaped."""
    return printable(" ".join(text.split()))


def text_line(f: Finding, lang: str, colour: bool = False) -> str:
    """``path:line:col: severity rule-id [*] message [fix: ...]`` (``[*]``: ``--fix`` fixes
    it, as ruff marks its fixable findings); the severity in ``lang`` (``--format github``
    keeps the English one for the runner)."""
    where = _paint(f"{printable(f.path)}:{f.line}:{f.column}:", "1", colour)
    severity = _paint(say(f.severity, lang), _COLOURS[f.severity], colour)
    mark = " [*]" if chosen_fix(f) is not None else ""
    line = f"{where} {severity} {f.rule_id}{mark} {_one_line(f.message.get(lang))}"
    if f.fix is not None:
        line += f" [{say('fix', lang)}: {_one_line(f.fix.get(lang))}]"
    return line


def summary_lines(summary: Summary, lang: str = "en") -> list[str]:
    counts = joined((counted(n, s, lang) for s, n in summary.by_severity.items()), lang)
    line = say(
        "{checked} checked, {with_configs} with a configuration ({configs}): {counts}",
        lang,
        checked=counted(summary.files, "file", lang),
        with_configs=summary.with_configs,
        configs=counted(summary.configs, "configuration", lang),
        counts=counts,
    )
    if summary.suppressed:
        line += "; " + say("{count} suppressed", lang, count=summary.suppressed)
    return [line, *(f"  {count:>5}  {rule_id}" for rule_id, count in summary.rules_ranked())]


def fixable_line(findings: Sequence[HasFixes], lang: str = "en") -> str | None:
    """``[*] 3 fixable with --fix (2 more with --unsafe-fixes).``, or None."""
    safe, unsafe = fixable_counts(findings)
    if not safe and not unsafe:
        return None
    if not safe:
        return say("{unsafe} fixable with --fix --unsafe-fixes.", lang, unsafe=unsafe)
    if unsafe:
        text = "{safe} fixable with --fix ({unsafe} more with --unsafe-fixes)."
        return "[*] " + say(text, lang, safe=safe, unsafe=unsafe)
    return "[*] " + say("{safe} fixable with --fix.", lang, safe=safe)


def write_text(batch: Batch, out: TextIO, lang: str, colour: bool) -> None:
    for finding in batch.findings:
        out.write(text_line(finding, lang, colour) + "\n")
    if batch.findings:
        out.write("\n")
    out.write("\n".join(summary_lines(batch.summary, lang)) + "\n")
    fixable = fixable_line(batch.findings, lang)
    if fixable:
        out.write(fixable + "\n")


def _text(text: Text | None) -> dict[str, str] | None:
    return None if text is None else {"zh": text.zh, "en": text.en}


def finding_json(f: Finding) -> dict[str, Any]:
    return {
        "path": f.path,
        "line": f.line,
        "column": f.column,
        "rule_id": f.rule_id,
        "severity": f.severity,
        "message": _text(f.message),
        "fix": _text(f.fix),
        "source": f.source,
        "params": list(f.params),
        "configuration": f.config,
        "fixes": [fix_json(fix) for fix in f.fixes],
    }


def summary_json(summary: Summary) -> dict[str, Any]:
    return {
        "files": summary.files,
        "files_with_configuration": summary.with_configs,
        "configurations": summary.configs,
        "suppressed": summary.suppressed,
        "by_severity": dict(summary.by_severity),
        "by_rule": dict(summary.rules_ranked()),
    }


def batch_json(batch: Batch, fail_on: str) -> dict[str, Any]:
    return {
        "format": "ascend-studio-validate",
        "version": 1,
        "fail_on": fail_on,
        "files": [
            {
                "path": checked.path,
                "dialect": checked.dialect,
                "configurations": [
                    {
                        "label": label,
                        "product": p.product,
                        "scenario": target_of(p).scenario,
                    }
                    for label, p, _unnamed in checked.configs
                ],
                "findings": [finding_json(f) for f in checked.findings],
            }
            for checked in batch.files
        ],
        "summary": summary_json(batch.summary),
    }


def write_json(batch: Batch, out: TextIO, fail_on: str) -> None:
    out.write(json_text(batch_json(batch, fail_on)) + "\n")


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def github_line(f: Finding, lang: str) -> str:
    """A workflow command GitHub Actions shows as an annotation on the pull request."""
    props = ",".join(
        f"{key}={_escape_property(value)}"
        for key, value in (
            ("file", printable(f.path)),
            ("line", str(f.line)),
            ("col", str(f.column)),
            ("title", f"ascend-studio {f.rule_id}"),
        )
    )
    body = _one_line(f.message.get(lang))
    if f.fix is not None:
        body += "\n" + say("fix", lang) + ": " + _one_line(f.fix.get(lang))
    return f"::{_GITHUB_LEVEL[f.severity]} {props}::{_escape_data(body)}"


def write_github(batch: Batch, out: TextIO, lang: str) -> None:
    for finding in batch.findings:
        out.write(github_line(finding, lang) + "\n")
    out.write("\n".join(summary_lines(batch.summary, lang)) + "\n")
