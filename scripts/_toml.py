"""The few TOML forms the derived catalog files use (strings, numbers, lists, inline tables).

A JSON string is a valid TOML basic string (the same escapes), so strings are written
with ``json.dumps``.
"""

from __future__ import annotations

import json

__all__ = ["inline", "string"]


def string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def inline(value: object) -> str:
    """``value`` as a TOML value on one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {inline(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {type(value).__name__}")
