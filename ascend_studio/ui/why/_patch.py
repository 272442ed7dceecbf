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

from PySide6.QtGui import QTextBlock, QTextCharFormat, QTextCursor, QTextDocument, QTextFormat

__all__ = ["patch_document", "patch_sections", "section_spans", "skeleton"]

_TEXT = re.compile(r">[^<]*<")


def skeleton(html: str) -> str:
    """The page's markup without its text: equal skeletons make documents of the same
    blocks, tables and lists (the texts and their lengths aside)."""
    return _TEXT.sub("><", html)


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


def patch_sections(shown: QTextDocument, old: list[str], new: list[str], spans: list[int]) -> bool:
    """Make ``shown`` (showing the sections ``old``, laid out as ``spans`` says) show
    the sections ``new`` by replacing the blocks that differ in the sections that
    changed; False (nothing changed) when they do not line up block for block."""
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
            target = shown.findBlockByNumber(start)
            for source in blocks:
                if not target.isValid() or not _alike(target, source, changed):
                    return False
                target = target.next()
        start += spans[number]
    return _replace(shown, changed)


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
    if not _same(old.charFormat(), new.charFormat()):
        return False
    if old.text() != new.text() or not _same_runs(old, new):
        if changed is None:
            return False
        changed.append((old, new))
    return True


def _replace(shown: QTextDocument, changed: list[tuple[QTextBlock, QTextBlock]]) -> bool:
    """Give each changed block of ``shown`` the pieces of its new version."""
    if any("\ufffc" in text for _old, new_block in changed for text, _f in _runs(new_block)):
        return False  # an image or other object: not text to copy
    cursor = QTextCursor(shown)
    cursor.beginEditBlock()
    for target, source in reversed(changed):  # from the end: positions before stay put
        cursor.setPosition(target.position())
        end = target.position() + target.length() - 1  # the text, not the block's end
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        for text, properties in _runs(source):
            cursor.insertText(text, _char_format(properties))
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


def _runs(block: QTextBlock) -> list[tuple[str, dict[int, object]]]:
    """The block's pieces of text, each with its character format."""
    runs: list[tuple[str, dict[int, object]]] = []
    it = block.begin()
    while not it.atEnd():
        fragment = it.fragment()
        if fragment.isValid():
            runs.append((fragment.text(), _properties(fragment.charFormat())))
        it += 1
    return runs


def _char_format(properties: dict[int, object]) -> QTextCharFormat:
    made = QTextCharFormat()
    for key, value in properties.items():
        made.setProperty(key, value)
    return made
