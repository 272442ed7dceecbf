"""Plumbing shared by the screenshot scripts: Xvfb, a throw-away home, output."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_CHILD = "ASCEND_SCREENSHOTS_CHILD"


def relaunch_under_xvfb(script: str, argv: list[str], screen: tuple[int, int]) -> int | None:
    """The exit code of ``script`` re-run inside xvfb-run, or None when a display exists."""
    if os.environ.get("DISPLAY") or os.environ.get(_CHILD):
        return None
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        sys.exit(f"{Path(script).name}: no DISPLAY and no xvfb-run (apt-get install xvfb)")
    env = {**os.environ, _CHILD: "1"}
    command = [xvfb, "-a", "-s", f"-screen 0 {screen[0]}x{screen[1]}x24"]
    command += [sys.executable, script, *argv]
    return subprocess.run(command, env=env, check=False).returncode


def run(
    script: str,
    description: str,
    screen: tuple[int, int],
    shoot: Callable[[Path], list[Path]],
    argv: list[str] | None = None,
) -> int:
    """Parse ``--out``, get a display, isolate the user dirs, shoot, print what was written."""
    args = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    options = parser.parse_args(args)
    child = relaunch_under_xvfb(script, args, screen)
    if child is not None:
        return child
    options.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ascend-shots-") as home:
        os.environ["XDG_CONFIG_HOME"] = str(Path(home, "config"))
        os.environ["XDG_STATE_HOME"] = str(Path(home, "state"))
        os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
        sys.path.insert(0, str(ROOT))
        for path in shoot(options.out):
            print(path.relative_to(ROOT) if ROOT in path.parents else path)
    return 0
