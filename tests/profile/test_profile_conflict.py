"""Lost updates and leftovers: a save notices a file written by someone else since,
and temporary files of interrupted writes are cleaned up safely."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ascend_studio._atomic import (
    DEAD_WRITER_AFTER_S,
    UNKNOWN_WRITER_AFTER_S,
    atomic_write_text,
    remove_stale_temporaries,
)
from ascend_studio.profile import (
    Profile,
    ProfileChangedOnDisk,
    ProfileError,
    file_stamp,
    load_profile,
    save_profile,
)


def test_save_with_the_stamp_it_read_succeeds(tmp_path: Path) -> None:
    job = tmp_path / "job.json"
    save_profile(Profile(), job)
    stamp = file_stamp(job)
    save_profile(Profile().with_value("hccl_timeout", 600), job, expected=stamp)
    assert load_profile(job).values == {"hccl_timeout": 600}


def test_save_over_a_file_changed_since_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    job = tmp_path / "job.json"
    save_profile(Profile(), job)
    stamp = file_stamp(job)
    save_profile(Profile().with_value("deterministic", 1), job)  # another writer
    before = job.read_bytes()
    with pytest.raises(ProfileChangedOnDisk) as caught:
        save_profile(Profile().with_value("hccl_timeout", 600), job, expected=stamp)
    assert isinstance(caught.value, ProfileError)
    assert str(job) in str(caught.value) and "changed on disk" in str(caught.value)
    assert job.read_bytes() == before


def test_a_file_deleted_meanwhile_is_written_again(tmp_path: Path) -> None:
    job = tmp_path / "job.json"
    save_profile(Profile(), job)
    stamp = file_stamp(job)
    job.unlink()
    save_profile(Profile().with_value("hccl_timeout", 600), job, expected=stamp)
    assert load_profile(job).values == {"hccl_timeout": 600}


def test_same_content_rewritten_is_not_a_conflict(tmp_path: Path) -> None:
    job = tmp_path / "job.json"
    save_profile(Profile(), job)
    stamp = file_stamp(job)
    save_profile(Profile(), job)  # same bytes, newer mtime
    save_profile(Profile().with_value("hccl_timeout", 600), job, expected=stamp)


def test_stamp_of_a_missing_file_is_none(tmp_path: Path) -> None:
    assert file_stamp(tmp_path / "nothing") is None


def _age(path: Path, seconds: float) -> None:
    past = time.time() - seconds
    os.utime(path, (past, past))


def _dead_pid() -> int:
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(child.stdout)


def test_a_write_killed_midway_leaves_a_temporary_the_next_save_removes(tmp_path: Path) -> None:
    job = tmp_path / "job.json"
    # A process that dies inside atomic_write_text, after creating its temporary.
    script = (
        "import os, sys, tempfile\n"
        "from pathlib import Path\n"
        "from ascend_studio import _atomic\n"
        "def die(*a, **k): os._exit(9)\n"
        "_atomic.os.replace = die\n"
        f"_atomic.atomic_write_text({str(job)!r}, 'x' * 100000)\n"
    )
    crashed = subprocess.run([sys.executable, "-c", script], cwd=Path.cwd(), check=False)
    assert crashed.returncode == 9
    (orphan,) = tmp_path.glob(".job.json.*.tmp")
    assert orphan.stat().st_size == 100000
    save_profile(Profile(), job)
    assert orphan.exists()  # too young: a writer in another PID namespace might own it
    _age(orphan, DEAD_WRITER_AFTER_S + 5)
    save_profile(Profile(), job)
    assert not orphan.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["job.json"]


def test_only_our_own_stale_temporaries_are_removed(tmp_path: Path) -> None:
    job = tmp_path / "job.json"
    dead = _dead_pid()
    live_ours = tmp_path / f".job.json.{os.getpid()}.abcd1234.tmp"
    dead_old = tmp_path / f".job.json.{dead}.abcd1234.tmp"
    legacy_young = tmp_path / ".job.json.zz9y8x7w.tmp"
    legacy_old = tmp_path / ".job.json.qq1w2e3r.tmp"
    other_file = tmp_path / f".other.json.{dead}.abcd1234.tmp"
    not_ours = tmp_path / "job.json.tmp"
    for path in (live_ours, dead_old, legacy_young, legacy_old, other_file, not_ours):
        path.write_text("partial", encoding="utf-8")
        _age(path, UNKNOWN_WRITER_AFTER_S + 5 if path is not legacy_young else 10)
    link = tmp_path / f".job.json.{dead}.link0000.tmp"
    link.symlink_to(tmp_path / "elsewhere")
    removed = remove_stale_temporaries(job)
    assert sorted(p.name for p in removed) == sorted([dead_old.name, legacy_old.name])
    for kept in (live_ours, legacy_young, other_file, not_ours):
        assert kept.exists()
    assert link.is_symlink()


def test_atomic_write_names_its_temporary_after_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real_replace = os.replace

    def spy(src: str, dst: object) -> None:
        seen.append(Path(src).name)
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", spy)
    atomic_write_text(tmp_path / "a.txt", "x")
    assert seen and seen[0].startswith(f".a.txt.{os.getpid()}.") and seen[0].endswith(".tmp")
