"""The artifacts table's columns share the width so that the rows take the least
height: a text column one share too narrow is widened, a chain a little too narrow
gets the room, and where everything fits on one line nothing moves."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect

from ascend_studio.ui.inspector._delegate import chain_boxes
from ascend_studio.ui.inspector._fit import CHAIN_LEAST, Heights, RowNeeds, box_lines, share_widths

SHARES = {0: 0.18, 1: 0.22, 2: 0.11}
LEAST = {0: 40, 1: 60, 2: 40}
PX = Heights(text=15, boxes=21, text_pad=4, boxes_pad=3)


def _rows(count: int, name: int, path: int, state: int, boxes: tuple[int, ...]) -> list[RowNeeds]:
    return [RowNeeds({0: name, 1: path, 2: state}, boxes) for _ in range(count)]


def test_where_every_row_fits_the_texts_get_their_widths() -> None:
    rows = _rows(5, 200, 250, 100, (150, 150))
    assert share_widths(1900, rows, SHARES, LEAST, PX) == {0: 200, 1: 250, 2: 100}


def test_a_name_one_share_too_narrow_is_widened_when_the_chain_has_room() -> None:
    rows = _rows(5, 250, 200, 100, (120, 120))  # names need 250, the share gives 225
    widths = share_widths(1250, rows, SHARES, LEAST, PX)
    assert widths[0] == 250 and 1250 - sum(widths.values()) >= 1250 * CHAIN_LEAST


def test_a_chain_a_little_too_narrow_takes_room_from_the_texts() -> None:
    # texts at their shares leave the chain 617 px; its boxes need 680 on one line
    rows = _rows(5, 400, 400, 200, (330, 330))  # two lines of text either way
    widths = share_widths(1250, rows, SHARES, LEAST, PX)
    chain = 1250 - sum(widths.values())
    assert box_lines((330, 330), chain) == 1
    assert all(widths[c] >= LEAST[c] for c in widths)


def test_the_chain_keeps_its_least_share() -> None:
    rows = _rows(5, 900, 900, 900, (100,))
    widths = share_widths(1000, rows, SHARES, LEAST, PX)
    assert 1000 - sum(widths.values()) >= 1000 * CHAIN_LEAST


@pytest.mark.parametrize("width", [60, 200, 333, 500, 801])
def test_box_lines_counts_the_lines_chain_boxes_makes(width: int) -> None:
    boxes = [90, 150, 40, 260, 75]
    laid = chain_boxes(QRect(0, 0, width, 30), [b - 10 for b in boxes], 20, None, 3)
    assert box_lines(boxes, width) == len({box.top() for box in laid})
