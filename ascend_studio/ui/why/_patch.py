"""Bring a shown rich-text page up to a new version by replacing only the blocks that
changed.

An edit changes a few words of the Why page (the value set, the effective value, a
rule's state); ``setHtml`` of the whole page parsed it, laid every block out again
and repainted the panel (about 6 ms of CPU on every edit). Here the new page is
parsed into a document nobody shows (no layout: about 0.5 ms), compared with the
shown one block by block, and the text of the blocks whose text or character
formats differ is replaced in place (the blocks, tables and lists stay), so the shown document lays out and repaints only those.
When the page's structure differs (another parameter, a rule that gained a line),
the caller sets the whole page.

The page is made of parts (title, values, rules, ...: ``why_sections``), and an
edit changes one or two of them: :func:`patch_sections` parses only the parts
that changed and compares only their blocks (about 0.4 ms against 1.6 ms for the
whole page), using where each part's blocks lie in the shown document
(:func:`section_spans`, checked block by block against it).
"""

from __future__ import annotations

import re
from html import unescape

from PySide6.QtGui import QTextBlock, QTextCharFormat, QTextCursor, QTextDocument, QTextFormat

__all__ = [
    "patch_document",
    "patch_sections",
    "same_blocks",
    "section_chunks",
    "section_spans",
    "skeleton",
]

_TEXT = re.compile(r">[^<]*<")


def skeleton(html: str) -> str:
    """The page's markup without its text: equal skeletons make documents of the same
    blocks, tables and lists (the texts and their lengths aside)."""
    return _TEXT.sub("><", html)


#: Markup that sets only how a block's text is drawn: comparing two pages' blocks and
#: their pieces' formats covers it (the product judged, bold in the products table).
_TEXT_STYLE = re.compile(r"font-weight:bold;")


def same_blocks(one: str, other: str) -> bool:
    """Whether two pages' skeletons (:func:`skeleton`) make the same blocks, tables and
    lists: equal, or equal but for markup that only sets how a text is drawn (a
    product switch moves the bold in the products table; the whole page was set)."""
    return one == other or _TEXT_STYLE.sub("", one) == _TEXT_STYLE.sub("", other)


def patch_document(shown: QTextDocument, html: str) -> bool:
    """Make ``shown`` (whose page has the same :func:`skeleton` as ``html``) show
    ``html`` by replacing the blocks that differ; False (nothing changed) when the
    documents do not line up block for block."""
    page = _parsed(shown, html)
    if page.blockCount() != shown.blockCount():
        return False
    changed: list[tuple[QTextBlock, QTextBlock]] = []
    old, new = shown.begin(), page.begin()
    while old.isValid() and new.isValid():
        if not _alike(old, new, changed):
            return False
        old, new = old.next(), new.next()
    return _replace(shown, changed)


def section_spans(shown: QTextDocument, sections: list[str]) -> list[int] | None:
    """How many blocks of ``shown`` (which shows ``"".join(sections)``) each section
    makes, or None when the sections parsed one by one do not give its blocks."""
    spans: list[int] = []
    block = shown.begin()
    for number, html in enumerate(sections):
        _doc, blocks = _section_blocks(shown, html, number)
        for new in blocks:
            if not block.isValid() or not _alike(block, new, None):
                return None
            block = block.next()
        spans.append(len(blocks))
    return spans if not block.isValid() else None


def section_chunks(shown: QTextDocument, sections: list[str], spans: list[int]) -> list[bool]:
    """For each section, whether its markup cut where blocks start (:func:`_chunks`)
    gives its blocks of ``shown`` one for one, each chunk's text the block's: then an
    edit that keeps the section's markup changes the blocks whose chunk changed."""
    lined: list[bool] = []
    block = shown.begin()
    for html, span in zip(sections, spans, strict=True):
        chunks = _chunks(html)
        ok = chunks is not None and len(chunks) == span
        for number in range(span):
            ok = ok and chunks is not None and _plain(chunks[number]) == block.text()
            block = block.next()
        lined.append(ok)
    return lined


def patch_sections(
    shown: QTextDocument,
    old: list[str],
    new: list[str],
    spans: list[int],
    lined: list[bool] | None = None,
) -> bool:
    """Make ``shown`` (showing the sections ``old``, laid out as ``spans`` says) show
    the sections ``new`` by replacing the blocks that differ in the sections that
    changed; False (nothing changed) when they do not line up block for block.

    A section whose chunks line up with its blocks (``lined``, from
    :func:`section_chunks`) and whose markup is kept compares only the blocks whose
    chunk changed; a section whose markup changed loses that mark."""
    if len(old) != len(new) or len(spans) != len(new):
        return False
    changed: list[tuple[QTextBlock, QTextBlock]] = []
    kept: list[QTextDocument | None] = []  # the parsed sections live until their text is copied
    start = 0
    for number, (before, after) in enumerate(zip(old, new, strict=True)):
        if before != after:
            doc, blocks = _section_blocks(shown, after, number)
            kept.append(doc)
            if len(blocks) != spans[number]:
                return False
            which = _changed_chunks(before, after, lined, number)
            for index in range(len(blocks)) if which is None else which:
                target = shown.findBlockByNumber(start + index)
                if not target.isValid() or not _alike(target, blocks[index], changed):
                    return False
        start += spans[number]
    return _replace(shown, changed)


