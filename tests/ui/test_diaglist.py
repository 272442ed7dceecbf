"""The diagnostics list updates in place: only entries whose finding changed are redrawn."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from ascend_studio.schema import Text
from ascend_studio.ui import _diaglist
from ascend_studio.ui._core import Finding
from ascend_studio.ui._diaglist import DiagnosticsList, Entry


def finding(rule: str, en: str, severity: Any = "warning") -> Finding:
    return Finding(rule, severity, (f"{rule}_param",), Text.of(f"中文 {en}", en))


def texts(view: DiagnosticsList) -> list[str]:
    out = []
    for row in range(view.count()):
        entry = view.itemWidget(view.item(row))
        assert isinstance(entry, Entry)
        out.append(entry.text())
    return out


@pytest.fixture
def view(qtbot: Any) -> DiagnosticsList:
    widget = DiagnosticsList()
    qtbot.addWidget(widget)
    widget.resize(400, 300)
    widget.show()
    return widget


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Finding]:
    """Every finding whose entry text is made."""
    seen: list[Finding] = []
    original = _diaglist._entry_html

    def spy(found: Finding, severity: str, lang: Any) -> str:
        seen.append(found)
        return original(found, severity, lang)

    monkeypatch.setattr(_diaglist, "_entry_html", spy)
    return seen


def test_an_edit_redraws_only_the_finding_that_changed(
    view: DiagnosticsList, drawn: list[Finding]
) -> None:
    first = tuple(finding(f"r{i}", f"message {i}") for i in range(30))
    view.show_findings(first)
    assert len(drawn) == 30
    drawn.clear()
    changed = finding("r7", "message 7, now different")
    view.show_findings((*first[:7], changed, *first[8:]))
    assert drawn == [changed]
    assert "now different" in texts(view)[7] and "message 8" in texts(view)[8]


def test_entries_replaced_by_other_findings_are_reused(view: DiagnosticsList) -> None:
    """A target switch swaps a dozen findings for others: their entries show the new
    ones (taking an entry out and putting another in cost about 1 ms each)."""
    first = tuple(finding(f"r{i}", f"message {i}") for i in range(10))
    view.show_findings(first)
    entries = [view.itemWidget(view.item(row)) for row in range(view.count())]
    swapped = (finding("x1", "other one"), finding("x2", "other two"), finding("x3", "three"))
    view.show_findings((*first[:3], *swapped[:2], *first[7:]))  # 4 replaced by 2
    assert [view.itemWidget(view.item(row)) for row in range(view.count())] == [
        *entries[:5],
        *entries[7:],
    ]
    assert "other one" in texts(view)[3] and "other two" in texts(view)[4]
    assert [view.target(row) for row in range(view.count())][2:6] == [
        "r2_param",
        "x1_param",
        "x2_param",
        "r7_param",
    ]
    assert view.item(3).toolTip() == "Rule: x1"
    view.show_findings((*first[:3], *swapped, *first[5:]))  # 2 replaced by 3, one more
    listed = texts(view)
    assert len(listed) == 11 and "three" in listed[5] and "message 5" in listed[6]


def test_a_new_language_redraws_every_entry(view: DiagnosticsList, drawn: list[Finding]) -> None:
    shown = (finding("a", "alpha", "error"), finding("b", "beta"))
    view.show_findings(shown)
    drawn.clear()
    view.set_language("zh")
    assert len(drawn) == 2
    assert all("中文" in text for text in texts(view))
    view.set_language("en")
    assert not any("中文" in text for text in texts(view))


def test_entries_come_and_go_in_severity_order(view: DiagnosticsList) -> None:
    view.show_findings((finding("w", "warn"), finding("e", "err", "error")))
    view.show_findings((finding("i", "note", "info"), finding("e", "err", "error")))
    listed = texts(view)
    assert len(listed) == 2 and "err" in listed[0] and "note" in listed[1]


LONG = Finding(
    "checkpoints.both_set",
    "error",
    ("save_checkpoints_steps", "save_checkpoints_secs"),
    Text.of(
        "save_checkpoints_steps 与 save_checkpoints_secs 不能同时设置。",
        "save_checkpoints_steps and save_checkpoints_secs cannot both be set.",
    ),
    fix=Text.of("只保留其中一个。", "Keep only one of them."),
)


def _ink(entry: Entry) -> tuple[int, int]:
    """The rightmost column and the lowest line of the entry's painted text."""
    image = entry.grab().toImage()
    background = image.pixelColor(0, 0)
    right = bottom = -1
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y) != background:
                right, bottom = max(right, x), max(bottom, y)
    return right, bottom


