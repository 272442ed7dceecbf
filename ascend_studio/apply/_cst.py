"""Carry out an edit plan on a script through libcst's concrete syntax tree.

The plan names places by position (line, column in characters), as the
importer's :mod:`ast` walk found them; every other byte of the module is
written back exactly as it was read.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from ascend_studio.apply._chunks import Chunk, find_chunks, splice
from ascend_studio.apply._cstargs import CallEdit, edit_args

__all__ = ["Plan", "Pos", "run_plan"]

#: Where a node is: (line, column) of its start and of its end; lines 1-based,
#: columns 0-based in characters. The end matters: ``FLAGS`` and ``FLAGS.mode``
#: start at the same place.
Pos = tuple[int, int, int, int]


@dataclass
class Plan:
    #: By the called name (``npu.NPURunConfig`` in ``npu.NPURunConfig(...)``).
    calls: dict[Pos, CallEdit] = field(default_factory=dict)
    #: Expressions to replace, by where they are.
    exprs: dict[Pos, str] = field(default_factory=dict)
    #: Simple statements to delete, by where they are.
    remove: set[Pos] = field(default_factory=set)
    #: Statements to insert after the statement line starting at a line.
    insert_after: dict[int, list[str]] = field(default_factory=dict)
    #: Statements to insert right before the statement line starting at a line (below
    #: the blank and comment lines above it, as a statement of its own would be).
    insert_before: dict[int, list[str]] = field(default_factory=dict)
    #: Import statements to put at the top of the module (when no import exists to follow).
    imports: list[str] = field(default_factory=list)

    def call(self, pos: Pos) -> CallEdit:
        return self.calls.setdefault(pos, CallEdit())

    def __bool__(self) -> bool:
        return bool(
            any(self.calls.values())
            or self.exprs
            or self.remove
            or self.insert_after
            or self.insert_before
            or self.imports
        )


def _range(ranges: Mapping[cst.CSTNode, object], node: cst.CSTNode) -> Pos:
    where = ranges[node]
    assert isinstance(where, CodeRange)
    return where.start.line, where.start.column, where.end.line, where.end.column


class _Editor(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, plan: Plan) -> None:
        super().__init__()
        self.plan = plan
        #: Per open block: the comment lines of statements removed from it so far,
        #: kept for the statement that follows them (or the block's end).
        self._orphans: list[list[cst.EmptyLine]] = []

    def visit_Module(self, node: cst.Module) -> bool:
        self._orphans.append([])
        return True

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> bool:
        self._orphans.append([])
        return True

    def _adopt(self, node: cst.BaseStatement) -> cst.BaseStatement:
        """``node`` with the comment lines of the removed statements before it."""
        if not self._orphans or not self._orphans[-1]:
            return node
        if not isinstance(node, cst.SimpleStatementLine | cst.BaseCompoundStatement):
            return node
        lines, self._orphans[-1] = self._orphans[-1], []
        return node.with_changes(leading_lines=(*lines, *node.leading_lines))

    def _pos(self, node: cst.CSTNode) -> Pos:
        return _range(self.metadata[PositionProvider], node)

    def on_leave(
        self, original_node: cst.CSTNodeT, updated_node: cst.CSTNodeT
    ) -> cst.CSTNodeT | cst.RemovalSentinel | cst.FlattenSentinel[cst.CSTNodeT]:
        if isinstance(original_node, cst.BaseExpression) and self.plan.exprs:
            pos = self._pos(original_node)
            if pos in self.plan.exprs:
                new = cst.parse_expression(self.plan.exprs.pop(pos))
                assert isinstance(updated_node, cst.BaseExpression)
                if updated_node.lpar and not new.lpar:
                    new = new.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
                return new  # type: ignore[return-value]
        left = super().on_leave(original_node, updated_node)
        if isinstance(left, cst.BaseCompoundStatement):
            return self._adopt(left)  # type: ignore[return-value]
        return left

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        pos = self._pos(original_node.func)
        edit = self.plan.calls.get(pos)
        if not edit:
            return updated_node
        return edit_args(updated_node, edit)

    def leave_SimpleStatementLine(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> cst.BaseStatement | cst.RemovalSentinel | cst.FlattenSentinel[cst.BaseStatement]:
        line = self._pos(original_node)[0]
        body = [
            new
            for old, new in zip(original_node.body, updated_node.body, strict=True)
            if not self._removed(old)
        ]
        result: list[cst.BaseStatement] = [
            cst.parse_statement(text) for text in self.plan.insert_before.pop(line, [])
        ]
        if result and body:  # right above the statement, below its comment lines
            result[0] = result[0].with_changes(leading_lines=updated_node.leading_lines)
            updated_node = updated_node.with_changes(leading_lines=())
        if body:
            if len(body) < len(updated_node.body):
                last = body[-1]
                body[-1] = last.with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
            result.append(updated_node.with_changes(body=body))
        for text in self.plan.insert_after.pop(line, []):
            result.append(cst.parse_statement(text))
        if not result:  # its comment lines stay, for what comes next
            if self._orphans:
                self._orphans[-1] += original_node.leading_lines
            return cst.RemoveFromParent()
        result[0] = self._adopt(result[0])
        return result[0] if len(result) == 1 else cst.FlattenSentinel(result)

    def _removed(self, node: cst.BaseSmallStatement) -> bool:
        return self._pos(node) in self.plan.remove

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        """A block whose every statement was removed (``if flag:`` around the one line
        a fix drops) holds ``pass``: an empty block is not Python. The comment lines
        of statements removed at its end stay in it."""
        lines = self._orphans.pop() if self._orphans else []
        if not updated_node.body and original_node.body:
            kept = cst.SimpleStatementLine(body=[cst.Pass()], leading_lines=lines)
            return updated_node.with_changes(body=[kept])
        if lines:
            return updated_node.with_changes(footer=(*lines, *updated_node.footer))
        return updated_node

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        lines = self._orphans.pop() if self._orphans else []
        if lines:
            updated_node = updated_node.with_changes(footer=(*lines, *updated_node.footer))
        if not self.plan.imports:
            return updated_node
        body = list(updated_node.body)
        index = 0
        while index < len(body) and _is_preamble(body[index]):
            index += 1
        new = [cst.parse_statement(text) for text in self.plan.imports]
        self.plan.imports = []
        return updated_node.with_changes(body=[*body[:index], *new, *body[index:]])


def _is_preamble(stmt: cst.BaseStatement) -> bool:
    """A docstring or a ``from __future__`` import: what must stay first."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if isinstance(small, cst.Expr):
        return isinstance(small.value, cst.SimpleString | cst.ConcatenatedString)
    return (
        isinstance(small, cst.ImportFrom)
        and isinstance(small.module, cst.Name)
        and (small.module.value == "__future__")
    )


