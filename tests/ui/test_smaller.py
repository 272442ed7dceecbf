"""The smaller everyday things."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.codegen import export_text
from ascend_studio.profile import Profile, save_profile
from ascend_studio.ui._window import MainWindow


def test_training_on_an_inference_product_warns(window: MainWindow) -> None:
    window.model.edit(Profile(product="atlas_inference", scenario="training"), "target")
    found = [f for f in window.findings if f.rule_id == "target.training_on_inference_product"]
    assert found and found[0].severity == "warning"
    window.model.edit(Profile(product="atlas_inference", scenario="inference"), "target")
    assert not [f for f in window.findings if f.rule_id == "target.training_on_inference_product"]


def test_params_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["params", "--scenario", "inference"]) == 0
    inference = capsys.readouterr()
    assert run_cli(["params"]) == 0
    everything = capsys.readouterr()
    assert len(inference.out.splitlines()) < len(everything.out.splitlines())
    assert "\ntrain_distribute " not in "\n" + inference.out  # training only


def test_file_dialogs_remember_the_last_folder(
    window: MainWindow, dialogs: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "jobs"
    folder.mkdir()
    target = folder / "a.ascend.json"
    save_profile(Profile(), target)
    dialogs.answer("ask_open_path", target)
    assert window.files.open()
    window.files.new()  # no document path any more: the folder comes from memory
    dialogs.answer("ask_open_path", None)
    window.files.open()
    assert dialogs.called("ask_open_path")[-1][2] == str(folder)


def test_export_is_confirmed(window: MainWindow, dialogs: Any, tmp_path: Path) -> None:
    target = tmp_path / "out.py"
    dialogs.answer("ask_save_path", target)
    assert window.files.export("py")
    message = window.statusBar().currentMessage()
    assert str(target) in message and "py" in message


@pytest.mark.parametrize("fmt", ["sh", "env-file"])
def test_an_empty_environment_export_says_why(fmt: str) -> None:
    text = export_text(Profile().with_value("iterations_per_loop", 10), fmt)
    assert "sets no environment variables" in text and "-f py" in text
    assert "sets no environment" not in export_text(Profile().with_env("A", "1"), fmt)
