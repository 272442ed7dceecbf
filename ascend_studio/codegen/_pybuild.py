"""Turn what the scanner found into profile values, reporting every decision.

Known values are converted to the type the catalog says the constructor
expects (a conversion is reported); what cannot be known is kept verbatim as
an :class:`~ascend_studio.profile.Expr`; unknown keywords are kept as
:class:`~ascend_studio.profile.ExtraKwarg` with a did-you-mean. parameter_map
writes are mapped back to parameters through the catalog's session keys.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass, field

from ascend_studio._words import counted
from ascend_studio.codegen._branch import Branch
from ascend_studio.codegen._kinds import ConversionError, coerce, needs_bytes
from ascend_studio.codegen._layout import HOLDER_OWNER
from ascend_studio.codegen._pyobjs import (
    Ambiguous,
    Opaque,
    ProtoObj,
    Source,
    SubConfigObj,
)
from ascend_studio.codegen._report import ReportItem, ReportKind, msg
from ascend_studio.profile import Expr, ExtraKwarg, Value, expr_problem
from ascend_studio.schema import Catalog, Parameter

__all__ = ["Builder", "Built"]

#: Values the evaluator computed but a profile cannot hold (see ``_pyeval``), in Chinese.
_UNKEPT = {
    "not a finite number": "不是有限数（inf/nan）",
    "not text (a lone surrogate)": "不是文本（含孤立代理字符）",
    "too large": "太大",
}


@dataclass
class Built:
    """The values a script's calls set, with their lines, conditions and spelling."""

    values: dict[str, Value] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    extras: list[ExtraKwarg] = field(default_factory=list)
    protos: list[ProtoObj] = field(default_factory=list)
    #: Keyword values as the script writes them, where the import converted them
    #: (``aoe_mode=2`` imported as ``"2"``): what the real constructor would get.
    written: dict[str, Value] = field(default_factory=dict)
    #: The conditions a value was written under (see :mod:`._branch`); absent: none.
    branches: dict[str, Branch] = field(default_factory=dict)
    #: TF Adapter 2.x: profile path -> (line of the write, line of ``npu_device.open()``)
    #: for an option written after ``open()`` has read the options.
    after_open: dict[str, tuple[int, int]] = field(default_factory=dict)


def is_value(value: object) -> bool:
    return isinstance(value, bool | int | float | str)


#: How a call gives an argument (``SubConfigObj.given_twice``).
_HOW_ZH = {"position": "按位置给出", "keyword": "按关键字给出", "dict": "在 **字典 中给出"}
_HOW_EN = {"position": "by position", "keyword": "by keyword", "dict": "in a **dict"}


