"""Walk a parsed script's statements, tracking what names hold, without running it.

A small abstract interpreter: assignments bind names to resolved values or
:class:`~._pyeval.Opaque`; ``if``/``try``/``match`` branches are followed
separately and merged (a name given different values on different paths
becomes :class:`~._pyeval.Ambiguous`); loops may or may not run. Function and
class bodies are read after the module (they run later, seeing its final
globals), and only when their text mentions something of interest, which
keeps large training scripts fast.

What it collects: every NPURunConfig call (with the names as they were at
that point), every ConfigProto and its NpuOptimizer ``parameter_map`` writes,
and every ``os.environ`` change.
"""

from __future__ import annotations

import ast
import re
from collections import ChainMap
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass

from ascend_studio.codegen._pyenv import assign_attribute, environ_call, environ_target, on_call
from ascend_studio.codegen._pyeval import Evaluator, missing
from ascend_studio.codegen._pyobjs import (
    CONFIG_CLASSES,
    Ambiguous,
    EnvSet,
    Opaque,
    ProtoObj,
    Source,
    SubConfigObj,
    dotted,
)

__all__ = ["Scanner"]

_BASE_WORDS = (
    *CONFIG_CLASSES,
    "ConfigProto",
    "parameter_map",
    "custom_optimizers",
    "environ",
    "putenv",
    "unsetenv",
)
_FIELDS = frozenset({"s", "i", "b", "f"})
_BRANCH_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


@dataclass
class _Binding:
    value: object
    line: int


class _Scope:
    def __init__(self, parent: _Scope | None) -> None:
        self.parent = parent
        self.vars: MutableMapping[str, _Binding] = {}

    def find(self, name: str) -> _Binding | None:
        scope: _Scope | None = self
        while scope is not None:
            if name in scope.vars:
                return scope.vars[name]
            scope = scope.parent
        return None


def _same(a: object, b: object) -> bool:
    if isinstance(a, str | int | float | bytes | type(None)) and type(a) is type(b):
        return a == b
    return a is b