@pytest.mark.parametrize("width", [150, 240, 400])
def test_an_entry_is_as_tall_as_its_text_and_cuts_off_no_word(
    view: DiagnosticsList, width: int
) -> None:
    """A rich-text label cut a parameter name longer than a narrow list's width; an
    entry breaks it, and is given the height of the text as it is painted."""
    view.show_findings((LONG,))
    entry = view.itemWidget(view.item(0))
    assert isinstance(entry, Entry)
    height = entry.heightForWidth(width)
    entry.resize(width, height)
    right, bottom = _ink(entry)
    margins = Entry.MARGINS
    assert 0 < right < width - margins.right() + 1
    assert 0 < bottom < height - margins.bottom() + 1
    assert height - margins.bottom() - bottom < 12  # no blank line kept under the text


def test_each_entry_takes_its_height_at_the_list_s_width(view: DiagnosticsList) -> None:
    view.show_findings((LONG, finding("short", "short")))
    width = view.viewport().width()
    for row in range(view.count()):
        item = view.item(row)
        entry = view.itemWidget(item)
        assert isinstance(entry, Entry)
        assert item.sizeHint().height() == entry.heightForWidth(width)
    assert view.item(0).sizeHint().height() > view.item(1).sizeHint().height()


def test_a_reader_hears_each_entry_s_words(view: DiagnosticsList) -> None:
    view.show_findings((LONG,))
    heard = view.item(0).data(Qt.ItemDataRole.AccessibleTextRole)
    assert "cannot both be set" in heard and "Keep only one of them." in heard
    assert "<" not in heard  # words, not markup
    view.set_language("zh")
    assert "不能同时设置" in view.item(0).data(Qt.ItemDataRole.AccessibleTextRole)


def test_a_larger_font_lays_the_entry_out_again(view: DiagnosticsList) -> None:
    view.show_findings((LONG,))
    entry = view.itemWidget(view.item(0))
    assert isinstance(entry, Entry)
    before = entry.heightForWidth(300)
    font = entry.font()
    font.setPointSizeF(font.pointSizeF() * 1.5)
    entry.setFont(font)
    assert entry.heightForWidth(300) > before * 1.3


