"""Apply a profile to the TF Adapter 2.x configuration of a script.

What differs between the script's ``global_options()`` settings (as the importer
reads them, never running the script) and the profile is changed where the
script sets it: the right-hand side of the assignment that gives the value, the
argument of ``set_npu_loop_size`` or ``open``. A value the script does not set yet
is assigned on a new line after the last assignment the script makes on no
condition, through the same name it uses (``opts`` of ``opts = npu.global_options()``
or ``npu_device.global_options()`` itself). A value the profile removes loses its
assignment. What has no such place is reported, never guessed.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ascend_studio.apply._cst import Plan, Pos
from ascend_studio.apply._result import ApplyNote, note
from ascend_studio.codegen._branch import branch_of
from ascend_studio.codegen._export_tf2 import tf2_literal
from ascend_studio.codegen._import_tf2 import after_open, chosen_writes
from ascend_studio.codegen._import_tf2 import body_of as _body
from ascend_studio.codegen._pyobjs import Source, Tf2Site, Tf2Write
from ascend_studio.codegen._pyscan import Scanner
from ascend_studio.profile import Value
from ascend_studio.schema import TF2_PREFIX, Catalog

__all__ = ["Tf2Planner"]


class Tf2Planner:
    """The edits that make a script's ``global_options()`` settings match a profile."""

    def __init__(
        self, scanner: Scanner, src: Source, catalog: Catalog, tree: ast.Module | None
    ) -> None:
        self.src = src
        self.tree = tree
        self.catalog = catalog
        self.tf2 = catalog.tf2
        self.aliases = scanner.aliases
        self.writes = scanner.tf2_writes
        self.chosen = chosen_writes(scanner.tf2_writes)
        self.sites = scanner.tf2_sites
        #: Option path -> the line of the npu_device.open() its write comes after.
        self.late = {path: line for path, (_, line) in after_open(self.writes, self.sites).items()}
        self.plan = Plan()
        self.notes: list[ApplyNote] = []
        self.changed: list[str] = []
        #: What the script has no place for: (tree order, "path = value") for an option,
        #: (after every option, "name(value)") for a call.
        self._new: list[tuple[int, str]] = []
        self._order = {o.path: i for i, o in enumerate(self.tf2.options)}

    def pos(self, node: ast.AST) -> Pos:
        line: int = getattr(node, "lineno", 1)
        end_line: int = getattr(node, "end_lineno", None) or line
        col, end_col = getattr(node, "col_offset", 0), getattr(node, "end_col_offset", 0)
        return line, self._chars(line, col), end_line, self._chars(end_line, end_col or 0)

    def _chars(self, line: int, col: int) -> int:
        raw = self.src.lines[line - 1].encode()[:col]
        return len(raw.decode("utf-8", "replace"))

    def cannot(self, key: str, line: int | None, zh: str, en: str) -> None:
        self.notes.append(note("warning", zh, en, line, key))

    # -- one value ---------------------------------------------------------------------
    def value(self, key: str, new: Value | None) -> None:
        call = self.tf2.call_for(key)
        if call is not None:
            self._call(key, call.name, new)
            return
        option = self.tf2.for_key(key)
        if option is None:
            self.cannot(
                key,
                None,
                f"{key}：TF Adapter 2.x 没有对应的 global_options() 选项，未写入脚本。",
                f"{key}: TF Adapter 2.x has no global_options() option for it; not written "
                "into the script.",
            )
            return
        write = self.chosen.get(option.path) or self._written_elsewhere(key)
        if write is not None:
            self._rewrite(key, write, new)
        elif new is not None:
            self._new.append((self._order[option.path], f"{option.path} = {tf2_literal(new)}"))
            self.changed.append(key)

    def _written_elsewhere(self, key: str) -> Tf2Write | None:
        """The write of ``key`` under another option path (a path of another release)."""
        for path, write in self.chosen.items():
            option = self.tf2.option(path)
            if option is not None and option.key == key:
                return write
        return None

    def _rewrite(self, key: str, write: Tf2Write, new: Value | None) -> None:
        others = [w.line for w in self.writes if w.path == write.path and w is not write]
        if new is None:
            if not isinstance(write.stmt, ast.Assign) or len(write.stmt.targets) != 1:
                self.cannot(
                    key,
                    write.line,
                    f"{write.path} 的赋值无法单独删除，请手动修改第 {write.line} 行。",
                    f"The assignment of {write.path} cannot be removed on its own; edit line "
                    f"{write.line} by hand.",
                )
                return
            self.plan.remove.add(self.pos(write.stmt))
        else:
            self.plan.exprs[self.pos(write.node)] = tf2_literal(new)
            self._late(key, write)
        self.changed.append(key)
        if others:
            lines = ", ".join(map(str, others))
            self.notes.append(
                note(
                    "info",
                    f"{TF2_PREFIX}.{write.path} 还在第 {lines} 行（条件分支中）另有赋值，未改动。",
                    f"{TF2_PREFIX}.{write.path} is also assigned on "
                    f"{'line' if len(others) == 1 else 'lines'} {lines} (under "
                    "other conditions); those were left as they are.",
                    write.line,
                    key,
                )
            )

    def _late(self, key: str, write: Tf2Write) -> None:
        """Say that a value rewritten in place still comes after ``open()``."""
        opened = self.late.get(write.path)
        if opened is None:
            return
        self.notes.append(
            note(
                "warning",
                f"{TF2_PREFIX}.{write.path} 在第 {write.line} 行，晚于第 {opened} 行的 "
                "npu_device.open()：open() 只发送它运行时已设置的选项，这个值不会生效；请把这一行移到 open() 之前。",
                f"{TF2_PREFIX}.{write.path} is on line {write.line}, after npu_device.open() on "
                f"line {opened}: open() sends only the options set when it runs, so this value "
                "does not take effect; move the line above open().",
                write.line,
                key,
            )
        )

    def _call(self, key: str, name: str, new: Value | None) -> None:
        site = next((s for s in reversed(self.sites) if s.name == name), None)
        if site is None:
            if new is None:
                return
            if name == "open":
                self.cannot(
                    key,
                    None,
                    "脚本没有调用 npu_device.open()；请在设置选项之后调用 "
                    f"npu_device.open(device_id={tf2_literal(new)}).as_default()。",
                    "The script does not call npu_device.open(); call "
                    f"npu_device.open(device_id={tf2_literal(new)}).as_default() after the "
                    "options are set.",
                )
                return
            self._new.append((len(self._order), f"{name}({tf2_literal(new)})"))
            self.changed.append(key)
            return
        self._site(key, site, new)

    def _site(self, key: str, site: Tf2Site, new: Value | None) -> None:
        if site.argument is not None and new is not None:
            self.plan.exprs[self.pos(site.argument)] = tf2_literal(new)
        elif site.argument is None and new is not None:
            argument = "device_id" if site.name == "open" else "loop_size"
            edit = self.plan.call(self.pos(site.node.func))
            edit.add.append((argument, tf2_literal(new)))
        elif site.name == "set_npu_loop_size" and self._statement_of(site.node) is not None:
            stmt = self._statement_of(site.node)
            assert stmt is not None
            self.plan.remove.add(self.pos(stmt))
        elif site.argument is not None:
            keyword = next((k.arg for k in site.node.keywords if k.value is site.argument), None)
            if keyword is None:
                self.cannot(
                    key,
                    site.line,
                    f"npu_device.{site.name}() 的参数按位置给出，无法单独删除；请手动修改。",
                    f"The argument of npu_device.{site.name}() is positional and cannot be "
                    "removed on its own; edit it by hand.",
                )
                return
            self.plan.call(self.pos(site.node.func)).drop.add(keyword)
        self.changed.append(key)

    def _statement_of(self, call: ast.Call) -> ast.Expr | None:
        """The expression statement that is only ``call`` (so removing it removes the call)."""
        for node in ast.walk(self.tree) if self.tree is not None else ():
            if isinstance(node, ast.Expr) and node.value is call:
                return node
        return None

    # -- new assignments ------------------------------------------------------------------
    def finish(self) -> None:
        """Write the assignments the script had no place for: after the last one it
        makes on no condition (functions are not conditions), but before the
        ``npu_device.open()`` of that body, which reads the options when it runs."""
        if not self._new:
            return
        place = self._place()
        if place is None:
            for _, text in self._new:
                self.cannot(
                    text.partition(" =")[0],
                    None,
                    f"{text}：脚本中没有不在条件分支里的 global_options() 赋值可供参照，请手动添加。",
                    f"{text}: the script has no global_options() assignment outside a "
                    "condition to place it after; add it by hand.",
                )
            return
        where, line, root = place
        calls = len(self._order)
        lines = [
            f"{root if order < calls else self._module()}.{text}"
            for order, text in sorted(self._new)
        ]
        into = self.plan.insert_before if where == "before" else self.plan.insert_after
        into.setdefault(line, []).extend(lines)

    def _place(self) -> tuple[str, int, str] | None:
        """("after" or "before", the statement's first or last line, how the script
        names ``global_options()``) for the new assignments; None: no such place."""
        anchor = self._last_write(lambda w: True)
        opened = self._open_call(anchor)
        if anchor is not None and (opened is None or anchor.line < opened.line):
            return self._after(anchor)
        if opened is None:
            return None
        before = self._last_write(
            lambda w: _body(w.label) == _body(opened.label) and w.line < opened.line
        )
        if before is not None:
            return self._after(before)
        stmt = self._statement_around(opened.node)
        if stmt is None:
            return None
        root = self._root(anchor) or f"{self._module()}.global_options()"
        return "before", stmt.lineno, root

    def _last_write(self, keep: Callable[[Tf2Write], bool]) -> Tf2Write | None:
        """The last assignment made on no condition (that ``keep`` keeps)."""
        return next(
            (
                w
                for w in reversed(self.writes)
                if not branch_of(w.label) and w.stmt is not None and keep(w)
            ),
            None,
        )

    def _after(self, anchor: Tf2Write) -> tuple[str, int, str] | None:
        root = self._root(anchor)
        if anchor.stmt is None or root is None:
            return None
        return "after", anchor.stmt.end_lineno or anchor.stmt.lineno, root

    def _open_call(self, anchor: Tf2Write | None) -> Tf2Site | None:
        """The first ``npu_device.open()`` made on no condition in the body of
        ``anchor`` (any body when there is no anchor)."""
        for site in self.sites:
            if site.name != "open" or branch_of(site.label):
                continue
            if anchor is None or _body(site.label) == _body(anchor.label):
                return site
        return None

    def _statement_around(self, call: ast.Call) -> ast.stmt | None:
        """The simple statement holding ``call`` (``npu.open().as_default()``)."""
        for node in ast.walk(self.tree) if self.tree is not None else ():
            if not isinstance(node, ast.stmt) or hasattr(node, "body"):
                continue
            if any(inner is call for inner in ast.walk(node)):
                return node
        return None

    def _module(self) -> str:
        """How the script names the ``npu_device`` module."""
        for local, target in self.aliases.items():
            if target == "npu_device":
                return local
        return "npu_device"

    def _root(self, anchor: Tf2Write | None) -> str | None:
        """The text naming ``global_options()`` as the script writes it."""
        for write in [*([anchor] if anchor else []), *reversed(self.writes)]:
            if write.target is None:
                continue
            text = self.src.segment(write.target)
            if text.endswith("." + write.path):
                return text[: -len(write.path) - 1]
        return f"{self._module()}.global_options()" if anchor is not None else None
