"""The "why" panel: description, values, availability, rules with other values."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from ascend_studio.paths import load_artifacts
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui.why import WhyPanel, artifacts_for, why_html

BOTH_MODES = (
    Profile()
    .with_value("precision_mode", "allow_mix_precision")
    .with_value("precision_mode_v2", "mixed_float16")
)


@pytest.fixture
def panel(qtbot: QtBot, catalog: Catalog) -> WhyPanel:
    widget = WhyPanel(catalog, BOTH_MODES)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_flagged_parameter_shows_the_rule_and_the_other_value(panel: WhyPanel) -> None:
    panel.set_parameter("precision_mode")
    text = panel.text()
    assert "precision.both_modes (applies now)" in text
    assert "cannot both be set" in text
    assert "precision_mode_v2 = 'mixed_float16'" in text
    assert "Affected by: precision_mode_v2 = 'mixed_float16'" in text
    # The quiet rule is listed after the firing one, and says so.
    assert text.index("applies now") < text.index("not triggered")


def test_rule_text_follows_the_profile(panel: WhyPanel) -> None:
    panel.set_parameter("precision_mode")
    panel.set_profile(BOTH_MODES.without_value("precision_mode_v2"))
    assert "precision.both_modes (not triggered)" in panel.text()
    assert "precision_mode_v2 = unset" in panel.text()


def test_links_jump_to_the_other_parameter(qtbot: QtBot, panel: WhyPanel) -> None:
    panel.set_parameter("precision_mode")
    assert 'href="param:precision_mode_v2"' in panel.browser.toHtml()
    with qtbot.waitSignal(panel.parameter_activated) as blocker:
        panel.browser.anchorClicked.emit(QUrl("param:precision_mode_v2"))
    assert blocker.args == ["precision_mode_v2"]
    with qtbot.assertNotEmitted(panel.parameter_activated):
        panel.browser.anchorClicked.emit(QUrl("https://example.com"))


def test_values_availability_defaults_and_environment(panel: WhyPanel, catalog: Catalog) -> None:
    panel.set_profile(BOTH_MODES.with_target(product="atlas_training"))
    panel.set_parameter("precision_mode")
    text = panel.text()
    param = catalog.param("precision_mode")
    assert param.description.en in text and param.description.zh in text
    assert "Allowed values" in text and "'allow_mix_precision_bf16'" in text
    assert "only on" in text  # bf16 values are gated to A2/A3/350
    assert "Availability by product" in text
    for product in catalog.products:
        assert product.short.en in text
    assert "Documented default" in text and "'force_fp16'" in text
    assert "Effective value" in text
    assert "$ENABLE_HF32_EXECUTION" in text


def test_effective_value_shows_the_runtime_adjustment(panel: WhyPanel) -> None:
    profile = Profile(product="atlas_training").with_value("hccl_timeout", 600)
    panel.set_profile(profile)
    panel.set_parameter("hccl_timeout")
    lines = panel.text().splitlines()
    shown = lines[lines.index("Effective value") + 1]  # the table's value cell
    assert "544" in shown and "rounded" in shown


def test_artifacts_it_decides(panel: WhyPanel) -> None:
    found = {art.id: places for art, places in artifacts_for(load_artifacts(), "debug_dir")}
    assert found["kernel_meta"] is True
    gates = {art.id: places for art, places in artifacts_for(load_artifacts(), "external_weight")}
    assert gates["tmp_weight"] is False
    panel.set_parameter("debug_dir")
    assert "Output locations it decides" in panel.text()
    assert "decides its folder" in panel.text()


def test_hidden_panel_waits_until_shown(qtbot: QtBot, catalog: Catalog) -> None:
    widget = WhyPanel(catalog, BOTH_MODES)
    qtbot.addWidget(widget)
    widget.set_parameter("precision_mode")
    assert widget.browser.toPlainText() == ""  # nothing rendered while hidden
    widget.show()
    assert "precision.both_modes" in widget.browser.toPlainText()


def test_unknown_path_gives_a_hint(catalog: Catalog) -> None:
    html = why_html(catalog, load_artifacts(), Profile(), "no_such_thing", "en")
    assert "Select a parameter" in html


def test_chinese_page(
    panel: WhyPanel, use_language: Callable[[str], None], catalog: Catalog
) -> None:
    use_language("zh")
    panel.set_language("zh")
    panel.set_parameter("precision_mode")
    text = panel.text()
    assert catalog.param("precision_mode").label.zh in text
    assert "当前触发" in text and "取值范围" in text and "各产品支持情况" in text


def test_an_edit_patches_the_page_in_place(
    qtbot: QtBot, panel: WhyPanel, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Typing into the field the panel shows replaces the words that changed; the page
    is what a page set anew would be (in both languages); another parameter sets
    the page anew."""
    from PySide6.QtWidgets import QTextBrowser

    base = Profile(product="atlas_training").with_value("precision_mode", "force_fp16")
    panel.set_parameter("hccl_timeout")
    pages: list[str] = []
    original = panel.browser.setHtml
    monkeypatch.setattr(panel.browser, "setHtml", lambda page: (pages.append(page), original(page)))
    fresh = QTextBrowser()
    qtbot.addWidget(fresh)
    for lang in ("en", "zh"):
        panel.set_language(lang)
        panel.set_profile(base.with_value("hccl_timeout", 1))
        pages.clear()
        for value in (700, 768, 904, 12345):  # each rounded to a multiple of 68
            panel.set_profile(base.with_value("hccl_timeout", value))
            fresh.setHtml(why_html(catalog, panel.artifacts, panel.profile, "hccl_timeout", lang))
            assert panel.browser.toHtml() == fresh.toHtml(), (lang, value)
        assert pages == []
        assert "12345" in panel.text()
    panel.set_parameter("precision_mode")
    assert len(pages) == 1
