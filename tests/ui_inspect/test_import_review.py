"""Import review: recognized, verbatim, unknown keywords with suggestions, diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from ascend_studio.codegen import import_file
from ascend_studio.profile import Expr, ExtraKwarg, Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui.import_review import (
    ImportReviewDialog,
    combine,
    dropped_file,
    review_import,
)

SCRIPT = """\
from npu_bridge.npu_init import *

def make(args):
    if args.fast:
        return NPURunConfig(
            precision_mode="allow_mix_precision",
            precison_mode_v2="mixed_float16",   # misspelt keyword
            iterations_per_loop=10,
            debug_dir=args.debug_dir,
        )
    return NPURunConfig(precision_mode="force_fp32", precision_mode_v2="mixed_float16")
"""


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


@pytest.fixture
def dialog(qtbot: QtBot, catalog: Catalog, script: Path) -> ImportReviewDialog:
    current = Profile(product="atlas_training").with_value("hccl_timeout", 1200)
    widget = ImportReviewDialog(import_file(script, catalog), current, catalog)
    qtbot.addWidget(widget)
    return widget


def test_unknown_keyword_shows_the_suggestion(dialog: ImportReviewDialog) -> None:
    rows = dialog.group_texts("unknown")
    assert len(rows) == 1
    assert rows[0].startswith("⚠ precison_mode_v2")
    assert "did you mean precision_mode_v2?" in rows[0]
    assert rows[0].endswith("| 7")  # the line of the keyword


def test_recognized_and_verbatim_by_parameter(dialog: ImportReviewDialog) -> None:
    recognized = " ".join(dialog.group_texts("recognized"))
    assert "precision_mode" in recognized and "iterations_per_loop" in recognized
    verbatim = dialog.group_texts("verbatim")
    assert any("debug_dir" in row and "args.debug_dir" in row for row in verbatim)


def test_choosing_the_configuration(dialog: ImportReviewDialog) -> None:
    assert dialog.config_box.count() == 2 and dialog.config_box.isEnabled()
    first = dialog.result_profile()
    assert first is not None and first.get("debug_dir") == Expr(expr="args.debug_dir")
    dialog.config_box.setCurrentIndex(1)
    second = dialog.result_profile()
    assert second is not None and second.get("precision_mode") == "force_fp32"
    assert dialog.group_texts("unknown") == []  # the typo belongs to the first call only
    diagnostics = " ".join(dialog.group_texts("diagnostics"))
    assert "precision_mode, precision_mode_v2" in diagnostics
    assert "cannot both be set" in diagnostics


def test_new_document_or_merge(dialog: ImportReviewDialog) -> None:
    assert dialog.mode() == "new"
    replaced = dialog.result_profile()
    assert replaced is not None
    assert replaced.product == "atlas_training"  # the target stays
    assert "hccl_timeout" not in replaced.values
    dialog.merge_radio.setChecked(True)
    merged = dialog.result_profile()
    assert merged is not None
    assert merged.get("hccl_timeout") == 1200
    assert merged.get("precision_mode") == "allow_mix_precision"
    assert ExtraKwarg(owner="NPURunConfig", name="precison_mode_v2", expr='"mixed_float16"') in (
        merged.extra_kwargs
    )


def test_combine_keeps_current_extras_unless_replaced() -> None:
    keep = ExtraKwarg(owner="NPURunConfig", name="a", expr="1")
    new = ExtraKwarg(owner="NPURunConfig", name="a", expr="2")
    current = Profile(extra_kwargs=(keep,)).with_env("X", "1")
    imported = Profile(extra_kwargs=(new,)).with_env("Y", None)
    merged = combine(current, imported, "merge")
    assert merged.extra_kwargs == (new,)
    assert merged.env == {"X": "1", "Y": None}
    assert combine(current, imported, "new").env == {"Y": None}


def test_a_new_document_keeps_what_the_script_names_else_the_open_target() -> None:
    named = Profile(product="atlas_a2", scenario="inference")
    unnamed = Profile()
    current = Profile(product="atlas_training")
    new = combine(current, named, "new")
    assert (new.product, new.scenario) == ("atlas_a2", "inference")  # the script's directive
    new = combine(current, unnamed, "new")
    assert (new.product, new.scenario) == ("atlas_training", None)  # the open target stays
    new = combine(Profile(), unnamed, "new")
    assert (new.product, new.scenario) == (None, None)  # judged as validate judges it


def test_a_file_without_configuration_cannot_be_loaded(
    qtbot: QtBot, catalog: Catalog, tmp_path: Path
) -> None:
    path = tmp_path / "broken.py"
    path.write_text("def f(:\n", encoding="utf-8")
    widget = ImportReviewDialog(import_file(path, catalog), Profile(), catalog)
    qtbot.addWidget(widget)
    assert widget.result_profile() is None
    assert not widget.buttons.buttons()[0].isEnabled()
    assert widget.group_texts("problems")  # the syntax error, with its line


def test_review_import_returns_the_choice(
    catalog: Catalog, script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ImportReviewDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    result = review_import(None, script, Profile(), catalog, "en")
    assert result is not None and result[0] == "new"
    assert result[1].get("iterations_per_loop") == 10
    monkeypatch.setattr(ImportReviewDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    assert review_import(None, script, Profile(), catalog, "en") is None


def test_dropped_files_are_recognised(tmp_path: Path) -> None:
    def urls(*names: str) -> list[QUrl]:
        return [QUrl.fromLocalFile(str(tmp_path / n)) for n in names]

    assert dropped_file(urls("a.py")) == tmp_path / "a.py"
    assert dropped_file(urls("env.sh")) == tmp_path / "env.sh"
    assert dropped_file(urls("p.json")) == tmp_path / "p.json"
    assert dropped_file(urls("image.png")) is None
    assert dropped_file(urls("a.py", "b.py")) is None
    assert dropped_file([QUrl("https://example.com/a.py")]) is None


def test_selecting_a_row_shows_its_full_text(dialog: ImportReviewDialog) -> None:
    top = next(
        dialog.tree.topLevelItem(i)
        for i in range(dialog.tree.topLevelItemCount())
        if dialog.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == "unknown"  # type: ignore[union-attr]
    )
    assert top is not None
    dialog.tree.setCurrentItem(top.child(0))
    assert "Did you mean precision_mode_v2?" in dialog.detail.text()
    dialog.tree.setCurrentItem(top)
    assert dialog.detail.text() == ""
