"""``validate DIR`` says which folders it could not list (never "0 files checked", exit 0)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = (
    "from npu_bridge.npu_init import *\n"
    'config = NPURunConfig(precision_mode="allow_mix_precision", precision_mode_v2="fp16")\n'
)


def _deeper_than_path_max(root: Path) -> None:
    """Folders whose full path is longer than PATH_MAX (4096 on Linux), made relative
    to each other (their own path cannot be used), with a script at the bottom."""
    fd = os.open(root, os.O_RDONLY)
    try:
        for _ in range(25):
            os.mkdir("d" * 200, dir_fd=fd)
            below = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = below
        out = os.open("train.py", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        with os.fdopen(out, "w") as handle:
            handle.write(SCRIPT)
    finally:
        os.close(fd)


def test_a_folder_too_deep_to_list_is_reported(tmp_path: Path) -> None:
    (tmp_path / "tree").mkdir()
    _deeper_than_path_max(tmp_path / "tree")
    done = subprocess.run(
        [sys.executable, "-m", "ascend_studio", "validate", "tree"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert "Traceback" not in done.stderr
    assert done.returncode == 1, done.stdout
    assert "import.unreadable" in done.stdout
    assert "Cannot list this folder (File name too long): the files in it were not checked." in (
        done.stdout
    )
