"""A language switch: one font order for both languages, and every text translated,
the diagnostics entries scrolled into view later included."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtGui import QFont, QTextLayout
from PySide6.QtWidgets import QApplication

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui import _style
from ascend_studio.ui._diaglist import Entry
from ascend_studio.ui._style import cjk_family, language_font
from ascend_studio.ui._window import MainWindow


def _needs_cjk() -> str:
    family = cjk_family()
    if family is None:
        pytest.skip("no CJK font installed")
    return family


def _family_drawing(font: QFont, text: str, char: str) -> str:
    """The family whose glyphs draw ``char`` of ``text`` set in ``font``."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    at = text.index(char)
    for run in layout.glyphRuns(at, 1):
        return str(run.rawFont().familyName())
    return ""


def test_both_languages_share_one_font_order_with_the_cjk_family_second(qapp: Any) -> None:
    """The UI font first, the CJK family after it, in both languages: a switch leaves
    the application font alone; Han characters come from the CJK family in English
    text too, and Latin letters are drawn in Chinese text as in English text."""
    cjk = _needs_cjk()
    base = QApplication.font()
    zh, en = language_font(base, "zh"), language_font(base, "en")
    assert zh.families() == en.families()
    assert zh.families()[-1] == cjk
    for text in ("Batch 批量 size", "批量 Batch，大小 size"):
        for char in text.replace(" ", ""):
            assert _family_drawing(zh, text, char) == _family_drawing(en, text, char)
        assert _family_drawing(en, text, "批") == cjk


def test_a_ui_font_with_han_of_its_own_keeps_the_cjk_family_first_for_chinese(
    qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Japanese desktop's UI font draws Han characters in Japanese forms: Chinese
    text then takes the CJK family first, as before."""
    cjk = _needs_cjk()
    monkeypatch.setattr(_style, "_has_han", lambda _family: True)
    base = QApplication.font()
    assert language_font(base, "zh").families()[0] == cjk
    assert language_font(base, "en").families()[-1] == cjk


def test_a_switch_leaves_the_application_font_alone(
    make_window: Callable[..., MainWindow],
) -> None:
    _needs_cjk()
    window = make_window("en")
    before = QApplication.font().families()
    window.set_language("zh")
    assert QApplication.font().families() == before
    window.set_language("en")
    assert QApplication.font().families() == before


def _every_value(catalog: Catalog) -> Profile:
    values: dict[str, Any] = {}
    for param in catalog.params:
        if param.kind in {"subconfig", "object"}:
            continue
        if param.default is not None:
            values[param.path] = param.default
        elif param.values:
            values[param.path] = param.values[0].value
        else:
            values[param.path] = {"int": 1, "float": 1.0, "bool": True}.get(param.py_type, "x")
    return Profile(product="atlas_training", values=values)


def test_entries_scrolled_into_view_after_a_switch_are_translated(
    make_window: Callable[..., MainWindow], catalog: Catalog
) -> None:
    """About a hundred findings, the list scrolled from top to bottom after switching
    to Chinese and back: every entry that comes into view shows its text in the
    language shown, at the height that text needs."""
    window = make_window("en")
    window.model.edit(_every_value(catalog), "every value")
    listed = window.diagnostics
    assert listed.count() > 50
    for lang, marker in (("zh", True), ("en", False)):
        window.set_language(lang)
        bar = listed.verticalScrollBar()
        value = 0
        while True:
            bar.setValue(value)
            listed.doItemsLayout()
            area = listed.viewport().rect()
            width = listed.viewport().width()
            for row in range(listed.count()):
                item = listed.item(row)
                if not listed.visualItemRect(item).intersects(area):
                    continue
                entry = listed.itemWidget(item)
                assert isinstance(entry, Entry)
                words = entry.plain_text()
                chinese = any("\u4e00" <= ch <= "\u9fff" for ch in words)
                assert chinese == marker, (lang, row, words)
                assert item.sizeHint().height() == entry.heightForWidth(width)
            if value >= bar.maximum():
                break
            value += max(bar.pageStep(), 1)
        bar.setValue(0)
