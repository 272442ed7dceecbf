"""QA regressions in the import review dialog: room for the details, bilingual chooser."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from ascend_studio.codegen import import_file
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui.import_review import ImportReviewDialog

LONG = "session_config_graph_options_rewrite_options_memory_optimization_unknown_flag"
SCRIPT = f"""\
from npu_bridge.npu_init import *

def make(fast):
    if fast:
        return NPURunConfig(precision_mode="force_fp32", {LONG}=1)
    return NPURunConfig(precision_mode="allow_mix_precision")
"""


def _dialog(qtbot: QtBot, catalog: Catalog, tmp_path: Path) -> ImportReviewDialog:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT, encoding="utf-8")
    dialog = ImportReviewDialog(import_file(script, catalog), Profile(), catalog)
    qtbot.addWidget(dialog)
    return dialog


def test_the_details_column_gets_the_room(qtbot: QtBot, catalog: Catalog, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, catalog, tmp_path)
    dialog.resize(820, 620)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert any(LONG in row for row in dialog.group_texts("unknown"))
    header = dialog.tree.header()
    width = dialog.tree.viewport().width()
    assert header.sectionSize(0) <= width // 3
    assert header.sectionSize(1) >= width * 0.4, (header.sectionSize(1), width)
    dialog.resize(1200, 620)  # a wider window: the item column may grow, within its cap
    qtbot.waitUntil(lambda: dialog.tree.header().sectionSize(1) >= 500)


def test_the_configuration_chooser_speaks_the_ui_language(
    qtbot: QtBot, catalog: Catalog, tmp_path: Path
) -> None:
    dialog = _dialog(qtbot, catalog, tmp_path)
    result = dialog.imported
    assert dialog.config_box.itemText(0) == result.configs[0].label_in("en")
    assert "if branch" in dialog.config_box.itemText(0)
    dialog.set_language("zh")
    texts = [dialog.config_box.itemText(i) for i in range(dialog.config_box.count())]
    assert texts == [c.label_in("zh") for c in result.configs]
    assert "第" in texts[0] and "branch" not in texts[0]
