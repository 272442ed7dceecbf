"""Live previews of the export formats, with copy and save.

The tabs come from the formats' descriptors (``Engine.formats()``: label,
highlighting language, whether it previews), set once the window has shown.
Texts are regenerated on each edit, the shown tab's at once and the others' when
they are shown or read (an edit exported the profile in every format, ~3 ms each
with the highlighting); a tab whose text did not change is left alone (no
re-highlighting, scroll position kept).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication, QResizeEvent, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.ui._core import FormatInfo
from ascend_studio.ui._highlight import RuleHighlighter, highlighter_for
from ascend_studio.ui._i18n import tr
from ascend_studio.ui._places import PREVIEWS_MINIMUM

__all__ = ["PreviewPane"]


#: The most changed spans a preview takes as separate changes (see ``_Preview.set_text``).
_SPANS_APART = 32


class _Preview(QWidget):
    def __init__(self, info: FormatInfo, parent: QWidget) -> None:
        super().__init__(parent)
        fmt = self.fmt = info.id
        self.info = info
        self.setObjectName(f"preview:{fmt}")
        self.text = QPlainTextEdit(self)
        self.text.setObjectName(f"preview:{fmt}:text")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        # a few lines at least: the format list may take the tab bar's place above it
        # within the pane's minimum (ui/_places.PREVIEWS_MINIMUM)
        self.text.setMinimumHeight(40)
        # Read-only text rewritten on every edit: its own undo history only grew
        # (58,724 steps, ~2.6 MiB per 1,000 edits across the five previews).
        self.text.document().setUndoRedoEnabled(False)
        self.highlighter: RuleHighlighter = highlighter_for(info.language, self.text.document())
        self.current = ""
        #: Brings ``current`` up to date (the pane renders a hidden tab when it is read).
        self.update_text: Callable[[], object] = lambda: None
        self.copy = QPushButton(self)
        self.copy.setObjectName(f"preview:{fmt}:copy")
        self.save = QPushButton(self)
        self.save.setObjectName(f"preview:{fmt}:save")
        self.status = QLabel(self)
        bar = self.bar = QHBoxLayout()
        bar.addWidget(self.status, 1)
        bar.addWidget(self.copy)
        bar.addWidget(self.save)
        layout = self.column = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.text, 1)
        layout.addLayout(bar)
        self.copy.clicked.connect(self.copy_text)

    def set_text(self, text: str) -> bool:
        """Replace only the lines that changed, so only those are laid out and
        re-highlighted. (Replacing the span from the first change to the last
        re-highlighted most of the text on a product switch: its header line and
        findings far below both change.)"""
        old = self.current
        if text == old:
            return False
        cursor = QTextCursor(self.text.document())
        spans = changed_spans(old, text)
        # A few spans are changes of their own: in one edit block the document reports
        # a single change from the first span to the last, all of it re-highlighted (a
        # product switch: the header and findings far below, 2-6 spans; a scenario
        # switch: 22). Many (a language switch rewrites every comment: about 70) cost
        # less laid out and highlighted in one pass (7 ms against 11).
        together = len(spans) > _SPANS_APART
        if together:
            cursor.beginEditBlock()
        for (_start, _end, piece), (at, to) in zip(
            reversed(spans), reversed(_utf16_offsets(old, spans)), strict=True
        ):
            cursor.setPosition(at)
            cursor.setPosition(to, QTextCursor.MoveMode.KeepAnchor)
            cursor.insertText(piece)
        if together:
            cursor.endEditBlock()
        self.current = text
        return True

    def copy_text(self) -> None:
        self.update_text()
        QGuiApplication.clipboard().setText(self.current)
        self.status.setText(tr("Copied."))


class PreviewPane(QTabWidget):
    """One tab per preview format; ``save_requested(fmt)`` asks the window to save.

    Where the tabs do not fit side by side (seven formats in the ~360 px a 1280x800
    window leaves the previews), the tab bar gives way to a list of the formats in
    its place, above the text: a tab bar cut "env-file" to "env-…" and hid the
    others behind scroll arrows.
    """

    save_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previews")
        self.setMinimumSize(PREVIEWS_MINIMUM)  # its stand-in's (the splitter stays put)
        self.tabs: dict[str, _Preview] = {}
        self.lang = "en"
        self._render: Callable[[str], str] | None = None
        #: Tabs whose text is older than the last refresh (rendered when shown or read).
        self._stale: set[str] = set()
        self.currentChanged.connect(lambda _index: self._render_shown())
        self.tabBar().setElideMode(Qt.TextElideMode.ElideNone)
        self.chooser = QComboBox(self)
        self.chooser.setObjectName("previews:format")
        # as narrow as the pane may get: the list shows each name whole when it opens
        self.chooser.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.chooser.setMinimumContentsLength(8)
        self.chooser.hide()
        self.chooser.activated.connect(self.setCurrentIndex)
        self.currentChanged.connect(self._follow)
        self.compact = False

    def set_formats(self, formats: Iterable[FormatInfo]) -> None:
        """One tab per format that previews, in the given order (the old tabs go)."""
        for page in self.tabs.values():
            self.removeTab(self.indexOf(page))
            page.deleteLater()
        self.tabs = {}
        for info in formats:
            if not info.preview:
                continue
            page = _Preview(info, self)
            page.save.clicked.connect(lambda _c=False, f=info.id: self.save_requested.emit(f))
            page.update_text = partial(self._bring_up_to_date, info.id)
            self.tabs[info.id] = page
            self.addTab(page, "")
        self.retranslate(self.lang)
        self._stale = set(self.tabs)  # the last refresh's texts, when shown or read
        self._render_shown()
        self._fit()

    def refresh(self, render: Callable[[str], str]) -> int:
        """Regenerate the shown tab with ``render(fmt)`` now and the others when they are
        shown or read; returns how many changed now (0 or 1)."""
        self._render = render
        self._stale = set(self.tabs)
        for page in self.tabs.values():
            page.status.setText("")
        return self._render_shown()

    def text(self, fmt: str) -> str:
        """The tab's text, as of the last refresh."""
        self._bring_up_to_date(fmt)
        return self.tabs[fmt].current

    def _render_shown(self) -> int:
        page = self.currentWidget()
        return self._bring_up_to_date(page.fmt) if isinstance(page, _Preview) else 0

    def _bring_up_to_date(self, fmt: str) -> int:
        if fmt not in self._stale or self._render is None:
            return 0
        self._stale.discard(fmt)
        return int(self.tabs[fmt].set_text(self._render(fmt)))

    def show_format(self, fmt: str) -> None:
        self.setCurrentWidget(self.tabs[fmt])

    # -- tabs, or a list where they do not fit -------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        bar = self.tabBar()
        needed = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
        compact = bool(self.tabs) and needed > self.width()
        if compact != self.compact:
            self.compact = compact
            bar.setVisible(not compact)
            self.chooser.setVisible(compact)
        self._follow(self.currentIndex())

    def _follow(self, index: int) -> None:
        """The list sits in the shown page's bar, on the shown format."""
        page = self.widget(index)
        if not self.compact or not isinstance(page, _Preview):
            return
        old = self.chooser.parentWidget()
        if old is not page:
            if isinstance(old, _Preview):
                old.column.removeWidget(self.chooser)
            page.column.insertWidget(0, self.chooser)  # where the tab bar was: no wider
            self.chooser.show()
        self.chooser.setCurrentIndex(index)

    def retranslate(self, lang: str | None = None) -> None:
        self.lang = lang or self.lang
        for fmt, page in self.tabs.items():
            self.setTabText(self.indexOf(page), page.info.label.get(self.lang))
            self.setTabToolTip(self.indexOf(page), fmt)
            page.copy.setText(tr("Copy"))
            page.save.setText(tr("Save…"))
            page.copy.setToolTip(tr("Copy this text to the clipboard"))
        self.chooser.clear()
        self.chooser.addItems([page.info.label.get(self.lang) for page in self.tabs.values()])
        self.chooser.setToolTip(tr("Export format shown"))
        self.chooser.setCurrentIndex(self.currentIndex())
        self._fit()


