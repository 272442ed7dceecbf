"""parameter_map writes back to profile values (the sess.run half of the Python importer).

Which write a parameter keeps when a script writes it more than once, and how the
others are reported, is decided here; the rules for conditions are in
:mod:`._branch`. A write to another field than the adapter reads is read as the
adapter reads it: the empty value of its field (one oneof).
"""

from __future__ import annotations

import difflib
from dataclasses import replace

from ascend_studio.codegen._branch import branch_of
from ascend_studio.codegen._pybuild import Builder, Built, is_value
from ascend_studio.codegen._pyobjs import Ambiguous, MapWrite, Opaque, ProtoObj
from ascend_studio.codegen._report import where_text
from ascend_studio.profile import SESSION_OWNER, ExtraKwarg, kwarg_problem
from ascend_studio.schema import KeyFact

__all__ = ["MapBuilder"]

_FIELD_NAMES = {"s": "a string (.s)", "i": "an int (.i)", "b": "a bool (.b)", "f": "a float (.f)"}
_FIELD_NAMES_ZH = {"s": "字符串（.s）", "i": "整数（.i）", "b": "布尔值（.b）", "f": "浮点数（.f）"}
#: What reading a oneof member that is not set gives (proto3 defaults).
_EMPTY: dict[str, object] = {"s": "", "i": 0, "b": False, "f": 0.0}
#: The member a literal of each type is stored in (how it is kept when written there).
_MEMBER_TYPES: dict[type, str] = {bool: "b", int: "i", float: "f", str: "s", bytes: "s"}


