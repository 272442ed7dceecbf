"""Plan the edits that make a script's configuration match a profile.

Only what differs between the configuration as the importer reads it and the
profile is touched: a keyword of the NPURunConfig call or of a sub-config call
it is given, or one NpuOptimizer ``parameter_map`` line. A value the user did
not change keeps its expression. What has no place the tool can rewrite
(``**kwargs``, an object built by a helper function) is reported instead.
"""

from __future__ import annotations

import ast
import re

from ascend_studio.apply._chunks import statements
from ascend_studio.apply._cst import Plan, Pos
from ascend_studio.apply._locate import Located, Site
from ascend_studio.apply._pymaplines import MapLines
from ascend_studio.apply._result import ApplyNote, note
from ascend_studio.codegen._kinds import python_literal
from ascend_studio.codegen._layout import CLASS_MODULE, HOLDER_OWNER
from ascend_studio.codegen._pyobjs import SubConfigObj, dotted
from ascend_studio.profile import Expr, Value
from ascend_studio.schema import Catalog, Release

__all__ = ["Planner"]

_STAR_IMPORT = re.compile(r"^\s*from\s+npu_bridge[\w.]*\s+import\s+\*", re.M)


class Planner(MapLines):
    def __init__(self, located: Located, site: Site | None, catalog: Catalog) -> None:
        self.located = located
        self.src = located.source
        self.site = site
        self.catalog = catalog
        self.release: Release | None = None
        self.plan = Plan()
        self.notes: list[ApplyNote] = []
        self.changed: list[str] = []
        self._pending: dict[str, list[tuple[str, str]]] = {}
        self._warned_shared: set[str] = set()
        tree = located.parsed.tree
        self.statements = statements(tree) if tree is not None else []
        self._assigns = _assignments(self.statements)
        self._blocks = _blocks(self.statements)

    # -- positions -------------------------------------------------------------------
    def pos(self, node: ast.AST) -> Pos:
        """Where ``node`` is, in libcst's terms (ast columns are UTF-8 byte offsets)."""
        line: int = getattr(node, "lineno", 1)
        end_line: int = getattr(node, "end_lineno", None) or line
        col, end_col = getattr(node, "col_offset", 0), getattr(node, "end_col_offset", 0)
        return line, self._chars(line, col), end_line, self._chars(end_line, end_col or 0)

    def _chars(self, line: int, col: int) -> int:
        raw = self.src.lines[line - 1].encode()[:col]
        return len(raw.decode("utf-8", "replace"))

    def text(self, path: str, value: Value, like: ast.AST | None = None) -> str:
        if isinstance(value, Expr):
            return value.expr
        if not self.catalog.has(path):
            return repr(value)
        return _quoted_like(python_literal(self.catalog.param(path), value), self._quote(like))

    def _quote(self, like: ast.AST | None) -> str:
        """The quote the script uses where the value goes (its own, else the file's)."""
        if isinstance(like, ast.Constant) and isinstance(like.value, str):
            shown = self.src.segment(like).lstrip("rRuUbB")
            return shown[:1] if shown[:1] in "'\"" else '"'
        return self._file_quote

    @property
    def _file_quote(self) -> str:
        text = self.src.text
        return "'" if text.count("'") > text.count('"') else '"'

    def cannot(self, path: str, line: int | None, zh: str, en: str) -> None:
        self.notes.append(note("warning", zh, en, line, path))

    # -- one parameter -----------------------------------------------------------------
    def value(self, path: str, new: Value | None) -> None:
        site = self.site
        if site is None:
            self.cannot(
                path,
                None,
                f"{path}：该配置只有环境变量，脚本中没有可写入参数的位置。",
                f"{path}: this configuration is environment only; the script has no "
                "NPURunConfig call or parameter_map to write it into.",
            )
            return
        if site.runconfig is None:
            self.map_value(path, new)
            return
        holder, _, name = path.rpartition(".")
        call = self.holder_call(site.runconfig, holder, path)
        if isinstance(call, SubConfigObj) and name in call.args:
            self.keyword(call, name, path, new)
        elif self._map_write(path) is not None:
            self.map_value(path, new)
        elif new is None:
            return
        elif self._session_only(path):
            self.map_value(path, new)
        elif isinstance(call, SubConfigObj):
            self.add_keyword(call, name, self.text(path, new), path)
        elif call is None:
            self._pending.setdefault(holder, []).append((name, self.text(path, new)))
            self.changed.append(path)

    def holder_call(
        self, runconfig: SubConfigObj, holder: str, path: str
    ) -> SubConfigObj | bool | None:
        """The call building the object at ``holder``; None if absent, False if not rewritable."""
        obj = runconfig
        walked = ""
        for part in holder.split(".") if holder else ():
            walked = f"{walked}.{part}" if walked else part
            entry = obj.args.get(part)
            if entry is None:
                return None
            node, value, _ = entry
            if not isinstance(value, SubConfigObj):
                shown = self.src.segment(node)
                self.cannot(
                    path,
                    node.lineno,
                    f"{walked} 由 {shown} 给出，无法改写；请在那里设置 {path}。",
                    f"{walked} is given as {shown}, which this tool cannot rewrite; set "
                    f"{path} where that object is built.",
                )
                return False
            obj = value
        return obj

    def _session_only(self, path: str) -> bool:
        param = self.catalog.param(path) if self.catalog.has(path) else None
        return bool(param and param.session and param.session.session_only)

    # -- keywords --------------------------------------------------------------------
    def keyword(self, call: SubConfigObj, name: str, path: str, new: Value | None) -> None:
        node, _, override = call.args[name]
        is_kw = any(k.arg == name and k.value is node for k in call.node.keywords)
        if override is not None or (not is_kw and new is None):
            how_zh = "来自展开的字典" if override is not None else "是位置参数"
            how_en = "comes from an unpacked dict" if override is not None else "is positional"
            self.cannot(
                path,
                node.lineno,
                f"{path} {how_zh}，无法在原处改写；请手动修改。",
                f"{path} {how_en}, so it cannot be rewritten in place; change it by hand.",
            )
            return
        self.changed.append(path)
        self._shared(call, path)
        if not is_kw:
            self.plan.exprs[self.pos(node)] = self.text(path, new, node)
        elif new is None:
            self.plan.call(self.pos(call.node.func)).drop.add(name)
        else:
            self.plan.call(self.pos(call.node.func)).change[name] = self.text(path, new, node)

    def add_keyword(self, call: SubConfigObj, name: str, text: str, path: str | None) -> None:
        if any(kind == "**" for kind, _, _ in call.extras):
            self.notes.append(
                note(
                    "warning",
                    f"{call.owner}(**...) 中的值运行前未知；若其中也有 {name}，Python 会因重复关键字抛出 TypeError。",
                    f"{call.owner}(**...) holds values not known before running; if it also "
                    f"holds {name}, Python raises TypeError (keyword given twice).",
                    call.node.lineno,
                    path,
                )
            )
        self.plan.call(self.pos(call.node.func)).add.append((name, text))
        if path is not None:
            self.changed.append(path)
            self._shared(call, path)

    def repeated(self) -> list[ApplyNote]:
        """Arguments given twice in a call of this configuration that the edit leaves as
        they are: Python refuses to compile a keyword given twice, and the call raises
        TypeError for one given by position (or in a ``**dict``) and by keyword."""
        if self.site is None or self.site.runconfig is None:
            return []
        found: list[ApplyNote] = []
        for call in _calls(self.site.runconfig):
            edit = self.plan.calls.get(self.pos(call.node.func))
            fixed = set(edit.change) | edit.drop if edit is not None else set()
            repeated: dict[str, int] = {}  # twice by keyword: name -> line of the last
            for name, line, first, second in call.given_twice:
                if first == second == "keyword":
                    repeated[name] = line
                    continue
                found.append(
                    note(
                        "warning",
                        f"{call.owner}(...) 的 {name} 被给了两次：调用会抛出 TypeError；"
                        f"请只给一次 {name}（本工具不改动位置参数与 **字典）。",
                        f"{name} is given twice to {call.owner}(...): the call raises TypeError. "
                        f"Give {name} once (this tool does not rewrite positional arguments or "
                        "**dicts).",
                        line,
                    )
                )
            for name in sorted(repeated.keys() - fixed):
                line = repeated[name]
                found.append(
                    note(
                        "warning",
                        f"{call.owner}(...) 中 {name}= 出现了不止一次：Python 拒绝编译此脚本"
                        f"（SyntaxError），作业无法启动。请只保留一个 {name}=。",
                        f"{name}= is given more than once in {call.owner}(...): Python "
                        "refuses to compile the script (SyntaxError) and the job cannot "
                        f"start. Keep one {name}=.",
                        line,
                    )
                )
        return found

    def _shared(self, call: SubConfigObj, path: str) -> None:
        """Say so when the object edited is also given to another configuration."""
        if self.site is None or call is self.site.runconfig:
            return
        others = [
            number
            for number, site in enumerate(self.located.sites, start=1)
            if site is not self.site and site.runconfig is not None and _holds(site.runconfig, call)
        ]
        if others and call.owner not in self._warned_shared:
            self._warned_shared.add(call.owner)
            shown = ", ".join(map(str, others))
            self.notes.append(
                note(
                    "info",
                    f"第 {call.node.lineno} 行的 {call.owner} 也用于配置 {shown}；修改对它们同样生效。",
                    f"The {call.owner} built on line {call.node.lineno} is also given to "
                    f"configuration {shown}; the change applies there too.",
                    call.node.lineno,
                    path,
                )
            )

    def finish_holders(self) -> None:
        """Build sub-config objects the script does not have yet, deepest first."""
        assert self.site is not None and self.site.runconfig is not None
        while self._pending:  # a new object may need a new parent object too
            holder = max(self._pending, key=lambda h: h.count("."))
            parent, _, name = holder.rpartition(".")
            order = self.catalog.signature(HOLDER_OWNER[holder])
            fields = sorted(self._pending.pop(holder), key=lambda kv: order.index(kv[0]))
            args = ", ".join(f"{k}={v}" for k, v in fields)
            text = f"{self.class_name(HOLDER_OWNER[holder])}({args})"
            call = self.holder_call(self.site.runconfig, parent, holder)
            if isinstance(call, SubConfigObj):
                self.add_keyword(call, name, text, None)
            elif call is None:
                self._pending.setdefault(parent, []).append((name, text))

    def class_name(self, owner: str) -> str:
        """How this script can name ``owner`` (importing it once when it cannot)."""
        assert self.site is not None and self.site.runconfig is not None
        func = dotted(self.site.runconfig.node.func) or "NPURunConfig"
        if "." in func:
            return func.rpartition(".")[0] + "." + owner
        scanner = self.located.scanner
        known = scanner is not None and owner in scanner.aliases
        if known or _STAR_IMPORT.search(self.src.text):
            return owner
        statement = f"from {CLASS_MODULE} import {owner}"
        line = self._import_line("NPURunConfig")
        where = self.plan.insert_after.setdefault(line, []) if line else self.plan.imports
        if statement not in where:
            where.append(statement)
        return owner

    def _import_line(self, name: str) -> int:
        tree = self.located.parsed.tree
        for stmt in tree.body if tree is not None else ():
            if isinstance(stmt, ast.ImportFrom) and any(a.name == name for a in stmt.names):
                return stmt.lineno
        return 0