def _edit(text: str, plan: Plan) -> str:
    module = cst.parse_module(text)
    # the module is parsed for this edit only: no defensive deep copy is needed
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    return wrapper.visit(_Editor(plan)).code


def _lines(plan: Plan) -> set[int]:
    found = {pos[0] for pos in (*plan.calls, *plan.exprs, *plan.remove)}
    return found | set(plan.insert_after) | set(plan.insert_before)


def _shifted(plan: Plan, chunk: Chunk) -> Plan:
    """The part of ``plan`` inside ``chunk``, in the chunk's own coordinates."""
    cut = len(chunk.prefix)

    def inside(line: int) -> bool:
        return chunk.first <= line <= chunk.last

    def move(pos: Pos) -> Pos:
        return pos[0] - chunk.first + 1, pos[1] - cut, pos[2] - chunk.first + 1, pos[3] - cut

    return Plan(
        calls={move(k): v for k, v in plan.calls.items() if inside(k[0])},
        exprs={move(k): v for k, v in plan.exprs.items() if inside(k[0])},
        remove={move(k) for k in plan.remove if inside(k[0])},
        insert_after={k - chunk.first + 1: v for k, v in plan.insert_after.items() if inside(k)},
        insert_before={k - chunk.first + 1: v for k, v in plan.insert_before.items() if inside(k)},
    )


def run_plan(text: str, plan: Plan, every: list[ast.stmt] | None = None) -> str:
    """``text`` with ``plan`` carried out; raises ``cst.ParserSyntaxError`` if it does not parse.

    Given the module's statements, only the statements holding an edit go through
    libcst (see :mod:`._chunks`); otherwise, or when new imports go at the top,
    the whole module does.
    """
    chunks = find_chunks(every, text, _lines(plan)) if every is not None else None
    if chunks is None or plan.imports:
        return _edit(text, plan)
    edited = splice(text, chunks, lambda chunk, part: _edit(part, _shifted(plan, chunk)))
    if not _parses(edited):  # a chunk emptied the block around it: only the module sees it
        return _edit(text, plan)
    return edited


def _parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True
