"""Keywords and parameter_map keys the catalog does not know, as the profile keeps them.

The importers keep them as :class:`ExtraKwarg` records, never dropped: a keyword
of ``NPURunConfig`` or a sub-config (``owner`` is the class), or a parameter_map
key (``owner`` is ``parameter_map``, ``attr`` the AttrValue field). A finding and
a fix name one by its *key*, ``owner.name``. Renaming one to a catalog parameter
keeps its value: :func:`extra_value` reads it as the importer would read the
same text under the new name.
"""

from __future__ import annotations

import ast
import math

from ascend_studio.profile import SESSION_OWNER, Expr, ExtraKwarg, Profile, Value

__all__ = ["SESSION_OWNER", "UNPACKED", "extra_value", "find_extra", "key_of", "unwrapped"]

#: ExtraKwarg names the importer gives unpacked arguments (``NPURunConfig(**opts)``).
UNPACKED = frozenset({"*", "**"})
#: Calls that only turn a value into the bytes a ``.s`` field holds (``tf.compat.*``).
_WRAPPERS = frozenset({"as_bytes", "as_str", "as_text"})


def key_of(extra: ExtraKwarg) -> str:
    return f"{extra.owner}.{extra.name}"


def find_extra(profile: Profile, key: str) -> ExtraKwarg | None:
    """The kept keyword or key named ``key`` (``NPURunConfig.auto_tune_mode``), if any."""
    owner, dot, name = key.partition(".")
    if not dot:
        return None
    for extra in profile.extra_kwargs:
        if extra.owner == owner and extra.name == name:
            return extra
    return None


def _inner(node: ast.expr) -> ast.expr | None:
    """The value a bytes-making call wraps, or None when ``node`` is no such call."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name in _WRAPPERS and len(node.args) == 1:
        return node.args[0]
    if name in ("bytes", "str") and isinstance(func, ast.Name) and node.args:
        return node.args[0]
    if isinstance(func, ast.Attribute) and name == "encode":
        return func.value
    return None


def unwrapped(text: str) -> str:
    """A parameter_map right-hand side without the calls that make it bytes
    (``tf.compat.as_bytes(x)``, ``x.encode()``, ``bytes(x, "utf-8")``), as the importer
    reads it: ``x`` as written."""
    source = text.strip()
    try:
        node = ast.parse(source, mode="eval").body
    except SyntaxError:
        return text
    for _ in range(4):
        inner = _inner(node)
        if inner is None:
            break
        node = inner
    found = ast.get_source_segment(source, node)
    return found if found is not None else text


def extra_value(extra: ExtraKwarg) -> Value:
    """The value a kept keyword or key holds, as a profile value: the literal it is
    when it is one (``"RL,GA"``, ``1``, ``True``), else the expression as written."""
    text = unwrapped(extra.expr) if extra.owner == SESSION_OWNER else extra.expr
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return Expr(expr=text.strip())
    if isinstance(value, float) and not math.isfinite(value):
        return Expr(expr=text.strip())  # 1e999: a profile holds no inf
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return value
    return Expr(expr=text.strip())
