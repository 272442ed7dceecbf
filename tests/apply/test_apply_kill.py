"""Killing ``apply --write`` at any moment leaves the script and its backup whole.

A child process (forked, so that it starts in a millisecond) writes edits in place
of a script over and over, through the same function ``apply --write`` uses; it is
killed with SIGKILL at a random moment, and then the script must hold one complete
version and ``NAME.orig`` either be absent (the first write had not finished) or
hold the true original, byte for byte. Half the rounds start in a fresh folder, so
that kills land in the writing of the first backup too. A few rounds kill the real
command line instead.

``ASCEND_STUDIO_KILLS`` sets the number of kills (200 by default: a few seconds).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ascend_studio._backup import replace_keeping_original

pytestmark = [
    pytest.mark.kill,
    pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL"),
]
KILLS = int(os.environ.get("ASCEND_STUDIO_KILLS", "200"))
ORIGINAL = b"config = NPURunConfig(iterations_per_loop=10)\n" + b"# padding line\n" * 4000
EDITED = ORIGINAL.replace(b"=10)", b"=20)")


def _writer(script: Path) -> None:
    """In the child: edit the script back and forth until killed."""
    try:
        while True:
            current = script.read_bytes()
            new = EDITED if current == ORIGINAL else ORIGINAL
            replace_keeping_original(script, new, expected=current)
    finally:
        os._exit(0)


def _check(folder: Path) -> tuple[bool, bool, bool]:
    """Assert the invariants; (script edited, backup there, a temporary file left)."""
    script = folder / "train.py"
    assert script.read_bytes() in (ORIGINAL, EDITED)
    backup = folder / "train.py.orig"
    if backup.exists():
        assert backup.read_bytes() == ORIGINAL
    else:  # the script is edited only once its original is kept
        assert script.read_bytes() == ORIGINAL
    names = {p.name for p in folder.iterdir()} - {"train.py", "train.py.orig", "p.json"}
    assert all(n.startswith(".train.py.") and n.endswith(".tmp") for n in names), names
    return script.read_bytes() == EDITED, backup.exists(), bool(names)


def _varied(seen: set[tuple[bool, bool, bool]]) -> bool:
    """Kills landed before, inside and after the writes (of the script and the backup)."""
    return (
        {edited for edited, _, _ in seen} == {True, False}
        and {backup for _, backup, _ in seen} == {True, False}
        and any(left for _, _, left in seen)
    )


def test_killing_the_writer_anywhere_leaves_script_and_backup_whole(tmp_path: Path) -> None:
    rng = random.Random(1234)
    folder = tmp_path / "0"
    seen: set[tuple[bool, bool, bool]] = set()
    round_ = 0
    # KILLS rounds; on a loaded machine more, until the kills have landed everywhere
    while round_ < KILLS or (KILLS >= 200 and not _varied(seen) and round_ < 5 * KILLS):
        if round_ % 2 == 0:  # a fresh folder: the kill may land in the first backup
            folder = tmp_path / str(round_)
            folder.mkdir()
            (folder / "train.py").write_bytes(ORIGINAL)
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            _writer(folder / "train.py")
        time.sleep(rng.uniform(0, 0.004 * (1 + round_ // KILLS)))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        seen.add(_check(folder))
        round_ += 1
    if KILLS >= 200:
        assert _varied(seen), sorted(seen)


def test_killing_the_command_line_leaves_script_and_backup_whole(tmp_path: Path) -> None:
    rng = random.Random(99)
    for round_ in range(4):
        folder = tmp_path / str(round_)
        folder.mkdir()
        script, saved = folder / "train.py", folder / "p.json"
        script.write_bytes(ORIGINAL)
        saved.write_text(json.dumps({"values": {"iterations_per_loop": 20}}))
        command = [sys.executable, "-m", "ascend_studio", "apply", str(saved), str(script)]
        finished = subprocess.run([*command, "--write"], capture_output=True, check=False)
        assert finished.returncode == 0, finished.stderr
        _check(folder)
        assert script.read_bytes() == EDITED
        script.write_bytes(ORIGINAL)  # and once more, killed this time
        (folder / "train.py.orig").unlink()
        child = subprocess.Popen([*command, "--write"], stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, 0.8))
        child.kill()
        child.wait()
        _check(folder)
