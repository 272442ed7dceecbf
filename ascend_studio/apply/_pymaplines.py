"""The NpuOptimizer ``parameter_map`` half of the edit planner: one line per key.

A value a sess.run configuration sets is one ``op.parameter_map[key].field = ...``
line: changing it replaces the right-hand side, removing it removes the statement,
a new one goes after the last line the script writes at the custom op's own level.
"""

from __future__ import annotations

import ast

from ascend_studio.apply._cst import Plan, Pos
from ascend_studio.apply._locate import Site
from ascend_studio.codegen._kinds import session_rhs
from ascend_studio.codegen._member import Unwritable, release_member
from ascend_studio.codegen._pyobjs import MapWrite, ProtoObj, Source
from ascend_studio.profile import Value
from ascend_studio.schema import Catalog, Parameter, Release

__all__ = ["MapLines"]


class MapLines:
    """Planner methods for parameter_map lines (mixed into ``Planner``)."""

    site: Site | None
    catalog: Catalog
    #: The target release: a line is written in the member its C++ reads the key as.
    release: Release | None
    src: Source
    plan: Plan
    changed: list[str]
    _assigns: dict[int, list[ast.Assign]]
    _blocks: dict[int, int]

    def pos(self, node: ast.AST) -> Pos:
        raise NotImplementedError

    def text(self, path: str, value: Value, like: ast.AST | None = None) -> str:
        raise NotImplementedError

    def cannot(self, path: str, line: int | None, zh: str, en: str) -> None:
        raise NotImplementedError

    def _param(self, path: str) -> Parameter | None:
        param = self.catalog.param(path) if self.catalog.has(path) else None
        return param if param is not None and param.session is not None else None

    def _protos(self) -> tuple[ProtoObj, ...]:
        return self.site.protos if self.site is not None else ()

    def _map_write(self, path: str) -> MapWrite | None:
        param = self._param(path)
        if param is None or param.session is None:
            return None
        found = None
        for proto in self._protos():
            for op in proto.ops:
                for write in op.writes:
                    if write.key == param.session.key:
                        found = write
        return found

    def map_value(self, path: str, new: Value | None) -> None:
        param = self._param(path)
        if param is None or param.session is None:
            self.cannot(
                path,
                None,
                f"{path} 没有 parameter_map 键，sess.run 配置无法设置它。",
                f"{path} has no parameter_map key, so a sess.run configuration cannot set it.",
            )
            return
        write = self._map_write(path)
        if write is not None:
            self.changed.append(path)
            if new is None:  # gone: every line that writes it (a repeat, another branch)
                for each in self.map_writes(param.session.key):
                    self.plan.remove.add(self.pos(self.statement(each)))
                return
            target = self._target(param, new, write.field)
            if target is None:
                return
            member, value = target
            if member != write.field:
                self._move_member(param, write, member, value)
            else:
                self.plan.exprs[self.pos(write.node)] = self.text(path, value, write.node)
            return
        if new is not None:
            self._new_map_line(param, path, new)

    def _member(self, param: Parameter) -> str | None:
        """The member the target release reads the key as, where that is not always the
        catalog's (None: no release named, or the key's member never mattered)."""
        session, history = param.session, self.catalog.history
        if self.release is None or session is None or not history.member_matters(session.key):
            return None
        return history.key_field(session.key, self.release.id)

    def _target(self, param: Parameter, new: Value, written: str) -> tuple[str, Value] | None:
        """(member, value) of the line: the member the target release reads, with the
        value in its form; with no release named, the member ``written``. None: the value
        has no form in that member (reported, nothing written)."""
        read = self._member(param)
        if read is None:
            return written, new
        got = release_member(param, new, self.catalog, self.release)
        if isinstance(got, Unwritable):
            self.cannot(
                param.path,
                None,
                f"{param.path}：目标版本按 .{got.read} 读取它，该值无法以此形式写入；请手动改写。",
                f"{param.path}: the target release reads it as .{got.read}, and this value has "
                "no form there; rewrite it by hand.",
            )
            return None
        return got if got is not None else (read, new)

    def _rhs(self, param: Parameter, member: str, new: Value, like: ast.AST | None) -> str:
        session = param.session
        assert session is not None
        text = self.text(param.path, new, like)
        if member != "s":
            return text
        rhs = session_rhs("s", session.convert, text)
        return rhs.replace("tf.compat.as_bytes", self._bytes_wrapper(), 1)

    def _move_member(self, param: Parameter, write: MapWrite, member: str, new: Value) -> None:
        """``op.parameter_map[key].b = True`` -> ``.s = tf.compat.as_bytes("true")``."""
        stmt = self.statement(write)
        target = stmt.targets[0]
        assert isinstance(target, ast.Attribute)
        self.plan.exprs[self.pos(target)] = f"{self.src.segment(target.value)}.{member}"
        self.plan.exprs[self.pos(stmt.value)] = self._rhs(param, member, new, write.node)

    def _new_map_line(self, param: Parameter, path: str, new: Value) -> None:
        session = param.session
        assert session is not None
        target = self._target(param, new, session.field)
        if target is not None:
            member, value = target
            self.new_map_line(session.key, member, self._rhs(param, member, value, None), path)

    def new_map_line(self, key: str, attr: str, rhs: str, path: str) -> None:
        """A ``parameter_map[key].attr = rhs`` line after the last one the script writes."""
        last = self._last_write()
        if last is None:
            self.cannot(
                path,
                None,
                f"{path} 需要 NpuOptimizer 的 parameter_map 行，但脚本中没有可跟随的行；请手动添加。",
                f"{path} needs an NpuOptimizer parameter_map line, and the script has none to "
                "follow; add it by hand.",
            )
            return
        stmt = self.statement(last)
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) else None
        assert isinstance(target, ast.Attribute) and isinstance(target.value, ast.Subscript)
        op_text = self.src.segment(target.value.value)
        line = f"{op_text}[{self.key_literal(key, target.value.slice)}].{attr} = {rhs}"
        self.plan.insert_after.setdefault(stmt.lineno, []).append(line)
        self.changed.append(path)

    def key_literal(self, key: str, like: ast.AST) -> str:
        """``key`` quoted as the script quotes the parameter_map key ``like``."""
        quote = '"' if self.src.segment(like).startswith('"') else "'"
        plain = key.isprintable() and quote not in key and "\\" not in key
        return quote + key + quote if plain else repr(key)

    def map_writes(self, key: str) -> list[MapWrite]:
        """Every write of this configuration to the parameter_map key ``key``."""
        return [w for p in self._protos() for op in p.ops for w in op.writes if w.key == key]

    def map_target(self, write: MapWrite) -> ast.Subscript:
        """The ``op.parameter_map[key]`` a write assigns to."""
        target = self.statement(write).targets[0]
        assert isinstance(target, ast.Attribute) and isinstance(target.value, ast.Subscript)
        return target.value

    def statement(self, write: MapWrite) -> ast.Assign:
        """The assignment statement of a ``parameter_map`` write."""
        for stmt in self._assigns.get(write.line, ()):
            if any(node is write.node for node in ast.walk(stmt.value)):
                return stmt
        raise AssertionError(f"no statement for the write on line {write.line}")

    def _last_write(self) -> MapWrite | None:
        """The last write in the block that creates its custom op (not one under an ``if``)."""
        ops = [op for p in self._protos() for op in p.ops if op.writes]
        if not ops:
            return None
        op = ops[-1]
        home = self._blocks.get(op.line)
        level = [w for w in op.writes if self._blocks.get(w.line) == home]
        return max(level or op.writes, key=lambda w: w.line)

    def _bytes_wrapper(self) -> str:
        for proto in self._protos():
            for op in proto.ops:
                for write in op.writes:
                    stmt = self.statement(write)
                    value = getattr(stmt, "value", None)
                    if write.wrapped == "as_bytes" and isinstance(value, ast.Call):
                        return self.src.segment(value.func)
        return "tf.compat.as_bytes"
