"""Golden before/after scripts: apply the user's edits, compare exact text, read it back.

Regenerate after an intended change with ASCEND_STUDIO_UPDATE_GOLDEN=1 and
review the diff of the ``after`` files.
"""

from __future__ import annotations

import os

import pytest
from apply_cases import CASES, Case

from ascend_studio.apply import apply_text, changed_env, changed_values
from ascend_studio.codegen import import_text

UPDATE = os.environ.get("ASCEND_STUDIO_UPDATE_GOLDEN") == "1"


def _after_name(case: Case) -> str:
    suffix = f".config{case.config}" if case.config != 1 else ""
    return case.after.name.replace("after", f"after{suffix}")


def _imported(text: str, case: Case):  # type: ignore[no-untyped-def]
    return import_text(text, str(case.before)).configs[case.config - 1].profile


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.name}-{c.config}")
def test_golden(case: Case) -> None:
    text = case.before.read_text(encoding="utf-8")
    wanted = case.edit(_imported(text, case))
    result = apply_text(text, wanted, str(case.before), case.config)
    path = case.after.with_name(_after_name(case))
    if UPDATE:
        path.write_text(result.after, encoding="utf-8", newline="")
    assert result.after == path.read_text(encoding="utf-8")
    # the edited script reads back as the profile the user wanted
    again = _imported(result.after, case)
    assert changed_values(again, wanted) == {}
    assert changed_env(again, wanted) == {}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.name}-{c.config}")
def test_applying_twice_changes_nothing(case: Case) -> None:
    text = case.before.read_text(encoding="utf-8")
    wanted = case.edit(_imported(text, case))
    once = apply_text(text, wanted, str(case.before), case.config).after
    assert apply_text(once, wanted, str(case.before), case.config).unchanged
