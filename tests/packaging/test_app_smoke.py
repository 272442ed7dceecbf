"""The real entry point starts the app, shows the window and exits cleanly."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from app_process import run_ascend_studio

from ascend_studio.schema import shipped_catalog

pytest.importorskip("PySide6")
pytestmark = pytest.mark.gui


def test_entry_point_shows_the_window(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "ASCEND_STUDIO_SMOKE_TEST": "1",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
    }
    result = run_ascend_studio(env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "main window shown" in result.stdout
    assert f"{len(shipped_catalog().params)} parameters" in result.stdout
