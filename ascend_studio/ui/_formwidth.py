"""How wide the form's rows may need to be, before most of them exist.

The window paints with the first section's rows; the others are built after.
A row's minimum width is mostly its code name (one unbreakable monospace word)
and the tags beside it, so a row built later could be wider than every row at
the first paint: the form then grew a horizontal scroll bar and every row
widened (10 px at 1280x800 in English). The form holds, from the first paint
on, the widest any row can need: every parameter's name and tags measured in a
built row's fonts, plus the rest of a row as ``ParamRow`` lays it out (margins,
severity bar, marker, the editor at its minimum width and the reset button).
Nothing here asks a row for its size hints: before the first show that took a
layout pass per row (about 28 ms for the first rows), thrown away when the
window was shown. ``tests/ui/test_first_paint.py`` holds the result to at least
every built row's minimum width, in English and Chinese, and to within 60 px.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

from PySide6.QtGui import QFont, QFontInfo, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QGridLayout

from ascend_studio.schema import Parameter
from ascend_studio.ui._row import BAR_WIDTH, MARKER_WIDTH, ParamRow, reset_size
from ascend_studio.ui._tags import least_width
from ascend_studio.ui._texts import tags_for

__all__ = ["INDENT", "TAG_GAP", "widest_row"]

#: The indent per sub-config level and the gap between the code name and the tags
#: (as ``ParamRow`` lays them out).
INDENT, TAG_GAP = 20, 8


def widest_row(rows: Mapping[str, ParamRow], params: Iterable[Parameter]) -> int:
    """An upper bound of the minimum width of a row for any of ``params``, measured
    in the fonts of a built row (0 while none is built)."""
    row = next(iter(rows.values()), None)
    if row is None:
        return 0
    rest = _rest(row)
    name_width = _measure(row.name.font())
    tag_width = _memo(QFontMetrics(row.tags.font()).horizontalAdvance)
    widest = 0
    for param in params:
        level = param.path.count(".")
        line = name_width(param.name if level else param.path) + _tags_width(param, tag_width)
        widest = max(widest, rest + INDENT * level + line)
    return widest


def _rest(row: ParamRow) -> int:
    """A top-level row's width besides its name line: its margins, the severity bar,
    the marker, the editor at its minimum width beside the reset button, and the
    gaps between those four columns."""
    grid = row.layout()
    assert isinstance(grid, QGridLayout)
    margins = grid.contentsMargins()
    editor = row.editor.minimumWidth() + row.editor_box.spacing() + reset_size(row).width()
    fixed = BAR_WIDTH + MARKER_WIDTH + 3 * grid.horizontalSpacing()
    return margins.left() + margins.right() + fixed + editor


def _measure(font: QFont) -> Callable[[str], int]:
    """The width of a code name in ``font`` (a label's minimum: 1 px more than the text):
    counted in characters for a fixed-pitch font, about 100 of them per window."""
    metrics = QFontMetrics(font)
    if not QFontInfo(font).fixedPitch():
        return lambda text: metrics.horizontalAdvance(text) + 1
    step = QFontMetricsF(font).horizontalAdvance("x")
    return lambda text: (
        math.ceil(len(text) * step) + 1 if text.isascii() else metrics.horizontalAdvance(text) + 1
    )


def _memo(measure: Callable[[str], int]) -> Callable[[str], int]:
    """``measure`` once per text (functools.cache on a Qt method loads PySide's signature
    machinery for its docstring: 30 ms)."""
    seen: dict[str, int] = {}

    def width(text: str) -> int:
        if text not in seen:
            seen[text] = measure(text)
        return seen[text]

    return width


def _tags_width(param: Parameter, width: Callable[[str], int]) -> int:
    """At least the tags' minimum width: their widest piece that does not wrap."""
    least = least_width([text for _kind, text in tags_for(param)], width)
    return TAG_GAP + least if least else 0
