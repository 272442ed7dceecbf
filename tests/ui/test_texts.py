"""The form's own HTML escaping (ui/_texts.escape) is the standard library's."""

from __future__ import annotations

import html

from hypothesis import given
from hypothesis import strategies as st

from ascend_studio.ui._texts import escape, tag_html


@given(st.text())
def test_escape_is_html_escape(text: str) -> None:
    assert escape(text) == html.escape(text)


def test_escape_of_markup_and_entities() -> None:
    text = """<b>"a" & 'b'</b> &amp; &lt;"""
    assert escape(text) == html.escape(text)
    assert escape("精度模式 → fp16") == "精度模式 → fp16"
    assert "&lt;script&gt;" in tag_html("note", "<script>")
