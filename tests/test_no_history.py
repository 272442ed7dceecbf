"""The product carries no development history: why a line changed lives in git.

Issue-tracker numbers, work sessions and review rounds ("issue 12 #7", "session 8",
"round 3") and private notes mean nothing to a user or to whoever reads the code
later. This test reads every text the project ships or keeps beside its code (the
README, docs, code comments and docstrings, tests, benchmarks, scripts, packaging,
the catalog and the translations, whose texts users read) and fails on any.
Public issue threads stay citable by their address (``owner/repo#433``).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Words that name a unit of work, followed by its number; and private notes.
HISTORY = re.compile(
    r"\b(?:issue|session|round|sprint|ticket)s? ?(?:no\.? ?|#)?\d"
    r"|\bNOTES(?:\.md| §| section)"
    r"|\bissue\d",
    re.IGNORECASE,
)
SUFFIXES = {".py", ".md", ".toml", ".ts", ".txt", ".yml", ".yaml", ".sh", ".json", ".cfg", ""}
HERE = Path(__file__).resolve()


def _tracked() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    paths = [ROOT / name for name in listed.decode("utf-8").split("\0") if name]
    return [p for p in paths if p.suffix in SUFFIXES and p.is_file() and p != HERE]


def test_nothing_shipped_or_kept_names_development_history() -> None:
    found: list[str] = []
    for path in _tracked():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            match = HISTORY.search(line)
            if match:
                found.append(
                    f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r} in {line.strip()[:90]!r}"
                )
    assert not found, "development history in the product:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "text",
    [
        "see issue 12 #7",
        "(session 8)",
        "Round 3 of review",
        "Issue 14.6:",
        "NOTES.md §5",
        "issue12",
    ],
)
def test_the_pattern_finds_history(text: str) -> None:
    assert HISTORY.search(text)


@pytest.mark.parametrize(
    "text",
    [
        "vllm-project/vllm-ascend#433",
        "a sess.run session config",
        "round(value, 2)",
        "public issue threads",
        "the session's options",
    ],
)
def test_the_pattern_spares_public_sources_and_code(text: str) -> None:
    assert not HISTORY.search(text)
