"""The real ``ascend-studio`` in a child process, for tests of what a user runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def run_ascend_studio(
    *args: str, env: Mapping[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m ascend_studio ARGS`` from the repository root, output captured as
    text. ``env`` replaces the environment (default: this one, UTF-8 output); a hang
    fails by ``timeout``, never by a timing assertion."""
    return subprocess.run(
        [sys.executable, "-m", "ascend_studio", *args],
        cwd=ROOT,
        env=dict(env) if env is not None else {**os.environ, "PYTHONIOENCODING": "utf-8"},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def run_app_probe(
    code: str,
    home: Path,
    *,
    lang: str | None = None,
    platform: str = "offscreen",
    timeout: float = 120,
) -> Any:
    """Run the Python probe ``code`` in a child process whose config, state and cache
    folders are under ``home`` (``lang``, if given, chosen in its settings file, as a
    user's earlier choice), on the Qt ``platform``; the JSON of its last output line.
    A failing probe fails the test with its output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": platform}
    env.update({f"XDG_{k}_HOME": str(home / k.lower()) for k in ("CONFIG", "STATE", "CACHE")})
    if lang is not None:
        settings = home / "config" / "ascend-studio" / "settings.ini"
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text(f"[ui]\nlanguage={lang}\n")
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return json.loads(done.stdout.splitlines()[-1])
