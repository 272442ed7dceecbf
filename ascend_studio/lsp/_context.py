"""What the cursor is in: which configuration call, keyword, ``parameter_map`` key or
variable. Read from the text before the cursor, which is mid-edit and need not parse.

Python is scanned from a bounded number of lines above the cursor: brackets are
matched (each ``(`` remembers the name called, each ``[`` what is subscripted),
strings and comments are skipped, and the innermost open bracket with the text
of the current argument tells the place. Shell and env files are read line by
line (``export NAME=value``, ``NAME=value``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["Place", "python_place", "shell_place"]

#: How far above the cursor the scan starts: a configuration call is never longer.
WINDOW_LINES = 400

Where = Literal["keyword", "value", "map_key", "env_key", "map_value", "env_name", "none"]


@dataclass(frozen=True)
class Place:
    """Where the cursor is. ``prefix`` is what is typed of the word there, from
    offset ``start`` of the text scanned; ``quote`` is the open string's quote when
    the cursor is inside one (None: a quote is still to be typed)."""

    where: Where
    owner: str | None = None
    keyword: str | None = None
    prefix: str = ""
    start: int = 0
    quote: str | None = None
    #: The ``parameter_map`` field (``s``, ``i``, ``b``) a value is assigned to.
    field: str | None = None


_TOKEN = re.compile(
    r"""(?P<comment>\#[^\n]*)
    | (?<![\w])(?P<string>(?:[rRbBuUfF]{1,2})?(?:\"\"\"|'''|"|'))
    | (?P<open>[(\[{])
    | (?P<close>[)\]}])
    """,
    re.X,
)
_CALLEE = re.compile(r"([A-Za-z_][\w.]*)\s*$")
_ENV_HOLDERS = ("os.environ", "environ")
_ENV_CALLS = ("getenv", "os.getenv", "environ.get", "os.environ.get", "environ.setdefault")
_MAP_VALUE = re.compile(
    r"""parameter_map\[\s*["'](?P<key>\w+)["']\s*\]\s*\.\s*(?P<field>[sib])\s*=\s*"""
    r"""(?P<rest>.*)$"""
)


@dataclass
class _Frame:
    char: str
    name: str  # the name called (``(``) or subscripted (``[``); "" for others
    start: int  # offset just after the bracket
    slot: int  # offset where the current argument starts
    seen: int  # offset up to which its own commas were looked for

    def advance(self, text: str, upto: int) -> None:
        """Move the current argument past the last comma of this bracket's own before ``upto``."""
        comma = text.rfind(",", self.seen, upto)
        if comma >= 0:
            self.slot = comma + 1
        self.seen = max(self.seen, upto)


def _string_end(text: str, start: int, quote: str) -> int | None:
    """Offset just after the string whose body starts at ``start``; None: open at the end."""
    index = start
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if text.startswith(quote, index):
            return index + len(quote)
        if char == "\n" and len(quote) == 1:
            return index  # an unclosed one-line string ends with its line
        index += 1
    return None


def _open(text: str, found: re.Match[str], frames: list[_Frame]) -> None:
    callee = _CALLEE.search(text, max(0, found.start() - 200), found.start())
    name = callee.group(1) if callee and found.group() in "([" else ""
    frames.append(_Frame(found.group(), name, found.end(), found.end(), found.end()))


def _scan(text: str) -> tuple[list[_Frame], tuple[int, str] | None]:
    """The open brackets at the end of ``text``, and the open string there (body start,
    quote), if any. Each bracket's current argument starts after its last own comma."""
    frames: list[_Frame] = []
    index = 0
    while (found := _TOKEN.search(text, index)) is not None:
        if frames:
            frames[-1].advance(text, found.start())
        kind, index = found.lastgroup, found.end()
        if kind == "string":
            quote = found.group("string").lstrip("rRbBuUfF")
            end = _string_end(text, index, quote)
            if end is None:
                return frames, (index, quote)
            index = end
        elif kind == "open":
            _open(text, found, frames)
            continue
        elif kind == "close" and frames:
            frames.pop()
        if frames:
            frames[-1].seen = index
    if frames:
        frames[-1].advance(text, len(text))
    return frames, None


def _owner(name: str, owners: tuple[str, ...]) -> str | None:
    last = name.rsplit(".", 1)[-1]
    return last if last in owners else None


def _slot_place(text: str, frame: _Frame, owner: str) -> Place:
    slot_start = frame.slot
    slot = text[slot_start:]
    keyword = re.fullmatch(r"\s*(\w*)", slot)
    if keyword:
        return Place("keyword", owner, prefix=keyword.group(1), start=slot_start + keyword.start(1))
    value = re.fullmatch(r"\s*(\w+)\s*=\s*([\w.]*)", slot)
    if value:
        return Place(
            "value", owner, value.group(1), prefix=value.group(2), start=slot_start + value.start(2)
        )
    return Place("none")


def _string_place(
    text: str, frames: list[_Frame], body: int, quote: str, owners: tuple[str, ...]
) -> Place:
    prefix = text[body:]
    if "\n" in prefix:
        return Place("none")
    head = text[:body].rstrip("\"'").rstrip("rRbBuUfF")
    frame = frames[-1] if frames else None
    if frame is None:
        return _map_value(text, body, quote)
    held = _holder_place(frame, head[frame.start :], prefix, body, quote)
    if held is not None:
        return held
    owner = _owner(frame.name, owners) if frame.char == "(" else None
    if owner is not None:
        place = _slot_place(head + "x", frame, owner)
        if place.where == "value":
            return Place("value", owner, place.keyword, prefix, body, quote)
    return _map_value(text, body, quote)


def _map_value(text: str, body: int, quote: str | None) -> Place:
    line = text[text.rfind("\n", 0, body) + 1 :]
    found = _MAP_VALUE.search(line)
    if found is None:
        return Place("none")
    if quote:
        prefix, start = text[body:], body
    else:
        prefix = re.sub(r"^.*?([\w.]*)$", r"\1", found.group("rest"))
        start = len(text) - len(prefix)
    key, field = found.group("key"), found.group("field")
    return Place("map_value", keyword=key, prefix=prefix, start=start, quote=quote, field=field)


def python_place(text: str, owners: tuple[str, ...]) -> Place:
    """Where the end of ``text`` (the text before the cursor) is, in Python."""
    first = len(text)
    for _ in range(WINDOW_LINES):
        first = text.rfind("\n", 0, first)
        if first < 0:
            break
    base = max(first + 1, 0)
    window = text[base:]
    frames, open_string = _scan(window)
    if open_string is not None:
        place = _string_place(window, frames, open_string[0], open_string[1], owners)
    else:
        place = _bracket_place(window, frames, owners)
    return place if place.where == "none" else _shifted(place, base)


def _holder_place(
    frame: _Frame, between: str, prefix: str, start: int, quote: str | None
) -> Place | None:
    """A key right after ``parameter_map[``, ``os.environ[`` or ``os.getenv(``, if it is one."""
    if between.strip():
        return None
    if frame.char == "[" and frame.name.endswith("parameter_map"):
        return Place("map_key", prefix=prefix, start=start, quote=quote)
    env = frame.name in (_ENV_HOLDERS if frame.char == "[" else _ENV_CALLS)
    return Place("env_key", prefix=prefix, start=start, quote=quote) if env else None


def _bracket_place(text: str, frames: list[_Frame], owners: tuple[str, ...]) -> Place:
    if not frames:
        return _map_value(text, len(text), None)
    frame = frames[-1]
    held = _holder_place(frame, text[frame.start :], "", len(text), None)
    if held is not None:
        return held
    owner = _owner(frame.name, owners) if frame.char == "(" else None
    if owner is None:
        return _map_value(text, len(text), None)
    return _slot_place(text, frame, owner)


def _shifted(place: Place, base: int) -> Place:
    return Place(
        place.where,
        place.owner,
        place.keyword,
        place.prefix,
        place.start + base,
        place.quote,
        place.field,
    )


_SHELL_NAME = re.compile(r"^(?P<indent>\s*)(?P<export>export\s+)?(?P<name>[A-Za-z_]\w*)?$")
_SHELL_VALUE = re.compile(r"^\s*(?:export\s+)?(?P<name>[A-Za-z_]\w*)=(?P<value>[^\s;&|]*)$")


def shell_place(line: str, env_file: bool) -> Place:
    """Where the end of ``line`` (the line before the cursor) is, in a shell or env file.
    Names are offered after ``export``, and at the start of a line in an env file."""
    found = _SHELL_NAME.match(line)
    if found and (found.group("export") or env_file):
        name = found.group("name") or ""
        return Place("env_name", prefix=name, start=len(line) - len(name))
    found = _SHELL_VALUE.match(line)
    if found:
        value = found.group("value").lstrip("\"'")
        return Place(
            "value", keyword=found.group("name"), prefix=value, start=len(line) - len(value)
        )
    return Place("none")
