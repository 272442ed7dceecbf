"""The real main window, driven as a user would: target, edits in every editor
kind, diagnostics, previews, undo/redo, reset, search and filters, language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QLineEdit, QToolButton
from ui_helpers import editor, find, preview_texts, type_text

from ascend_studio.profile import Expr, Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import tr
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._window import MainWindow
from ascend_studio.ui.editors import (
    BoolEditor,
    EnumEditor,
    ExprEditor,
    FloatEditor,
    IntEditor,
    JsonEditor,
    ListEditor,
    PairEditor,
    PathEditor,
    StrEditor,
    SubconfigEditor,
)


def choose(combo: QComboBox, data: object) -> None:
    """Pick the entry holding ``data`` as a user would (keyboard + activation)."""
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


# -- target ----------------------------------------------------------------------------------------


def test_choosing_product_and_scenario_updates_availability(window: MainWindow) -> None:
    window.form.build_all()
    row = window.form.rows["aicore_num"]
    product = find(window, QComboBox, "product")
    # a new profile names no product: what holds on some products is a note, not greyed
    assert window.model.profile.product is None and product.currentData() is None
    assert row.property("unavailable") is False
    assert "A2" in row.tags.text()  # says where it is available
    choose(product, "atlas_a2")
    assert window.model.profile.product == "atlas_a2"
    assert row.property("unavailable") is False
    choose(product, "atlas_training")
    assert window.model.profile.product == "atlas_training"
    assert row.property("unavailable") is True
    assert "A2" in row.tags.text()
    choose(find(window, QComboBox, "scenario"), "inference")
    assert window.model.profile.scenario == "inference"
    assert "# Scenario: inference" in window.previews.text("py")
    window.model.undo_stack.undo()
    assert window.model.profile.scenario is None  # graph_run_mode's default names training
    assert find(window, QComboBox, "scenario").currentData() == "training"
    window.model.undo_stack.undo()
    window.model.undo_stack.undo()
    assert window.model.profile.product is None and product.currentData() is None
    assert row.property("unavailable") is False


def test_not_named_is_a_choice_of_the_product_box(window: MainWindow) -> None:
    product = find(window, QComboBox, "product")
    choose(product, "atlas_a2")
    choose(product, None)
    assert window.model.profile.product is None
    assert product.currentText() == "Product not named"
    assert "# Product: not named" in window.previews.text("py")
    # the scenario graph_run_mode names stays unnamed when another box changes
    choose(product, "atlas_a2")
    assert window.model.profile.scenario is None
    # "not named" while graph_run_mode names the scenario: the box shows what it names
    scenario = find(window, QComboBox, "scenario")
    choose(scenario, None)
    assert scenario.currentData() == "training"


# -- every editor kind, through the window -------------------------------------------------------------


def _click(qtbot: Any, ed: Any, ctx: Any) -> object:
    qtbot.mouseClick(ed.check, Qt.MouseButton.LeftButton)
    return ed.value()


def _pick_last(qtbot: Any, ed: Any, ctx: Any) -> object:
    ed.choose(ed.param.values[-1].value)
    return ed.param.values[-1].value


def _pair(qtbot: Any, ed: Any, ctx: Any) -> object:
    qtbot.keyClicks(ed.fields[0], "2")
    qtbot.keyClicks(ed.fields[1], "4")
    return "2|4"


def _browse(qtbot: Any, ed: Any, ctx: Any) -> object:
    dialogs, tmp = ctx
    dialogs.answer("choose_path", str(tmp))
    qtbot.mouseClick(ed.browse, Qt.MouseButton.LeftButton)
    return str(tmp)


def _items(qtbot: Any, ed: Any, ctx: Any) -> object:
    sample = {"step_list": "0|5", "device_list": "0,1", "op_list": "SoftmaxV2"}
    ed.set_items_text(sample.get(ed.param.variant or "", "x"))
    return ed.value()


def _json(qtbot: Any, ed: Any, ctx: Any) -> object:
    ed.apply_text('{"output":"/tmp/p"}')
    return '{"output":"/tmp/p"}'


def _expression(qtbot: Any, ed: Any, ctx: Any) -> object:
    qtbot.keyClicks(ed.line, "my_obj")
    return Expr(expr="my_obj")


def _typed(text: str, value: object) -> Callable[[Any, Any, Any], object]:
    def edit(qtbot: Any, ed: Any, ctx: Any) -> object:
        qtbot.keyClicks(ed.line, text)
        return value

    return edit


def _chinese(qtbot: Any, ed: Any, ctx: Any) -> object:
    type_text(ed.line, "值_x")
    return "值_x"


#: How a user edits each kind of editor, and the value that edit produces.
USER_EDITS: dict[type, Callable[[Any, Any, Any], object]] = {
    BoolEditor: _click,
    EnumEditor: _pick_last,
    PairEditor: _pair,
    PathEditor: _browse,
    ListEditor: _items,
    JsonEditor: _json,
    SubconfigEditor: _expression,
    ExprEditor: _expression,
    IntEditor: _typed("7", 7),
    FloatEditor: _typed("1.5", 1.5),
    StrEditor: _chinese,
}


def test_an_edit_in_every_editor_kind_reaches_profile_and_previews(
    qtbot: Any, window: MainWindow, dialogs: Any, tmp_path: Any
) -> None:
    window.form.build_all()
    seen: dict[type, str] = {}
    for path, row in window.form.rows.items():
        seen.setdefault(type(row.editor), path)
    assert set(seen) == set(USER_EDITS), set(USER_EDITS) ^ set(seen)  # every editor in use
    for cls, path in seen.items():
        before = preview_texts(window)
        expected = USER_EDITS[cls](qtbot, editor(window, path), (dialogs, tmp_path))
        assert window.model.profile.values.get(path) == expected, (cls.__name__, path)
        after = preview_texts(window)
        assert after["json"] != before["json"], path
        if not path.startswith(("dynamic_input_config", "experimental_config.graph_memory")):
            assert after["py"] != before["py"], path
        window.model.close_merge()
    assert window.form.rows[seen[BoolEditor]].property("set") is True  # the dot: test_row_parts


def test_every_preview_updates(window: MainWindow) -> None:
    before = preview_texts(window)
    qtbot_editor = editor(window, "iterations_per_loop")
    assert isinstance(qtbot_editor, IntEditor)
    qtbot_editor.line.setText("10")
    qtbot_editor.line.textEdited.emit("10")
    window.form.env.add_variable("ASCEND_WORK_PATH", "/data/工作")
    after = preview_texts(window)
    assert set(after) == {"py", "sess", "tf2", "sh", "env-file", "json"}
    for fmt in after:
        assert after[fmt] != before[fmt], fmt
    assert "iterations_per_loop=10" in after["py"]
    assert "ASCEND_WORK_PATH" in after["sh"] and "ASCEND_WORK_PATH" in after["env-file"]


def test_preview_copy_and_save(window: MainWindow, dialogs: Any, tmp_path: Any) -> None:
    window.previews.tabs["py"].copy.click()
    assert QApplication.clipboard().text() == window.previews.text("py")
    target = tmp_path / "out.py"
    dialogs.answer("ask_save_path", target)
    window.previews.tabs["py"].save.click()
    assert target.read_text(encoding="utf-8") == window.previews.text("py")


# -- diagnostics ------------------------------------------------------------------------------------------


def _make_problem(window: MainWindow) -> str:
    """Enter a value the checks reject (a negative device ID); returns its path."""
    device = editor(window, "session_device_id")
    assert isinstance(device, IntEditor)
    device.line.setText("-1")
    device.line.textEdited.emit("-1")
    return "session_device_id"


def test_diagnostics_show_inline_in_list_and_jump(qtbot: Any, window: MainWindow) -> None:
    path = _make_problem(window)
    row = window.form.rows[path]
    assert row.diag.isVisibleTo(row)
    assert row.property("severity") == "error"
    assert any(path in f.params for f in window.findings)
    rows = range(window.diagnostics.count())
    index = next(i for i in rows if window.diagnostics.target(i) == path)
    item = window.diagnostics.item(index)
    assert item is not None
    assert "1" in find(window, QLabel, "status:counts").text()
    window.form.verticalScrollBar().setValue(window.form.verticalScrollBar().maximum())
    window.diagnostics.itemClicked.emit(item)
    assert row.property("flash") is True
    assert row.editor.hasFocus() or row.editor.focusProxy() is not None
    qtbot.waitUntil(lambda: row.property("flash") is False, timeout=5000)


def test_category_navigation_counts(window: MainWindow) -> None:
    _make_problem(window)
    item = window.nav.item_for("basic")
    assert "● 1" in item.text()
    assert "✖ 1" in item.text() or "⚠ 1" in item.text()


# -- undo / redo / reset -------------------------------------------------------------------------------------


def test_typing_is_one_undo_step_and_redo_restores(qtbot: Any, window: MainWindow) -> None:
    hccl = editor(window, "hccl_timeout")
    assert isinstance(hccl, IntEditor)
    qtbot.keyClicks(hccl.line, "1836")
    assert window.model.profile.values["hccl_timeout"] == 1836
    assert window.model.undo_stack.count() == 1
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "hccl_timeout" not in window.model.profile.values
    assert hccl.line.text() == ""
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.model.profile.values["hccl_timeout"] == 1836
    assert hccl.line.text() == "1836"


def test_leaving_a_field_ends_the_typing_step(qtbot: Any, window: MainWindow) -> None:
    hccl = editor(window, "hccl_timeout")
    assert isinstance(hccl, IntEditor)
    qtbot.keyClicks(hccl.line, "12")
    hccl.editing_finished.emit()
    qtbot.keyClicks(hccl.line, "3")
    assert window.model.undo_stack.count() == 2
    window.model.undo_stack.undo()
    assert window.model.profile.values["hccl_timeout"] == 12


def test_reset_field_category_and_all(qtbot: Any, window: MainWindow, dialogs: Any) -> None:
    for path, value in (("deterministic", 1), ("graph_run_mode", 0), ("hccl_timeout", 600)):
        window.model.edit(window.model.profile.with_value(path, value), "set")
    row = window.form.rows["deterministic"]
    assert row.reset.isVisibleTo(row)
    qtbot.mouseClick(row.reset, Qt.MouseButton.LeftButton)
    assert "deterministic" not in window.model.profile.values
    assert not row.reset.isVisibleTo(row)
    dialogs.answer("confirm", False)
    window.reset_category("basic")
    assert "graph_run_mode" in window.model.profile.values
    dialogs.answer("confirm", True)
    window.reset_category("basic")
    assert "graph_run_mode" not in window.model.profile.values
    assert "hccl_timeout" in window.model.profile.values
    dialogs.answer("confirm", True)
    window.reset_all()
    assert window.model.profile.values == {}
    window.model.undo_stack.undo()
    assert window.model.profile.values == {"hccl_timeout": 600}


def test_reset_holder_clears_its_fields(window: MainWindow) -> None:
    profile = window.model.profile.with_value("dump_config.enable_dump", True)
    window.model.edit(profile.with_value("dump_config.dump_path", "/d"), "set")
    assert "2" in window.form.rows["dump_config"].meta.text()
    window.reset_field("dump_config")
    assert window.model.profile.values == {}


# -- search and filters --------------------------------------------------------------------------------------


def _search(window: MainWindow, text: str) -> set[str]:
    box = find(window, QLineEdit, "search")
    box.clear()
    if text.isascii():
        box.setText(text)
    else:
        type_text(box, text)
    return set(window.form.visible_paths())


def test_search_in_chinese_and_english(window: MainWindow) -> None:
    window.form.build_all()
    chinese = _search(window, "精度")
    english = _search(window, "precision")
    assert "precision_mode" in chinese and "precision_mode" in english
    assert "hccl_timeout" not in chinese
    assert _search(window, "ASCEND_DEVICE_ID") >= {"session_device_id"}  # env var names
    assert "precision_mode" in _search(window, "allow_fp32_to_fp16")  # enum values
    assert "dump_config" in _search(window, "dump_path")  # holders come along
    assert len(_search(window, "")) == len(window.form.rows) - _folded(window)


def _folded(window: MainWindow) -> int:
    return sum(1 for path in window.form.rows if not window.form.is_row_visible(path))


def test_filters(window: MainWindow, dialogs: Any) -> None:
    window.form.build_all()
    filters = {
        k: find(window, QToolButton, f"filter:{k}")
        for k in ("modified", "problems", "unavailable", "deprecated")
    }
    _make_problem(window)
    window.model.edit(window.model.profile.with_value("deterministic", 1), "set")
    filters["modified"].click()
    assert set(window.form.visible_paths()) == {"session_device_id", "deterministic"}
    filters["modified"].click()
    filters["problems"].click()
    flagged = {p for f in window.findings for p in f.params}
    assert "session_device_id" in window.form.visible_paths()
    assert set(window.form.visible_paths()) <= flagged | {"dump_config", "experimental_config"}
    assert "hccl_timeout" not in window.form.visible_paths()
    filters["problems"].click()
    choose(find(window, QComboBox, "product"), "atlas_training")
    filters["unavailable"].click()
    visible = set(window.form.visible_paths())
    assert "aicore_num" in visible and "deterministic" not in visible
    filters["unavailable"].click()
    filters["deprecated"].click()
    visible = set(window.form.visible_paths())
    assert "op_debug_level" in visible and "precision_mode" not in visible
    _search(window, "精度")  # search and filter combine
    assert set(window.form.visible_paths()) <= visible


def test_rows_do_not_vanish_while_editing_a_filtered_view(window: MainWindow) -> None:
    window.form.build_all()
    window.model.edit(window.model.profile.with_value("hccl_timeout", 600), "set")
    find(window, QToolButton, "filter:modified").click()
    assert window.form.visible_paths() == ["hccl_timeout"]
    hccl = editor(window, "hccl_timeout")
    assert isinstance(hccl, IntEditor)
    hccl.line.clear()
    hccl.line.textEdited.emit("")  # now unset: no longer "modified"
    assert "hccl_timeout" not in window.model.profile.values
    assert window.form.is_row_visible("hccl_timeout")  # still there while editing
    reapply = find(window, QToolButton, "filter:reapply")
    assert reapply.isEnabled()
    reapply.click()
    assert not window.form.is_row_visible("hccl_timeout")


def test_hide_unavailable_toggle(window: MainWindow) -> None:
    window.form.build_all()
    choose(find(window, QComboBox, "product"), "atlas_training")
    assert window.form.is_row_visible("aicore_num")
    window.actions_.hide_unavailable.trigger()
    assert not window.form.is_row_visible("aicore_num")
    assert window.settings.flag("hide_unavailable") is True


def test_ctrl_f_focuses_search(qtbot: Any, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert find(window, QLineEdit, "search").hasFocus()


# -- language ------------------------------------------------------------------------------------------------


def test_switching_language_is_live_and_remembered(
    make_window: Callable[..., MainWindow], catalog: Catalog
) -> None:
    window = make_window("en")
    window.form.build_all()
    assert window.actions_.save.text() == "&Save"
    choose(find(window, QComboBox, "language"), "zh")
    assert window.actions_.save.text() == "保存(&S)"
    assert (
        window.form.rows["precision_mode"].title.text() == catalog.param("precision_mode").label.zh
    )
    assert tr("Copy") == "复制"
    assert window.previews.tabs["py"].copy.text() == "复制"
    assert Settings().language() == "zh"
    choose(find(window, QComboBox, "language"), "en")
    assert (
        window.form.rows["precision_mode"].title.text() == catalog.param("precision_mode").label.en
    )
    assert tr("Copy") == "Copy"


def test_chinese_chrome_is_really_chinese(make_window: Callable[..., MainWindow]) -> None:
    window = make_window("zh")
    texts = [a.text() for a in window.actions_.menus["file"].actions() if a.text()]
    assert texts and all(any("\u4e00" <= ch <= "\u9fff" for ch in t) for t in texts), texts
    window.set_language("en")


def test_cjk_font_is_chosen_when_installed(make_window: Callable[..., MainWindow]) -> None:
    from ascend_studio.ui._style import cjk_family

    family = cjk_family()
    if family is None:
        pytest.skip("no CJK font installed")
    make_window("zh")
    assert family in QApplication.font().families()


def test_profile_defaults_are_not_dirty(window: MainWindow) -> None:
    assert window.model.profile == Profile(release="newest")  # the app's default target
    assert not window.model.is_dirty()


def test_editor_chrome_follows_the_language(window: MainWindow) -> None:
    window.form.build_all()
    holder = editor(window, "dump_config")
    assert isinstance(holder, SubconfigEditor)
    assert holder.line.placeholderText() == "built from the fields below"
    window.set_language("zh")
    window.reveal("dump_config")  # a row out of view takes the language when back in view
    assert holder.line.placeholderText() == "由下方字段构造"
    assert window.previews.tabText(0) == "Estimator 方式"
    window.set_language("en")
    assert holder.line.placeholderText() == "built from the fields below"


def test_search_shows_how_many_parameters_match(window: MainWindow) -> None:
    count = find(window, QLabel, "filter:count")
    shown = _search(window, "hccl_timeout")
    assert count.text() == f"Matches: {len(shown)}"
    _search(window, "")
    assert count.text() == ""


def test_row_shows_effective_value_tags_tooltip_and_stays_editable(
    qtbot: Any, window: MainWindow, catalog: Catalog
) -> None:
    window.form.build_all()
    choose(find(window, QComboBox, "product"), "atlas_training")
    window.model.edit(window.model.profile.with_value("hccl_timeout", 600), "set")
    hccl = window.form.rows["hccl_timeout"]
    assert "544" in hccl.meta.text()  # rounded down to a multiple of 68
    assert catalog.param("hccl_timeout").description.en[:30] in hccl.title.toolTip()
    assert "no longer effective" in window.form.rows["graph_memory_max_size"].tags.text()
    assert "deprecated" in window.form.rows["op_debug_level"].tags.text()
    assert "experimental" in window.form.rows["experimental_config"].tags.text()
    aicore = window.form.rows["aicore_num"]
    assert aicore.property("unavailable") is True
    assert aicore.editor.isEnabled()
    pair = editor(window, "aicore_num")
    assert isinstance(pair, PairEditor)
    qtbot.keyClicks(pair.fields[0], "2")
    assert window.model.profile.values["aicore_num"] == "2"


def test_enum_values_show_their_own_availability(window: MainWindow) -> None:
    precision = editor(window, "precision_mode")
    assert isinstance(precision, EnumEditor)
    texts = [precision.combo.itemText(i) for i in range(precision.combo.count())]
    bf16 = next(t for t in texts if "allow_mix_precision_bf16" in t)
    assert "only on" in bf16  # no product named: where it holds
    choose(find(window, QComboBox, "product"), "atlas_a2")
    texts = [precision.combo.itemText(i) for i in range(precision.combo.count())]
    bf16 = next(t for t in texts if "allow_mix_precision_bf16" in t)
    assert "only on" not in bf16  # A2 is the target: available
    choose(find(window, QComboBox, "product"), "atlas_training")
    texts = [precision.combo.itemText(i) for i in range(precision.combo.count())]
    bf16 = next(t for t in texts if "allow_mix_precision_bf16" in t)
    assert "only on" in bf16 and "A2" in bf16
    precision.choose("allow_mix_precision_bf16")  # still selectable
    assert window.model.profile.values["precision_mode"] == "allow_mix_precision_bf16"
    assert window.form.rows["precision_mode"].property("severity") == "error"


def test_environment_table_editing(qtbot: Any, window: MainWindow) -> None:
    env = window.form.env
    env.name_box.setCurrentText("ASCEND_WORK_PATH")
    qtbot.mouseClick(env.add_button, Qt.MouseButton.LeftButton)
    assert window.model.profile.env == {}  # waits for its value: no error before typing
    assert env.pending() == ["ASCEND_WORK_PATH"]
    env.table.item(0, 1).setText("/数据/work")  # type: ignore[union-attr]
    assert window.model.profile.env == {"ASCEND_WORK_PATH": "/数据/work"}
    assert "export ASCEND_WORK_PATH=" in window.previews.text("sh")
    env.table.item(0, 2).setCheckState(Qt.CheckState.Checked)  # type: ignore[union-attr]
    assert window.model.profile.env == {"ASCEND_WORK_PATH": None}
    assert "unset ASCEND_WORK_PATH" in window.previews.text("sh")
    env.add_variable("1BAD")  # not a shell variable name
    env.add_variable("坏")
    assert list(window.model.profile.env) == ["ASCEND_WORK_PATH"]
    env.table.selectRow(0)
    qtbot.mouseClick(env.remove_button, Qt.MouseButton.LeftButton)
    assert window.model.profile.env == {}
    window.model.undo_stack.undo()
    assert window.model.profile.env == {"ASCEND_WORK_PATH": None}


def test_reset_category_from_the_menu_uses_the_current_category(
    window: MainWindow, dialogs: Any
) -> None:
    window.model.edit(window.model.profile.with_value("deterministic", 1), "set")
    window.nav.select_quietly("basic")
    dialogs.answer("confirm", True)
    window.actions_.reset_category.trigger()
    assert window.model.profile.values == {}


def test_folding_from_its_own_button_keeps_the_focus_there(qtbot: Any, window: MainWindow) -> None:
    """Rows change visibility with their section hidden meanwhile (one layout pass, not
    one per row), except the section holding the focus: hiding it would move the focus."""
    window.form.build_all()
    window.activateWindow()
    holder = editor(window, "dump_config")
    assert isinstance(holder, SubconfigEditor)
    holder.toggle.setFocus()
    qtbot.waitUntil(holder.toggle.hasFocus)
    holder.toggle.click()  # fold: the fields below hide
    assert not window.form.is_row_visible("dump_config.dump_path")
    assert holder.toggle.hasFocus()
    holder.toggle.click()
    assert window.form.is_row_visible("dump_config.dump_path")
    assert holder.toggle.hasFocus()


def test_a_variable_added_waits_for_its_value_and_the_name_field_stays_put(
    qtbot: Any, window: MainWindow
) -> None:
    from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit

    env = window.form.env
    window.form.scroll_to_section("__env__")
    env.add_variable("ASCEND_WORK_PATH", "/data/a")  # one there already
    top = env.name_box.mapTo(window, env.name_box.rect().topLeft())
    for name in ("RANK_SIZE", "ASCEND_DEVICE_ID"):
        env.name_box.setCurrentText(name)
        qtbot.mouseClick(env.add_button, Qt.MouseButton.LeftButton)
        assert env.name_box.mapTo(window, env.name_box.rect().topLeft()) == top  # not moved
    assert window.model.profile.env == {"ASCEND_WORK_PATH": "/data/a"}
    assert env.pending() == ["RANK_SIZE", "ASCEND_DEVICE_ID"]
    assert not window.snapshot.env_findings  # nothing flagged before a value is typed
    assert env.table.state() == QAbstractItemView.State.EditingState  # its value is open
    editor_line = QApplication.focusWidget()
    assert isinstance(editor_line, QLineEdit)
    qtbot.keyClicks(editor_line, "0")
    qtbot.keyClick(editor_line, Qt.Key.Key_Tab)  # commit and move on: no Qt warning
    assert window.model.profile.env == {"ASCEND_WORK_PATH": "/data/a", "ASCEND_DEVICE_ID": "0"}
    assert env.pending() == ["RANK_SIZE"]
    window.model.edit(window.model.profile.with_value("deterministic", 1), "elsewhere")
    assert env.pending() == ["RANK_SIZE"]  # another edit does not drop it
    assert env.table.rowCount() == 3