def _calls(call: SubConfigObj) -> list[SubConfigObj]:
    """``call`` and the sub-config calls it is given, depth first."""
    found = [call]
    for _node, value, _text in call.args.values():
        if isinstance(value, SubConfigObj):
            found += _calls(value)
    return found


def _holds(obj: SubConfigObj, wanted: SubConfigObj) -> bool:
    """Whether ``wanted`` is one of the sub-config objects ``obj`` is given (at any depth)."""
    for _, value, _ in obj.args.values():
        if value is wanted or (isinstance(value, SubConfigObj) and _holds(value, wanted)):
            return True
    return False


def _quoted_like(literal: str, quote: str) -> str:
    """A plain double-quoted literal in single quotes when the script writes them."""
    body = literal[1:-1]
    plain = literal.startswith('"') and literal.endswith('"') and len(literal) >= 2
    if quote == "'" and plain and "'" not in body and "\\" not in body:
        return f"'{body}'"
    return literal


def _blocks(every: list[tuple[ast.stmt, int]]) -> dict[int, int]:
    """Line of each statement -> identity of the statement list (block) holding it."""
    found: dict[int, int] = {}
    for stmt, block in every:
        found.setdefault(stmt.lineno, block)
    return found


def _assignments(every: list[tuple[ast.stmt, int]]) -> dict[int, list[ast.Assign]]:
    """Assignments by first line (where a ``parameter_map`` write is found)."""
    found: dict[int, list[ast.Assign]] = {}
    for stmt, _ in every:
        if isinstance(stmt, ast.Assign):
            found.setdefault(stmt.lineno, []).append(stmt)
    return found
