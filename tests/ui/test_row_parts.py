"""A form row's lighter parts: the painted stripe and dot, the reset button made on
first use, and the tags drawn as chips (each was a widget, or a rich-text label)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from PySide6.QtGui import QColor, QFont, QFontMetrics, QFontMetricsF, QImage
from PySide6.QtWidgets import QApplication, QToolButton, QVBoxLayout, QWidget

from ascend_studio.schema import Catalog, Text
from ascend_studio.ui._core import Finding
from ascend_studio.ui._formwidth import TAG_GAP, _tags_width
from ascend_studio.ui._row import BAR_WIDTH, MARKER, MARKER_WIDTH, ParamRow, reset_size
from ascend_studio.ui._snapshot import RowState
from ascend_studio.ui._style import COLORS, cjk_family
from ascend_studio.ui._tags import PAD, TagStrip, lay_out
from ascend_studio.ui._texts import tag_colors, tags_for

HOSTS: list[QWidget] = []  # the shown rows' parents, kept alive until the next test


def _shown_row(qtbot: Any, catalog: Catalog, path: str, width: int = 900) -> ParamRow:
    host = QWidget()
    HOSTS[:] = [host]
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    row = ParamRow(catalog.param(path), catalog)
    layout.addWidget(row)
    layout.addStretch(1)
    host.resize(width, 300)
    host.show()
    qtbot.waitExposed(host)
    layout.activate()
    return row


def _has_color(image: QImage, color: str, xs: range, ys: range) -> bool:
    wanted = QColor(color).rgb()
    return any(image.pixel(x, y) == wanted for x in xs for y in ys)


def test_the_dot_of_a_set_value_is_painted_in_its_column(qtbot: Any, catalog: Catalog) -> None:
    row = _shown_row(qtbot, catalog, "iterations_per_loop")
    cell = row._grid.cellRect(0, MARKER)
    xs, ys = range(cell.left(), cell.left() + MARKER_WIDTH), range(0, row.height())
    assert not _has_color(row.grab().toImage(), COLORS["set"], xs, ys)
    row.apply(RowState(value=10))
    assert row.property("set") is True
    image = row.grab().toImage()
    assert _has_color(image, COLORS["set"], xs, ys)
    # on the label's first line: where the old label drew it, not above the label
    title = row.title.geometry()
    assert _has_color(image, COLORS["set"], xs, range(title.top(), title.top() + 14))
    assert not _has_color(image, COLORS["set"], xs, range(0, title.top()))
    row.apply(RowState())
    assert not _has_color(row.grab().toImage(), COLORS["set"], xs, ys)


@pytest.mark.parametrize("severity", ["error", "warning", "info"])
def test_the_severity_stripe_is_painted_down_the_left_edge(
    qtbot: Any, catalog: Catalog, severity: Any
) -> None:
    row = _shown_row(qtbot, catalog, "iterations_per_loop")
    finding = Finding("R1", severity, ("iterations_per_loop",), Text.of("坏", "bad"))
    xs, ys = range(BAR_WIDTH), range(8, row.height() - 8)
    assert not _has_color(row.grab().toImage(), COLORS[severity], xs, ys)
    row.apply(RowState(findings=(finding,)))
    image = row.grab().toImage()
    assert all(image.pixel(1, y) == QColor(COLORS[severity]).rgb() for y in ys)
    assert not _has_color(image, COLORS[severity], range(BAR_WIDTH + 1, BAR_WIDTH + 4), ys)
    row.apply(RowState())
    assert not _has_color(row.grab().toImage(), COLORS[severity], xs, ys)


def test_the_reset_button_appears_in_the_room_kept_for_it(qtbot: Any, catalog: Catalog) -> None:
    """Made when the row is first set; nothing in the row moves or resizes then."""
    row = _shown_row(qtbot, catalog, "iterations_per_loop")
    assert row._reset is None  # no button for a row never set
    editor, height = row.editor.geometry(), row.height()
    row.apply(RowState(value=10))
    row.layout().activate()
    assert row._reset is not None and row.reset.isVisibleTo(row)
    assert row.reset.size() == reset_size(row)
    assert row.editor.geometry() == editor
    assert row.height() == height
    assert row.reset.geometry().left() > editor.right()
    row.apply(RowState())
    row.layout().activate()
    assert not row.reset.isVisibleTo(row)
    assert row.editor.geometry() == editor
    assert row.reset.toolTip()


def test_reset_size_is_a_tool_button_s(qtbot: Any) -> None:
    button = QToolButton()
    qtbot.addWidget(button)
    button.setText("↺")
    button.setAutoRaise(True)
    assert reset_size(button) == button.sizeHint()


def test_reset_size_follows_the_font_families(qtbot: Any) -> None:
    """Two fonts with one key (the first family) may draw "↺" from other families."""
    cjk = cjk_family()
    if cjk is None:
        pytest.skip("no CJK family installed")
    plain = QFont(QApplication.font())
    plain.setFamilies([plain.family()])
    mixed = QFont(plain)
    mixed.setFamilies([plain.family(), cjk])
    for font in (plain, mixed):
        holder, button = QWidget(), QToolButton()
        for widget in (holder, button):
            qtbot.addWidget(widget)
            widget.setFont(font)
        button.setText("↺")
        button.setAutoRaise(True)
        assert reset_size(holder) == button.sizeHint()


# -- tags -------------------------------------------------------------------------------------
TAGS = [("unavailable", "only on Atlas A2 training series"), ("note", "undocumented")]


def _strip(qtbot: Any, tags: list[tuple[str, str]]) -> TagStrip:
    strip = TagStrip()
    qtbot.addWidget(strip)
    strip.set_tags(tags)
    return strip


def test_tags_read_as_their_words(qtbot: Any) -> None:
    strip = _strip(qtbot, TAGS)
    assert "only on Atlas A2" in strip.text() and "undocumented" in strip.text()
    assert strip.accessibleName() == strip.text()
    assert strip.tags() == tuple(TAGS)


def test_tags_wrap_between_words_when_narrow(qtbot: Any) -> None:
    strip = _strip(qtbot, TAGS)
    spacing = QFontMetricsF(strip.font()).lineSpacing()
    line = math.ceil(spacing)
    wide = strip.sizeHint().width()
    assert strip.heightForWidth(wide) == line  # all on one line
    least = strip.minimumSizeHint().width()
    narrowest = strip.heightForWidth(least)
    assert narrowest >= math.ceil(spacing * 4)  # "Atlas", "A2", "training", … each start a line
    assert line < strip.heightForWidth(wide // 2) < narrowest


def test_each_tag_keeps_its_colour_and_words(qtbot: Any) -> None:
    strip = _strip(qtbot, TAGS)
    metrics = QFontMetricsF(strip.font())
    for width in (2000, 250, 120, strip.minimumSizeHint().width()):
        pieces = lay_out(tuple(TAGS), metrics, width)
        for kind, text in TAGS:
            words = " ".join(p.text for p in pieces if p.kind == kind).replace(PAD, "")
            assert words.split() == text.split(), width
        for piece in pieces:  # within the width, unless one word alone is wider
            assert piece.x + piece.width <= width + 0.5 or piece.x == 0, width


def test_tags_paint_their_colours(qtbot: Any) -> None:
    strip = _strip(qtbot, TAGS)
    strip.resize(strip.sizeHint())
    image = strip.grab().toImage()
    for kind, _text in TAGS:
        background = QColor(tag_colors(kind)[1]).rgb()
        assert any(
            image.pixel(x, y) == background
            for x in range(image.width())
            for y in range(image.height())
        ), kind


@pytest.mark.parametrize("width", [2000, 160, 90])
def test_tags_look_as_a_painter_given_each_colour_paints_them(qtbot: Any, width: int) -> None:
    """The chips are the painter's background and a note's words its first pen (no
    ``Qt`` before the first frame, ui/_qtnames.py): pixel for pixel what filling each
    chip with its colour and writing with its text colour paints, every kind, wrapped."""
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QPainter

    tags = [(kind, f"{kind} words here") for kind in ("note", "deprecated", "experimental")]
    strip = _strip(qtbot, [*tags, *TAGS])
    strip.resize(width, strip.heightForWidth(width))
    painted = strip.grab().toImage()
    expected = QImage(painted.size(), painted.format())
    expected.setDevicePixelRatio(painted.devicePixelRatio())
    expected.fill(strip.palette().color(strip.backgroundRole()))
    metrics = QFontMetricsF(strip.font())
    step, ascent = metrics.lineSpacing(), metrics.ascent()
    painter = QPainter(expected)
    painter.setFont(strip.font())
    for piece in lay_out(strip.tags(), metrics, width):
        fg, bg = tag_colors(piece.kind)
        painter.fillRect(QRectF(piece.x, piece.line * step, piece.width, step), QColor(bg))
        painter.setPen(QColor(fg))
        painter.drawText(QPointF(piece.x, piece.line * step + ascent), piece.text)
    painter.end()
    assert painted == expected


def test_no_tags_take_no_room(qtbot: Any) -> None:
    strip = _strip(qtbot, [])
    assert strip.text() == ""
    assert strip.minimumSizeHint().width() == 0 and strip.heightForWidth(300) == 0


def test_the_tags_ask_no_more_width_than_the_form_reserves(qtbot: Any, catalog: Catalog) -> None:
    """ui/_formwidth reserves, for tags, their widest word with padding: a strip asking
    more made a row built later wider than the form (a sideways scroll bar)."""
    tagged = [p for p in catalog.params if tags_for(p)]
    assert tagged
    for param in tagged:
        strip = _strip(qtbot, tags_for(param))
        reserved = _tags_width(param, QFontMetrics(strip.font()).horizontalAdvance) - TAG_GAP
        assert strip.minimumSizeHint().width() <= reserved, param.path