def changed_spans(old: str, new: str) -> list[tuple[int, int, str]]:
    """Where ``new`` differs from ``old`` by whole lines: (start, end, replacement)
    spans of ``old``, in order, that turn it into ``new`` when each is replaced.

    The lines both share at the start and at the end are set aside before the lines
    between are matched (an edit changes a line or two of ~345): found first by
    comparing the texts (the lines before the first character that differs and after
    the last), then line by line."""
    start = old.rfind("\n", 0, _common_prefix(old, new)) + 1  # where that line starts
    shared = _common_suffix(old, new, len(old) - start, len(new) - start)
    end = old.find("\n", len(old) - shared)  # the first line end both share after it
    end = len(old) if end == -1 else end
    new_end = end + len(new) - len(old)
    return [
        (start + first, start + last, piece)
        for first, last, piece in _line_spans(old[start:end], new[start:new_end])
    ]


def _common_prefix(one: str, other: str) -> int:
    """How many characters ``one`` and ``other`` share at the start."""
    low, high = 0, min(len(one), len(other))
    while low < high:  # whole slices compared: a few copies rather than a loop per character
        middle = (low + high + 1) // 2
        if one[:middle] == other[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix(one: str, other: str, one_most: int, other_most: int) -> int:
    """How many characters ``one`` and ``other`` share at the end, at most the last
    ``one_most`` of ``one`` and ``other_most`` of ``other``."""
    low, high = 0, min(one_most, other_most)
    while low < high:
        middle = (low + high + 1) // 2
        if one[len(one) - middle :] == other[len(other) - middle :]:
            low = middle
        else:
            high = middle - 1
    return low


def _line_spans(old: str, new: str) -> list[tuple[int, int, str]]:
    """:func:`changed_spans` of two texts, line by line."""
    if not old:
        return [(0, 0, new)]
    before, after = old.split("\n"), new.split("\n")
    starts, new_starts = _line_starts(before), _line_starts(after)
    head = 0
    most = min(len(before), len(after))
    while head < most and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < most - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    matcher = difflib.SequenceMatcher(
        a=before[head : len(before) - tail], b=after[head : len(after) - tail], autojunk=False
    )
    spans = []
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        i1, i2, j1, j2 = a1 + head, a2 + head, b1 + head, b2 + head
        if i2 < len(before):  # whole lines, each with its newline
            spans.append((starts[i1], starts[i2], new[new_starts[j1] : new_starts[j2]]))
        else:  # up to the end, which has no newline: take the one before instead
            start, new_start = max(starts[i1] - 1, 0), max(new_starts[j1] - 1, 0)
            if i1 == 0 or j1 == 0:  # nothing in common before it: from the start
                start = new_start = 0
            spans.append((start, len(old), new[new_start:]))
    return spans


def _line_starts(lines: list[str]) -> list[int]:
    """The offset of each line, and one past the last line's newline."""
    found, at = [], 0
    for line in lines:
        found.append(at)
        at += len(line) + 1
    found.append(at)
    return found


def _utf16_offsets(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int]]:
    """Each span's start and end in ``text`` as Qt counts them (UTF-16 code units),
    in one pass over the text: counted from the start for each span, a text with one
    character outside ASCII was encoded again twice per span (a scenario switch: 22)."""
    if text.isascii():
        return [(start, end) for start, end, _piece in spans]
    found, at, units = [], 0, 0
    for start, end, _piece in spans:
        units += _utf16_len(text[at:start])
        first = units
        units += _utf16_len(text[start:end])
        at = end
        found.append((first, units))
    return found


def _utf16_len(text: str) -> int:
    """Qt text positions count UTF-16 code units, not code points."""
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le")) // 2
