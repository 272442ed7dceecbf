"""How the artifacts table shares its width between its columns (pure arithmetic).

Each text column starts as wide as its widest text, up to its share of the width,
and the chain takes the rest. A row is as tall as its tallest cell, so at a laptop's
width a name or a state one share too narrow made most rows two lines of text tall,
and a chain a little too narrow made them two lines of boxes tall: the dock showed
half the rows it could. From that start, the widths move where the rows' heights
(as these cells wrap) add up to less: a text column widened to what a row's text
needs, or the text columns narrowed (down to their least) so that a row's chain
fits on one line. The chain keeps at least :data:`CHAIN_LEAST` of the width. Where
every row already fits on one line (a wide window), nothing changes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["CHAIN_LEAST", "Heights", "RowNeeds", "box_lines", "share_widths"]

#: The least share of the width the chain keeps.
CHAIN_LEAST = 0.35
#: Between two boxes (room for the arrow), and the cell's margin on each side.
BOX_GAP = 14
_MARGIN = 2


@dataclass(frozen=True)
class RowNeeds:
    #: text column -> the width its text needs on one line (margins included).
    texts: Mapping[int, int]
    #: The chain's boxes' widths (empty: the chain cell holds ``chain_text``).
    boxes: tuple[int, ...] = ()
    chain_text: int = 0


@dataclass(frozen=True)
class Heights:
    """A line of text and a line of boxes, in px (with their gaps), and what a cell
    adds to its lines (margins)."""

    text: int
    boxes: int
    text_pad: int = 0
    boxes_pad: int = 0


def box_lines(boxes: Sequence[int], width: int) -> int:
    """How many lines the boxes take in a cell ``width`` px wide (as ``chain_boxes``
    lays them out: a box that would cross the right edge starts the next line)."""
    left, right = _MARGIN, width - _MARGIN
    lines, x = 1, left
    for number, wide in enumerate(boxes):
        box = min(wide, max(right - left, 8))
        if number and x + box > right:
            lines, x = lines + 1, left
        x += box + BOX_GAP
    return lines


def _height(row: RowNeeds, widths: Mapping[int, int], chain: int, px: Heights) -> int:
    def lines(need: int, width: int) -> int:
        return max(1, math.ceil(need / max(width, 1)))

    text = max((lines(row.texts.get(c, 0), w) for c, w in widths.items()), default=1)
    if not row.boxes:
        text = max(text, lines(row.chain_text, chain))
    height = text * px.text + px.text_pad
    if row.boxes:
        height = max(height, box_lines(row.boxes, chain) * px.boxes + px.boxes_pad)
    return height


def _total(rows: Sequence[RowNeeds], widths: Mapping[int, int], room: int, px: Heights) -> int:
    chain = room - sum(widths.values())
    return sum(_height(row, widths, chain, px) for row in rows)


def _chain_one_line(row: RowNeeds) -> int:
    if not row.boxes:
        return row.chain_text
    return sum(row.boxes) + BOX_GAP * (len(row.boxes) - 1) + 2 * _MARGIN + 1


def _trials(
    rows: Sequence[RowNeeds], widths: dict[int, int], room: int, least: Mapping[int, int]
) -> list[dict[int, int]]:
    """Widths to try: each row's texts whole, and each row's chain on one line."""
    trials = [{c: max(w, row.texts.get(c, 0)) for c, w in widths.items()} for row in rows]
    for row in rows:
        short = _chain_one_line(row) - (room - sum(widths.values()))
        spare = {c: w - least.get(c, 0) for c, w in widths.items()}
        if 0 < short <= sum(spare.values()):
            share = short / sum(spare.values())
            trials.append(
                {
                    c: max(least.get(c, 0), w - math.ceil(spare[c] * share))
                    for c, w in widths.items()
                }
            )
    return trials


def share_widths(
    room: int,
    rows: Sequence[RowNeeds],
    shares: Mapping[int, float],
    least: Mapping[int, int],
    px: Heights,
) -> dict[int, int]:
    """The text columns' widths in ``room`` px (the chain gets the rest): each its
    widest text (``least`` at least) up to its share, then moved while the ``rows``
    take less height (the chain kept at its least share)."""
    widths = {
        c: min(
            max(max((r.texts.get(c, 0) for r in rows), default=0), least.get(c, 0)), int(room * s)
        )
        for c, s in shares.items()
    }
    floor = int(room * CHAIN_LEAST)
    best = _total(rows, widths, room, px)
    for _ in range(4):  # a few rounds: each takes the best move it finds
        found = [
            (total, trial)
            for trial in _trials(rows, widths, room, least)
            if room - sum(trial.values()) >= floor
            and (total := _total(rows, trial, room, px)) < best
        ]
        if not found:
            break
        best, widths = min(found, key=lambda pair: pair[0])
    return widths
