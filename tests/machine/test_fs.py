"""Folders probed on the real file system: permissions, blocked paths, full and read-only."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from ascend_studio.machine import mount_of, probe_dir
from tests.machine.realfs import as_nobody, fill, open_folder, remount_read_only, small_fs


def test_an_existing_folder_and_one_the_job_would_create(tmp_path: Path) -> None:
    here = probe_dir(str(tmp_path))
    assert (here.exists, here.writable, here.read_only) == (True, True, False)
    assert here.free_bytes is not None and here.free_bytes > 0
    assert here.total_bytes is not None and here.total_bytes >= here.free_bytes
    later = probe_dir(str(tmp_path / "a" / "b"))
    assert (later.exists, later.existing, later.writable) == (False, str(tmp_path), True)


def test_a_file_in_the_way(tmp_path: Path) -> None:
    (tmp_path / "log").write_text("not a folder")
    found = probe_dir(str(tmp_path / "log" / "run1"))
    assert found.blocked_by == str(tmp_path / "log")
    assert not found.writable and found.existing is None


def test_a_read_only_folder_for_an_ordinary_user() -> None:
    with open_folder() as root:
        locked = root / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        shared = root / "shared"
        shared.mkdir()
        shared.chmod(0o777)
        paths = [str(locked), str(locked / "kernel_meta"), str(shared / "kernel_meta")]

        def probe_all() -> list[dict[str, object]]:
            return [dataclasses.asdict(probe_dir(p)) for p in paths]

        found = as_nobody(probe_all) if os.geteuid() == 0 else probe_all()
        assert [p["writable"] for p in found] == [False, False, True]
        assert found[1]["existing"] == str(locked)
        assert not any(p["read_only"] for p in found)


def test_a_full_small_file_system() -> None:
    with small_fs("4m") as point:
        fill(point, 200 * 1024)
        found = probe_dir(str(point / "dump"))
        assert found.writable
        assert found.free_bytes is not None and found.free_bytes < 1024 * 1024
        assert found.total_bytes is not None and found.total_bytes <= 4 * 1024 * 1024
        assert (found.mount, found.fs_type) == (str(point), "tmpfs")


def test_a_read_only_file_system() -> None:
    with small_fs("1m") as point:
        (point / "out").mkdir()
        remount_read_only(point)
        found = probe_dir(str(point / "out"))
        assert (found.exists, found.read_only, found.writable) == (True, True, False)


def test_mount_of_takes_the_deepest_mount() -> None:
    point, kind = mount_of("/proc/self")
    assert point == "/proc" and kind == "proc"
