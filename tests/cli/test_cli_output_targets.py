"""``-o`` writes only regular files: the policy of ``_atomic``."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from ascend_studio._atomic import atomic_write_text
from ascend_studio.cli import run_cli
from ascend_studio.profile import Profile, save_profile

TEXT = "new\n"


@pytest.fixture
def profile_file(tmp_path: Path) -> Path:
    return save_profile(Profile(env={"A": "1"}), tmp_path / "p.json")


def _export(
    profile_file: Path, target: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    status = run_cli(["export", str(profile_file), "-f", "sh", "-o", str(target)])
    err = capsys.readouterr().err
    return status, err


def test_a_fifo_is_refused_and_left_alone(
    tmp_path: Path, profile_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    status, err = _export(profile_file, fifo, capsys)
    assert status == 1
    assert (
        err
        == f"ascend-studio export: cannot write {fifo}: is a FIFO (named pipe), not a regular file; nothing was written\n"
    )
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_device_is_refused(profile_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    device = Path("/dev/null")  # /dev/full would do too; null exists everywhere
    before = device.lstat()
    status, err = _export(profile_file, device, capsys)
    assert status == 1 and "is a character device, not a regular file" in err
    after = device.lstat()
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_a_directory_is_never_replaced_by_a_file(tmp_path: Path) -> None:
    """(``-o DIR`` writes a bundle into the directory: see the companion-file tests.)"""
    with pytest.raises(OSError, match="is a directory, not a regular file"):
        atomic_write_text(tmp_path, TEXT)
    assert tmp_path.is_dir()


def test_a_read_only_file_is_refused_even_for_root(
    tmp_path: Path, profile_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "ro.sh"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o444)
    status, err = _export(profile_file, target, capsys)
    assert status == 1 and "is read-only" in err
    assert target.read_text(encoding="utf-8") == "old\n"


def test_a_symlink_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.sh"
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.sh"
    link.symlink_to(real)
    assert atomic_write_text(link, TEXT) == link
    assert link.is_symlink() and real.read_text(encoding="utf-8") == TEXT
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.sh", "real.sh"]


def test_a_symlink_to_a_fifo_or_to_nothing_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    to_fifo = tmp_path / "to_fifo"
    to_fifo.symlink_to(fifo)
    with pytest.raises(OSError, match="FIFO"):
        atomic_write_text(to_fifo, TEXT)
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "missing")
    with pytest.raises(OSError, match="does not exist"):
        atomic_write_text(dangling, TEXT)
    assert not (tmp_path / "missing").exists()


def test_regular_files_are_still_replaced_and_created(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    atomic_write_text(target, "one\n")
    atomic_write_text(target, TEXT)
    assert target.read_text(encoding="utf-8") == TEXT
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_a_missing_directory_gives_one_clean_message(
    tmp_path: Path, profile_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no" / "x.sh"
    status, err = _export(profile_file, target, capsys)
    assert status == 1
    assert err == f"ascend-studio export: cannot write {target}: No such file or directory\n"
