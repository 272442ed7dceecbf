"""TF Adapter 2.x settings back to profile values (the ``global_options()`` half of the
Python importer).

``npu_device.global_options()`` is one object per process, so every assignment to
its tree in a script makes one configuration (surface ``tf2``), with the device of
``npu_device.open(device_id)`` and the loop size of ``set_npu_loop_size(n)``. A leaf
of the catalog's 2.x table is kept under the profile path of the parameter it
configures (``aoe_config.aoe_mode`` under ``aoe_mode``); one no release knows is
kept as written and reported with the options its class has. Which write a path
keeps when a script writes it more than once: see :mod:`._branch` (the last one
made on no condition, else the first conditional one).
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass

from ascend_studio.codegen._branch import Branch, branch_of
from ascend_studio.codegen._pybuild import Builder, Built, is_value
from ascend_studio.codegen._pyobjs import Tf2Site, Tf2Write
from ascend_studio.profile import Expr, ExtraKwarg
from ascend_studio.schema import TF2_PREFIX, Tf2

__all__ = ["Tf2Found", "after_open", "body_of", "chosen_writes", "tf2_configuration"]


@dataclass(frozen=True)
class Tf2Found:
    """A TF Adapter 2.x configuration found in a script, with where it was found."""

    built: Built
    label: str
    line: int


def tf2_configuration(
    builder: Builder, writes: list[Tf2Write], sites: list[Tf2Site]
) -> Tf2Found | None:
    """The script's TF2 configuration, or None when it configures nothing on that surface."""
    if not writes and not sites:
        return None
    out = Built()
    tf2 = builder.catalog.tf2
    for write in chosen_writes(writes, builder).values():
        _write(builder, tf2, write, out)
    for site in sites:
        _site(builder, tf2, site, out)
    _after_open(tf2, writes, sites, out)
    first = min([w.line for w in writes] + [s.line for s in sites])
    where = "npu_device.global_options()" if writes else f"npu_device.{sites[0].name}()"
    return Tf2Found(out, f"{where}, line {first}", first)


def chosen_writes(writes: list[Tf2Write], builder: Builder | None = None) -> dict[str, Tf2Write]:
    """Path -> the write that gives its value (see the module docstring); with a
    ``builder``, the others are reported."""
    chosen: dict[str, Tf2Write] = {}
    for write in writes:
        earlier = chosen.get(write.path)
        if earlier is None or _replaces(builder, earlier, write):
            chosen[write.path] = write
    return chosen


def _replaces(builder: Builder | None, earlier: Tf2Write, write: Tf2Write) -> bool:
    """Whether ``write`` becomes the value (see the module docstring), reporting how."""
    before, now = branch_of(earlier.label), branch_of(write.label)
    if builder is None:
        return before == now or not now
    shown = f"{TF2_PREFIX}.{write.path}"
    if before == now or not now:
        if before == now and ast.dump(earlier.node) != ast.dump(write.node):
            builder.add(
                "conflict",
                f"{shown} 被多次赋值（第 {earlier.line} 行与第 {write.line} 行），以后一次为准。",
                f"{shown} is assigned more than once (lines {earlier.line} and {write.line}); "
                "the later one wins.",
                write.line,
                _key(builder.catalog.tf2, write.path),
            )
        return True
    builder.add(
        "conditional",
        f"{shown} 在第 {write.line} 行另有一个条件取值；配置保留第 {earlier.line} 行的取值。",
        f"{shown} has another value under a condition on line {write.line}; the "
        f"configuration keeps the one of line {earlier.line}.",
        write.line,
        _key(builder.catalog.tf2, write.path),
    )
    return False


def body_of(label: str) -> tuple[str, ...]:
    """The function (or class) body a write or call is in: the parts of its label
    that name one (``in function init (line 12)``); () at module level."""
    return tuple(p for p in label.split(", ") if p.startswith(("in function", "in class")))


def after_open(writes: list[Tf2Write], sites: list[Tf2Site]) -> dict[str, tuple[Tf2Write, int]]:
    """Option path -> (its write, the line of the ``npu_device.open()`` before it) for
    the writes that give a value after ``open()`` in the same body, where the write
    runs whenever that ``open()`` has (its conditions include the call's): ``open()``
    sends the options as ``global_options().as_dict()`` gives them then."""
    opens = [s for s in sites if s.name == "open"]
    late: dict[str, tuple[Tf2Write, int]] = {}
    for path, write in chosen_writes(writes).items():
        branch = branch_of(write.label)
        for site in opens:
            called = branch_of(site.label)
            same_body = body_of(site.label) == body_of(write.label)
            if same_body and site.line < write.line and branch[: len(called)] == called:
                late[path] = (write, site.line)
                break
    return late


