"""Write the two rule tables of docs/fixes.md from the rules and their test cases.

    python scripts/fixes_table.py          # rewrite the tables in docs/fixes.md
    python scripts/fixes_table.py --check  # exit 1 when they are out of date

The table of rules with fixes shows each one's fixes on its test case
(tests/rules/rule_cases.py); the table of rules without one shows the hint the
user gets instead. tests/rules/test_rule_fixes.py holds the second table equal to
the rules.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "fixes.md"
START, END = "<!-- rule tables: scripts/fixes_table.py -->", "<!-- end of rule tables -->"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def tables() -> str:
    sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "rules")]
    from rule_cases import CASES, FIX_CASES

    from ascend_studio.rules import RULES, evaluate

    firing = {rule_id: FIX_CASES.get(rule_id, case) for rule_id, case, _ in CASES}
    rows = ["## Rules with fixes", "", "| rule | severity | on its test case | applicability |"]
    rows.append("|---|---|---|---|")
    without = ["## Rules without a mechanical fix", "", "| rule | severity | what to do |"]
    without.append("|---|---|---|")
    for rule in RULES:
        if rule.fixes is None:
            hint = rule.fix.en if rule.fix is not None else "(advice only: nothing to change)"
            without.append(f"| `{rule.id}` | {rule.severity} | {_cell(hint)} |")
            continue
        case = firing.get(rule.id)
        found = [d for d in evaluate(case) if d.rule_id == rule.id] if case else []
        fixes = found[0].fixes if found else ()
        words = "; ".join(f.title.en for f in fixes) or "(none on this case)"
        how = ", ".join(f.applicability for f in fixes) or "-"
        rows.append(f"| `{rule.id}` | {rule.severity} | {_cell(words)} | {how} |")
    return "\n".join([START, "", *rows, "", *without, "", END])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = DOC.read_text("utf-8")
    head, rest = text.split(START, 1)
    tail = rest.split(END, 1)[1]
    new = head + tables() + tail
    if args.check:
        return 0 if new == text else 1
    DOC.write_text(new, "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
