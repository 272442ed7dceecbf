"""The toolbar's surface box: TF Adapter 2.x's options in the form, its export in front."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox

from ascend_studio.profile import Profile
from ascend_studio.ui._window import MainWindow


def test_the_box_offers_every_surface() -> None:
    from ascend_studio.profile import SURFACES
    from ascend_studio.ui._actions import SURFACE_TEXT

    assert tuple(SURFACE_TEXT) == (None, *SURFACES)


def choose(window: MainWindow, surface: str | None) -> None:
    box = window.controls.surface
    box.setCurrentIndex(box.findData(surface))
    box.activated.emit(box.currentIndex())


def test_choosing_tf2_shows_its_options_and_undoes(window: MainWindow) -> None:
    assert "overflow_flag" not in window.form.rows and "hccl_timeout" in window.form.rows
    choose(window, "tf2")
    assert window.model.profile.surface == "tf2"
    window.form.build_all()
    assert "overflow_flag" in window.form.rows  # a 2.x-only option
    assert "hccl_timeout" not in window.form.rows  # NPURunConfig only
    assert window.previews.currentWidget() is window.previews.tabs["tf2"]
    assert window.nav.item_for("estimator").isHidden()
    window.model.undo_stack.undo()
    assert window.model.profile.surface is None
    window.form.build_all()
    assert "hccl_timeout" in window.form.rows and "overflow_flag" not in window.form.rows
    assert not window.nav.item_for("estimator").isHidden()


def test_value_lists_follow_the_surface(window: MainWindow) -> None:
    path = "dynamic_input_config.dynamic_node_type"

    def choices() -> list[object]:
        window.form.build_all()
        editor: Any = window.form.rows[path].editor
        combo = editor.combo
        assert isinstance(combo, QComboBox)
        return editor._values[1:]  # index 0 is "unset"

    assert choices() == [0, 1]
    choose(window, "tf2")
    assert choices() == ["0"]


def test_an_edit_on_a_2x_only_option_goes_into_the_profile(window: MainWindow) -> None:
    window.model.replace(Profile(surface="tf2"), None, saved=Profile(surface="tf2"))
    window.form.build_all()
    row = window.form.rows["overflow_flag"]
    row.edited.emit("overflow_flag", 0, False)
    assert window.model.profile.values == {"overflow_flag": 0}
    assert "options.overflow_flag = 0" in window.previews.text("tf2")


def test_a_finding_without_a_row_on_tf2_does_not_break_reveal(window: MainWindow) -> None:
    choose(window, "tf2")
    window.form.reveal("hccl_timeout")  # no row on this surface: nothing happens


def shown_preview(window: MainWindow) -> str:
    page: Any = window.previews.currentWidget()
    return str(page.fmt)


def test_each_surface_brings_its_own_code_to_the_front(window: MainWindow) -> None:
    assert shown_preview(window) == "py"
    choose(window, "sess")
    assert shown_preview(window) == "sess"
    choose(window, "estimator")
    assert shown_preview(window) == "py"
    choose(window, "tf2")
    assert shown_preview(window) == "tf2"
    choose(window, None)  # TF Adapter 1.x, way not named: the 2.x code is no answer
    assert shown_preview(window) == "py"


def test_a_sess_run_profile_opens_on_the_sess_run_preview(window: MainWindow) -> None:
    sess = Profile(surface="sess", values={"precision_mode": "allow_mix_precision"})
    window.model.replace(sess, None, saved=sess)
    assert shown_preview(window) == "sess"
    assert 'parameter_map["precision_mode"]' in window.previews.text("sess")


def test_a_chosen_tab_stays_while_the_surface_stays(window: MainWindow) -> None:
    choose(window, "sess")
    window.previews.show_format("sh")
    window.model.edit(window.model.profile.with_value("precision_mode", "force_fp16"), "edit")
    assert shown_preview(window) == "sh"
