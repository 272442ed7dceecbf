"""Start-up: the entry point, the progressive build, and live preview text updates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtWidgets import QApplication

from ascend_studio.profile import Profile, save_profile
from ascend_studio.schema import shipped_catalog
from ascend_studio.ui import _app, create_window, run_app
from ascend_studio.ui._core import Engine
from ascend_studio.ui._previews import PreviewPane
from ascend_studio.ui._window import MainWindow


def _no_loop(monkeypatch: pytest.MonkeyPatch, qtbot: Any, seen: list[MainWindow]) -> None:
    """Replace the event loop: run the queued start-up work once, then return."""

    def exec_once(app: QApplication) -> int:
        for widget in QApplication.topLevelWidgets():
            # Only the window run_app just showed: closed windows of earlier tests can
            # still be top-level widgets until they are garbage collected.
            if (
                isinstance(widget, MainWindow)
                and shiboken6.isValid(widget)
                and widget.isVisible()
                and widget not in seen
            ):
                seen.append(widget)
                qtbot.addWidget(widget, before_close_func=_forget)
                qtbot.waitUntil(widget.form.is_settled, timeout=10000)
        return 0

    monkeypatch.setattr(QApplication, "exec", exec_once)


def _forget(window: MainWindow) -> None:
    clean = Profile()
    window.model.replace(clean, None, saved=clean)


def test_run_app_opens_the_file_given(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "given.ascend.json"
    save_profile(Profile().with_value("deterministic", 1), target)
    seen: list[MainWindow] = []
    _no_loop(monkeypatch, qtbot, seen)
    assert run_app([str(target)]) == 0
    window = seen[0]
    qtbot.waitUntil(lambda: window.model.path == target)
    assert window.model.profile.values == {"deterministic": 1}


def test_progressive_start_finishes_after_the_first_paint(qtbot: Any) -> None:
    window = create_window(lang="en", progressive=True)
    qtbot.addWidget(window, before_close_func=_forget)
    assert not window.form.is_settled()
    assert len(window.form.rows) < 20  # only the first section so far
    window.show()
    qtbot.waitUntil(window.form.is_settled, timeout=10000)
    assert window.inspector is not None  # part-2 views installed after showing
    assert "NPURunConfig" in window.previews.text("py")
    window.model.edit(window.model.profile.with_value("hccl_timeout", 600), "edit")
    assert "hccl_timeout=600" in window.previews.text("py")


def test_ensure_app_reuses_the_running_application() -> None:
    assert _app.ensure_app() is QApplication.instance()


def test_export_formats_match_the_exporters() -> None:
    from ascend_studio.codegen import EXPORT_FORMATS as CODEGEN_FORMATS

    assert tuple(f.id for f in Engine(shipped_catalog()).formats()) == CODEGEN_FORMATS


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("", "a\nb\n"),
        ("a\nb\n", ""),
        ("x = 1\ny = 2\n", "x = 1\ny = 3\n"),
        ("路径 = '/数据'\n", "路径 = '/数据/新'\n"),
        ("emoji 😀 before\nend\n", "emoji 😀 after\nend\n"),  # outside the BMP: 2 UTF-16 units
        ("same", "same"),
        ("aaaa", "aa"),
        ("aa", "aaaa"),
    ],
)
def test_preview_replaces_only_the_changed_part(qtbot: Any, old: str, new: str) -> None:
    pane = PreviewPane()
    qtbot.addWidget(pane)
    pane.set_formats(Engine(shipped_catalog()).formats())
    page = pane.tabs["py"]
    page.set_text(old)
    page.set_text(new)
    assert page.text.toPlainText() == new
    assert pane.text("py") == new
