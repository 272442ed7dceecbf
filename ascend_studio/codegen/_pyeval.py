"""Resolve Python expressions from a script without running anything.

Only what is safe and certain is computed: literals, names bound to such
values, string concatenation, f-strings of known parts, ``%s`` formatting,
``os.path.join``/``str``/``int``/``float``/``bool`` of known values, small int
arithmetic, dict lookups and ``json.dumps`` of literal containers. Everything
else is :class:`Opaque` and is later kept verbatim. Sizes and depth are
bounded, so no input can make evaluation slow or huge.
"""

from __future__ import annotations

import ast
import json
import math
import operator
import posixpath
import re
from collections.abc import Callable
from typing import Any

from ascend_studio.codegen._pyobjs import Opaque, Tf2Obj, dotted

__all__ = ["Evaluator", "missing"]

MAX_DEPTH = 40
MAX_STR = 1 << 16
MAX_INT = 1 << 64


def _small(value: object) -> bool:
    if isinstance(value, str | bytes):
        return len(value) <= MAX_STR
    if isinstance(value, int) and not isinstance(value, bool):
        return -MAX_INT <= value <= MAX_INT
    return True


def _unkept(value: object) -> str | None:
    """Why a computed value cannot be kept as a value (it stays an expression)."""
    if isinstance(value, float) and not math.isfinite(value):
        return "not a finite number"
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "not text (a lone surrogate)"
    return None


_SCALARS = (str, int, float, bool, bytes, type(None))
Lookup = Callable[[str], object]


class Evaluator:
    """Evaluates expressions against a name lookup and an import alias table."""

    def __init__(
        self,
        lookup: Lookup,
        canonical: Callable[[str], str],
        on_call: Callable[[ast.Call, str], object | None],
    ) -> None:
        self.lookup = lookup
        self.canonical = canonical
        self.on_call = on_call

    def eval(self, node: ast.AST, depth: int = 0) -> object:
        if depth > MAX_DEPTH:
            return Opaque(node, "too deeply nested")
        method = _DISPATCH.get(type(node))
        if method is None:
            return Opaque(node)
        result = method(self, node, depth + 1)
        kind = type(result)
        if (kind is str or kind is bytes or kind is int) and not _small(result):
            return Opaque(node, "too large")
        if kind is float or kind is str:
            why = _unkept(result)
            if why is not None:
                return Opaque(node, why)
        return result

    # -- literals and names ------------------------------------------------------------
    def _Constant(self, node: ast.Constant, depth: int) -> object:
        value = node.value
        return value if isinstance(value, _SCALARS) else Opaque(node)

    def _Name(self, node: ast.Name, depth: int) -> object:
        found = self.lookup(node.id)
        return Opaque(node, "not known") if found is _MISSING else found

    def _JoinedStr(self, node: ast.JoinedStr, depth: int) -> object:
        parts: list[str] = []
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                parts.append(part.value)
                continue
            if not isinstance(part, ast.FormattedValue) or part.format_spec is not None:
                return Opaque(node)
            value = self.eval(part.value, depth)
            if not isinstance(value, str | int | float | bool) or part.conversion not in (-1, 115):
                return Opaque(node)
            parts.append(str(value))
        return "".join(parts)

    def _seq(self, items: list[ast.expr], depth: int) -> list[object] | None:
        out = [self.eval(item, depth) for item in items]
        return None if any(not _plain(v) for v in out) else out

    def _List(self, node: ast.List, depth: int) -> object:
        items = self._seq(node.elts, depth)
        return Opaque(node) if items is None else items

    def _Tuple(self, node: ast.Tuple, depth: int) -> object:
        items = self._seq(node.elts, depth)
        return Opaque(node) if items is None else tuple(items)

    def _Dict(self, node: ast.Dict, depth: int) -> object:
        if any(k is None for k in node.keys):
            return Opaque(node)
        keys = self._seq([k for k in node.keys if k is not None], depth)
        values = self._seq(node.values, depth)
        if keys is None or values is None or not all(isinstance(k, str | int) for k in keys):
            return Opaque(node)
        return dict(zip(keys, values, strict=True))

    # -- operators ---------------------------------------------------------------------
    def _UnaryOp(self, node: ast.UnaryOp, depth: int) -> object:
        value = self.eval(node.operand, depth)
        if isinstance(value, int | float) and not isinstance(value, bool):
            if isinstance(node.op, ast.USub):
                return -value
            if isinstance(node.op, ast.UAdd):
                return value
        if isinstance(node.op, ast.Not) and isinstance(value, bool):
            return not value
        return Opaque(node)

    def _BinOp(self, node: ast.BinOp, depth: int) -> object:
        left = self.eval(node.left, depth)
        right = self.eval(node.right, depth)
        return _binop(node, left, right)

    def _IfExp(self, node: ast.IfExp, depth: int) -> object:
        test = self.eval(node.test, depth)
        if isinstance(test, bool):
            return self.eval(node.body if test else node.orelse, depth)
        return Opaque(node, "conditional expression")

    def _Subscript(self, node: ast.Subscript, depth: int) -> object:
        container = self.eval(node.value, depth)
        key = self.eval(node.slice, depth)
        if isinstance(container, dict) and isinstance(key, str | int) and key in container:
            return container[key]
        if isinstance(container, list | tuple) and type(key) is int:
            return container[key] if -len(container) <= key < len(container) else Opaque(node)
        return Opaque(node)

    def _Attribute(self, node: ast.Attribute, depth: int) -> object:
        name = dotted(node)
        if name is not None and "." in name:
            found = self.lookup(name)
            if found is not _MISSING:
                return found
        if _tree_base(node.value):
            base = self.eval(node.value, depth)
            if isinstance(base, Tf2Obj):  # a node of global_options()'s option tree
                return base.child(node.attr)
        return Opaque(node)

    # -- calls -------------------------------------------------------------------------
    def _Call(self, node: ast.Call, depth: int) -> object:
        name = dotted(node.func)
        canon = self.canonical(name) if name else ""
        handled = self.on_call(node, canon)
        if handled is not None:
            return handled
        if name and "." not in name and self.lookup(name) is not _MISSING:
            return Opaque(node)  # a builtin's name rebound by the script
        if canon in _FUNCTIONS:
            if any(isinstance(a, ast.Starred) for a in node.args):
                return Opaque(node)
            return _call(canon, node, [self.eval(a, depth) for a in node.args], self, depth)
        if isinstance(node.func, ast.Attribute):
            return self._method(node, depth)
        return Opaque(node)

    def _method(self, node: ast.Call, depth: int) -> object:
        """``"sep".join([...])``, ``"x".encode()``, ``"{}".format(...)`` on known values."""
        assert isinstance(node.func, ast.Attribute)
        target = self.eval(node.func.value, depth)
        args = [self.eval(a, depth) for a in node.args]
        method = _STR_METHODS.get(node.func.attr)
        if node.keywords or method is None or not isinstance(target, str):
            return Opaque(node)
        if not all(_plain(a) for a in args):
            return Opaque(node)
        result = method(target, args)
        return Opaque(node) if result is None else result


