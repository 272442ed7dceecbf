"""The places and sizes the window's shell decides before its first paint.

The shell paints before the previews, the diagnostics list and the docks' views
exist; stand-ins hold their places. A stand-in and the view that replaces it
get the same explicit minimum size from here, so the splitter or the dock
around them never has to make room when the view arrives (a bare tab widget
was 127 px wide at least, the previews 184 px: below about 1000 px the
splitters moved; an empty dock 49 px, the Why panel 240 px). Each minimum is at
least the real view's own, in English and Chinese, so nothing is cut off
(``tests/ui/test_first_paint.py``). The window's first size and the main
splitter's sizes are decided here too, once, before the first paint, and how
combo boxes follow their items without a flicker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QComboBox

if TYPE_CHECKING:
    from PySide6.QtWidgets import QSplitter

    from ascend_studio.ui._nav import CategoryNav

__all__ = [
    "DEFAULT_SIZE",
    "DIAGNOSTICS_MINIMUM",
    "DOCK_MINIMUM",
    "FORM_HEIGHT",
    "MAIN_SHARES",
    "PREVIEWS_MINIMUM",
    "SIDE_SIZES",
    "first_geometry",
    "fit_to_items",
    "main_sizes",
    "sized_to_items",
    "widen_form",
]

#: The previews' and the diagnostics list's first heights (before any remembered layout).
SIDE_SIZES = (560, 240)

#: The previews (tabs, text, Copy and Save buttons) and the diagnostics list.
PREVIEWS_MINIMUM = QSize(190, 140)
DIAGNOSTICS_MINIMUM = QSize(190, 70)
#: The smallest a dock's view may get: a few lines of text plus its controls.
DOCK_MINIMUM = QSize(240, 220)
#: The window's height a dock opened at the bottom leaves above it: the menu and tool
#: bars, the search and filter rows, five form rows, the status bar. At 1280x800 the
#: output paths took 45% and the form showed four rows.
FORM_HEIGHT = 480

#: A first window's size where the screen has room for it, and the main splitter's
#: shares of its width (navigation, form, side).
DEFAULT_SIZE = QSize(1500, 900)
MAIN_SHARES = (250, 760, 520)
#: The navigation's width below which its category names are cut.
NAV_FLOOR = 140
#: Room left around a first window for its frame: on each side, and for the title bar.
FRAME_ROOM = QSize(8, 40)


def first_geometry(area: QRect) -> QRect:
    """A window with no remembered geometry: DEFAULT_SIZE, or what ``area`` (the
    screen's available geometry) has room for with a frame, centred in it (1500x900
    did not fit a 1280x800 screen without a window manager)."""
    frame = QSize(2 * FRAME_ROOM.width(), FRAME_ROOM.height())
    size = DEFAULT_SIZE.boundedTo(area.size() - frame)
    left = area.left() + (area.width() - size.width() - frame.width()) // 2
    top = area.top() + (area.height() - size.height() - frame.height()) // 2
    # the size of the window's contents, the position of its frame (as resize and move take them)
    return QRect(QPoint(max(left, area.left()), max(top, area.top())), size)


def main_sizes(total: int, form_needs: int, side_minimum: int, nav_needs: int = 0) -> list[int]:
    """The navigation's, the form's and the side's widths in ``total`` px: their
    shares, each of the navigation and the form widened to what it needs (its widest
    entry, its widest row) from the side's share down to its minimum, the navigation
    also from the form's room beyond its needs; then the form from the navigation's
    down to NAV_FLOOR (the navigation shortens its names, the form would scroll
    sideways)."""
    nav, form = (total * part // sum(MAIN_SHARES) for part in MAIN_SHARES[:2])
    side = total - nav - form
    from_side = _spare(nav_needs - nav, side, side_minimum)
    from_form = _spare(nav_needs - nav - from_side, form, form_needs)
    nav, side, form = nav + from_side + from_form, side - from_side, form - from_form
    from_side = _spare(form_needs - form, side, side_minimum)
    side, form = side - from_side, form + from_side
    from_nav = _spare(form_needs - form, nav, NAV_FLOOR)
    return [nav - from_nav, form + from_nav, side]


def _spare(wanted: int, width: int, floor: int) -> int:
    """What of ``wanted`` px a part ``width`` px wide can give, keeping ``floor``."""
    return max(0, min(wanted, width - floor))


_ON_FIRST_SHOW = QComboBox.SizeAdjustPolicy.AdjustToContentsOnFirstShow


def sized_to_items(combo: QComboBox) -> QComboBox:
    """``combo`` sized to its items when first shown and after :func:`fit_to_items`.

    AdjustToContents resized a combo box to its items 20 ms after every change of
    them, until its layout put it back: a paint in between showed it narrower (a
    row's combo box 123 px wide instead of its column's 257 at the first paint,
    the toolbar's 9 px narrower)."""
    combo.setSizeAdjustPolicy(_ON_FIRST_SHOW)
    return combo


def fit_to_items(combo: QComboBox) -> None:
    """Take ``combo``'s items' widths again (after they were relabelled): its size
    hint is recomputed, its layout places it, nothing resizes it in between (with
    the policy back, the timer that adjustSize()s it does nothing)."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    combo.setSizeAdjustPolicy(_ON_FIRST_SHOW)


class _Splitters(Protocol):
    """What :func:`widen_form` reads of the window: its splitters and its navigation."""

    @property
    def main(self) -> QSplitter: ...
    @property
    def side(self) -> QSplitter: ...
    @property
    def nav(self) -> CategoryNav: ...


def widen_form(window: _Splitters, width: int, needs: int) -> None:
    """The form as wide as its widest row ``needs`` and the navigation as wide as
    its widest entry, where the main splitter's ``width`` has room for them
    (ui/_places.main_sizes)."""
    main, side = window.main, window.side
    total = width - main.handleWidth() * (main.count() - 1)
    views = [w for w in (side.widget(0), side.widget(1)) if w is not None]
    least = max(side.minimumWidth(), *(w.minimumWidth() for w in views))
    main.setSizes(main_sizes(total, needs, least, window.nav.needed_width()))