def _after_open(tf2: Tf2, writes: list[Tf2Write], sites: list[Tf2Site], out: Built) -> None:
    for path, (write, opened) in after_open(writes, sites).items():
        option = tf2.option(path)
        if option is not None:
            out.after_open[tf2.key_of(option)] = (write.line, opened)


def _key(tf2: Tf2, path: str) -> str:
    option = tf2.option(path)
    return tf2.key_of(option) if option is not None else path


def _write(builder: Builder, tf2: Tf2, write: Tf2Write, out: Built) -> None:
    option = tf2.option(write.path)
    if option is None:
        _unknown(builder, tf2, write, out)
        return
    key = tf2.key_of(option)
    branch: Branch = branch_of(write.label)
    if branch:
        out.branches[key] = branch
    _value(builder, (key, write.path, write.line), write.node, write.value, out)


def _value(
    builder: Builder, where: tuple[str, str, int], node: ast.expr, value: object, out: Built
) -> None:
    """The value as the script writes it (the 2.x setter sees it unconverted), kept under
    profile path ``where[0]``, named as the script spells it, ``where[1]``, read on line
    ``where[2]``."""
    key, spelled, line = where
    if value is None or is_value(value):
        out.values[key], out.lines[key] = value, line  # type: ignore[assignment]
        shown = f"{spelled} = {value!r}"
        builder.add("recognized", shown, shown, line, key)
        return
    text = builder.text(node)
    out.values[key], out.lines[key] = Expr(expr=text), line
    builder.add(
        "verbatim",
        f"{spelled} = {text}：运行前无法确定，按表达式原样保留，导出时原样写回。",
        f"{spelled} = {text}: not known before the script runs; kept verbatim and re-emitted "
        "unchanged.",
        line,
        key,
    )


def _unknown(builder: Builder, tf2: Tf2, write: Tf2Write, out: Built) -> None:
    """An assignment to a path no release's tree has: kept as written and reported."""
    holder, _, name = write.path.rpartition(".")
    text = builder.text(write.node)
    if tf2.is_holder(write.path) or tf2.children(write.path):
        builder.add(
            "ignored",
            f"{TF2_PREFIX}.{write.path} = {text}：这会替换整个选项对象，选项检查不再生效；未导入。",
            f"{TF2_PREFIX}.{write.path} = {text}: this replaces a whole option object, so its "
            "options are no longer checked; not imported.",
            write.line,
        )
        return
    owner = tf2.holder_name(holder)
    out.extras.append(ExtraKwarg(owner=owner, name=write.path, expr=text))
    options = tf2.children(holder)
    close = difflib.get_close_matches(name, options, n=1)
    hint_zh = f"是否想写 {close[0]}？" if close else ""
    hint_en = f" Did you mean {close[0]}?" if close else ""
    builder.add(
        "unknown_kwarg",
        f"{owner} 没有选项 {name}：赋值时抛出 ValueError（并列出全部选项）；已原样保留。{hint_zh}",
        f"{owner} has no option {name}: assigning it raises ValueError (listing all "
        f"options); kept as written.{hint_en}",
        write.line,
        write.path,
        suggestion=close[0] if close else None,
    )


def _site(builder: Builder, tf2: Tf2, site: Tf2Site, out: Built) -> None:
    call = next((c for c in tf2.calls if c.name == site.name), None)
    if call is None:
        return
    key = call.param
    if site.argument is None or site.value is None:
        if site.name == "open":
            builder.add(
                "recognized",
                "npu_device.open()：设备取自 ASCEND_DEVICE_ID（未设置时为 0）",
                "npu_device.open(): the device comes from ASCEND_DEVICE_ID (0 when unset)",
                site.line,
            )
        return
    if key in out.values and out.lines.get(key) != site.line:
        builder.add(
            "conflict",
            f"npu_device.{site.name}() 被多次调用（第 {out.lines[key]} 行与第 {site.line} 行），以后一次为准。",
            f"npu_device.{site.name}() is called more than once (lines {out.lines[key]} and "
            f"{site.line}); the later one wins.",
            site.line,
            key,
        )
    branch = branch_of(site.label)
    if branch:
        out.branches[key] = branch
    spelled = f"npu_device.{site.name}({call.argument})"
    _value(builder, (key, spelled, site.line), site.argument, site.value, out)
