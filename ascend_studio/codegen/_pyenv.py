"""The statement shapes the scanner recognizes: constructor calls, parameter_map
writes, ``custom_op.name``, ConfigProto settings and ``os.environ`` changes."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ascend_studio.codegen._pyobjs import (
    CustomOpObj,
    MapWrite,
    Opaque,
    ProtoObj,
    SubConfigObj,
    Tf2Obj,
    Tf2Site,
    Tf2Write,
    dotted,
)

if TYPE_CHECKING:
    from ascend_studio.codegen._pyscan import Scanner

__all__ = [
    "assign_attribute",
    "environ_call",
    "environ_target",
    "on_call",
    "read_call",
    "read_subclass",
    "unwrap",
]

_FIELDS = frozenset({"s", "i", "b", "f"})
_BYTES_WRAPPERS = ("as_bytes", "as_str", "as_text")
#: The ``npu_device`` functions that configure the 2.x surface, and their argument.
TF2_CALLS = {"open": "device_id", "set_npu_loop_size": "loop_size"}


def _npu_device(canon: str) -> bool:
    return canon.partition(".")[0] == "npu_device"


def on_call(scanner: Scanner, node: ast.Call, canon: str) -> object | None:
    """The value of a call the scanner understands, or None for any other call."""
    last = canon.rpartition(".")[2]
    if _npu_device(canon) and (last == "global_options" or last in TF2_CALLS):
        return Tf2Obj("") if last == "global_options" else tf2_call(scanner, node, last)
    if last in scanner.signatures:
        return _config_call(scanner, node, last)
    if last == "ConfigProto":
        return _proto(scanner, node)
    if last == "add" and isinstance(node.func, ast.Attribute):
        return _custom_op(scanner, node)
    if last in _BYTES_WRAPPERS and len(node.args) == 1:
        value = scanner.ev.eval(node.args[0])
        value = value.encode("utf-8") if isinstance(value, str) else value
        return value if isinstance(value, bytes) else Opaque(node)
    from_env = canon in ("os.getenv", "os.environ.get")
    return Opaque(node, "read from the environment at run time") if from_env else None


def tf2_call(scanner: Scanner, node: ast.Call, name: str) -> Opaque:
    """``npu_device.open(device_id)`` / ``set_npu_loop_size(loop_size)``, recorded once."""
    if id(node) not in scanner.seen:
        scanner.seen.add(id(node))
        argument = node.args[0] if node.args else None
        for kw in node.keywords:
            if kw.arg == TF2_CALLS[name]:
                argument = kw.value
        value = scanner.ev.eval(argument) if argument is not None else None
        line = node.lineno
        scanner.tf2_sites.append(Tf2Site(name, node, argument, value, line, scanner.label(line)))
    return Opaque(node, f"npu_device.{name}(...)")


def _proto(scanner: Scanner, node: ast.Call) -> ProtoObj:
    proto = ProtoObj(node, node.lineno, scanner.label(node.lineno))
    scanner.protos.append(proto)
    scanner.seen.add(id(node))
    return proto


def _config_call(scanner: Scanner, node: ast.Call, owner: str) -> SubConfigObj:
    obj = read_call(scanner, node, owner)
    if owner == "NPURunConfig" and id(node) not in scanner.seen:
        scanner.runconfigs.append(obj)
    scanner.seen.add(id(node))
    return obj


def _custom_op(scanner: Scanner, node: ast.Call) -> object | None:
    """``<proto>.graph_options.rewrite_options.custom_optimizers.add()``."""
    assert isinstance(node.func, ast.Attribute)
    base = node.func.value
    if not (isinstance(base, ast.Attribute) and base.attr == "custom_optimizers"):
        return None
    holder = base.value
    while isinstance(holder, ast.Attribute) and holder.attr in ("rewrite_options", "graph_options"):
        holder = holder.value
    proto = scanner.ev.eval(holder)
    if not isinstance(proto, ProtoObj):
        proto = ProtoObj(None, node.lineno, scanner.label(node.lineno))
        scanner.protos.append(proto)
    op = CustomOpObj(proto, node.lineno)
    proto.ops.append(op)
    return op


def read_call(scanner: Scanner, node: ast.Call, owner: str) -> SubConfigObj:
    """The arguments of a config constructor call, positional ones mapped to names."""
    obj = SubConfigObj(owner, node, scanner.label(node.lineno))
    names = scanner.signatures[owner]
    #: What Python binds, and how: a name bound twice raises TypeError.
    given: dict[str, str] = {}
    for index, arg in enumerate(node.args):
        if isinstance(arg, ast.Starred):
            obj.extras.append(("*", arg.value, None))
        elif index < len(names):
            obj.args[names[index]] = (arg, scanner.ev.eval(arg), None)
            given[names[index]] = "position"
        else:
            obj.excess_positional += 1
    for kw in node.keywords:
        if kw.arg is None:
            _splat(scanner, obj, kw.value, given)
            continue
        if kw.arg in given:  # twice by keyword: Python refuses to compile the file
            obj.given_twice.append((kw.arg, kw.lineno, given[kw.arg], "keyword"))
        given[kw.arg] = "keyword"
        if kw.arg in names:
            obj.args[kw.arg] = (kw.value, scanner.ev.eval(kw.value), None)
        else:
            obj.extras.append((kw.arg, kw.value, None))
    return obj


def _splat(scanner: Scanner, obj: SubConfigObj, node: ast.expr, given: dict[str, str]) -> None:
    """``**kwargs``: expanded when it is a known dict, else kept as written."""
    value = scanner.ev.eval(node)
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        obj.extras.append(("**", node, None))
        return
    names = scanner.signatures[obj.owner]
    for key, item in value.items():
        if key in given:
            obj.given_twice.append((key, node.lineno, given[key], "dict"))
        given[key] = "dict"
        if key in names:
            obj.args[key] = (node, item, repr(item))
        else:
            obj.extras.append((key, node, repr(item)))


def unwrap(scanner: Scanner, node: ast.expr) -> tuple[ast.expr, str]:
    """Strip ``tf.compat.as_bytes(...)``, ``.encode()``, ``bytes(x, enc)``, ``str(x)``."""
    wrapped = ""
    for _ in range(4):
        if not isinstance(node, ast.Call):
            break
        name = dotted(node.func)
        last = scanner.canonical(name).rpartition(".")[2] if name else ""
        if last in _BYTES_WRAPPERS and len(node.args) == 1:
            node, wrapped = node.args[0], wrapped or "as_bytes"
        elif last in ("bytes", "str") and node.args and name == last:
            node, wrapped = node.args[0], wrapped or last
        elif isinstance(node.func, ast.Attribute) and node.func.attr == "encode":
            node, wrapped = node.func.value, wrapped or "encode"
        else:
            break
    return node, wrapped


def _map_write(scanner: Scanner, target: ast.Attribute, stmt: ast.stmt) -> None:
    sub = target.value
    assert isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Attribute)
    line = stmt.lineno
    op = scanner.ev.eval(sub.value.value)
    if not isinstance(op, CustomOpObj):
        proto = ProtoObj(None, line, scanner.label(line))
        scanner.protos.append(proto)
        op = CustomOpObj(proto, line, "NpuOptimizer")
        proto.ops.append(op)
        text = scanner.src.segment(sub.value.value)
        if isinstance(sub.value.value, ast.Name):
            scanner.bind(sub.value.value.id, op, line)
        scanner.note(
            line,
            "info",
            f"{text}：自定义优化器在别处创建；按 NpuOptimizer 读取",
            f"{text}: custom optimizer created elsewhere; read as NpuOptimizer",
        )
    key = scanner.ev.eval(sub.slice)
    key = key.decode("utf-8", "replace") if isinstance(key, bytes) else key
    if not isinstance(key, str):
        text = scanner.src.segment(sub.slice)
        scanner.note(
            line,
            "ignored",
            f"parameter_map 的键 {text} 不运行就无法确定",
            f"parameter_map key {text} cannot be known without running",
        )
        return
    rhs = getattr(stmt, "value", None)
    if not isinstance(rhs, ast.expr):
        return
    node, wrapped = unwrap(scanner, rhs)
    value = scanner.ev.eval(node)
    label = scanner.label(line)
    op.writes.append(MapWrite(key, target.attr, node, value, line, label, wrapped, rhs))


def assign_attribute(
    scanner: Scanner, target: ast.Attribute, value: object, stmt: ast.stmt
) -> None:
    sub = target.value
    if (
        target.attr in _FIELDS
        and isinstance(sub, ast.Subscript)
        and isinstance(sub.value, ast.Attribute)
        and sub.value.attr == "parameter_map"
    ):
        _map_write(scanner, target, stmt)
        return
    if target.attr == "parameter_map" or _is_map_item(target):
        scanner.note(
            stmt.lineno,
            "ignored",
            "parameter_map 的这种用法本工具读不出",
            "parameter_map used in a way this importer does not read",
        )
        return
    base = scanner.ev.eval(target.value)
    if isinstance(base, Tf2Obj):
        rhs = getattr(stmt, "value", None)
        if isinstance(rhs, ast.expr):
            line = stmt.lineno
            path = base.child(target.attr).path
            write = Tf2Write(path, rhs, value, line, scanner.label(line), stmt, target)
            scanner.tf2_writes.append(write)
        return
    if isinstance(base, CustomOpObj) and target.attr == "name":
        base.name = value
        return
    root = target.value
    while isinstance(root, ast.Attribute):
        root = root.value
    holder = scanner.ev.eval(root)
    if isinstance(holder, ProtoObj):
        holder.other.append((stmt.lineno, scanner.src.segment(stmt)))


def _is_map_item(target: ast.Attribute) -> bool:
    node: ast.AST = target
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute) and node.attr == "parameter_map":
            return True
        node = node.value
    return False


def _record(scanner: Scanner, name: object, value: object, line: int, how: str) -> None:
    if not isinstance(name, str):
        scanner.note(
            line,
            "ignored",
            "环境变量名不运行就无法确定",
            "environment variable name cannot be known without running",
        )
        return
    scanner.env_set(name, value, line, how)


def environ_target(
    scanner: Scanner, target: ast.Subscript, value: object, line: int, how: str
) -> bool:
    """``os.environ[k] = v`` / ``del os.environ[k]``; False when it is another subscript."""
    name = dotted(target.value)
    if not name or scanner.canonical(name) != "os.environ":
        return False
    _record(scanner, scanner.ev.eval(target.slice), value, line, how)
    return True


def environ_call(scanner: Scanner, call: ast.Call) -> None:
    name = dotted(call.func)
    canon = scanner.canonical(name) if name else ""
    args = [scanner.ev.eval(a) for a in call.args]
    line = call.lineno
    if canon in ("os.environ.setdefault", "os.putenv") and len(args) == 2:
        _record(scanner, args[0], args[1], line, canon.rpartition(".")[2])
    elif canon in ("os.environ.pop", "os.unsetenv") and args:
        _record(scanner, args[0], None, line, canon.rpartition(".")[2])
    elif canon == "os.environ.update":
        items = args[0] if len(args) == 1 and isinstance(args[0], dict) else {}
        items = {**items, **{kw.arg: scanner.ev.eval(kw.value) for kw in call.keywords if kw.arg}}
        if not items and (call.args or call.keywords):
            scanner.note(
                line,
                "ignored",
                "os.environ.update(...) 的取值运行前无法确定",
                "os.environ.update(...) with values unknown before running",
            )
        for key, item in items.items():
            _record(scanner, key, item, line, "update")


def read_subclass(scanner: Scanner, node: ast.ClassDef) -> None:
    """``class MyRunConfig(NPURunConfig)`` defined here is still an NPURunConfig."""
    names = [dotted(base) for base in node.bases]
    bases = [scanner.canonical(n) for n in names if n]
    config = next((b for b in bases if b.rpartition(".")[2] in scanner.signatures), None)
    if config is None:
        return
    base = config.rpartition(".")[2]
    if any(isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in node.body):
        scanner.note(
            node.lineno,
            "info",
            f"class {node.name}({base}) 定义了自己的 __init__；对它的调用不按 {base} 读取",
            f"class {node.name}({base}) defines its own __init__; its calls are not read as {base}",
        )
        return
    scanner.aliases[node.name] = config
    scanner.add_word(node.name)
    scanner.note(
        node.lineno,
        "info",
        f"class {node.name}({base})：对它的调用按 {base} 读取",
        f"class {node.name}({base}): its calls are read as {base}",
    )
