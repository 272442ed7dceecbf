"""The start-up marks' module: pausing the garbage collector for the app's start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: In a fresh interpreter: the collector after each step, and what it leaves frozen.
PROBE = """
import gc, json
from ascend_studio import _startup
seen = []
_startup.release_collection()  # nobody paused it: left alone
seen.append((gc.isenabled(), gc.get_freeze_count()))
gc.disable()
_startup.release_collection()  # paused by someone else: still theirs
seen.append((gc.isenabled(), gc.get_freeze_count()))
gc.enable()
_startup.hold_collection()
seen.append((gc.isenabled(), gc.get_freeze_count()))
_startup.release_collection()
seen.append((gc.isenabled(), gc.get_freeze_count() > 0))
_startup.release_collection()  # once only
seen.append((gc.isenabled(), gc.get_freeze_count() > 0))
print(json.dumps(seen))
"""


def test_the_collector_is_resumed_only_where_the_start_paused_it() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    seen = json.loads(done.stdout)
    assert seen == [[True, 0], [False, 0], [False, 0], [True, True], [True, True]]
