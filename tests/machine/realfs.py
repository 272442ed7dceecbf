"""Real file-system conditions for tests: a folder another user sees, a small file system.

- :func:`open_folder` makes a folder under /tmp that every user may traverse (pytest's
  own temporary folders are private to their owner);
- :func:`as_nobody` runs a function as the unprivileged user 65534, so permission
  checks mean something when the tests run as root (root may write anywhere);
- :func:`small_fs` mounts a tmpfs of a given size and removes it afterwards; the test
  is skipped where mounting is not allowed (not root, or a container without the
  capability).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

NOBODY = 65534


@contextmanager
def open_folder() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="ascend-studio-fs-", dir="/tmp"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for path in folder.rglob("*"):
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)


def as_nobody(work: Callable[[], Any]) -> Any:
    """``work()`` run in a forked child as user 65534; its result (JSON-able) returned.

    Forked rather than started: the child needs no access to this Python's files.
    """
    if os.geteuid() != 0:
        pytest.skip("needs root to run a check as another user")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop privileges, work, report, leave without cleanup
        code = 0
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            payload = json.dumps(work()).encode()
            os.write(write, payload)
        except BaseException:  # the parent sees a failure as a non-zero exit
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the check as user 65534 failed"
    return json.loads(b"".join(chunks))


@contextmanager
def small_fs(size: str = "4m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on a fresh folder; skipped where mounting is refused."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small file system needs root")
    with open_folder() as folder:
        point = folder / "fs"
        point.mkdir()
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(point)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
        try:
            yield point
        finally:
            subprocess.run(["umount", "-l", str(point)], capture_output=True, check=False)


def fill(folder: Path, leave_bytes: int) -> None:
    """Write a file so that about ``leave_bytes`` stay free on ``folder``'s file system."""
    stat = os.statvfs(folder)
    free = stat.f_bavail * stat.f_frsize
    with (folder / "ballast").open("wb") as handle:
        remaining = max(free - leave_bytes, 0)
        chunk = b"\0" * (1 << 20)
        while remaining > 0:
            piece = chunk[: min(len(chunk), remaining)]
            try:
                handle.write(piece)
            except OSError:
                break
            remaining -= len(piece)


def remount_read_only(point: Path) -> None:
    done = subprocess.run(
        ["mount", "-o", "remount,ro", str(point)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"cannot remount read-only here: {done.stderr.strip()}")
