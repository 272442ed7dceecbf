"""A list of files (as pre-commit gives them): each folder's project configuration and
``.gitignore`` chain are looked up once, with the same answers as for one file."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_project import ENV_SH, TRAIN, findings, validate, write

from ascend_studio.lint import _files
from ascend_studio.lint._batch import BatchOptions, batch_files
from ascend_studio.lint._files import Selection, find_files

TREE = {
    ".gitignore": "gen/\n*.tmp.py\n",
    "a/.gitignore": "!keep.tmp.py\nlocal.sh\n",
    "a/b/.gitignore": "deep.py\n",
    "a/b/c/train.py": TRAIN,
    "a/b/c/x.tmp.py": TRAIN,
    "a/b/c/keep.tmp.py": TRAIN,
    "a/b/deep.py": TRAIN,
    "a/local.sh": ENV_SH,
    "a/run.sh": ENV_SH,
    "gen/train.py": TRAIN,
    "top.py": TRAIN,
}


def _repo(root: Path) -> list[str]:
    (root / ".git").mkdir()
    write(root, TREE)
    return sorted(str(root / name) for name in TREE if not name.endswith(".gitignore"))


def test_each_gitignore_is_read_once_for_a_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    named = _repo(tmp_path)
    reads: list[Path] = []
    real = _files._read_gitignore

    def counted(folder: Path, notes: list[str] | None = None) -> _files._Ignore | None:
        reads.append(folder)
        return real(folder, notes)

    monkeypatch.setattr(_files, "_read_gitignore", counted)
    found, missing = batch_files(BatchOptions(tuple(named), force_exclude=True))
    assert missing == []
    assert len(reads) == len(set(reads))  # once per folder, however many files it holds
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "a/b/c/keep.tmp.py",
        "a/b/c/train.py",
        "a/run.sh",
        "top.py",
    ]


def test_a_list_selects_what_one_file_at_a_time_selects(tmp_path: Path) -> None:
    named = _repo(tmp_path)
    one_by_one = [p for name in named for p in find_files([name], Selection(force_exclude=True))[0]]
    shared = Selection(force_exclude=True)
    together = [p for name in named for p in find_files([name], shared)[0]]
    assert together == one_by_one
    assert find_files(named, Selection(force_exclude=True))[0] == sorted(one_by_one)


def test_a_folder_in_a_list_still_reads_its_own_gitignore(tmp_path: Path) -> None:
    named = _repo(tmp_path)
    found, _ = find_files([str(tmp_path / "a"), *named], Selection(force_exclude=True))
    names = [p.relative_to(tmp_path).as_posix() for p in found]
    assert "a/b/deep.py" not in names and "a/local.sh" not in names
    assert "a/b/c/keep.tmp.py" in names


def test_nested_repositories_end_the_chain(tmp_path: Path) -> None:
    _repo(tmp_path)
    inner = tmp_path / "a" / "b"
    (inner / ".git").mkdir()
    sel = Selection(force_exclude=True)
    # the inner repository's own .gitignore applies below it, the outer ones do not
    assert [i.base for i in sel.parent_ignores(inner / "c" / "train.py")] == [inner]
    assert [i.base for i in sel.parent_ignores(tmp_path / "a" / "run.sh")] == [
        tmp_path,
        tmp_path / "a",
    ]
    assert sel.parent_ignores(tmp_path) == []


def test_a_project_configuration_is_shared_by_the_files_it_covers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(
        tmp_path,
        {
            "p/.ascend-studio.toml": 'exclude = ["skip/"]\n',
            "p/skip/train.py": TRAIN,
            "p/train.py": TRAIN,
            "q/train.py": TRAIN,
        },
    )
    named = ["p/skip/train.py", "p/train.py", "q/train.py"]
    status, out, _ = validate(capsys, *named, "--force-exclude", "--select", "precision")
    assert status == 1
    assert findings(out) == [
        "p/train.py:4:5 precision.both_modes",
        "q/train.py:4:5 precision.both_modes",
    ]


def test_the_folders_companion_files_are_read_from_are_listed_once(tmp_path: Path) -> None:
    named = _repo(tmp_path)
    folders = BatchOptions(tuple(named)).folders()
    assert folders is not None
    assert len(folders) == len(set(folders)) == len({Path(n).parent for n in named})


def test_a_run_works_out_those_folders_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Per file, a list of N files cost N x N folder lookups (pre-commit: minutes)."""
    from ascend_studio.lint._batch import run_batch
    from ascend_studio.schema import shipped_catalog

    named = _repo(tmp_path)
    calls: list[int] = []
    real = BatchOptions.folders

    def counted(self: BatchOptions) -> tuple[Path, ...] | None:
        calls.append(1)
        return real(self)

    monkeypatch.setattr(BatchOptions, "folders", counted)
    batch = run_batch(BatchOptions(tuple(named)), shipped_catalog(), lambda text: None)
    assert not isinstance(batch, list) and len(batch.files) == len(named)
    assert len(calls) == 1