class Scanner:
    """Collects configurations from a module; see the module docstring."""

    def __init__(self, source: Source) -> None:
        self.src = source
        self.aliases: dict[str, str] = {}
        self.runconfigs: list[SubConfigObj] = []
        self.protos: list[ProtoObj] = []
        self.env: list[EnvSet] = []
        self.notes: list[tuple[int, str, str]] = []  # (line, kind, english text)
        self.ctx: list[str] = []
        self.loops = 0
        self.scope = _Scope(None)
        self.seen: set[int] = set()
        self._deferred: list[tuple[ast.AST, _Scope, list[str]]] = []
        self._words = set(_BASE_WORDS)
        self._pattern = re.compile("|".join(sorted(self._words)))
        self.ev = Evaluator(
            self._lookup, self.canonical, lambda node, canon: on_call(self, node, canon)
        )

    # -- names ---------------------------------------------------------------------
    def canonical(self, name: str) -> str:
        head, _, rest = name.partition(".")
        base = self.aliases.get(head, head)
        return f"{base}.{rest}" if rest else base

    def _lookup(self, name: str) -> object:
        found = self.scope.find(name) if "." not in name else None
        return missing() if found is None else found.value

    def _interesting(self, node: ast.AST) -> bool:
        return self._pattern.search(self.src.span(node)) is not None

    def _import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            if isinstance(node, ast.Import):
                local = alias.asname or alias.name.partition(".")[0]
                self.aliases[local] = alias.name if alias.asname else local
            elif alias.name != "*":
                local = alias.asname or alias.name
                self.aliases[local] = f"{node.module or ''}.{alias.name}".lstrip(".")
                if alias.name in self._words and local not in self._words:
                    self._words.add(local)
                    self._pattern = re.compile("|".join(sorted(self._words)))
            self.scope.vars.pop(alias.asname or alias.name.partition(".")[0], None)

    def label(self, line: int) -> str:
        return ", ".join([f"line {line}", *self.ctx])

    # -- the walk ------------------------------------------------------------------
    def run(self, tree: ast.Module) -> None:
        self.block(tree.body)
        while self._deferred:
            node, scope, ctx = self._deferred.pop(0)
            self.scope, self.ctx = _Scope(scope), ctx
            self.block(node.body)  # type: ignore[attr-defined]

    def block(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, node: ast.stmt) -> None:
        handler = getattr(self, "_s_" + type(node).__name__, None)
        if handler is not None:
            handler(node)
        if not hasattr(node, "body") and self._interesting(node):
            self._scan_calls(node)

    def _scan_calls(self, node: ast.AST) -> None:
        """Evaluate config constructor calls nested anywhere in a statement."""
        for child in ast.walk(node):
            if isinstance(child, ast.Call) and id(child) not in self.seen:
                name = dotted(child.func)
                last = self.canonical(name).rpartition(".")[2] if name else ""
                if last in ("NPURunConfig", "ConfigProto"):
                    self.ev.eval(child)

    def _s_Import(self, node: ast.Import) -> None:
        self._import(node)

    _s_ImportFrom = _s_Import

    def _s_Assign(self, node: ast.Assign) -> None:
        value = self.ev.eval(node.value)
        for target in node.targets:
            self.assign(target, value, node)

    def _s_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.assign(node.target, self.ev.eval(node.value), node)

    def _s_AugAssign(self, node: ast.AugAssign) -> None:
        if isinstance(node.target, ast.Name):
            load = ast.Name(id=node.target.id, ctx=ast.Load())
            combined = ast.copy_location(ast.BinOp(left=load, op=node.op, right=node.value), node)
            ast.fix_missing_locations(combined)
            self.assign(node.target, self.ev.eval(combined), node)

    def _s_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Call):
            environ_call(self, node.value)
        self.ev.eval(node.value)

    def _s_Return(self, node: ast.Return) -> None:
        if node.value is not None:
            self.ev.eval(node.value)

    def _s_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.scope.vars.pop(target.id, None)
            elif isinstance(target, ast.Subscript):
                environ_target(self, target, None, node.lineno, "del")

    def _s_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scope.vars[node.name] = _Binding(Opaque(node), node.lineno)
        if self._interesting(node):
            where = f"in function {node.name} (line {node.lineno})"
            self._deferred.append((node, self.scope, [*self.ctx, where]))

    _s_AsyncFunctionDef = _s_FunctionDef

    def _s_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.vars[node.name] = _Binding(Opaque(node), node.lineno)
        if self._interesting(node):
            where = f"in class {node.name} (line {node.lineno})"
            self._deferred.append((node, self.scope, [*self.ctx, where]))

    # -- branches ------------------------------------------------------------------
    def _branches(self, bodies: list[tuple[list[ast.stmt], str]], keep_base: bool) -> None:
        """Follow alternative bodies, each writing to its own overlay, then merge.

        Only the names a branch assigns are merged, so a long script with many
        ``if`` blocks costs time in proportion to what the branches change.
        """
        base = self.scope.vars
        overlays: list[dict[str, _Binding]] = []
        for body, where in bodies:
            overlay: dict[str, _Binding] = {}
            self.scope.vars = ChainMap(overlay, base)
            self.ctx.append(where)
            try:
                self.block(body)
            finally:
                self.ctx.pop()
                self.scope.vars = base
            overlays.append(overlay)
        for name in {n for overlay in overlays for n in overlay}:
            paths = [overlay.get(name) or base.get(name) for overlay in overlays]
            if keep_base:
                paths.append(base.get(name))
            merged = self._merge([b for b in paths if b is not None])
            if merged is not None:
                base[name] = merged

    def _merge(self, found: list[_Binding]) -> _Binding | None:
        distinct: list[_Binding] = []
        for binding in found:
            if not any(_same(binding.value, d.value) for d in distinct):
                distinct.append(binding)
        if len(distinct) <= 1:
            return distinct[0] if distinct else None
        options = tuple((b.line, self._show(b.value)) for b in distinct)
        return _Binding(Ambiguous(options), distinct[-1].line)

    def _show(self, value: object) -> str:
        if isinstance(value, Opaque) and hasattr(value.node, "col_offset"):
            return self.src.segment(value.node)
        if isinstance(value, SubConfigObj):
            return f"{value.owner}(...)"
        if isinstance(value, Ambiguous):
            return " | ".join(text for _, text in value.options)
        return repr(value)

    def _s_If(self, node: ast.If) -> None:
        test = self.ev.eval(node.test)
        if isinstance(test, bool):
            self.block(node.body if test else node.orelse)
            return
        if _is_main(node.test):
            self.ctx.append("in the __main__ block")
            try:
                self.block(node.body)
            finally:
                self.ctx.pop()
            self._branches([(node.orelse, f"in else branch (line {node.lineno})")], True)
            return
        bodies = [(node.body, f"in if branch (line {node.lineno})")]
        bodies.append((node.orelse, f"in else branch (line {node.lineno})"))
        self._branches(bodies, keep_base=False)

    def _loop(self, node: ast.For | ast.AsyncFor | ast.While, where: str) -> None:
        self.loops += 1
        try:
            self._branches([(node.body, where)], keep_base=True)
        finally:
            self.loops -= 1
        self._branches([(node.orelse, where)], keep_base=True)

    def _s_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.ev.eval(node.iter)
        for name in _names(node.target):
            self.scope.vars[name] = _Binding(Opaque(node.target, "loop variable"), node.lineno)
        self._loop(node, f"in for loop (line {node.lineno})")

    _s_AsyncFor = _s_For

    def _s_While(self, node: ast.While) -> None:
        self._loop(node, f"in while loop (line {node.lineno})")

    def _s_With(self, node: ast.With | ast.AsyncWith) -> None:
        for item in node.items:
            self.ev.eval(item.context_expr)
            if item.optional_vars is not None:
                self.assign(item.optional_vars, Opaque(item.optional_vars), node)
        self.block(node.body)

    _s_AsyncWith = _s_With

    def _s_Try(self, node: ast.Try) -> None:
        self.block(node.body)
        handlers = [(h.body, f"in except handler (line {h.lineno})") for h in node.handlers]
        self._branches(handlers, keep_base=True)
        self.block(node.orelse)
        self.block(node.finalbody)

    _s_TryStar = _s_Try

    def _s_Match(self, node: ast.Match) -> None:
        self.ev.eval(node.subject)
        cases = [(c.body, f"in case (line {c.pattern.lineno})") for c in node.cases]
        self._branches(cases, keep_base=True)

    # -- assignments -----------------------------------------------------------------
    def assign(self, target: ast.expr, value: object, stmt: ast.stmt) -> None:
        if isinstance(target, ast.Name):
            self.scope.vars[target.id] = _Binding(value, stmt.lineno)
        elif isinstance(target, ast.Tuple | ast.List):
            values = value if isinstance(value, tuple | list) else None
            for index, element in enumerate(target.elts):
                item = values[index] if values and len(values) == len(target.elts) else None
                self.assign(element, Opaque(element) if item is None else item, stmt)
        elif isinstance(target, ast.Attribute):
            assign_attribute(self, target, value, stmt)
        elif isinstance(target, ast.Subscript) and not environ_target(
            self, target, value, stmt.lineno, "assign"
        ):
            self._dict_item(target, value, stmt)

    def _dict_item(self, target: ast.Subscript, value: object, stmt: ast.stmt) -> None:
        """``kwargs["precision_mode"] = "x"`` on a dict literal held in a name."""
        if not isinstance(target.value, ast.Name):
            return
        binding = self.scope.find(target.value.id)
        key = self.ev.eval(target.slice)
        if binding is not None and isinstance(binding.value, dict) and isinstance(key, str):
            self.scope.vars[target.value.id] = _Binding({**binding.value, key: value}, stmt.lineno)

    def bind(self, name: str, value: object, line: int) -> None:
        self.scope.vars[name] = _Binding(value, line)

    def env_set(self, name: str, value: object, line: int, how: str) -> None:
        conditional, in_loop = self.conditional(), self.loops > 0
        self.env.append(EnvSet(name, value, line, self.label(line), conditional, in_loop, how))

    def note(self, line: int, kind: str, text: str) -> None:
        self.notes.append((line, kind, text))

    def conditional(self) -> bool:
        return any(
            not c.startswith(("in function", "in class", "in the __main__")) for c in self.ctx
        )


def _names(target: ast.AST) -> Iterator[str]:
    for node in ast.walk(target):
        if isinstance(node, ast.Name):
            yield node.id


def _is_main(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )
