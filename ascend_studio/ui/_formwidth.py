"""How wide the form's rows may need to be, before most of them exist (issue 15.2).

The window paints with the first section's rows; the others are built after.
A row's minimum width is mostly its code name (one unbreakable monospace word)
and the tags beside it, so a row built later could be wider than every row
at the first paint: the form then grew a horizontal scroll bar and every row
widened (10 px at 1280x800 in English). The form reserves, from the first
paint on, the widest any row can need: the name and tags of every parameter
measured with the fonts of a built row, plus the widest rest of a built row
(label, editor, margins). ``tests/ui/test_first_paint.py`` holds it to at least
every built row's minimum width, in English and Chinese.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from functools import cache

from PySide6.QtGui import QFont, QFontInfo, QFontMetrics, QFontMetricsF

from ascend_studio.schema import Parameter
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._texts import tags_for

__all__ = ["INDENT", "TAG_GAP", "widest_row"]

#: The indent per sub-config level and the gap between the code name and the tags
#: (as ``ParamRow`` lays them out).
INDENT, TAG_GAP = 20, 8


def widest_row(rows: Mapping[str, ParamRow], params: Iterable[Parameter]) -> int:
    """The minimum width of the widest built row, or of a row still to build for one
    of ``params`` (an upper bound, measured against the built rows; 0 if none is)."""
    built = list(rows.values())
    if not built:
        return 0
    widest = max(row.minimumSizeHint().width() for row in built)
    later = [param for param in params if param.path not in rows]
    if not later:
        return widest
    rest = max(row.minimumSizeHint().width() - _built_name_line(row) for row in built)
    name_width = _measure(built[0].name.font())
    tag_width = cache(QFontMetrics(built[0].tags.font()).horizontalAdvance)
    for param in later:
        level = param.path.count(".")
        line = name_width(param.name if level else param.path) + _tags_width(param, tag_width)
        widest = max(widest, rest + INDENT * level + line)
    return widest


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


def _built_name_line(row: ParamRow) -> int:
    """The width a built row's name line (and indent) takes."""
    width = INDENT * row.level + row.name.minimumSizeHint().width()
    if not row.tags.isHidden():
        width += TAG_GAP + row.tags.minimumSizeHint().width()
    return width


def _tags_width(param: Parameter, width: Callable[[str], int]) -> int:
    """At least the tags' minimum width: their widest piece that does not wrap."""
    pieces = [piece for _kind, text in tags_for(param) for piece in text.split()]
    if not pieces:
        return 0
    return TAG_GAP + max(width(f"\xa0{piece}\xa0") for piece in pieces) + 1
