"""In Chinese, nothing the real window shows is left in English.

The main window is built with work to show (values set, problems, a difference
to compare, a parameter in the why panel), every dock is opened from the View
menu, and every shown text is read: widget texts and tooltips, placeholders,
combo items, tab titles, header sections, item views, text documents, actions
and menus. A text with Latin words and no Chinese fails the test unless it is
data (parameter and environment names, code examples, paths, format ids, the
few names listed in ``chrome_texts``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from chrome_texts import Shown, shown_texts, untranslated
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from ascend_studio.codegen import import_file
from ascend_studio.profile import Expr, Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui import _i18n
from ascend_studio.ui._i18n import CONTEXT, TableTranslator, apply_language, read_ts
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.import_review import ImportReviewDialog

#: (widget, kind of text) pairs that show data: the parameter name of each form
#: row, and the folder names of the output layout tree.
DATA = {("CodeName:name", "text"), ("QTreeView:inspector:layout", "item")}
#: The why panel adds the description in the other language, greyed, on purpose.
WHY = ("QTextBrowser:why:browser", "document")

SCRIPT = """\
from npu_bridge.npu_init import *
config = NPURunConfig(
    precison_mode="force_fp32",      # misspelt keyword
    iterations_per_loop=args.steps,  # kept as written
    enable_dump=True,
)
"""


def _busy_profile() -> Profile:
    """Values, an expression and problems, so every view has something to show."""
    return (
        Profile(product="atlas_training")
        .with_value("precision_mode", "force_fp32")
        .with_value("iterations_per_loop", 5)
        .with_value("enable_dump", True)
        .with_value("dump_path", "/tmp/dump")
        .with_value("model_dir", Expr(expr="args.model_dir"))
        .with_env("ASCEND_WORK_PATH", "/tmp/work")
    )


def _open_every_view(window: MainWindow) -> None:
    window.form.build_all()
    for action in window.actions_.menus["view"].actions():
        is_dock = action.isCheckable() and action is not window.actions_.hide_unavailable
        if is_dock and not action.isChecked():
            action.trigger()
    window.why_panel.set_parameter("precision_mode")


def untranslated_texts(shown: list[Shown], catalog: Catalog | None = None) -> list[str]:
    english = {p.description.en for p in catalog.params} if catalog else set()
    return sorted(
        {
            f"{s.where} [{s.what}]: {line!r}"
            for s in shown
            if (s.where, s.what) not in DATA
            for line in untranslated(s.text)
            if not ((s.where, s.what) == WHY and line in english)
        }
    )


@pytest.fixture
def chinese_window(
    make_window: Callable[..., MainWindow], qtbot: QtBot, request: pytest.FixtureRequest
) -> Iterator[MainWindow]:
    """A busy window, built in ``request.param`` and then switched to Chinese."""
    window = make_window(getattr(request, "param", "zh"))
    window.model.edit(_busy_profile(), "busy")
    window.set_language("zh")
    _open_every_view(window)
    dock = window.findChild(QDockWidget, "dock:inspector")
    assert dock is not None
    qtbot.waitUntil(lambda: dock.windowTitle() == "输出路径")  # LanguageChange is posted
    yield window
    window.set_language("en")


def scrolled_texts(window: MainWindow) -> list[Shown]:
    """What the window shows as its form is scrolled from top to bottom, a page at a
    time (the form lays out only the sections in and near the view)."""
    bar = window.form.verticalScrollBar()
    found: list[Shown] = []
    for value in range(0, bar.maximum() + bar.pageStep(), max(bar.pageStep(), 1)):
        bar.setValue(value)
        found += shown_texts(window)
    bar.setValue(0)
    return list(dict.fromkeys(found))


@pytest.mark.slow
@pytest.mark.parametrize("chinese_window", ["en", "zh"], indirect=True)
def test_every_shown_text_is_chinese(chinese_window: MainWindow, catalog: Catalog) -> None:
    bad = untranslated_texts(scrolled_texts(chinese_window), catalog)
    assert not bad, "English left in the Chinese UI (route it through tr() and translate it in " \
        "resources/translations/ascend_studio_zh_CN.ts):\n" + "\n".join(bad)  # fmt: skip


def test_the_walk_reads_every_kind_of_text(chinese_window: MainWindow) -> None:
    shown = scrolled_texts(chinese_window)
    kinds = {s.what for s in shown}
    assert {"text", "tooltip", "placeholder", "item", "tab", "header", "title"} <= kinds
    texts = {s.text for s in shown}
    assert {
        "保存(&S)",
        "视图(&V)",
        "输出路径",
        "原因说明",
        "比较",
    } <= texts  # actions, menus, docks
    assert any(s.what == "document" and "precision_mode" in s.text for s in shown)  # the why panel
    assert sum(1 for s in shown if s.where.startswith("CodeName:name")) > 80  # every form row


def test_the_walk_catches_a_missing_translation(
    make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Remove translations (dock title, header, toolbar tooltip, why panel table): each shows up."""
    table = read_ts(_i18n.translation_files()[0].read_bytes())
    removed = ("Output paths", "Parameter", "Target product", "Default (signature)")
    for text in removed:
        del table[(CONTEXT, text, "")]
    monkeypatch.setattr(_i18n, "app_translator", lambda parent=None: TableTranslator(table, parent))
    window = make_window("zh")
    window.model.edit(_busy_profile(), "busy")
    _open_every_view(window)
    bad = "\n".join(untranslated_texts(shown_texts(window)))
    window.set_language("en")
    for text in removed:
        assert repr(text) in bad


def test_the_import_review_dialog_is_chinese(
    qtbot: QtBot, catalog: Catalog, tmp_path: Path
) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT, encoding="utf-8")
    apply_language("zh")
    try:
        current = Profile(product="atlas_training").with_value("hccl_timeout", 1200)
        dialog = ImportReviewDialog(import_file(script, catalog), current, catalog)
        qtbot.addWidget(dialog)
        dialog.set_language("zh")
        dialog.show()
        bad = untranslated_texts(shown_texts(dialog))
    finally:
        apply_language("en")
    assert not bad, "\n".join(bad)


def test_untranslated_lines_are_judged_line_by_line() -> None:
    assert untranslated("Reset all") == ["Reset all"]
    assert untranslated("全部重置\nReset all") == ["Reset all"]
    assert untranslated("dump_path ASCEND_WORK_PATH /tmp/x 1200 AOE Profiling") == []
    assert untranslated('NPURunConfig(dump_path="/x")  # leave it') == []
    assert untranslated("NPURunConfig()  # leave it unset") == []
    assert untranslated("Default (signature)") == ["Default (signature)"]
    assert untranslated("<b>Why</b>") == ["Why"]
    assert untranslated("OK") == []  # two capitals read as an acronym


def test_the_edit_file_dialog_is_chinese(
    make_window: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Its note on what OK does too (the path is another machine's: the long one)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QToolButton

    window = make_window("zh")
    profile = Profile(values={"op_debug_config": "/job/elsewhere/debug.cfg"})
    window.model.replace(profile, None, saved=profile)
    window.form.build_all()
    button = window.findChild(QToolButton, "op_debug_config:edit_file")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.companions.dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    shown = [s for s in shown_texts(dialog) if s.where != "QLineEdit:op_debug_list"]  # op names
    bad = untranslated_texts(shown)
    assert any("本机上没有" in s.text for s in shown)
    window.set_language("en")
    assert not bad, "\n".join(bad)
