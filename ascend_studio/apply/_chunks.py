"""Run libcst only on the statements an edit touches.

libcst on a whole 2000-line training script takes seconds (its position
metadata most of all); an edit touches one or two statements. Each edited
place is widened to the innermost statement around it that, with its common
indentation removed, is a module of its own; libcst edits that, and the
indentation is put back on the lines it wrote. Lines it did not change are
copied from the original, byte for byte.
"""

from __future__ import annotations

import ast
import difflib
import warnings
from collections.abc import Callable
from dataclasses import dataclass

from ascend_studio.codegen._pyobjs import source_lines

__all__ = ["Chunk", "find_chunks", "splice", "statements"]


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def statements(tree: ast.Module) -> list[tuple[ast.stmt, int]]:
    """Every statement with the identity of the list (block) holding it.

    Only statement lists are followed, not expressions: several times cheaper
    than :func:`ast.walk` on a large script.
    """
    found: list[tuple[ast.stmt, int]] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        for name in _BODIES:
            body = getattr(node, name, None)
            if not isinstance(body, list):
                continue
            for child in body:
                if isinstance(child, ast.stmt):
                    found.append((child, id(body)))
                todo.append(child)  # handlers and match cases hold statements too
    return found


@dataclass(frozen=True)
class Chunk:
    first: int  # 1-based, inclusive
    last: int
    prefix: str  # the indentation removed from every line

    def text(self, lines: list[str]) -> str:
        return "".join(_strip(row, self.prefix) for row in lines[self.first - 1 : self.last])


def _strip(row: str, prefix: str) -> str:
    return row[len(prefix) :] if row.startswith(prefix) else row


def _chunk(stmt: ast.stmt, lines: list[str]) -> Chunk | None:
    decorators = getattr(stmt, "decorator_list", [])
    first = min([stmt.lineno, *(d.lineno for d in decorators)])
    last = stmt.end_lineno or stmt.lineno
    head = lines[first - 1]
    prefix = head[: len(head) - len(head.lstrip(" \t"))]
    rows = lines[first - 1 : last]
    if any(row.strip() and not row.startswith(prefix) for row in rows):
        return None
    chunk = Chunk(first, last, prefix)
    return chunk if _parses(chunk.text(lines)) else None


def _parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def find_chunks(every: list[ast.stmt], text: str, wanted: set[int]) -> list[Chunk] | None:
    """Disjoint chunks covering every line in ``wanted`` (``every``: the module's
    statements); None: edit the whole module."""
    lines = source_lines(text)
    chosen: list[Chunk] = []
    for line in sorted(wanted):
        around = [s for s in every if s.lineno <= line <= (s.end_lineno or s.lineno)]
        around.sort(key=lambda s: (s.end_lineno or s.lineno) - s.lineno)
        found = next((c for s in around if (c := _chunk(s, lines)) is not None), None)
        if found is None:
            return None
        chosen.append(found)
    return _merged(chosen, lines)


def _merged(chunks: list[Chunk], lines: list[str]) -> list[Chunk] | None:
    out: list[Chunk] = []
    for chunk in sorted(chunks, key=lambda c: (c.first, -c.last)):
        if out and chunk.first <= out[-1].last:
            top = out[-1]
            if chunk.last <= top.last:
                continue  # inside the one already chosen
            if chunk.prefix != top.prefix or not _parses(
                Chunk(top.first, chunk.last, top.prefix).text(lines)
            ):
                return None
            out[-1] = Chunk(top.first, chunk.last, top.prefix)
        else:
            out.append(chunk)
    return out


def _indent_back(old: list[str], new: list[str], prefix: str) -> list[str]:
    """Unchanged lines come from the original; lines libcst wrote get the prefix."""
    stripped = [_strip(row, prefix) for row in old]
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, stripped, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out += old[i1:i2]
        else:
            out += [prefix + row if row.strip() else row for row in new[j1:j2]]
    return out


def splice(text: str, chunks: list[Chunk], edit: Callable[[Chunk, str], str]) -> str:
    """``text`` with each chunk replaced by ``edit(chunk, dedented chunk text)``."""
    lines = source_lines(text)
    out: list[str] = []
    done = 0
    for chunk in chunks:
        out += lines[done : chunk.first - 1]
        old = lines[chunk.first - 1 : chunk.last]
        edited = edit(chunk, chunk.text(lines))
        if edited.strip():  # else every statement in it was removed: so are its lines
            out += _indent_back(old, source_lines(edited), chunk.prefix)
        done = chunk.last
    out += lines[done:]
    return "".join(out)
