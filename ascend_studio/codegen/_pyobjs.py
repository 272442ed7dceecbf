"""What the Python importer knows about a script: its text and the objects it builds.

Values the scanner tracks are plain Python scalars/containers, or one of the
classes here: an :class:`Opaque` value (not knowable without running), an
:class:`Ambiguous` name, a config constructor call, a ConfigProto and its
NpuOptimizer ``parameter_map`` writes.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from itertools import accumulate

from ascend_studio.schema import OWNERS

__all__ = [
    "CONFIG_CLASSES",
    "Ambiguous",
    "CustomOpObj",
    "EnvSet",
    "MapWrite",
    "Opaque",
    "ProtoObj",
    "Source",
    "SubConfigObj",
    "Tf2Obj",
    "Tf2Site",
    "Tf2Write",
    "dotted",
    "source_lines",
]

CONFIG_CLASSES = frozenset(OWNERS)


@dataclass(frozen=True, eq=False)
class Opaque:
    """A value that cannot be known without running the script."""

    node: ast.AST
    why: str = ""


@dataclass(frozen=True, eq=False)
class Ambiguous:
    """A name with different values on different paths: (line, source text) each."""

    options: tuple[tuple[int, str], ...]


@dataclass(eq=False)
class SubConfigObj:
    """A constructor call of NPURunConfig or a sub-config class."""

    owner: str
    node: ast.Call
    label: str
    #: keyword -> (value node, resolved value, source text or None to take the node's).
    args: dict[str, tuple[ast.expr, object, str | None]] = field(default_factory=dict)
    #: ("*" / "**" / unknown name, value node, source text or None)
    extras: list[tuple[str, ast.expr, str | None]] = field(default_factory=list)
    excess_positional: int = 0
    #: Names given twice (by position, keyword or a known ``**dict``): (name, line of the
    #: second, how first, how second). Twice by keyword Python refuses to compile the
    #: file (SyntaxError); otherwise the real call raises TypeError.
    given_twice: list[tuple[str, int, str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class MapWrite:
    """One ``parameter_map`` write in a script."""

    key: str
    field: str
    node: ast.expr  # the right-hand side, wrappers removed
    value: object
    line: int
    label: str
    wrapped: str  # "as_bytes", "encode", "bytes", "str", "" (what wrapped the value)
    rhs: ast.expr | None = None  # the right-hand side as written (wrappers included)


@dataclass(eq=False)
class CustomOpObj:
    """A ``custom_optimizers`` entry a script adds, and its parameter_map writes."""

    proto: ProtoObj
    line: int
    name: object = None
    writes: list[MapWrite] = field(default_factory=list)


@dataclass(eq=False)
class ProtoObj:
    """A ``tf.ConfigProto``; ``node`` is its constructor call (None if not seen)."""

    node: ast.Call | None
    line: int
    label: str
    ops: list[CustomOpObj] = field(default_factory=list)
    other: list[tuple[int, str]] = field(default_factory=list)  # ignored settings
    used_by_runconfig: bool = False


@dataclass(frozen=True)
class Tf2Obj:
    """``npu_device.global_options()`` (path "") or a node of its option tree."""

    path: str

    def child(self, name: str) -> Tf2Obj:
        return Tf2Obj(f"{self.path}.{name}" if self.path else name)


@dataclass(frozen=True)
class Tf2Write:
    """``<global_options() node>.name = value``."""

    path: str
    node: ast.expr  # the right-hand side
    value: object
    line: int
    label: str
    #: The assignment statement and its target (``apply`` edits them).
    stmt: ast.stmt | None = None
    target: ast.Attribute | None = None


@dataclass(frozen=True)
class Tf2Site:
    """A call of ``npu_device.open`` or ``npu_device.set_npu_loop_size``."""

    name: str
    node: ast.Call
    #: The argument's node and value; None when the call gives none.
    argument: ast.expr | None
    value: object
    line: int
    label: str


def dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


_NEWLINE = re.compile(r"\r\n|\r|\n")
#: Characters ``str.splitlines`` also ends a line at, and Python does not.
_OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def source_lines(text: str) -> list[str]:
    """Lines as Python numbers them (only \\n, \\r\\n and \\r end a line; a form
    feed or U+2028 inside a string does not), each with its line ending."""
    if _OTHER_BREAKS.search(text) is None:
        return text.splitlines(keepends=True)  # the same lines, split in C
    lines: list[str] = []
    start = 0
    for match in _NEWLINE.finditer(text):
        lines.append(text[start : match.end()])
        start = match.end()
    if start < len(text):
        lines.append(text[start:])
    return lines


class Source:
    """The script text with fast line spans and exact node segments."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = source_lines(text)
        self._encoded: dict[int, bytes] = {}
        self.starts = [0, *accumulate(map(len, self.lines))]

    def span(self, node: ast.AST) -> str:
        """The text a statement covers (for cheap keyword checks): its exact text
        when on one line (``x=1;`` * 100,000 is one line), else its whole lines."""
        first = getattr(node, "lineno", 1)
        last = getattr(node, "end_lineno", None) or first
        if first == last and getattr(node, "end_col_offset", None) is not None:
            return self.segment(node)
        return self.text[self.starts[first - 1] : self.starts[min(last, len(self.lines))]]

    def _cut(self, index: int, start: int, end: int | None) -> str:
        """Columns ``start:end`` (UTF-8 byte offsets) of line ``index``, in time
        proportional to the cut (an ASCII line is cut directly; others are encoded
        once and kept)."""
        line = self.lines[index]
        if line.isascii():
            return line[start:end]
        encoded = self._encoded.get(index)
        if encoded is None:
            encoded = self._encoded[index] = line.encode("utf-8", "surrogatepass")
        return encoded[start:end].decode("utf-8", "replace")

    def segment(self, node: ast.AST) -> str:
        """The exact source of an expression node (columns are UTF-8 byte offsets)."""
        first: int = getattr(node, "lineno", 0)
        last: int = getattr(node, "end_lineno", None) or first
        start: int = getattr(node, "col_offset", 0)
        end: int | None = getattr(node, "end_col_offset", None)
        if not 1 <= first <= len(self.lines) or last > len(self.lines) or end is None:
            return ast.unparse(node)
        if first == last:
            return self._cut(first - 1, start, end)
        head = self._cut(first - 1, start, None)
        middle = "".join(self.lines[first : last - 1])
        return head + middle + self._cut(last - 1, 0, end)


@dataclass(frozen=True)
class EnvSet:
    """One ``os.environ`` change in a script."""

    name: str
    value: object  # str, None (unset) or something unresolved
    line: int
    label: str
    conditional: bool
    in_loop: bool
    how: str