def _m_encode(target: str, args: list[object]) -> object:
    return target.encode("utf-8") if all(isinstance(a, str) for a in args) else None


def _m_join(target: str, args: list[object]) -> object:
    if len(args) != 1 or not isinstance(args[0], list | tuple):
        return None
    items = args[0]
    return target.join(items) if all(isinstance(i, str) for i in items) else None


def _m_format(target: str, args: list[object]) -> object:
    if not _simple_format(target):
        return None
    try:
        return target.format(*args)
    except (IndexError, KeyError, ValueError):
        return None


def _m_case(name: str) -> Callable[[str, list[object]], object]:
    def run(target: str, args: list[object]) -> object:
        return None if args else str(getattr(target, name)())

    return run


_STR_METHODS: dict[str, Callable[[str, list[object]], object]] = {
    "encode": _m_encode,
    "join": _m_join,
    "format": _m_format,
    "upper": _m_case("upper"),
    "lower": _m_case("lower"),
    "strip": _m_case("strip"),
}


#: node type -> Evaluator method, built once (``getattr`` per node is slow).
_DISPATCH: dict[type, Callable[[Evaluator, Any, int], object]] = {
    getattr(ast, name[1:]): method
    for name, method in vars(Evaluator).items()
    if name[:2] != "__" and name[0] == "_" and name[1].isupper() and hasattr(ast, name[1:])
}

_MISSING: Any = object()


def _tree_base(node: ast.expr) -> bool:
    """What may hold a node of ``global_options()``'s tree: a name, an attribute, or the
    ``global_options()`` call itself (other calls are not evaluated twice)."""
    if isinstance(node, ast.Name | ast.Attribute):
        return True
    if isinstance(node, ast.Call) and not node.args and not node.keywords:
        name = dotted(node.func)
        return name is not None and name.rpartition(".")[2] == "global_options"
    return False


def missing() -> object:
    """The marker a lookup returns for an unknown name."""
    return _MISSING


def _plain(value: object) -> bool:
    if isinstance(value, list | tuple):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(v) for v in value.values())
    return isinstance(value, _SCALARS)


def _simple_format(template: str) -> bool:
    """Only ``{}`` / ``{0}`` fields: no attribute access, no format specs."""
    fields = re.findall(r"\{([^{}]*)\}", template.replace("{{", "").replace("}}", ""))
    return all(f == "" or f.isdigit() for f in fields)


