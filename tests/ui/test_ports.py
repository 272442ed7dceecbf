"""Flows and installers run on anything that offers the window's ports, not only on
the main window: here a bare widget, a profile model and a file controller."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog, QWidget

from ascend_studio.apply import with_source
from ascend_studio.codegen import import_python
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._core import Engine
from ascend_studio.ui._files import FileController
from ascend_studio.ui._i18n import Language
from ascend_studio.ui._model import ProfileModel
from ascend_studio.ui._ports import Window
from ascend_studio.ui._settings import Settings
from ascend_studio.ui.apply import _flow
from ascend_studio.ui.import_review import DropHandler

SCRIPT = "from npu_bridge.npu_init import *\nconfig = NPURunConfig(iterations_per_loop=10)\n"


class StandIn:
    """The ports and nothing else: no form, no docks, no menus."""

    def __init__(self, catalog: Catalog, widget: QWidget) -> None:
        self.catalog = catalog
        self.lang: Language = "en"
        self.widget = widget
        self.model = ProfileModel(widget)
        self.files = FileController(
            widget, self.model, Engine(catalog), Settings(), lambda: self.lang
        )
        self.statuses: list[str] = []
        self.revealed: list[str] = []

    def as_widget(self) -> QWidget:
        return self.widget

    def show_status(self, text: str, msec: int = 10000) -> None:
        self.statuses.append(text)

    def reveal(self, path: str) -> None:
        self.revealed.append(path)


@pytest.fixture
def stand_in(qtbot: Any, catalog: Catalog) -> StandIn:
    widget = QWidget()
    qtbot.addWidget(widget)
    return StandIn(catalog, widget)


def _as_ports(stand_in: StandIn) -> Window:
    """``mypy --strict tests/ui/test_ports.py`` holds the stand-in to the ports here."""
    return stand_in


def test_apply_to_script_runs_on_the_ports_and_says_where_it_wrote(
    stand_in: StandIn, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    imported = import_python(SCRIPT).configs[0].profile.with_value("hccl_timeout", 1800)
    stand_in.model.edit(with_source(imported, script, script.read_bytes()), "import")
    shown: list[QDialog] = []

    def run(dialog: QDialog) -> bool:
        shown.append(dialog)
        return True

    monkeypatch.setattr(_flow, "run_dialog", run)
    assert _flow.apply_to_script(_as_ports(stand_in))
    assert shown[0].parent() is stand_in.widget
    assert "hccl_timeout=1800" in script.read_text()
    assert stand_in.statuses == ["Wrote train.py; the original is kept as train.py.orig."]


def test_a_drop_on_the_ports_widget_opens_through_its_files(
    stand_in: StandIn, tmp_path: Path
) -> None:
    from ascend_studio.profile import save_profile

    job = tmp_path / "job.json"
    save_profile(Profile().with_value("deterministic", 1), job)
    drops = DropHandler(_as_ports(stand_in))
    assert stand_in.widget.acceptDrops()
    assert drops.open(job)
    assert stand_in.model.path == job and stand_in.model.profile.values == {"deterministic": 1}
