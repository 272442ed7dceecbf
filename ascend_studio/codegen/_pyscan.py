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
from collections.abc import Iterator, Mapping

from ascend_studio.codegen._pyenv import (
    TF2_CALLS,
    assign_attribute,
    environ_call,
    environ_target,
    on_call,
    read_subclass,
)
from ascend_studio.codegen._pyeval import MAX_DEPTH, Evaluator, missing
from ascend_studio.codegen._pyobjs import (
    CONFIG_CLASSES,
    Ambiguous,
    EnvSet,
    Opaque,
    ProtoObj,
    Source,
    SubConfigObj,
    Tf2Obj,
    Tf2Site,
    Tf2Write,
    dotted,
)
from ascend_studio.codegen._pyscope import DELETED, UNSET, Binding, Scope, Thunk, same

__all__ = ["BASE_WORDS", "Scanner"]

#: What a statement must mention to be read closely (more words join: aliases, subclasses).
BASE_WORDS = (
    *CONFIG_CLASSES,
    "ConfigProto",
    "parameter_map",
    "custom_optimizers",
    "environ",
    "putenv",
    "unsetenv",
    "global_options",
    "npu_device",
    "set_npu_loop_size",
)
_FIELDS = frozenset({"s", "i", "b", "f"})
#: Defer right-hand sides nobody may read (tests switch it off to compare).
LAZY = True
_BRANCH_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