#: Where a block starts in the pages' markup: a paragraph, heading, list item or cell,
#: and the end of a table (an empty block follows it).
_BLOCK = re.compile(r"<(?:p|h[1-6]|li|td|th|div)[\s>]|</table>")
_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"<br\s*/?>")
_SPACE = re.compile(r"[ \t\n\r]+")


def _chunks(html: str) -> list[str] | None:
    """``html`` cut where each block starts, the markup before the first one kept with
    it; None when text comes before it."""
    starts = [found.start() for found in _BLOCK.finditer(html)]
    if not starts or _TAG.sub("", html[: starts[0]]):
        return None
    starts[0] = 0
    return [html[a:b] for a, b in zip(starts, [*starts[1:], len(html)], strict=True)]


def _plain(chunk: str) -> str:
    """The text a chunk of markup shows (a line break as Qt's line separator)."""
    text = _TAG.sub("", _BREAK.sub("\u2028", chunk))
    return _SPACE.sub(" ", unescape(text)).lstrip(" ")


def _changed_chunks(
    before: str, after: str, lined: list[bool] | None, number: int
) -> list[int] | None:
    """The blocks of section ``number`` that can differ (None: any)."""
    if lined is None or number >= len(lined) or not lined[number]:
        return None
    if skeleton(before) != skeleton(after):
        lined[number] = False  # another markup: its chunks are not known to line up
        return None
    old, new = _chunks(before), _chunks(after)
    if old is None or new is None or len(old) != len(new):
        lined[number] = False
        return None
    return [index for index, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]


def _parsed(shown: QTextDocument, html: str) -> QTextDocument:
    """``html`` as a document nobody shows, in ``shown``'s font and style sheet."""
    page = QTextDocument()
    page.setDefaultFont(shown.defaultFont())
    page.setDefaultStyleSheet(shown.defaultStyleSheet())
    page.setHtml(html)
    return page


def _section_blocks(
    shown: QTextDocument, html: str, number: int
) -> tuple[QTextDocument | None, list[QTextBlock]]:
    """The blocks section ``number`` adds to the page: an empty section none; a table
    parsed alone starts with an empty block that, inside the page, the block before
    it is."""
    if not html:
        return None, []
    doc = _parsed(shown, html)
    blocks: list[QTextBlock] = []
    block = doc.begin()
    while block.isValid():
        blocks.append(block)
        block = block.next()
    if number > 0 and html.startswith("<table") and blocks and not blocks[0].text():
        blocks.pop(0)
    return doc, blocks


def _alike(
    old: QTextBlock, new: QTextBlock, changed: list[tuple[QTextBlock, QTextBlock]] | None
) -> bool:
    """Whether two blocks have the same formats (False: they do not line up); their
    text or pieces differing puts them on ``changed`` (None: they must be equal)."""
    if not _same(old.blockFormat(), new.blockFormat()):
        return False
    same_char = _same(old.charFormat(), new.charFormat())  # a cell's: its bold, say
    if not same_char or old.text() != new.text() or not _same_runs(old, new):
        if changed is None:
            return False
        changed.append((old, new))
    return True


def _replace(shown: QTextDocument, changed: list[tuple[QTextBlock, QTextBlock]]) -> bool:
    """Give each changed block of ``shown`` the pieces of its new version, and its
    character format where that changed (a table cell's bold)."""
    pieces = [(target, source, _runs(source)) for target, source in changed]
    if any("\ufffc" in text for _target, _source, runs in pieces for text, _f in runs):
        return False  # an image or other object: not text to copy
    cursor = QTextCursor(shown)
    cursor.beginEditBlock()
    for target, source, runs in reversed(pieces):  # from the end: positions before stay put
        cursor.setPosition(target.position())
        if not _same(target.charFormat(), source.charFormat()):
            own = source.charFormat()  # a copy; the block keeps its own table or list
            own.clearProperty(QTextFormat.Property.ObjectIndex.value)
            cursor.setBlockCharFormat(own)
        end = target.position() + target.length() - 1  # the text, not the block's end
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        for text, made in runs:
            cursor.insertText(text, made)
    cursor.endEditBlock()
    return True


def _same(one: QTextFormat, other: QTextFormat) -> bool:
    """Equal formats, but for the index of the table or list they belong to (each
    document numbers its own)."""
    return one == other or _properties(one) == _properties(other)


def _properties(found: QTextFormat) -> dict[int, object]:
    properties = dict(found.properties())
    properties.pop(QTextFormat.Property.ObjectIndex.value, None)
    return properties


def _same_runs(one: QTextBlock, other: QTextBlock) -> bool:
    """Whether two blocks of the same text have the same pieces in the same formats
    (most blocks of the page are ones an edit leaves alone)."""
    mine, theirs = one.textFormats(), other.textFormats()  # kept: the formats live in them
    if len(mine) != len(theirs):
        return False
    for first, second in zip(mine, theirs, strict=True):
        if first.start != second.start or first.length != second.length:
            return False
        if not _same(first.format, second.format):
            return False
    return True


def _runs(block: QTextBlock) -> list[tuple[str, QTextCharFormat]]:
    """The block's pieces of text, each with its character format (without the index
    of an object of the document it comes from)."""
    runs: list[tuple[str, QTextCharFormat]] = []
    it = block.begin()
    while not it.atEnd():
        fragment = it.fragment()
        if fragment.isValid():
            made = fragment.charFormat()  # a copy
            made.clearProperty(QTextFormat.Property.ObjectIndex.value)
            runs.append((fragment.text(), made))
        it += 1
    return runs
