"""The path-priority inspector: chains, context, env files, layout, jumping to fields."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from inspect_fakes import WORK, Dialogs
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from ascend_studio.paths import Context, Environment, resolve
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui.inspector import (
    CHAIN_COLUMN,
    PATH_COLUMN,
    STATE_ROLE,
    STATUS_COLUMN,
    InspectorView,
    PathChainModel,
)


def _row(view: InspectorView, artifact: str) -> int:
    return view.model.row_of(artifact)


def _cell(view: InspectorView, artifact: str, column: int) -> str:
    return str(view.model.index(_row(view, artifact), column).data())


def _states(view: InspectorView, artifact: str) -> list[tuple[str, str]]:
    parent = view.model.index(_row(view, artifact), 0)
    return [
        (
            str(view.model.index(r, 0, parent).data()),
            str(view.model.index(r, 0, parent).data(STATE_ROLE)),
        )
        for r in range(view.model.rowCount(parent))
    ]


@pytest.mark.slow
def test_model_passes_qtmodeltester(qtmodeltester: object, catalog: Catalog) -> None:
    model = PathChainModel()
    profile = Profile().with_value("debug_dir", "/d")
    env = Environment.build(typed={"ASCEND_WORK_PATH": WORK})
    model.set_resolutions(resolve(profile, env, Context(cwd="/job", pid=7), catalog))
    qtmodeltester.check(model)  # type: ignore[attr-defined]
    # A refresh with the same shape (dataChanged only) and a reset with a new shape.
    model.set_resolutions(resolve(Profile(), None, None, catalog))
    model.set_resolutions(resolve(Profile(), None, None, catalog)[:3])
    qtmodeltester.check(model)  # type: ignore[attr-defined]


def test_debug_dir_and_work_path_decide_kernel_meta(qtbot: QtBot, view: InspectorView) -> None:
    view.context_editor.set_field("cwd", "/home/u/job")
    assert _cell(view, "kernel_meta", PATH_COLUMN) == "/home/u/job/kernel_meta"
    assert ("default", "winner") in _states(view, "kernel_meta")

    qtbot.keyClicks(view.context_editor.work_path.edit, WORK)
    assert _cell(view, "kernel_meta", PATH_COLUMN) == f"{WORK}/kernel_meta"
    assert _states(view, "kernel_meta") == [
        ("debug_dir", "unset"),
        ("$ASCEND_WORK_PATH", "winner"),
        ("default", "shadowed"),
    ]

    view.set_profile(Profile().with_value("debug_dir", "/data/debug"))
    assert _cell(view, "kernel_meta", PATH_COLUMN) == "/data/debug"
    assert _states(view, "kernel_meta") == [
        ("debug_dir", "winner"),
        ("$ASCEND_WORK_PATH", "shadowed"),
        ("default", "shadowed"),
    ]
    parent = view.model.index(_row(view, "kernel_meta"), 0)
    assert view.model.index(1, 0, parent).data(Qt.ItemDataRole.FontRole).strikeOut()
    assert view.model.index(0, 0, parent).data(Qt.ItemDataRole.FontRole).bold()


def test_loading_an_env_script_feeds_the_chains(
    qtbot: QtBot, view: InspectorView, tmp_path: Path
) -> None:
    script = tmp_path / "run env.sh"
    script.write_text(
        f"export ASCEND_WORK_PATH={WORK}\nexport ASCEND_PROCESS_LOG_PATH='/logs/中文 目录'\n"
        "if [ -n x ]; then echo nope; fi\n",
        encoding="utf-8",
    )
    with qtbot.waitSignal(view.context_editor.context_changed):
        view.context_editor.load_env_file(script)
    assert _cell(view, "log", PATH_COLUMN) == "/logs/中文 目录"
    assert _cell(view, "atrace", PATH_COLUMN) == f"{WORK}/atrace"
    parent = view.model.index(_row(view, "log"), 0)
    assert "run env.sh" in str(view.model.index(0, STATUS_COLUMN, parent).data())
    assert "run env.sh" in view.context_editor.sources.text()
    # A typed value overrides the file; forgetting the file falls back.
    view.context_editor.set_typed({"ASCEND_WORK_PATH": "/typed"})
    assert _cell(view, "atrace", PATH_COLUMN) == "/typed/atrace"
    view.context_editor.set_typed({})
    view.context_editor.clear_loaded()
    assert _cell(view, "atrace", PATH_COLUMN) == "$HOME/ascend/atrace"


def test_process_environment_is_optional(
    view: InspectorView, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASCEND_WORK_PATH", "/from/process")
    assert _cell(view, "printf", PATH_COLUMN) != "/from/process/printf"
    view.context_editor.set_use_process(True)
    assert _cell(view, "printf", PATH_COLUMN) == "/from/process/printf"
    assert "/from/process" in view.context_editor.work_path.edit.placeholderText()
    view.context_editor.set_use_process(False)
    assert _cell(view, "printf", PATH_COLUMN) != "/from/process/printf"


def test_unknown_placeholders_stay_visible_until_known(view: InspectorView) -> None:
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    assert _cell(view, "fusion_result", PATH_COLUMN) == f"{WORK}/FE/${{pid}}/fusion_result.json"
    row = _row(view, "fusion_result")
    tip = str(view.model.index(row, PATH_COLUMN).data(Qt.ItemDataRole.ToolTipRole))
    assert "${pid}" in tip
    view.context_editor.set_field("pid", "4242")
    assert _cell(view, "fusion_result", PATH_COLUMN) == f"{WORK}/FE/4242/fusion_result.json"


def test_artifacts_not_produced_say_so(view: InspectorView) -> None:
    assert _cell(view, "data_dump", STATUS_COLUMN) == "not produced"
    row = _row(view, "data_dump")
    reason = view.model.index(row, STATUS_COLUMN).data(Qt.ItemDataRole.ToolTipRole)
    assert "enable_dump" in str(reason)
    view.set_profile(
        Profile()
        .with_value("dump_config.enable_dump", True)
        .with_value("dump_config.dump_path", "/dumps")
    )
    assert _cell(view, "data_dump", STATUS_COLUMN) == "produced"
    assert _cell(view, "data_dump", PATH_COLUMN).startswith("/dumps")


def test_selecting_a_parameter_layer_jumps_to_it(qtbot: QtBot, view: InspectorView) -> None:
    parent = view.model.index(_row(view, "kernel_meta"), 0)
    view.chains.expand(parent)
    with qtbot.waitSignal(view.parameter_activated) as blocker:
        view.chains.setCurrentIndex(view.model.index(0, 0, parent))
    assert blocker.args == ["debug_dir"]
    with qtbot.assertNotEmitted(view.parameter_activated):
        view.chains.setCurrentIndex(view.model.index(1, 0, parent))
        view.context_editor.set_field("cwd", "/elsewhere")  # a refresh does not re-emit


def test_clicking_a_box_in_the_chain_jumps_to_the_parameter(
    qtbot: QtBot, view: InspectorView
) -> None:
    qtbot.waitExposed(view)
    index = view.model.index(_row(view, "kernel_cache"), CHAIN_COLUMN)
    view.chains.scrollTo(index)
    option = QStyleOptionViewItem()
    option.rect = view.chains.visualRect(index)
    option.font = view.chains.font()
    boxes = view.delegate.box_rects(option, index)
    assert len(boxes) == 3
    with qtbot.waitSignal(view.parameter_activated) as blocker:
        qtbot.mouseClick(view.chains.viewport(), Qt.MouseButton.LeftButton, pos=boxes[0].center())
    assert blocker.args == ["op_compiler_cache_dir"]
    with qtbot.assertNotEmitted(view.parameter_activated):
        qtbot.mouseClick(view.chains.viewport(), Qt.MouseButton.LeftButton, pos=boxes[1].center())


def test_resolved_path_is_copyable(qtbot: QtBot, view: InspectorView) -> None:
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    view.select_artifact("log")
    assert view.path_field.text() == f"{WORK}/log"
    assert view.path_field.isReadOnly()
    view.copy_path()
    assert QGuiApplication.clipboard().text() == f"{WORK}/log"


def test_directory_layout_lists_artifacts_by_folder(view: InspectorView) -> None:
    view.context_editor.set_typed({"ASCEND_WORK_PATH": WORK})
    model = view.layout_model
    tops = [model.item(r, 0).text() for r in range(model.rowCount())]
    assert WORK in tops  # /, data, wp, ... folded into one node
    node = model.item(tops.index(WORK), 0)
    children = {node.child(r, 0).text() for r in range(node.rowCount())}
    assert {"log", "atrace", "printf"} <= children
    log = next(node.child(r, 0) for r in range(node.rowCount()) if node.child(r, 0).text() == "log")
    assert log.child(0, 0).text() == view.resolution("log").artifact.name.en
    before = sum(1 for _ in _walk(model.invisibleRootItem()))
    view.unproduced_box.setChecked(True)
    assert sum(1 for _ in _walk(model.invisibleRootItem())) > before


def _walk(item: object) -> list[object]:
    found = []
    for r in range(item.rowCount()):  # type: ignore[attr-defined]
        child = item.child(r, 0)  # type: ignore[attr-defined]
        found += [child, *_walk(child)]
    return found


def test_work_path_validator_reports_inline(
    qtbot: QtBot, view: InspectorView, tmp_path: Path
) -> None:
    field = view.context_editor.work_path
    qtbot.keyClicks(field.edit, "/data/my work#1")
    assert [i.code for i in field.issues if i.severity == "error"] == ["bad_char"]
    assert "U+0023" in field.report.text() and "U+0020" in field.report.text()
    good = tmp_path / "172.16.1.12_01_03"
    good.mkdir()
    field.edit.clear()
    qtbot.keyClicks(field.edit, str(good))
    assert field.issues == []
    assert "Valid work path" in field.report.text()
    field.edit.clear()
    qtbot.keyClicks(field.edit, "x")
    field.edit.clear()
    field.edit.textEdited.emit("")
    assert "ASCEND_WORK_PATH" not in view.context_editor.typed()


def test_language_switch_renders_chinese(
    view: InspectorView, use_language: Callable[[str], None]
) -> None:
    use_language("zh")
    changed: list[object] = []
    relaid: list[object] = []
    view.model.dataChanged.connect(lambda *args: changed.append(args))
    view.model.layoutChanged.connect(lambda *args: relaid.append(args))
    view.set_language("zh")
    # one relayout of the tree, not a row-by-row re-measure of every wrapped cell
    assert (len(changed), len(relaid)) == (0, 1)
    header = view.model.headerData(PATH_COLUMN, Qt.Orientation.Horizontal)
    assert header == "最终路径"
    assert _cell(view, "kernel_meta", 0) == view.resolution("kernel_meta").artifact.name.zh
    assert view.copy_button.text() == "复制路径"
    use_language("en")
    view.set_language("en")
    assert view.copy_button.text() == "Copy path"


def test_empty_model_has_no_children(catalog: Catalog) -> None:
    model = PathChainModel()
    assert model.rowCount() == 0
    assert model.layers_at(QModelIndex()) == ()
    assert model.layer_at(QModelIndex()) is None


def test_cluster_helper_plans_and_writes_scripts(
    qtbot: QtBot, view: InspectorView, tmp_path: Path, dialogs: Dialogs
) -> None:
    view.context_editor.set_typed({"ASCEND_WORK_PATH": "/repo/task001/172.16.1.12"})
    dialog = view.open_cluster_helper()
    qtbot.addWidget(dialog)
    assert dialog.base.text() == "/repo/task001"
    dialog.set_input(
        "/repo/task001",
        "ip,vm,container\n172.16.1.12,01,03\n172.16.1.12,01,03\n300.1.1.1\n10.0.0.5\n",
    )
    plan = dialog.plan.toPlainText()
    assert "/repo/task001/172.16.1.12_01_03" in plan and "/repo/task001/10.0.0.5" in plan
    assert "Lines 2, 3 give the same folder" in plan
    assert "Line 4:" in plan
    out = tmp_path / "scripts"
    written = dialog.save_to(out)
    assert sorted(p.name for p in written) == sorted(dialog.plan_result.scripts)
    first = written[0]
    first.write_text("# edited by hand\n", encoding="utf-8")
    dialogs.answer("confirm", False)
    assert not dialog.save_interactively(str(out))
    assert first.read_text(encoding="utf-8") == "# edited by hand\n"
    dialogs.answer("confirm", True)
    dialogs.answer("show_info", None)
    assert dialog.save_interactively(str(out))
    assert "export ASCEND_WORK_PATH=" in first.read_text(encoding="utf-8")
    assert [name for name, _ in dialogs.calls][-1] == "show_info"
    dialog.set_input("bad base!", "10.0.0.5")
    assert not dialog.save_button.isEnabled()


def test_disagreeing_sources_show_every_reading(view: InspectorView) -> None:
    res = view.resolution("exception_dump_mode2")
    assert len(res.variants) == 2
    assert _cell(view, "exception_dump_mode2", STATUS_COLUMN).endswith("· sources disagree")
    row = _row(view, "exception_dump_mode2")
    tip = str(view.model.index(row, STATUS_COLUMN).data(Qt.ItemDataRole.ToolTipRole))
    lines = tip.splitlines()
    shown = next(v for v in res.variants if v.default)
    other = next(v for v in res.variants if not v.default)
    assert f"▶ {shown.label.en}: {shown.path}" in lines
    assert any(line.startswith(f"• {other.label.en}") for line in lines)
    assert "sources disagree" not in _cell(view, "log", STATUS_COLUMN)


def test_unchanged_resolutions_emit_nothing(qtbot: QtBot, catalog: Catalog) -> None:
    model = PathChainModel()
    found = resolve(Profile(), None, None, catalog)
    assert model.set_resolutions(found)
    with qtbot.assertNotEmitted(model.dataChanged), qtbot.assertNotEmitted(model.modelReset):
        assert not model.set_resolutions(resolve(Profile(), None, None, catalog))
    moved = resolve(Profile().with_value("debug_dir", "/x"), None, None, catalog)
    with qtbot.waitSignal(model.dataChanged) as blocker:
        assert model.set_resolutions(moved)
    assert blocker.args[0].row() == model.row_of("kernel_meta")


def test_hidden_inspector_waits_until_shown(qtbot: QtBot, catalog: Catalog) -> None:
    widget = InspectorView(catalog, Profile())
    qtbot.addWidget(widget)
    assert widget.model.rowCount() == 0  # nothing resolved while hidden
    widget.set_profile(Profile().with_value("debug_dir", "/x"))
    assert widget.model.rowCount() == 0
    widget.show()
    assert widget.model.resolution(widget.model.row_of("kernel_meta")).path == "/x"