class Scanner:
    """Collects configurations from a module; see the module docstring."""

    def __init__(self, source: Source, signatures: Mapping[str, tuple[str, ...]]) -> None:
        self.src = source
        #: Constructor name -> keyword names in positional order (catalog data).
        self.signatures = signatures
        self.aliases: dict[str, str] = {}
        self.runconfigs: list[SubConfigObj] = []
        self.protos: list[ProtoObj] = []
        self.env: list[EnvSet] = []
        #: TF Adapter 2.x: assignments to global_options()'s tree, open()/set_npu_loop_size().
        self.tf2_writes: list[Tf2Write] = []
        self.tf2_sites: list[Tf2Site] = []
        self.notes: list[tuple[int, str, str, str]] = []  # (line, kind, zh, en)
        self.ctx: list[str] = []
        #: The condition each block statement tests, by its line (``if args.dump:`` ->
        #: ``args.dump``; a loop, handler or case: its header), as written on one line.
        self.tests: dict[int, str] = {}
        self.loops = 0
        self.scope = Scope(None)
        self.seen: set[int] = set()
        self.clock = 0
        self._before: int | None = None  # while a thunk is evaluated: its sequence number
        self._forcing = 0
        self._hot = False  # the current simple statement mentions something of interest
        self._deferred: list[tuple[ast.AST, Scope, list[str]]] = []
        self._words = set(BASE_WORDS)
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
        found = self.scope.find(name, self._before) if "." not in name else None
        if found is None or found.value is DELETED:
            return missing()
        return self.force(found.value)

    def force(self, value: object) -> object:
        """The value of a deferred right-hand side, evaluated once, as of its statement."""
        if not isinstance(value, Thunk):
            return value
        if value.value is UNSET:
            if self._forcing > MAX_DEPTH:
                return Opaque(value.node, "too deeply nested")
            saved = self.scope, self._before
            self.scope, self._before = value.scope, value.seq
            self._forcing += 1
            try:
                value.value = self.ev.eval(value.node)
            finally:
                self.scope, self._before = saved
                self._forcing -= 1
        return value.value

    def bind(self, name: str, value: object, line: int) -> None:
        self.clock += 1
        self.scope.vars[name] = Binding(value, line, self.clock, self.scope.vars.get(name))

    def _deferred_value(self, node: ast.expr) -> Thunk:
        return Thunk(node, self.clock + 1, self.scope)

    def _interesting(self, node: ast.AST) -> bool:
        return self._pattern.search(self.src.span(node)) is not None

    def _names_something(self, node: ast.AST) -> bool:
        """:meth:`_interesting`, a word counted only as a whole name (``environment`` is
        not ``environ``): what a skipped block must name to hold settings."""
        whole = "|".join(
            f"(?:{w})(?!\\w)" if w[-1:].isalnum() or w[-1:] == "_" else f"(?:{w})"
            for w in sorted(self._words)
        )
        return re.search(whole, self.src.span(node)) is not None

    def _import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            if isinstance(node, ast.Import):
                local = alias.asname or alias.name.partition(".")[0]
                self.aliases[local] = alias.name if alias.asname else local
                if alias.name.partition(".")[0] == "npu_device" and alias.asname:
                    self.add_word(rf"\b{alias.asname}\.")  # npu.open(), npu.global_options()
            elif alias.name != "*":
                local = alias.asname or alias.name
                self.aliases[local] = f"{node.module or ''}.{alias.name}".lstrip(".")
                if alias.name in self._words:
                    self.add_word(local)
            self.bind(alias.asname or alias.name.partition(".")[0], DELETED, node.lineno)

    def add_word(self, word: str) -> None:
        """A local name for something of interest (an alias, a config subclass)."""
        if word not in self._words:
            self._words.add(word)
            self._pattern = re.compile("|".join(sorted(self._words)))

    def label(self, line: int) -> str:
        return ", ".join([f"line {line}", *self.ctx])

    # -- the walk ------------------------------------------------------------------
    def run(self, tree: ast.Module) -> None:
        self.block(tree.body)
        while self._deferred:
            node, scope, ctx = self._deferred.pop(0)
            self.scope, self.ctx = Scope(scope), ctx
            self.block(node.body)  # type: ignore[attr-defined]

    def block(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, node: ast.stmt) -> None:
        """Read one statement; a failure there is reported and the rest still read."""
        try:
            self._hot = not hasattr(node, "body") and self._interesting(node)
            hot = self._hot
            handler = getattr(self, "_s_" + type(node).__name__, None)
            if handler is not None:
                handler(node)
            if hot:
                self._scan_calls(node)
        except Exception as exc:  # an importer bug must not lose the rest of the file
            problem = f"{type(exc).__name__}: {exc}"
            self.note(
                node.lineno,
                "internal_error",
                f"导入程序在这一语句上出错（{problem}）；已跳过该语句，文件其余部分照常读取。"
                "请报告此问题。",
                f"Importer bug on this statement ({problem}); it was "
                "skipped, the rest of the file was read. Please report it.",
            )

    def _scan_calls(self, node: ast.AST) -> None:
        """Evaluate config constructor calls nested anywhere in a statement."""
        for child in ast.walk(node):
            if isinstance(child, ast.Call) and id(child) not in self.seen:
                name = dotted(child.func)
                canon = self.canonical(name) if name else ""
                last = canon.rpartition(".")[2]
                tf2 = last in TF2_CALLS and canon.partition(".")[0] == "npu_device"
                if tf2 or last in ("NPURunConfig", "ConfigProto"):
                    self.ev.eval(child)

    def _s_Import(self, node: ast.Import) -> None:
        self._import(node)

    _s_ImportFrom = _s_Import

    def _value(self, node: ast.expr, targets: list[ast.expr]) -> object:
        """Evaluate now if the statement matters or a target is not a plain name; else defer."""
        if not LAZY or self._hot or not all(isinstance(t, ast.Name) for t in targets):
            return self.ev.eval(node)
        return self._deferred_value(node)

    def _s_Assign(self, node: ast.Assign) -> None:
        value = self._value(node.value, node.targets)
        for target in node.targets:
            self.assign(target, value, node)

    def _s_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.assign(node.target, self._value(node.value, [node.target]), node)

    def _s_AugAssign(self, node: ast.AugAssign) -> None:
        if isinstance(node.target, ast.Name):
            load = ast.Name(id=node.target.id, ctx=ast.Load())
            combined = ast.copy_location(ast.BinOp(left=load, op=node.op, right=node.value), node)
            ast.fix_missing_locations(combined)
            self.assign(node.target, self._value(combined, [node.target]), node)

    def _s_Expr(self, node: ast.Expr) -> None:
        if self._hot and isinstance(node.value, ast.Call):
            environ_call(self, node.value)

    def _s_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.bind(target.id, DELETED, node.lineno)
            elif isinstance(target, ast.Subscript):
                environ_target(self, target, None, node.lineno, "del")

    def _s_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.bind(node.name, Opaque(node), node.lineno)
        if self._interesting(node):
            where = f"in function {node.name} (line {node.lineno})"
            self._deferred.append((node, self.scope, [*self.ctx, where]))

    _s_AsyncFunctionDef = _s_FunctionDef

    def _s_ClassDef(self, node: ast.ClassDef) -> None:
        self.bind(node.name, Opaque(node), node.lineno)
        read_subclass(self, node)
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
        overlays: list[dict[str, Binding]] = []
        for body, where in bodies:
            overlay: dict[str, Binding] = {}
            self.scope.vars = ChainMap(overlay, base)
            self.ctx.append(where)
            try:
                self.block(body)
                for binding in overlay.values():  # while the overlay is still visible
                    binding.value = self.force(binding.value)
            finally:
                self.ctx.pop()
                self.scope.vars = base
            overlays.append(overlay)
        for name in {n for overlay in overlays for n in overlay}:
            paths = [overlay.get(name) or base.get(name) for overlay in overlays]
            if keep_base:
                paths.append(base.get(name))
            merged = self._merge([b for b in paths if b is not None], base.get(name))
            if merged is not None:
                base[name] = merged

    def _merge(self, found: list[Binding], before: Binding | None) -> Binding | None:
        distinct: list[Binding] = []
        for binding in found:
            value = self.force(binding.value)
            if not any(same(value, self.force(d.value)) for d in distinct):
                distinct.append(binding)
        if len(distinct) <= 1:
            return distinct[0] if distinct else None
        options = tuple((b.line, self._show(self.force(b.value))) for b in distinct)
        self.clock += 1
        return Binding(Ambiguous(options), distinct[-1].line, self.clock, before)

    def _show(self, value: object) -> str:
        if isinstance(value, Opaque) and hasattr(value.node, "col_offset"):
            return self.src.segment(value.node)
        if isinstance(value, SubConfigObj):
            return f"{value.owner}(...)"
        if isinstance(value, Ambiguous):
            return " | ".join(text for _, text in value.options)
        return repr(value)

    def _test(self, line: int, text: str) -> None:
        """Keep the condition of the block on ``line`` (whitespace folded, at most 200
        characters: it is shown in reports and export headers)."""
        text = " ".join(text.split())
        self.tests[line] = text if len(text) <= 200 else text[:199] + "…"

    def _s_If(self, node: ast.If) -> None:
        self._test(node.lineno, self.src.segment(node.test))
        test = self.ev.eval(node.test)
        if isinstance(test, bool):
            self._never(node, node.orelse if test else node.body, test)
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

    def _never(self, node: ast.If, skipped: list[ast.stmt], test: bool) -> None:
        """A block behind a constant condition (``if False:``) never runs: say so when
        it holds settings, since they are skipped."""
        if not any(self._names_something(stmt) for stmt in skipped):
            return
        first, last = skipped[0].lineno, skipped[-1].end_lineno or skipped[-1].lineno
        condition = f"if {self.src.segment(node.test)}"
        self.note(
            first,
            "ignored",
            f"第 {node.lineno} 行的 {condition} 总是 {test}，第 {first}-{last} 行永远不会执行；"
            "其中的设置已跳过",
            f"{condition} (line {node.lineno}) is always {test}, so lines "
            f"{first}-{last} never run; their settings are skipped",
        )

    def _loop(self, node: ast.For | ast.AsyncFor | ast.While, where: str) -> None:
        self.loops += 1
        try:
            self._branches([(node.body, where)], keep_base=True)
        finally:
            self.loops -= 1
        self._branches([(node.orelse, where)], keep_base=True)

    def _s_For(self, node: ast.For | ast.AsyncFor) -> None:
        target, source = self.src.segment(node.target), self.src.segment(node.iter)
        self._test(node.lineno, f"for {target} in {source}")
        self.ev.eval(node.iter)
        for name in _names(node.target):
            self.bind(name, Opaque(node.target, "loop variable"), node.lineno)
        self._loop(node, f"in for loop (line {node.lineno})")

    _s_AsyncFor = _s_For

    def _s_While(self, node: ast.While) -> None:
        self._test(node.lineno, f"while {self.src.segment(node.test)}")
        self._loop(node, f"in while loop (line {node.lineno})")

    def _s_With(self, node: ast.With | ast.AsyncWith) -> None:
        for item in node.items:
            self.ev.eval(item.context_expr)
            if item.optional_vars is not None:
                self.assign(item.optional_vars, Opaque(item.optional_vars), node)
        self.block(node.body)

    _s_AsyncWith = _s_With

    def _s_Try(self, node: ast.Try) -> None:
        for h in node.handlers:
            caught = f" {self.src.segment(h.type)}" if h.type is not None else ""
            self._test(h.lineno, f"except{caught}")
        self.block(node.body)
        handlers = [(h.body, f"in except handler (line {h.lineno})") for h in node.handlers]
        self._branches(handlers, keep_base=True)
        self.block(node.orelse)
        self.block(node.finalbody)

    _s_TryStar = _s_Try

    def _s_Match(self, node: ast.Match) -> None:
        self.ev.eval(node.subject)
        for c in node.cases:
            self._test(c.pattern.lineno, f"case {self.src.segment(c.pattern)}")
        cases = [(c.body, f"in case (line {c.pattern.lineno})") for c in node.cases]
        self._branches(cases, keep_base=True)

    # -- assignments -----------------------------------------------------------------
    def assign(self, target: ast.expr, value: object, stmt: ast.stmt) -> None:
        if isinstance(target, ast.Name):
            self.bind(target.id, value, stmt.lineno)
            if isinstance(value, Tf2Obj):  # opts = npu.global_options(): its uses matter
                self.add_word(rf"\b{target.id}\b")
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
        current = self.force(binding.value) if binding is not None else None
        key = self.ev.eval(target.slice)
        if isinstance(current, dict) and isinstance(key, str):
            self.bind(target.value.id, {**current, key: self.force(value)}, stmt.lineno)

    def env_set(self, name: str, value: object, line: int, how: str) -> None:
        conditional, in_loop = self.conditional(), self.loops > 0
        self.env.append(EnvSet(name, value, line, self.label(line), conditional, in_loop, how))

    def note(self, line: int, kind: str, zh: str, en: str) -> None:
        self.notes.append((line, kind, zh, en))

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
