"""A new text for a document as the smallest line edits the editor applies.

Fixes are carried out by the apply machinery, which returns the whole new text of
the script (its own line endings kept); the editor gets only the lines that
changed, so its undo, markers and cursor stay where the text did not change.
"""

from __future__ import annotations

import difflib
import re

from lsprotocol import types as lsp

from ascend_studio.lsp._text import Snapshot

__all__ = ["text_edits"]

#: Each line with its line break (the last one may have none).
_CHUNK = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def _chunks(text: str) -> list[str]:
    return _CHUNK.findall(text)


def text_edits(snapshot: Snapshot, after: str) -> list[lsp.TextEdit]:
    """Edits that turn ``snapshot``'s text into ``after`` (none when they are equal):
    whole lines, from the start of the first changed one to the start of the next."""
    if after == snapshot.text:
        return []
    before, new = _chunks(snapshot.text), _chunks(after)
    matcher = difflib.SequenceMatcher(None, before, new, autojunk=False)
    edits: list[lsp.TextEdit] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        end = _line_start(snapshot, before, i2)
        start = _line_start(snapshot, before, i1)
        text = "".join(new[j1:j2])
        edits.append(lsp.TextEdit(range=lsp.Range(start=start, end=end), new_text=text))
    return edits


def _line_start(snapshot: Snapshot, chunks: list[str], index: int) -> lsp.Position:
    """Where chunk ``index`` starts; past the last chunk, the end of the document."""
    if index < len(chunks) or not chunks or chunks[-1][-1:] in ("\n", "\r"):
        return lsp.Position(line=index, character=0)
    last = len(chunks) - 1
    return snapshot.position(last, len(chunks[-1]))