class MapBuilder(Builder):
    """A :class:`Builder` that also reads NpuOptimizer ``parameter_map`` writes."""

    #: The script is an Ascend Studio export: the keys it writes on NPUEstimator's
    #: behalf (use_off_line, the TF_CONFIG pair...) are not the profile's settings.
    exported = False

    def map_values(self, proto: ProtoObj) -> Built:
        """Profile values from a ConfigProto's NpuOptimizer parameter_map writes.

        Which write a parameter keeps when there are several: see :mod:`._branch`.
        A write to the wrong field counts as the empty value of the right one.
        """
        out = Built()
        chosen: dict[str, MapWrite] = {}
        for op in proto.ops:
            if isinstance(op.name, str) and op.name != "NpuOptimizer":
                self.add(
                    "ignored",
                    f"自定义优化器 {op.name!r} 不是 NpuOptimizer，已忽略。",
                    f"Custom optimizer {op.name!r} is not NpuOptimizer; ignored.",
                    op.line,
                )
                continue
            for written in op.writes:
                earlier = chosen.get(written.key)
                write = self._read_as(written, earlier)
                internal = self._internal(write)
                cleared = write is not written and branch_of(write.label) == (
                    branch_of(earlier.label) if earlier else ()
                )
                if earlier is None or internal or cleared or self._replaces(earlier, write):
                    chosen[write.key] = write
        for write in chosen.values():
            self._map_write(write, out)
        return out

    def _replaces(self, earlier: MapWrite, write: MapWrite) -> bool:
        """Whether ``write`` becomes the value, reporting how the two relate."""
        before, now = branch_of(earlier.label), branch_of(write.label)
        if before == now:
            if not _same_write(earlier, write):
                self.add(
                    "conflict",
                    f"parameter_map[{write.key!r}] 被多次设置（第 {earlier.line} 行与第 {write.line} 行），以最后一次为准。",
                    f"parameter_map[{write.key!r}] is set more than once (lines {earlier.line} "
                    f"and {write.line}); the last one wins.",
                    write.line,
                    write.key,
                )
            return True
        replaces = not now  # an unconditional write beats a conditional one
        other, kept = (earlier, write) if replaces else (write, earlier)
        if not _same_write(earlier, write):
            shown = self._shown(other)
            self.add(
                "conditional",
                f"parameter_map[{other.key!r}] 在条件下另设为 {shown}（{where_text(other.label).zh}）；"
                f"配置取第 {kept.line} 行的值，两者只在各自的分支中生效。",
                f"parameter_map[{other.key!r}] is set to {shown} only under a condition "
                f"({other.label}); the configuration keeps the value of line {kept.line}, and "
                "each applies only on its own path.",
                other.line,
                other.key,
            )
        return replaces

    def _shown(self, write: MapWrite) -> str:
        if is_value(write.value) or isinstance(write.value, bytes):
            return repr(write.value)
        return self.text(write.node)

    def _read_as(self, write: MapWrite, earlier: MapWrite | None) -> MapWrite:
        """A write to another field than the adapter reads, as the adapter reads it.

        ``s``, ``i`` and ``b`` are members of one oneof in AttrValue: setting one clears
        the others, and reading the unset member gives its empty value. So ``.b = True``
        after ``.s = "allow_mix_precision"`` leaves the adapter reading ``""``.
        """
        param = self.catalog.by_session_key().get(write.key)
        if param is None or param.session is None or write.field == param.session.field:
            return write
        if self._kept_as_written(write):
            return write  # releases differ in how they read it: the rules judge it per release
        field = param.session.field
        empty = _EMPTY[field]
        zh_clear, en_clear = "", ""
        if earlier is not None and earlier.field == field:
            zh_clear = f"，并清除了第 {earlier.line} 行写入的 .{field}"
            en_clear = f", which clears the .{field} written on line {earlier.line}"
        self.add(
            "wrong_field",
            f"parameter_map[{write.key!r}] 应使用{_FIELD_NAMES_ZH[field]}，这里设置的是同一 oneof 中的 .{write.field}{zh_clear}；适配器读取 .{field}，得到空值 {empty!r}。",
            f"parameter_map[{write.key!r}] takes {_FIELD_NAMES[field]}; this sets .{write.field}, "
            f"another member of the same oneof{en_clear}. The adapter reads .{field} and gets "
            f"its empty value {empty!r}.",
            write.line,
            param.path,
        )
        return replace(write, field=field, value=empty, wrapped="as_bytes")

    def _kept_as_written(self, write: MapWrite) -> bool:
        """A write in a member that some release reads the key as, or whose reader
        checks the member: kept as written (a literal in the member's own type, ``True``
        for ``.b``; anything else as the key's text with its member), so the release
        rules can say what each release does with it."""
        return self.catalog.history.member_matters(write.key)

    def _as_written(self, write: MapWrite, path: str, out: Built) -> None:
        value = write.value
        if _MEMBER_TYPES.get(type(value)) == write.field:
            out.values[path], out.lines[path] = value, write.line  # type: ignore[assignment]
            shown = f"parameter_map[{write.key!r}].{write.field} = {value!r}"
            self.add("recognized", shown, shown, write.line, path)
            return
        out.branches.pop(path, None)
        rhs = write.rhs if write.rhs is not None else write.node
        text = self.text(rhs)
        if kwarg_problem(SESSION_OWNER, write.key, text) is not None:
            return
        out.extras.append(
            ExtraKwarg(owner=SESSION_OWNER, name=write.key, expr=text, attr=write.field)
        )
        self.add(
            "verbatim",
            f"parameter_map[{write.key!r}].{write.field} = {text}：运行时才知道的值，写在各版本读取方式不同的成员中；原样保留。",
            f"parameter_map[{write.key!r}].{write.field} = {text}: a value known only at run "
            "time, in a member the releases read differently; kept as written.",
            write.line,
            f"{SESSION_OWNER}.{write.key}",
        )

    def _internal(self, write: MapWrite) -> bool:
        """In an Ascend Studio export, a write made on NPUEstimator's behalf, as it makes
        it: its fixed value (``use_off_line`` True), or a TF_CONFIG key under a
        condition or from an expression. Not a setting of the profile; in any other
        script it is one (the sess.run docs set use_off_line themselves)."""
        param = self.catalog.by_session_key().get(write.key)
        session = param.session if param is not None else None
        if session is None or not self.exported:
            return False
        if session.written is not None:
            value = write.value
            return type(value) is type(session.written) and value == session.written
        if session.from_env:
            return bool(branch_of(write.label)) or not is_value(write.value)
        return False

    def _map_write(self, write: MapWrite, out: Built) -> None:
        param = self.catalog.by_session_key().get(write.key)
        if param is None:
            rhs = write.rhs if write.rhs is not None else write.node
            text = self.text(rhs)
            # kept as written where it can be written back (a key that is no name cannot)
            if self._unknown_key(write) and kwarg_problem(SESSION_OWNER, write.key, text) is None:
                extra = ExtraKwarg(owner=SESSION_OWNER, name=write.key, expr=text, attr=write.field)
                out.extras.append(extra)
            return
        if self._internal(write):
            self.add(
                "ignored",
                f"parameter_map[{write.key!r}] 是 NPUEstimator 自己写入的值，不属于配置。",
                f"parameter_map[{write.key!r}] is what NPUEstimator writes on its own, not a "
                "setting.",
                write.line,
                write.key,
            )
            return
        assert param.session is not None
        branch = branch_of(write.label)
        if branch:
            out.branches[param.path] = branch
        if write.field != param.session.field:  # kept as written (see _kept_as_written)
            self._as_written(write, param.path, out)
            return
        value = write.value
        if isinstance(value, Opaque | Ambiguous) or not (
            is_value(value) or isinstance(value, bytes)
        ):
            self._verbatim(param.path, write.node, value, None, out)
            return
        if write.field == "s" and isinstance(value, str) and write.wrapped == "":
            self.add(
                "info",
                f"parameter_map[{write.key!r}].s 被赋予 str；文档写法是 tf.compat.as_bytes(...)。",
                f"parameter_map[{write.key!r}].s is given a str; the documented form is "
                "tf.compat.as_bytes(...).",
                write.line,
                param.path,
            )
        self._store(param.path, param, value, write.line, out, node=write.node)

    def _unknown_key(self, write: MapWrite) -> bool:
        """Report a key the catalog does not know; True: it is kept (in the profile, as
        written)."""
        history = self.catalog.history.key(write.key)
        if history is not None:  # a key some releases read: when, not a spelling guess
            self._retired_key(write, history)
            return True
        known = list(self.catalog.by_session_key())
        close = difflib.get_close_matches(write.key, known, n=1)
        hint_en = f" Did you mean {close[0]}?" if close else ""
        hint_zh = f"是否想写 {close[0]}？" if close else ""
        self.add(
            "unknown_key",
            f"parameter_map[{write.key!r}] 不是适配器读取的键（拼写错误或已移除），真实适配器会静默忽略；已原样保留。{hint_zh}",
            f"parameter_map[{write.key!r}] is not a key the adapter reads (misspelt or removed); "
            f"the real adapter silently ignores it. Kept as written.{hint_en}",
            write.line,
            f"{SESSION_OWNER}.{write.key}",
            suggestion=close[0] if close else None,
        )
        return True

    def _retired_key(self, write: MapWrite, fact: KeyFact) -> None:
        span = fact.read or fact.written
        assert span is not None
        where = self.catalog.history.where(span)
        to = fact.replaced_by
        tail_en = f" {to} replaced it." if to else ""
        tail_zh = f"已由 {to} 取代。" if to else ""
        self.add(
            "unknown_key",
            f"parameter_map[{write.key!r}] 只有部分 TF Adapter 版本读取（{where.zh}），其余版本静默忽略；本工具不检查它的值，已原样保留。{tail_zh}",
            f"parameter_map[{write.key!r}] is read only by some TF Adapter releases ({where.en}); "
            f"the others silently ignore it, and its value is not checked here. Kept as "
            f"written.{tail_en}",
            write.line,
            f"{SESSION_OWNER}.{write.key}",
            suggestion=to,
        )


def _same_write(a: MapWrite, b: MapWrite) -> bool:
    if isinstance(a.value, Opaque | Ambiguous) or isinstance(b.value, Opaque | Ambiguous):
        return False
    return a.field == b.field and type(a.value) is type(b.value) and a.value == b.value
