"""``launch-check`` over real 8-card launch scripts (Ascend/ModelZoo-TensorFlow).

Set ``ASCEND_STUDIO_CORPUS`` to the ``TensorFlow/built-in`` folder of a checkout of
that public repository; skipped without it. The triage of what it reports is in
docs/launch-check-triage.md.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ascend_studio.doctor import launch_check
from tests.doctor.helpers import CATALOG


@pytest.fixture(scope="module")
def scripts() -> list[Path]:
    root = os.environ.get("ASCEND_STUDIO_CORPUS")
    if not root or not Path(root).is_dir():
        pytest.skip("set ASCEND_STUDIO_CORPUS to ModelZoo-TensorFlow's TensorFlow/built-in folder")
    found = sorted(Path(root).rglob("*8p*.sh"))
    assert found, "no 8-card launch scripts under ASCEND_STUDIO_CORPUS"
    return found


def test_every_modelzoo_loop_expands_to_its_ranks_and_only_broken_tables_are_errors(
    scripts: list[Path],
) -> None:
    loops = expanded = 0
    errors = []
    for path in scripts:
        report = launch_check(path, CATALOG)
        text = path.read_text("utf-8", "replace")
        if "for((RANK_ID=$RANK_ID_START;RANK_ID<$((RANK_SIZE+RANK_ID_START))" in text:
            loops += 1
            expanded += len(report.ranks) == int(report.common.get("RANK_SIZE", "0") or 0)
        errors += [(path, f) for f in report.findings if f.severity == "error"]
    assert loops > 100 and expanded / loops > 0.95
    # an error only where the rank table file itself is broken (triaged true)
    assert all(f.check == "launch.rank_table.format" for _, f in errors), errors
