"""A repository's content cannot crash or hang ``validate DIR`` (a CI job runs it on
pull requests): loops of links, folders nested thousands deep, ``.gitignore``
lines git rejects and patterns built to backtrack."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pathspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_studio.__main__ import main
from ascend_studio.lint._globs import GlobSpec

SCRIPT = "from npu_bridge.npu_init import *\nconfig = NPURunConfig(iterations_per_loop=10)\n"


def _validate(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ascend_studio", "validate", str(folder), *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=folder,
    )


def test_a_loop_of_links_is_walked_past(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    (tmp_path / "self").symlink_to(tmp_path)  # a folder linked into itself
    (tmp_path / "train.py").write_text(SCRIPT)
    done = _validate(tmp_path)
    assert "Traceback" not in done.stderr
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1 file checked") or "1 file checked" in done.stdout


def test_folders_nested_deeper_than_python_recurses(tmp_path: Path) -> None:
    folder = tmp_path
    for _ in range(1200):  # more than the interpreter's recursion limit
        folder = folder / "d"
        folder.mkdir()
    (folder / "train.py").write_text(SCRIPT)
    try:
        done = _validate(tmp_path)
    finally:  # shutil.rmtree (pytest's clean-up) recurses once per level: undo by hand
        (folder / "train.py").unlink()
        while folder != tmp_path:
            folder.rmdir()
            folder = folder.parent
    assert "Traceback" not in done.stderr
    assert "1 file checked, 1 with a configuration" in done.stdout


@pytest.mark.parametrize("line", ["[z-a]", "\\", "!", "/", "[a-]"])
def test_a_gitignore_line_git_rejects_is_skipped_with_a_note(
    tmp_path: Path, line: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text(f"{line}\n*.tmp.py\n")
    (tmp_path / "train.py").write_text(SCRIPT)
    (tmp_path / "skip.tmp.py").write_text(SCRIPT)
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "."]) == 0
    out, err = capsys.readouterr()
    assert "1 file checked" in out  # the valid line still applies
    if line in ("[z-a]", "\\", "!", "/"):
        assert "note: .gitignore line 1" in err and "skipped" in err
    assert main(["validate", ".", "--exclude", line]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_pattern_built_to_backtrack_does_not_hang(tmp_path: Path) -> None:
    """``*a*a…*b`` against a long name of a's: exponential for a regular expression,
    a few thousand steps here."""
    pattern = "*a" * 31 + "*b"
    spec = GlobSpec.from_lines([pattern])
    assert spec.verdict("a" * 400, False) is None
    assert spec.verdict("a" * 40 + "b", False) is True
    (tmp_path / ".gitignore").write_text(pattern + "\n")
    (tmp_path / ("a" * 200 + ".py")).write_text(SCRIPT)
    done = _validate(tmp_path)
    assert done.returncode == 0 and "1 file checked" in done.stdout


PATTERNS = st.sampled_from(
    [
        "*.py",
        "build/",
        "/top",
        "a/**/b",
        "**/x",
        "doc/*.md",
        "*.py[co]",
        "[ab]*",
        "?x",
        "a\\ b",
        "\\#c",
        "x/",
        "foo/**",
        "d?r/",
        "sub/",
        "*",
        "**/*.cfg",
        "[!a]*.sh",
    ]
)
PATHS = st.sampled_from(
    [
        "a.py",
        "build",
        "build/x.py",
        "top",
        "sub/top",
        "a/b",
        "a/x/y/b",
        "x",
        "q/x",
        "doc/r.md",
        "doc/s/r.md",
        "m.pyc",
        "bz",
        "zx",
        "a b",
        "#c",
        "foo/bar",
        "dir",
        "dar/z",
        "c/d/e.cfg",
        "run.sh",
        "a.sh",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PATTERNS, min_size=1, max_size=4), PATHS, st.booleans())
def test_the_matcher_agrees_with_pathspec_on_exclusions(
    patterns: list[str], path: str, is_dir: bool
) -> None:
    """Without ``!`` (where git and pathspec differ on folders), the matcher says what
    pathspec's git-style matcher says."""
    theirs = pathspec.GitIgnoreSpec.from_lines(patterns).check_file(path + "/" * is_dir).include
    ours = GlobSpec.from_lines(patterns).verdict(path, is_dir)
    assert bool(theirs) == bool(ours), (patterns, path, is_dir)


def test_a_re_included_folder_and_an_excluded_one_as_git_reads_them() -> None:
    spec = GlobSpec.from_lines(["*.py", "!build/"])
    assert spec.verdict("build", True) is False
    assert spec.verdict("build/x.py", False) is True  # the file pattern still applies
    inside = GlobSpec.from_lines(["sub/", "!sub/top"])
    assert inside.verdict("sub/top", False) is True  # nothing inside an ignored folder returns
