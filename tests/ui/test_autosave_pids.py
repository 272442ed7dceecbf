"""Recovery does not trust process ids: in a container or a PID namespace the next run
often has the crashed run's id. The crashed window's autosave is still offered, and no
window deletes an autosave it did not write in this run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from ascend_studio.profile import Profile
from ascend_studio.ui._autosave import find_recoveries
from ascend_studio.ui._dialogs import RecoveryChoice
from ascend_studio.ui._window import MainWindow

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="advisory locks (POSIX)")


def _leftover(state: Path, name: str, values: dict[str, Any]) -> Path:
    state.mkdir(parents=True, exist_ok=True)
    file = state / name
    data = {"written": "2026-01-05T10:00:00", "path": None, "profile": {"values": values}}
    file.write_text(json.dumps(data), encoding="utf-8")
    return file


def test_an_autosave_under_this_runs_pid_is_offered_and_kept(
    window: MainWindow, dialogs: Any, user_dirs: dict[str, Path]
) -> None:
    """The crashed run had this run's process id (older and newer file names alike)."""
    old_style = _leftover(user_dirs["state"], f"autosave-{os.getpid()}.json", {"hccl_timeout": 7})
    new_style = _leftover(
        user_dirs["state"], f"autosave-{os.getpid()}-0badf00d.json", {"deterministic": 1}
    )
    (user_dirs["state"] / f"autosave-{os.getpid()}-0badf00d.lock").write_text("")  # not held
    # this window edits, autosaves and discards its own work meanwhile
    window.model.edit(window.model.profile.with_value("iterations_per_loop", 3), "edit")
    window.files.autosave.write_now()
    window.model.replace(Profile(), None, saved=Profile())
    window.files.autosave.discard()
    assert old_style.exists() and new_style.exists()
    offered = find_recoveries()
    assert {r.file for r in offered} == {old_style, new_style}
    dialogs.answer("choose_recovery", (RecoveryChoice.LATER, 0))
    assert window.files.offer_recovery() is False
    assert old_style.exists() and new_style.exists()  # kept for the next start


def test_a_window_running_in_another_process_is_not_offered(
    user_dirs: dict[str, Path], tmp_path: Path
) -> None:
    """Its lock is held, whatever its process id looks like; once it is gone, its
    autosave is offered."""
    state = user_dirs["state"]
    autosave = _leftover(state, "autosave-1-feedbeef.json", {"hccl_timeout": 9})
    holder = textwrap.dedent(
        f"""
        import fcntl, os, sys
        fd = os.open({str(autosave.with_suffix(".lock"))!r}, os.O_RDWR | os.O_CREAT)
        fcntl.flock(fd, fcntl.LOCK_EX)
        print("held", flush=True)
        sys.stdin.read()
        """
    )
    with subprocess.Popen(
        [sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as child:
        try:
            assert child.stdout is not None and child.stdout.readline() == "held\n"
            assert find_recoveries() == []  # its window lives (whatever its pid says)
        finally:
            child.kill()
    assert [r.file for r in find_recoveries()] == [autosave]
