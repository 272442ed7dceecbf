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
"""

from __future__ import annotations

import re

from PySide6.QtGui import QTextBlock, QTextCharFormat, QTextCursor, QTextDocument, QTextFormat

__all__ = ["patch_document", "skeleton"]

_TEXT = re.compile(r">[^<]*<")


def skeleton(html: str) -> str:
    """The page's markup without its text: equal skeletons make documents of the same
    blocks, tables and lists (the texts and their lengths aside)."""
    return _TEXT.sub("><", html)


def patch_document(shown: QTextDocument, html: str) -> bool:
    """Make ``shown`` (whose page has the same :func:`skeleton` as ``html``) show
    ``html`` by replacing the blocks that differ; False (nothing changed) when the
    documents do not line up block for block."""
    page = QTextDocument()
    page.setDefaultFont(shown.defaultFont())
    page.setDefaultStyleSheet(shown.defaultStyleSheet())
    page.setHtml(html)
    if page.blockCount() != shown.blockCount():
        return False
    changed: list[tuple[QTextBlock, QTextBlock]] = []
    old, new = shown.begin(), page.begin()
    while old.isValid() and new.isValid():
        if not _same(old.blockFormat(), new.blockFormat()):
            return False
        if not _same(old.charFormat(), new.charFormat()):
            return False
        if old.text() != new.text() or not _same_runs(old, new):
            changed.append((old, new))
        old, new = old.next(), new.next()
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
    """Whether two blocks have the same pieces of text in the same formats, compared
    in place (most blocks of the page are ones an edit leaves alone)."""
    it, other_it = one.begin(), other.begin()
    while not it.atEnd() and not other_it.atEnd():
        mine, theirs = it.fragment(), other_it.fragment()
        if mine.text() != theirs.text() or not _same(mine.charFormat(), theirs.charFormat()):
            return False
        it += 1
        other_it += 1
    return it.atEnd() and other_it.atEnd()


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
