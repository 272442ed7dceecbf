"""The server's commands: open the file in the desktop app; show where output lands.

The app is started as its own process (``ascend-studio FILE``, or the editor's
``appCommand``), detached from the server; when it exits at once (no display on
an SSH session, say), the last line it printed is the answer. The app reads the
file from disk: a document with unsaved edits is named as such.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ascend_studio.lsp._lookup import config_index

if TYPE_CHECKING:
    from ascend_studio.lsp._check import Outcome
    from ascend_studio.profile import Profile

__all__ = [
    "OPEN_IN_APP",
    "SHOW_OUTPUT_PATHS",
    "Launch",
    "app_command",
    "launch",
    "output_paths",
]

OPEN_IN_APP = "ascend-studio.openInApp"
SHOW_OUTPUT_PATHS = "ascend-studio.showOutputPaths"
#: How long a start is watched for an early exit (seconds).
WATCH = 3.0


@dataclass(frozen=True)
class Launch:
    command: tuple[str, ...]
    #: None: still running after :data:`WATCH` seconds (started); else its exit status.
    status: int | None
    #: The last line it printed when it exited.
    said: str = ""

    @property
    def started(self) -> bool:
        return self.status is None or self.status == 0


def app_command(configured: Sequence[str] | None, path: str) -> tuple[str, ...]:
    """What opens ``path`` in the app: the configured command, else this installation's."""
    base = tuple(configured) if configured else (sys.executable, "-m", "ascend_studio")
    return (*base, path)


def launch(command: Sequence[str]) -> Launch:
    """Start ``command`` detached and watch it for :data:`WATCH` seconds (blocking: run it
    off the event loop)."""
    with tempfile.TemporaryFile() as said:
        try:
            process = subprocess.Popen(
                list(command),
                stdin=subprocess.DEVNULL,
                stdout=said,
                stderr=said,
                start_new_session=True,
            )
        except OSError as exc:
            return Launch(tuple(command), 127, f"cannot run {command[0]}: {exc.strerror or exc}")
        try:
            status = process.wait(WATCH)
        except subprocess.TimeoutExpired:
            return Launch(tuple(command), None)
        said.seek(0)
        lines = said.read().decode("utf-8", "replace").strip().splitlines()
    return Launch(tuple(command), status, lines[-1] if lines else "")


def output_paths(outcome: Outcome | None, line: int, lang: str) -> tuple[str, str] | None:
    """(title, text) of every artifact's priority chain for the configuration at 1-based
    ``line``; None when the file holds no configuration."""
    index = config_index(outcome, line)
    if index is None or outcome is None or outcome.checked is None:
        return None
    label, profile, _ = outcome.checked.configs[index]
    return f"{outcome.snapshot.path} ({label})", _chains(profile, lang)


def _chains(profile: Profile, lang: str) -> str:
    from ascend_studio.paths import Context, Environment, resolve
    from ascend_studio.paths._report import render_text

    env = Environment.build(profile=profile)
    return render_text(resolve(profile, env, Context()), lang)
