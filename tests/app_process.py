"""The real ``ascend-studio`` in a child process, for tests of what a user runs."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

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
