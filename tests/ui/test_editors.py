"""The editor protocol, checked over every registered editor, and each editor's
own interaction (what a user does with it)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from ascend_studio.profile import Expr, Value
from ascend_studio.schema import Catalog, EnumValue, Parameter, Text, validate_entry
from ascend_studio.ui.editors import (
    BoolEditor,
    Editor,
    EnumEditor,
    ExprEditor,
    FloatEditor,
    IntEditor,
    ItemListDialog,
    JsonEditor,
    ListEditor,
    PairEditor,
    PathEditor,
    ProfilingOptionsDialog,
    StrEditor,
    SubconfigEditor,
    editor_class,
    registered,
)

T = Text(zh="测试", en="test")


def make_param(kind: str, py_type: str = "str", **extra: Any) -> Parameter:
    return validate_entry(
        Parameter,
        {
            "name": extra.pop("name", f"sample_{kind}"),
            "kind": kind,
            "py_type": py_type,
            "category": "basic",
            "section": "basic",
            "label": T,
            "description": T,
            "sources": ["test"],
            **extra,
        },
    )


def _values(*items: Any, **extra: Any) -> list[EnumValue]:
    return [EnumValue(value=v, label=T, description=T, **extra) for v in items]


#: One sample parameter and the values the contract round-trips, per editor class.
SAMPLES: dict[type[Editor], tuple[Parameter, list[Value]]] = {
    BoolEditor: (make_param("bool", "bool", default=False), [True, False]),
    IntEditor: (make_param("int", "int", minimum=0, unit="s"), [0, 544, 2147483647, -1]),
    FloatEditor: (make_param("float", "float"), [0.5, 10000.0]),
    StrEditor: (make_param("str"), ["abc", "含中文 与空格"]),
    PathEditor: (make_param("path", variant="dir"), ["/tmp/out", "relative/路径"]),
    EnumEditor: (
        make_param("enum", values=_values("a", "b"), default="a"),
        ["a", "b", "not-listed"],
    ),
    ListEditor: (make_param("str", variant="step_list", format="step_groups"), ["0|5|10-20", "7"]),
    PairEditor: (make_param("str", variant="core_pair"), ["2|4", "8|16"]),
    JsonEditor: (
        make_param("json", variant="profiling"),
        ['{"output":"/tmp/prof","task_trace":"on"}'],
    ),
    ExprEditor: (make_param("object", "object"), [Expr(expr="strategy")]),
    SubconfigEditor: (make_param("subconfig", "object"), [Expr(expr="my_dump_config")]),
}


def test_every_registered_editor_has_a_contract_sample() -> None:
    classes = set(registered().values())
    assert classes <= set(SAMPLES), classes - set(SAMPLES)


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_editor_contract(qtbot: Any, cls: type[Editor]) -> None:
    param, samples = SAMPLES[cls]
    editor = cls(param)
    qtbot.addWidget(editor)
    assert editor.objectName() == param.path
    assert isinstance(cls.coalesce, bool)
    with qtbot.assertNotEmitted(editor.value_changed):
        editor.set_value(None)
        assert editor.value() is None
        for value in samples:
            editor.set_value(value)
            assert editor.value() == value
            assert type(editor.value()) is type(value)
        editor.set_value(None)
        assert editor.value() is None
    editor.set_diagnostic("error", "broken")
    assert editor.diagnostic() == ("error", "broken")
    assert editor.property("severity") == "error"
    editor.set_diagnostic(None)
    assert editor.diagnostic() == (None, "")
    editor.set_language("zh")
    editor.set_target("atlas_a2", "training", lambda problem: problem.reason)
    editor.set_value(samples[0])
    assert editor.value() == samples[0]


def test_every_catalog_parameter_resolves_to_an_editor(qtbot: Any, catalog: Catalog) -> None:
    assert len(catalog.params) >= 88
    for param in catalog.params:
        cls = editor_class(param)
        editor = cls(param)
        qtbot.addWidget(editor)
        assert editor.value() is None, param.path


def test_variant_beats_kind_and_unknown_variant_falls_back() -> None:
    assert editor_class(make_param("str", variant="step_list")) is ListEditor
    assert editor_class(make_param("str", variant="no-such-hint")) is StrEditor
    with pytest.raises(LookupError, match="kind"):
        editor_class(dataclasses.replace(make_param("str"), kind="nothing"))


# -- what users do with each editor ------------------------------------------------------------


def emitted(editor: Editor) -> list[object]:
    """Every value ``value_changed`` carries from now on."""
    seen: list[object] = []
    editor.value_changed.connect(seen.append)
    return seen


def _make(qtbot: Any, cls: type[Editor]) -> Editor:
    editor = cls(SAMPLES[cls][0])
    qtbot.addWidget(editor)
    return editor


def test_int_editor_typing_stepping_and_clearing(qtbot: Any) -> None:
    editor = _make(qtbot, IntEditor)
    assert isinstance(editor, IntEditor)
    seen = emitted(editor)
    qtbot.keyClicks(editor.line, "42")
    assert seen == [4, 42]
    qtbot.keyClicks(editor.line, "x")  # rejected by the validator
    assert editor.line.text() == "42"
    with qtbot.waitSignal(editor.value_changed) as blocker:
        qtbot.keyClick(editor.line, Qt.Key.Key_Up)
    assert blocker.args == [43]
    editor.line.selectAll()
    with qtbot.waitSignal(editor.value_changed) as blocker:
        qtbot.keyClick(editor.line, Qt.Key.Key_Delete)
    assert blocker.args == [None]


def test_float_editor_parses_numbers(qtbot: Any) -> None:
    editor = _make(qtbot, FloatEditor)
    assert isinstance(editor, FloatEditor)
    seen = emitted(editor)
    qtbot.keyClicks(editor.line, "2.5")
    assert seen[-1] == 2.5


def test_bool_editor_click_sets_and_toggles(qtbot: Any) -> None:
    editor = _make(qtbot, BoolEditor)
    assert isinstance(editor, BoolEditor)
    assert editor.check.text() == "False"  # unset shows the default
    with qtbot.waitSignal(editor.value_changed) as blocker:
        qtbot.mouseClick(editor.check, Qt.MouseButton.LeftButton)
    assert blocker.args == [True]
    with qtbot.waitSignal(editor.value_changed) as blocker:
        qtbot.keyClick(editor.check, Qt.Key.Key_Space)  # keyboard works too
    assert blocker.args == [False]


def test_bool_editor_without_default_shows_none(qtbot: Any) -> None:
    editor = BoolEditor(make_param("bool", "bool"))
    qtbot.addWidget(editor)
    assert editor.check.checkState() == Qt.CheckState.PartiallyChecked
    with qtbot.waitSignal(editor.value_changed) as blocker:
        qtbot.mouseClick(editor.check, Qt.MouseButton.LeftButton)
    assert blocker.args == [True]


@pytest.mark.parametrize(
    ("default", "value", "state", "text"),
    [
        (None, None, Qt.CheckState.PartiallyChecked, "(unset)"),
        (True, None, Qt.CheckState.Checked, "True"),
        (False, None, Qt.CheckState.Unchecked, "False"),
        (None, True, Qt.CheckState.Checked, "True"),
        (None, False, Qt.CheckState.Unchecked, "False"),
    ],
)
def test_a_check_box_shows_each_state_from_any_other(
    qtbot: Any, default: bool | None, value: bool | None, state: Qt.CheckState, text: str
) -> None:
    """The partial mark is set without ``Qt`` (a tristate box steps to it): whatever the
    box showed before, it shows the state asked for, and a click sets the value."""
    editor = BoolEditor(make_param("bool", "bool", default=default))
    qtbot.addWidget(editor)
    for before in (None, True, False, None, value):
        editor.set_value(before)
    assert (editor.check.checkState(), editor.check.text()) == (state, text)
    assert editor.value() == value
    expected = state != Qt.CheckState.Checked  # a click: partial and unchecked go to checked
    with qtbot.waitSignal(editor.value_changed) as blocker:
        editor.check.click()
    assert blocker.args == [expected]
    assert editor.check.checkState() == (
        Qt.CheckState.Checked if expected else Qt.CheckState.Unchecked
    )


def test_str_and_expr_editors(qtbot: Any) -> None:
    text = _make(qtbot, StrEditor)
    assert isinstance(text, StrEditor)
    with qtbot.waitSignal(text.value_changed) as blocker:
        qtbot.keyClicks(text.line, "x")
    assert blocker.args == ["x"]
    expr = _make(qtbot, ExprEditor)
    assert isinstance(expr, ExprEditor)
    qtbot.keyClicks(expr.line, "args.mode")
    assert expr.value() == Expr(expr="args.mode")


def test_enum_editor_choice_default_tag_and_value_availability(qtbot: Any) -> None:
    param = make_param(
        "enum",
        values=[
            EnumValue(value="fp16", label=T, description=T),
            EnumValue(value="bf16", label=T, description=T, products=("atlas_a2",)),
            EnumValue(value="hif8", label=T, description=T, supported=False),
        ],
        default="fp16",
    )
    editor = EnumEditor(param)
    qtbot.addWidget(editor)
    assert "default" in editor.combo.itemText(1)
    editor.set_target("atlas_training", "training", lambda p: f"NO:{p.reason}")
    assert "NO:product" in editor.combo.itemText(2)
    assert "NO:unsupported" in editor.combo.itemText(3)
    assert "NO:" not in editor.combo.itemText(1)
    editor.set_target("atlas_a2", "training", lambda p: f"NO:{p.reason}")
    assert "NO:" not in editor.combo.itemText(2)
    with qtbot.waitSignal(editor.value_changed) as blocker:
        editor.combo.setFocus()
        qtbot.keyClick(editor.combo, Qt.Key.Key_Down)
    assert blocker.args == ["fp16"]
    with qtbot.waitSignal(editor.value_changed) as blocker:
        editor.choose(None)
    assert blocker.args == [None]


def test_enum_labels_are_made_again_only_when_they_change(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row's combo box was relabelled three times while it was built (its own
    constructor, the row's language, the form's target): now only when a value's
    problem or the language changed."""
    param = make_param(
        "enum",
        values=[
            EnumValue(value="fp16", label=T, description=T),
            EnumValue(value="bf16", label=T, description=T, products=("atlas_a2",)),
        ],
    )
    editor = EnumEditor(param)
    qtbot.addWidget(editor)
    made: list[str] = []
    original = EnumEditor._relabel
    monkeypatch.setattr(EnumEditor, "_relabel", lambda self: made.append("x") or original(self))
    editor.set_language("en")  # what the labels are in already
    editor.set_target("atlas_a2", "training", lambda p: f"NO:{p.reason}")  # no problem
    assert made == []
    editor.set_target("atlas_training", "training", lambda p: f"NO:{p.reason}")
    assert made == ["x"] and "NO:product" in editor.combo.itemText(2)
    editor.set_target("atlas_training", "inference", lambda p: f"NO:{p.reason}")
    assert made == ["x"]  # the same problems
    editor.set_language("zh")
    assert made == ["x", "x"]
    editor.set_target("atlas_a2", "training", lambda p: f"NO:{p.reason}")
    assert made == ["x", "x", "x"] and "NO:" not in editor.combo.itemText(2)