class Builder:
    def __init__(self, catalog: Catalog, src: Source) -> None:
        self.catalog = catalog
        self.src = src
        self.items: list[ReportItem] = []
        self.config: int | None = None

    def add(
        self,
        kind: ReportKind,
        zh: str,
        en: str,
        line: int | None,
        path: str | None = None,
        *,
        suggestion: str | None = None,
    ) -> None:
        self.items.append(ReportItem(kind, msg(zh, en), line, path, suggestion, self.config))

    def text(self, node: ast.AST, override: str | None = None) -> str:
        """Source text of a value as written (never empty: an expression needs text).

        A profile keeps only text that is one expression by itself: a segment
        that is one only inside the script's own brackets (``"a"  # x`` then
        ``"b"`` on the next line) is kept in parentheses, else as Python writes it.
        """
        text = override if override is not None else self.src.segment(node)
        if not text.strip():
            return ast.unparse(node) or "None"
        for candidate in (text, f"({text}\n)" if "#" in text else f"({text})"):
            if expr_problem(candidate) is None:
                return candidate
        return ast.unparse(node) or "None"

    # -- constructor calls ---------------------------------------------------------------
    def expand(self, obj: SubConfigObj, prefix: str, out: Built) -> None:
        for name, (node, value, override) in obj.args.items():
            path = prefix + name
            line = getattr(node, "lineno", obj.node.lineno)
            if value is None:
                self._none(obj.owner, path, line, out)
            elif path in HOLDER_OWNER:
                self._holder(path, node, value, override, out)
            elif path == "session_config" and isinstance(value, ProtoObj):
                self._session_config(node, value, out)
            else:
                self._scalar(path, node, value, override, out)
        for name, node, override in obj.extras:
            self._extra(obj, name, node, override, out)
        if obj.excess_positional:
            self.add(
                "call_error",
                f"{obj.owner} 的位置参数过多（{obj.excess_positional} 个），真实构造函数会抛出 "
                "TypeError；多出的未导入。请删去多余的位置参数，或改为关键字参数。",
                f"{obj.owner} got {counted(obj.excess_positional, 'positional argument')} "
                "too many; the real "
                "constructor raises TypeError. The extra ones were not imported: remove them, "
                "or pass them by keyword.",
                obj.node.lineno,
            )
        for name, line, first, second in obj.given_twice:
            where = prefix + name if self.catalog.has(prefix + name) else None
            if first == second == "keyword":
                self._repeated(obj, name, line, where)
                continue
            how_zh = f"{_HOW_ZH[first]}，又{_HOW_ZH[second]}"
            how_en = f"{_HOW_EN[first]} and again {_HOW_EN[second]}"
            # Python's own words (a keyword and a dict's key: "keyword argument")
            kind = "argument" if first == "position" else "keyword argument"
            said = f"got multiple values for {kind} '{name}'"
            self.add(
                "call_error",
                f"{obj.owner}(...) 的 {name} {how_zh}：真实调用会抛出 TypeError"
                f"（{said}）。请只给一次 {name}。",
                f"{obj.owner}(...) gets {name} {how_en}: the real call raises TypeError "
                f"({said}). Give {name} once.",
                line,
                where,
            )

    def _repeated(self, obj: SubConfigObj, name: str, line: int, path: str | None) -> None:
        """A keyword given twice in one call: ``ast`` parses it, but Python's compiler
        refuses the whole file (SyntaxError), so the job stops before its first line."""
        self.add(
            "syntax_error",
            f"Python 拒绝编译此脚本：{obj.owner}(...) 中 {name}= 出现了两次（SyntaxError: "
            f"keyword argument repeated），脚本的第一行都不会运行。请在该调用中只保留一个 "
            f"{name}=（各设置照写读取，重复的关键字取最后一个值）。",
            f"Python refuses to compile this script: {name}= is given twice in "
            f"{obj.owner}(...) (SyntaxError: keyword argument repeated), so not even its "
            f"first line runs. Give {name}= once in that call (the settings were read as "
            "written; of a repeated keyword, its last value).",
            line,
            path,
        )

    def _none(self, owner: str, path: str, line: int, out: Built) -> None:
        """An explicit ``None`` is a value: kept (it is not the same as leaving it out),
        except where leaving it out is not possible or gives None anyway."""
        required = self.catalog.has(path) and self.catalog.param(path).required
        if path in HOLDER_OWNER or required:
            self.add(
                "ignored",
                f"{path}=None：与未设置相同（{owner} 的这个参数只能这样表示“未设置”）。"
                if required
                else f"{path}=None：与不传该参数相同（默认值就是 None）。",
                f"{path}=None: the same as unset ({owner} has no default for it, so None is "
                "how it is left unset)."
                if required
                else f"{path}=None: the same as not passing it (its default is None).",
                line,
                path,
            )
            return
        out.values[path], out.lines[path] = None, line
        self.add(
            "recognized",
            f"{path} = None（显式传入 None，已保留；它不等于不传）",
            f"{path} = None (passed explicitly and kept; it is not the same as leaving it out)",
            line,
            path,
        )

    def _holder(
        self, path: str, node: ast.expr, value: object, override: str | None, out: Built
    ) -> None:
        owner = HOLDER_OWNER[path]
        line = node.lineno
        if isinstance(value, SubConfigObj) and value.owner == owner:
            before = len(out.values) + len(out.extras)
            self.expand(value, path + ".", out)
            if len(out.values) + len(out.extras) == before:
                out.values[path] = Expr(expr=f"{owner}()")
                out.lines[path] = line
            return
        if isinstance(value, SubConfigObj):
            self.add(
                "call_error",
                f"{path} 需要 {owner} 对象，这里是 {value.owner}；真实代码会抛出 ValueError。"
                f"按原样保留；请传入 {owner}(...)。",
                f"{path} needs a {owner}, got a {value.owner}; the real code raises ValueError. "
                f"Kept as written; pass a {owner}(...).",
                line,
                path,
            )
        self._verbatim(path, node, value, override, out)

    def _verbatim(
        self, path: str, node: ast.expr, value: object, override: str | None, out: Built
    ) -> None:
        text = self.text(node, override)
        out.values[path] = Expr(expr=text)
        out.lines[path] = node.lineno
        if isinstance(value, Ambiguous):
            options = "; ".join(f"line {line}: {shown}" for line, shown in value.options)
            self.add(
                "verbatim",
                f"{path}={text}：该名称在不同分支中取值不同（{options}），按表达式保留。",
                f"{path}={text}: the name has different values on different paths ({options}); "
                "kept as an expression.",
                node.lineno,
                path,
            )
            return
        why = value.why if isinstance(value, Opaque) else ""
        if why in _UNKEPT:
            self.add(
                "verbatim",
                f"{path}={text}：{_UNKEPT[why]}，无法作为值保存；按表达式原样保留，导出时原样写回。",
                f"{path}={text}: {why}, so it cannot be kept as a value; kept as an expression "
                "and re-emitted unchanged.",
                node.lineno,
                path,
            )
            return
        self.add(
            "verbatim",
            f"{path}={text}：运行前无法确定，按表达式原样保留，导出时原样写回。",
            f"{path}={text}: not known before the script runs; kept verbatim and re-emitted "
            "unchanged.",
            node.lineno,
            path,
        )

    def _scalar(
        self, path: str, node: ast.expr, value: object, override: str | None, out: Built
    ) -> None:
        param = self.catalog.param(path) if self.catalog.has(path) else None
        if param is not None and param.py_type == "object":
            out.values[path] = Expr(expr=self.text(node, override))
            out.lines[path] = node.lineno
            self.add(
                "recognized",
                f"{path}：Python 对象，按表达式保留。",
                f"{path}: a Python object, kept as an expression.",
                node.lineno,
                path,
            )
            return
        if not is_value(value) and not isinstance(value, bytes):
            self._verbatim(path, node, value, override, out)
            return
        self._store(path, param, value, node.lineno, out, node=node, override=override)
        stored = out.values.get(path)
        if (
            path in out.values
            and isinstance(value, bool | int | float | str)
            and (type(stored) is not type(value) or stored != value)
        ):
            out.written[path] = value

    def _store(
        self,
        path: str,
        param: Parameter | None,
        value: object,
        line: int,
        out: Built,
        *,
        node: ast.expr | None = None,
        override: str | None = None,
    ) -> None:
        """Store a known value in the type the parameter needs (reporting a conversion)."""
        try:
            keep = param is None or (isinstance(value, bytes) and needs_bytes(param))
            # a spelling some release lists exactly ("True" on r3.2.0) is the user's to keep
            keep = keep or self.catalog.history.ever_listed(path, value)
            converted = value if keep or param is None else coerce(param, value)
        except ConversionError as exc:
            assert param is not None
            if node is not None:
                self._verbatim(path, node, value, override, out)
            self.add(
                "conflict",
                f"{path}：{value!r} 不是 {param.py_type} 类型（{exc}）。",
                f"{path}: {value!r} is not of type {param.py_type} ({exc}).",
                line,
                path,
            )
            return
        if not is_value(converted) and not isinstance(converted, bytes):
            return
        out.values[path], out.lines[path] = converted, line  # type: ignore[assignment]
        if param is not None and (type(converted) is not type(value) or converted != value):
            if type(converted) is type(value):  # only the spelling changed
                why_zh, why_en = "取值区分大小写", "the accepted values are case-sensitive"
            else:
                why_zh, why_en = (
                    f"真实代码需要 {param.py_type}",
                    f"the real code needs {'an' if param.py_type[0] in 'aeiou' else 'a'} "
                    f"{param.py_type}",
                )
            self.add(
                "converted",
                f"{path}：{value!r} 转换为 {converted!r}（{why_zh}）。",
                f"{path}: {value!r} converted to {converted!r} ({why_en}).",
                line,
                path,
            )
        else:
            self.add("recognized", f"{path} = {converted!r}", f"{path} = {converted!r}", line, path)

    def _extra(
        self, obj: SubConfigObj, name: str, node: ast.expr, override: str | None, out: Built
    ) -> None:
        text = self.text(node, override)
        out.extras.append(ExtraKwarg(owner=obj.owner, name=name, expr=text))
        line = node.lineno
        if name in ("*", "**"):
            self.add(
                "verbatim",
                f"{obj.owner}({name}{text})：展开的参数运行前未知，原样保留。",
                f"{obj.owner}({name}{text}): unpacked arguments are not known before running; "
                "kept verbatim.",
                line,
            )
            return
        close = difflib.get_close_matches(name, self.catalog.signature(obj.owner), n=1)
        hint_en = f" Did you mean {close[0]}?" if close else ""
        hint_zh = f"是否想写 {close[0]}？" if close else ""
        self.add(
            "unknown_kwarg",
            f"{obj.owner} 没有参数 {name}，真实构造函数会抛出 TypeError；已原样保留。{hint_zh}",
            f"{obj.owner} has no keyword {name}; the real constructor raises TypeError. "
            f"Kept as written.{hint_en}",
            line,
            f"{obj.owner}.{name}",
            suggestion=close[0] if close else None,
        )

    # -- session_config and parameter_map ---------------------------------------------
    def _session_config(self, node: ast.expr, proto: ProtoObj, out: Built) -> None:
        proto.used_by_runconfig = True
        out.protos.append(proto)
        text = self.text(proto.node if proto.node is not None else node)
        out.values["session_config"] = Expr(expr=text)
        out.lines["session_config"] = node.lineno
        self.add(
            "recognized",
            f"session_config={text}：ConfigProto 按表达式保留；其中 NpuOptimizer 的 parameter_map 设置分别导入。",
            f"session_config={text}: the ConfigProto, kept as an expression; its NpuOptimizer "
            "parameter_map settings are imported one by one.",
            node.lineno,
            "session_config",
        )
        for line, setting in proto.other:
            self.add(
                "ignored",
                f"session_config 上的其他设置未保留：{setting}",
                f"Other setting on session_config not kept: {setting}",
                line,
                "session_config",
            )
