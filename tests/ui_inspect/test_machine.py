"""The "This machine" dock: a doctor report shown, and the path view set from it."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from inspect_fakes import Dialogs
from pytestqt.qtbot import QtBot

from ascend_studio.doctor import Inputs, report_json, run_doctor, watched_variables
from ascend_studio.machine import take_snapshot
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.machine import MachineView
from tests.machine.fake_tree import npu_server
from tests.machine.trees import npu_bridge


def _report(
    tmp_path: Path, catalog: Catalog, env: dict[str, str], bridge: str | None = None
) -> Path:
    """A doctor report as ``doctor --json`` writes it on an 8-NPU server (with
    npu_bridge of the release ``bridge``)."""
    root = tmp_path / "server"
    npu_server(root)
    site = tmp_path / "site"
    if bridge is not None:
        npu_bridge(site, bridge)
    names = watched_variables(catalog)
    snap = take_snapshot(
        lambda n: n in names, env=env, root=root, run_npu_smi=False, python_paths=[str(site)]
    )
    report = run_doctor(snap, Inputs(profile=Profile()), catalog, cwd="/srv/job")
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report_json(report)), encoding="utf-8")
    return path


@pytest.fixture
def view(qtbot: QtBot) -> MachineView:
    widget = MachineView()
    qtbot.addWidget(widget)
    return widget


def test_a_report_from_another_machine_fills_every_table(
    qtbot: QtBot, view: MachineView, tmp_path: Path, catalog: Catalog
) -> None:
    env = {"HOME": "/home/u", "ASCEND_DEVICE_ID": "9", "ASCEND_WORK_PATH": "/data/work"}
    path = _report(tmp_path, catalog, env)
    with qtbot.waitSignal(view.context_ready) as ready:
        assert view.open_report(str(path))
    document = ready.args[0]
    assert (document.cwd, document.device_id) == ("/srv/job", "9")
    findings = view.findings.toPlainText()
    assert "error doctor.device.out_of_range" in findings  # device 9 of 8
    assert (
        "ASCEND_DEVICE_ID=9 is out of range" in findings and "Fix: Set ASCEND_DEVICE_ID" in findings
    )
    installed = view.trees["installed"]
    rows = {
        installed.topLevelItem(i).text(0): installed.topLevelItem(i).text(1)
        for i in range(installed.topLevelItemCount())
    }
    assert rows["CANN toolkit"].startswith("Ascend-cann-toolkit 8.0.RC3")
    assert rows["NPUs"].startswith("davinci0, davinci1")
    assert rows["Target release"].startswith("CANN toolkit 8.0.RC3")  # no public tag: none
    paths = view.trees["paths"]
    shown = {paths.topLevelItem(i).text(3) for i in range(paths.topLevelItemCount())}
    assert "/data/work/kernel_meta" in shown
    assert "Report report.json" in view.status.text() and ": 1 error, " in view.status.text()


def test_the_target_release_row_leads_with_the_release_doctor_checked_for(
    qtbot: QtBot, view: MachineView, tmp_path: Path, catalog: Catalog
) -> None:
    path = _report(tmp_path, catalog, {"HOME": "/home/u"}, bridge="r1.12.0")
    with qtbot.waitSignal(view.context_ready):
        assert view.open_report(str(path))
    installed = view.trees["installed"]
    rows = {
        installed.topLevelItem(i).text(0): installed.topLevelItem(i).text(1)
        for i in range(installed.topLevelItemCount())
    }
    assert rows["Target release"].startswith("r1.12.0 — npu_bridge 1.15.0 at ")
    assert rows["npu_bridge"] == "1.15.0"


def test_a_broken_report_is_refused_in_one_line(
    qtbot: QtBot, view: MachineView, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    with qtbot.waitSignal(view.failed) as failed:
        assert not view.open_report(str(bad))
    assert "not a doctor report" in failed.args[0]
    assert "not a doctor report" in view.status.text()
    assert view.document is None


def test_reading_this_machine_runs_off_the_gui_thread(qtbot: QtBot, view: MachineView) -> None:
    with qtbot.waitSignal(view.loaded, timeout=20000) as loaded:
        view.read_live()
        assert not view.read_button.isEnabled()
    assert loaded.args[0].cwd == os.getcwd()
    assert view.read_button.isEnabled()
    assert view.status.text().startswith("This machine:")


def test_chinese_chrome(
    view: MachineView, use_language: Callable[[str], None], tmp_path: Path, catalog: Catalog
) -> None:
    use_language("zh")
    view.set_language("zh")
    assert view.read_button.text() == "读取本机"
    assert view.tabs.tabText(3) == "输出目录"
    view.open_report(str(_report(tmp_path, catalog, {"HOME": "/home/u"})))
    text = view.findings.toPlainText()
    assert text.startswith(("错误", "警告", "提示")) and "来源：" in text


@pytest.fixture
def window(qtbot: QtBot, catalog: Catalog) -> Iterator[MainWindow]:
    def forget_changes(w: MainWindow) -> None:
        clean = Profile()
        w.model.replace(clean, None, saved=clean)
        w.files.autosave.discard()

    win = MainWindow(catalog, Settings(), "en")
    qtbot.addWidget(win, before_close_func=forget_changes)
    win.show()
    qtbot.waitExposed(win)
    yield win


def test_the_report_sets_the_output_path_view(
    qtbot: QtBot, window: MainWindow, dialogs: Dialogs, tmp_path: Path, catalog: Catalog
) -> None:
    path = _report(tmp_path, catalog, {"HOME": "/home/u", "ASCEND_WORK_PATH": "/data/work"})
    dialogs.answer("choose_path", str(path))
    window.machine_view.open_button.click()
    inspector = window.inspector
    assert inspector.context_editor.fields["cwd"].text() == "/srv/job"
    assert inspector.context_editor.fields["home"].text() == "/home/u"
    assert inspector.resolution("kernel_meta").path == "/data/work/kernel_meta"
    assert inspector.resolution("log").path == "/data/work/log"
    host = window.machine_view.document.machine.process.hostname  # type: ignore[union-attr]
    assert f"doctor {host}" in inspector.context_editor.sources.text()