def test_open_enum_accepts_other_values(qtbot: Any) -> None:
    param = make_param("enum", "int", values=_values(0, 1), open_enum=True)
    editor = EnumEditor(param)
    qtbot.addWidget(editor)
    editor.set_value(7)
    assert editor.other.isVisibleTo(editor)
    assert editor.value() == 7
    seen = emitted(editor)
    qtbot.keyClicks(editor.other, "2")
    assert seen == [72]


def test_path_editor_browse_and_hint(qtbot: Any, dialogs: Any, tmp_path: Any) -> None:
    editor = _make(qtbot, PathEditor)
    assert isinstance(editor, PathEditor)
    dialogs.answer("choose_path", str(tmp_path))
    with qtbot.waitSignal(editor.value_changed) as blocker:
        qtbot.mouseClick(editor.browse, Qt.MouseButton.LeftButton)
    assert blocker.args == [str(tmp_path)]
    assert editor.hint is None
    editor.set_value("relative/dir")
    assert editor.hint is not None and editor.hint[0] == "info"
    editor.set_value("bad\nname")
    assert editor.hint is not None and editor.hint[0] == "error"


def test_list_editor_items_dialog(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    editor = _make(qtbot, ListEditor)
    assert isinstance(editor, ListEditor)
    editor.set_value("0|5")

    def accept_with_extra(dialog: ItemListDialog) -> int:
        dialog._add("10-20")
        return int(QDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(ItemListDialog, "exec", accept_with_extra)
    with qtbot.waitSignal(editor.value_changed) as blocker:
        qtbot.mouseClick(editor.edit_items, Qt.MouseButton.LeftButton)
    assert blocker.args == ["0|5|10-20"]
    editor.set_value("0|x")
    assert editor.line.property("invalid") is True


def test_pair_editor_one_field_per_slot(qtbot: Any) -> None:
    editor = _make(qtbot, PairEditor)
    assert isinstance(editor, PairEditor)
    assert len(editor.fields) == 2
    seen = emitted(editor)
    qtbot.keyClicks(editor.fields[0], "2")
    qtbot.keyClicks(editor.fields[1], "4")
    assert seen == ["2", "2|4"]
    editor.set_value("1|2|3")  # malformed: kept whole, not lost
    assert editor.value() == "1|2|3"


def test_profiling_options_structured_editing(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    editor = _make(qtbot, JsonEditor)
    assert isinstance(editor, JsonEditor)
    editor.set_value('{"output":"/tmp/p","custom_key":"kept"}')

    def choose(dialog: ProfilingOptionsDialog) -> int:
        dialog.fields["task_trace"].setCurrentText("on")  # type: ignore[union-attr]
        dialog.fields["output"].setText("/data/prof")  # type: ignore[union-attr]
        return int(QDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(ProfilingOptionsDialog, "exec", choose)
    with qtbot.waitSignal(editor.value_changed) as blocker:
        qtbot.mouseClick(editor.structured, Qt.MouseButton.LeftButton)
    data = json.loads(blocker.args[0])
    assert data == {"output": "/data/prof", "custom_key": "kept", "task_trace": "on"}
    editor.set_value("{broken")
    assert editor.line.property("invalid") is True


def test_subconfig_editor_folds(qtbot: Any) -> None:
    editor = _make(qtbot, SubconfigEditor)
    assert isinstance(editor, SubconfigEditor)
    with qtbot.waitSignal(editor.expanded_changed) as blocker:
        qtbot.mouseClick(editor.toggle, Qt.MouseButton.LeftButton)
    assert blocker.args == [False]


def test_a_long_expression_shows_its_start_and_end_never_only_its_end(qtbot: Any) -> None:
    editor = _make(qtbot, ExprEditor)
    assert isinstance(editor, ExprEditor)
    text = '"True" == os.getenv("FLAG_ENABLE_DUMP")'
    editor.set_value(Expr(expr=text))
    editor.resize(180, 30)
    editor.show()
    qtbot.waitExposed(editor)
    line = editor.line
    shown = line.shown_text()  # type: ignore[attr-defined]
    assert shown != text and "…" in shown
    assert shown.startswith('"True" ==') and shown.endswith('")'), shown
    assert line.toolTip() == text  # the whole text one hover away
    assert not line.grab().isNull()  # painted elided
    line.setFocus()
    qtbot.waitUntil(line.hasFocus)
    assert line.shown_text() == text  # type: ignore[attr-defined]  # editing shows it all
    editor.resize(600, 30)
    line.clearFocus()
    qtbot.waitUntil(lambda: not line.hasFocus())
    assert line.shown_text() == text  # type: ignore[attr-defined]  # room: nothing elided