def _binop(node: ast.BinOp, left: object, right: object) -> object:
    numbers = int | float
    if isinstance(node.op, ast.Add):
        if isinstance(left, str) and isinstance(right, str):
            return left + right
        if isinstance(left, bytes) and isinstance(right, bytes):
            return left + right
    if isinstance(left, bool) or isinstance(right, bool):
        return Opaque(node)
    if isinstance(left, numbers) and isinstance(right, numbers):
        return _arith(node, left, right)
    if isinstance(node.op, ast.Mod) and isinstance(left, str):
        return _percent(node, left, right)
    return Opaque(node)


def _pow(left: float, right: float) -> object:
    small = isinstance(right, int) and 0 <= right <= 64 and abs(left) < 2**32
    return left**right if small else None


def _shift(left: float, right: float) -> object:
    return int(left) << right if isinstance(right, int) and 0 <= right <= 64 else None


def _intdiv(op: Callable[[int, int], int]) -> Callable[[float, float], object]:
    def run(left: float, right: float) -> object:
        ints = isinstance(left, int) and isinstance(right, int) and right != 0
        return op(int(left), int(right)) if ints else None

    return run


_ARITH: dict[type[ast.operator], Callable[[float, float], object]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Pow: _pow,
    ast.LShift: _shift,
    ast.FloorDiv: _intdiv(operator.floordiv),
    ast.Mod: _intdiv(operator.mod),
}


def _arith(node: ast.BinOp, left: float, right: float) -> object:
    run = _ARITH.get(type(node.op))
    result = run(left, right) if run is not None else None
    return Opaque(node) if result is None else result


def _percent(node: ast.BinOp, template: str, args: object) -> object:
    """``"%s/%d" % (a, b)`` with only ``%s``/``%d`` fields."""
    if re.search(r"%(?![sd%])", template):
        return Opaque(node)
    values = args if isinstance(args, tuple) else (args,)
    if not all(isinstance(v, str | int | float) for v in values):
        return Opaque(node)
    try:
        return template % values
    except (TypeError, ValueError, OverflowError):  # "%d" % 1e999
        return Opaque(node)


_FUNCTIONS = frozenset(
    {"os.path.join", "posixpath.join", "str", "int", "float", "bool", "bytes", "json.dumps", "dict"}
)


def _call(canon: str, node: ast.Call, args: list[object], ev: Evaluator, depth: int) -> object:
    special = _SPECIAL.get(canon)
    if special is not None:
        return special(node, args, ev, depth)
    if node.keywords or not all(_plain(a) for a in args):
        return Opaque(node)
    if canon.endswith("join") and args and all(isinstance(a, str) for a in args):
        return posixpath.join(*(str(a) for a in args))
    if canon == "bytes" and len(args) == 2 and isinstance(args[0], str):
        return args[0].encode("utf-8")
    if len(args) == 1:
        return _convert(canon, node, args[0])
    return Opaque(node)


_BUILTIN_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str, int, float, bool),
    "int": (str, int, float),
    "float": (str, int, float),
    "bool": (str, int),
}
_BUILTINS: dict[str, Callable[[Any], object]] = {
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
}


def _convert(canon: str, node: ast.Call, value: object) -> object:
    """``str()``/``int()``/``float()``/``bool()`` of a known scalar."""
    accepted = _BUILTIN_TYPES.get(canon)
    if accepted is None or not isinstance(value, accepted) or len(str(value)) > 4000:
        return Opaque(node)
    try:
        return _BUILTINS[canon](value)
    except (ValueError, OverflowError):
        return Opaque(node)


def _dict_call(node: ast.Call, args: list[object], ev: Evaluator, depth: int) -> object:
    """``dict(precision_mode="x", ...)``: keywords of known values, as a ``{...}`` literal."""
    if args or any(kw.arg is None for kw in node.keywords):
        return Opaque(node)
    keys = [kw.arg for kw in node.keywords if kw.arg is not None]
    values = ev._seq([kw.value for kw in node.keywords], depth)
    return Opaque(node) if values is None else dict(zip(keys, values, strict=True))


def _json_dumps(node: ast.Call, args: list[object], ev: Evaluator, depth: int) -> object:
    if len(args) != 1 or not _plain(args[0]):
        return Opaque(node)
    kwargs: dict[str, object] = {}
    for kw in node.keywords:
        value = ev.eval(kw.value, depth)
        if kw.arg not in ("ensure_ascii", "separators", "sort_keys") or not _plain(value):
            return Opaque(node)
        kwargs[kw.arg] = tuple(value) if isinstance(value, list) else value
    try:
        return json.dumps(args[0], **kwargs)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return Opaque(node)


#: Calls with their own argument rules (keywords allowed).
_SPECIAL: dict[str, Callable[[ast.Call, list[object], Evaluator, int], object]] = {
    "json.dumps": _json_dumps,
    "dict": _dict_call,
}
