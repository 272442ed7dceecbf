"""The parts of the form: a section per catalog category, and runs of rows built together.

A section lists its parameters with each sub-config's fields under their holder;
a row not built yet holds its place with a spacer of a typical row's height.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QSpacerItem, QVBoxLayout, QWidget

from ascend_studio.schema import Parameter
from ascend_studio.ui._row import ParamRow
from ascend_studio.ui._style import set_text_color, styled_font

__all__ = ["ROW_HEIGHT", "RowStack", "Run", "Section", "holder_first"]

#: Height (px) a row not built yet reserves: about a built row's (the mean is 49-51 px
#: in English and Chinese at 1280 and 1920 px wide), so the scroll bar and the
#: positions below barely move when it is built.
ROW_HEIGHT = 50


def holder_first(params: tuple[Parameter, ...]) -> tuple[Parameter, ...]:
    """Each sub-config's fields right under their holder, the rest in catalog order.

    The catalog lists a category's fields after its plain parameters, so
    dump_config's fields showed up under buffer_optimize.
    """
    paths = {p.path for p in params}
    children: dict[str, list[Parameter]] = {}
    top: list[Parameter] = []
    for param in params:
        holder = param.path.rpartition(".")[0]
        (children.setdefault(holder, []) if holder in paths else top).append(param)

    def with_children(param: Parameter) -> list[Parameter]:
        return [param, *(c for child in children.get(param.path, []) for c in with_children(child))]

    return tuple(p for param in top for p in with_children(param))


class Section(QFrame):
    def __init__(self, key: str, params: tuple[Parameter, ...], parent: QWidget) -> None:
        super().__init__(parent)
        self.key = key
        self.params = holder_first(params)
        self.setObjectName(f"section:{key}")
        self.header = QLabel(self)
        self.header.setObjectName("sectionTitle")
        self.blurb = QLabel(self)
        self.blurb.setObjectName("sectionBlurb")
        self.blurb.setWordWrap(True)
        styled_font(self.header, bold=True, scale=1.6)
        set_text_color(self.blurb, "muted")
        self.body = _HeightsKept(self)
        self.body.setContentsMargins(0, 12, 0, 4)
        self.body.setSpacing(0)
        self.body.addWidget(self.header)
        self.body.addWidget(self.blurb)
        #: Rows not built yet: each holds its place with a spacer.
        self.spacers: dict[str, QSpacerItem] = {}
        for param in self.params:
            self.spacers[param.path] = _spacer(ROW_HEIGHT)
            self.body.addItem(self.spacers[param.path])
        self.order = {p.path: i for i, p in enumerate(self.params)}
        #: Parked (see :meth:`park`): the rows keep their place but are not laid out.
        self.parked = False

    def park(self, height: int) -> None:
        """Hold ``height`` px of the form and stop laying out the rows: out of view, a
        language, target or value change then costs them no layout (it is done when the
        section is back in view: :meth:`unpark`). The rows keep their own visibility."""
        self.setFixedHeight(max(height, 0))
        if not self.parked:
            self.parked = True
            for part in self._parts():
                part.hide()

    def unpark(self) -> None:
        """Lay the rows out again and give the section its own height."""
        if not self.parked:
            return
        self.parked = False
        self.setMinimumHeight(0)
        self.setMaximumHeight(_ANY_HEIGHT)
        for part in self._parts():
            part.show()
            if isinstance(part, RowStack):
                part.rows_shown_or_hidden()  # rows may have been shown or hidden meanwhile

    def _parts(self) -> list[QWidget]:
        """The header, the blurb and the stacks of built rows (all shown unless parked)."""
        stacks = [child for child in self.children() if isinstance(child, RowStack)]
        return [self.header, self.blurb, *stacks]

    def reserve(self, path: str, height: int) -> bool:
        """Set the height the unbuilt row ``path`` keeps; True if it changed."""
        spacer = self.spacers[path]
        if spacer.sizeHint().height() == height:
            return False
        spacer.changeSize(0, height, _FIXED_W, _FIXED_H)
        return True

    def absorb(self, extra: int) -> int:
        """Take ``extra`` px (rows built taller than the space they had; negative:
        shorter) from the spacers of the rows still to build, the last first, so the
        section keeps its height while it is built; what they cannot take is returned.

        A section whose height changed made the form relay out and resize its body and
        repaint its scroll bars after every slice of the build (~3 ms of CPU a slice)."""
        for spacer in reversed(self.spacers.values()):
            if not extra:
                break
            height = spacer.sizeHint().height()
            if not height:  # a row filtered out keeps no space: leave it so
                continue
            taken = min(extra, height)
            spacer.changeSize(0, height - taken, _FIXED_W, _FIXED_H)
            extra -= taken
        return extra


_FIXED_W, _FIXED_H = QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed
_ANY_HEIGHT = 16777215  # QWIDGETSIZE_MAX


def _spacer(height: int) -> QSpacerItem:
    return QSpacerItem(0, height, _FIXED_W, _FIXED_H)


#: Widths a section keeps its heights for (they change only while the window is resized).
_WIDTHS_KEPT = 16


class _HeightsKept(QVBoxLayout):
    """A section's layout that keeps its height for each width asked until it changes.

    A form narrower than its rows (it scrolls sideways) is asked for its height at
    two widths on every turn of the event loop (its own, and its viewport's), and a
    QVBoxLayout keeps the last width's only: every section recomputed its height,
    wrapped texts included, after every slice of the build (~1.5 ms of CPU each time).
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._heights: dict[int, tuple[int, int | None]] = {}

    def invalidate(self) -> None:
        self._heights.clear()
        super().invalidate()

    def heightForWidth(self, width: int) -> int:
        kept = self._heights.get(width)
        if kept is None:
            if len(self._heights) >= _WIDTHS_KEPT:  # a window dragged wider and narrower
                self._heights.clear()
            kept = self._heights[width] = (super().heightForWidth(width), None)
        return kept[0]

    def minimumHeightForWidth(self, width: int) -> int:
        height, least = self._heights.get(width, (None, None))
        if least is None:
            # the base class's answer belongs to the width it last computed: this one
            height = super().heightForWidth(width)
            self._heights[width] = (height, None)  # its call back here finds it
            least = super().minimumHeightForWidth(width)
            self._heights[width] = (height, least)
        return least


class RowStack(QWidget):
    """Rows one under the other, laid out here instead of by a QVBoxLayout.

    A layout re-measured every wrapped label of every row in the form whenever
    anything changed (each row's layout, re-activated by the pass before, made its
    parents' height-for-width caches stale), so every slice of the build cost more
    than the one before. Here the heights per width are kept until a row of this
    stack changes (Qt posts a LayoutRequest then).
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.rows: list[QWidget] = []
        self._heights: dict[int, int] = {}
        self._hint_widths: tuple[int, int] | None = None
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def add(self, row: QWidget) -> None:
        self.rows.append(row)
        self._changed()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:
            self._heights[width] = sum(h for _, h in self._shown(width))
        return self._heights[width]

    def sizeHint(self) -> QSize:
        width = self._widths()[0]
        return QSize(width, self.heightForWidth(self.width() or width))

    def minimumSizeHint(self) -> QSize:
        return QSize(self._widths()[1], 0)

    def _widths(self) -> tuple[int, int]:
        """The widest shown row's minimum width, as the preferred and minimum widths.

        A row's preferred width lays out its wrapped labels' text at a width of their
        own (about 0.9 ms a row, a fifth of making it), and the form uses none of it:
        the scroll area gives the rows its viewport's width, at least their minimum.
        """
        if self._hint_widths is None:
            shown = [r for r in self.rows if not r.isHidden()]
            least = max((r.minimumSizeHint().width() for r in shown), default=0)
            self._hint_widths = (least, least)
        return self._hint_widths

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self._changed()
            self._place()
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._place()
        super().resizeEvent(event)

    def rows_shown_or_hidden(self) -> None:
        """Measure and place the rows again after some were shown or hidden. Qt tells
        only a visible stack, by a posted LayoutRequest: one in a hidden section kept
        its old height (blank gaps in a search's results), and a visible one could be
        laid out with its old height first (a row cut off for a turn or two)."""
        self._changed()
        self._place()

    def _changed(self) -> None:
        self._heights.clear()
        self._hint_widths = None
        self.updateGeometry()

    def _shown(self, width: int) -> list[tuple[QWidget, int]]:
        out = []
        for row in self.rows:
            if not row.isHidden():
                height = row.heightForWidth(width) if row.hasHeightForWidth() else -1
                out.append((row, max(height, row.minimumSizeHint().height())))
        return out

    def _place(self) -> None:
        y, width = 0, self.width()
        for row, height in self._shown(width):
            row.setGeometry(0, y, width, height)
            y += height

    def lay_out_rows(self) -> None:
        """Place the rows and lay out their insides now (else the next event loop turn does)."""
        self._place()
        for row in self.rows:
            layout = row.layout()
            if layout is not None and not row.isHidden():
                layout.activate()


class Run:
    """Rows built in one go that follow each other in a section: shown together
    (showing rows one by one lays out the whole form once per row)."""

    def __init__(self, section: Section, first: str) -> None:
        self.section = section
        self.first = first
        self.next = section.order[first]
        self.box = RowStack(section)
        self.box.setObjectName(f"rows:{first}")

    def add(self, row: ParamRow) -> None:
        self.box.add(row)
        self.next += 1

    def place(self) -> int:
        """Put the rows where their spacers were, then show them at once; the spacers
        of the section's rows still to build give or take the difference in height.
        Returns the px the section grew by (negative: shrank)."""
        section = self.section
        body = section.body
        first = section.spacers[self.first]
        laid_out = not section.parked and not section.isHidden() and section.width() > 0
        width = section.width()
        if laid_out:
            # Shown first, where its rows go: showing a widget lays its parent out at
            # once, and shown after the spacers were taken away, the section's layout
            # spread their height over its title and blurb for a moment (in view).
            self.box.setGeometry(0, first.geometry().y(), width, self.box.heightForWidth(width))
            self.box.show()
        at = body.indexOf(first)
        freed = 0
        for index in range(section.order[self.first], self.next):
            spacer = section.spacers.pop(section.params[index].path)
            freed += spacer.sizeHint().height()
            body.removeItem(spacer)
        if laid_out and section.spacers:
            section.absorb(self.box.heightForWidth(width) - freed)
        if section.parked:  # shown, and laid out, when the section is back in view
            self.box.hide()  # explicitly: else the layout shows it in the next turn
        body.insertWidget(at, self.box)
        if section.parked:
            # Their first layout now, inside the slice (it makes their labels' text
            # layouts, about 0.5 ms a row), not with the key that scrolls them into view,
            # and at the section's width: laid out at a widget's default width (100 px),
            # every label was wrapped again when the section was laid out in that key.
            if width > 0:
                self.box.setGeometry(0, 0, width, self.box.heightForWidth(width))
                self.box.lay_out_rows()
            else:
                for row in self.box.rows:
                    layout = row.layout()
                    if layout is not None:
                        layout.activate()
            return 0
        grown = 0
        if laid_out:  # its new height before it is laid out (the same spread otherwise)
            grown = section.heightForWidth(width) - section.height()
            if grown:
                section.resize(width, section.height() + grown)
        else:
            self.box.show()
        # Lay the new rows out now, inside the slice and its budget, not in the next
        # turn of the event loop (their first layout wraps every label: most of a slice).
        body.activate()
        self.box.lay_out_rows()
        return grown