def _latin_word(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _breaks_inside_words(entry: Entry, width: int) -> list[str]:
    """Where the entry's text, laid out ``width`` px wide, breaks a line between two
    Latin letters or digits of one word (``dump_config.enable_dum|p``); a break
    between two Han characters is how Chinese wraps."""
    entry.heightForWidth(width)
    found = []
    block = entry._doc.begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        for number in range(1, layout.lineCount()):
            at = layout.lineAt(number).textStart()
            if at and _latin_word(text[at - 1]) and _latin_word(text[at]):
                found.append(f"{text[max(0, at - 12) : at]}|{text[at : at + 6]}")
        block = block.next()
    return found


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_identifiers_wrap_after_a_dot_or_underscore_never_inside_a_word(
    view: DiagnosticsList, lang: Any
) -> None:
    params = ("dump_config.enable_dump", "dump_config.enable_dump_debug", "dump_config.dump_path")
    message = Text.of(
        "未开启对应的 dump 开关，dump_config.dump_mode、dump_config.dump_step 不会生效。",
        "The dump switch is off, so dump_config.dump_mode and dump_config.dump_step have "
        "no effect.",
    )
    view.set_language(lang)
    view.show_findings(
        (Finding("dump.settings_ignored", "warning", params, message),),
    )
    entry = view.itemWidget(view.item(0))
    assert isinstance(entry, Entry)
    cut = {width: _breaks_inside_words(entry, width) for width in range(150, 420, 3)}
    assert not {w: c for w, c in cut.items() if c}
    assert "dump_config.enable_dump" in entry.plain_text()  # no break mark in what is read


def _many(count: int, tail: str = "") -> tuple[Finding, ...]:
    return tuple(
        finding(f"r{i:02}", f"message number {i}{tail} " + "long words to wrap " * (i % 4))
        for i in range(count)
    )


def _in_view(view: DiagnosticsList) -> list[int]:
    area = view.viewport().rect()
    return [
        row for row in range(view.count()) if view.visualItemRect(view.item(row)).intersects(area)
    ]


def _scroll_through(view: DiagnosticsList) -> list[list[int]]:
    """Scroll from top to bottom a page at a time (the list may grow as its entries
    are measured); the rows seen at each step."""
    bar = view.verticalScrollBar()
    seen, value = [], 0
    while True:
        bar.setValue(value)
        view.doItemsLayout()
        seen.append(_in_view(view))
        if value >= bar.maximum():
            return seen
        value += max(bar.pageStep(), 1)


def test_a_language_switch_lays_out_the_entries_near_the_view_only(
    view: DiagnosticsList,
) -> None:
    """Every entry's words change at once (its text, what a reader hears, its tooltip);
    the entries far below the view are laid out when they come near it."""
    view.show_findings(_many(80))
    view.set_language("zh")
    entries = [view.itemWidget(view.item(row)) for row in range(view.count())]
    assert all(isinstance(entry, Entry) for entry in entries)
    assert all("中文" in text for text in texts(view))
    heard = [view.item(row).data(Qt.ItemDataRole.AccessibleTextRole) for row in range(80)]
    assert all("中文" in words for words in heard)
    made = sum(entry._set for entry in entries)  # type: ignore[union-attr]
    assert made < 40  # the view shows about six of eighty
    width = view.viewport().width()
    for rows in _scroll_through(view):
        assert rows
        for row in rows:  # each entry in view: its new text, at its own height
            entry = view.itemWidget(view.item(row))
            assert isinstance(entry, Entry)
            assert "中文" in entry.plain_text()
            assert view.item(row).sizeHint().height() == entry.heightForWidth(width)


def test_the_list_after_random_changes_is_a_fresh_one(qtbot: Any, view: DiagnosticsList) -> None:
    """Findings changed, added, removed and replaced, languages switched and the list
    scrolled at random: it shows what a list given the last findings afresh shows."""
    rng = random.Random(7)
    pool = [
        finding(f"r{i:02}", f"message {i} " + "and more words " * (i % 5), sev)
        for i in range(60)
        for sev in ("error", "warning", "info")[i % 3 : i % 3 + 1]
    ]
    shown = list(pool[:40])
    for step in range(40):
        roll = rng.random()
        if roll < 0.4:
            at = rng.randrange(len(shown))
            old = shown[at]
            shown[at] = Finding(
                old.rule_id, old.severity, old.params, Text.of(f"中文 {step}", f"changed {step}")
            )
        elif roll < 0.6 and len(shown) > 5:
            del shown[rng.randrange(len(shown))]
        elif roll < 0.8:
            shown.insert(rng.randrange(len(shown) + 1), rng.choice(pool))
        elif roll < 0.9:
            view.set_language("zh" if view.lang == "en" else "en")
        bar = view.verticalScrollBar()
        bar.setValue(rng.randrange(bar.maximum() + 1))
        view.show_findings(tuple(dict.fromkeys(shown)))
    fresh = DiagnosticsList()
    qtbot.addWidget(fresh)
    fresh.resize(view.size())
    fresh.show()
    fresh.set_language(view.lang)
    fresh.show_findings(view.findings)
    _scroll_through(view)
    _scroll_through(fresh)

    def content(listed: DiagnosticsList) -> list[tuple[object, ...]]:
        return [
            (
                texts(listed)[row],
                item.data(Qt.ItemDataRole.AccessibleTextRole),
                item.toolTip(),
                listed.target(row),
                item.sizeHint().height(),
            )
            for row in range(listed.count())
            if (item := listed.item(row)) is not None
        ]

    assert content(view) == content(fresh)


def test_what_a_reader_hears_is_the_entry_s_document_text(view: DiagnosticsList) -> None:
    """The words given to screen readers come from the entry's HTML; they are the
    words its document shows (entities, links, line breaks, spaces)."""
    odd = Finding(
        "odd.text",
        "info",
        ("a.b", "env:X"),
        Text.of("中文 <x> & 'y'", 'value <x>  &  "y"\n  spread'),
        fix=Text.of("改", "Write a < b && c"),
    )
    view.show_findings((LONG, odd, finding("plain", "plain")))
    for lang in ("en", "zh"):
        view.set_language(lang)
        for row in range(view.count()):
            entry = view.itemWidget(view.item(row))
            assert isinstance(entry, Entry)
            heard = view.item(row).data(Qt.ItemDataRole.AccessibleTextRole)
            assert heard == _diaglist.plain_text(entry.text()) == entry.plain_text()


def test_an_edit_places_the_entries_in_its_own_turn(qtbot: Any, view: DiagnosticsList) -> None:
    """No layout of the list left to a later turn of the event loop: the entries an
    edit changed or moved are placed, and painted, with the rest of the edit."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    class Moves(QObject):
        seen = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            self.seen += event.type() in (QEvent.Type.Move, QEvent.Type.Resize)
            return False

    view.show_findings(tuple(finding(f"r{i}", f"message {i}") for i in range(30)))
    qtbot.wait(1)
    entries = [view.itemWidget(view.item(row)) for row in range(5)]
    moves = Moves()
    for entry in entries:
        entry.installEventFilter(moves)
    longer = tuple(finding(f"r{i}", f"message {i}" + " longer" * 30 * (i == 2)) for i in range(30))
    view.show_findings(longer)  # the third entry grows: those below it move down
    assert entries[2].height() > 2 * entries[1].height()
    assert entries[3].y() == entries[2].geometry().bottom() + 1
    assert entries[3].y() == view.visualItemRect(view.item(3)).top()
    moved = moves.seen
    QApplication.processEvents()
    QApplication.processEvents()
    assert moves.seen == moved  # nothing left to place


def test_a_message_of_the_same_height_places_no_entry_again(view: DiagnosticsList) -> None:
    """Any change of an item's data places every entry of the list again: a message
    that changed a word and kept its height changes the entry's text and what a
    screen reader hears without a word to the view (no item is placed again), unless
    an assistive technology listens; a message that needs more lines sets its size."""
    view.show_findings((finding("a", "first message 600"), finding("b", "second")))
    view.executeDelayedItemsLayout()
    roles: list[list[int]] = []
    view.model().dataChanged.connect(lambda _a, _b, changed: roles.append(list(changed)))
    view.show_findings((finding("a", "first message 668"), finding("b", "second")))
    assert roles == []
    assert "first message 668" in texts(view)[0]
    item = view.item(0)
    assert item is not None
    assert item.data(Qt.ItemDataRole.AccessibleTextRole) == _diaglist.plain_text(texts(view)[0])
    QAccessible.setActive(True)
    try:
        view.show_findings((finding("a", "first message 736"), finding("b", "second")))
    finally:
        QAccessible.setActive(False)
    assert roles == [[Qt.ItemDataRole.AccessibleTextRole]]
    longer = "first message " + "that grew many more words " * 12
    view.show_findings((finding("a", longer), finding("b", "second")))
    assert roles[1:] == [[Qt.ItemDataRole.SizeHintRole]]
