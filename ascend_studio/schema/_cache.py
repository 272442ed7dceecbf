"""A validated copy of the catalog in the user cache, rebuilt without pydantic.

Validating the ~30 catalog files means parsing TOML and importing pydantic and
building its validators: about 250 ms, more than the rest of a command-line
start. So the catalog is validated once per change of its files, and the
validated objects are stored as plain JSON; a later start rebuilds the same
frozen dataclasses from it with no TOML parser and no pydantic. The app still
validates the files with pydantic after its first paint
(:func:`ascend_studio.schema.verify_shipped_catalog`).

The cache is keyed by the exact bytes (and names) of every catalog file, by the
app's version and by the shape of the catalog classes (every field's name, type
and default), so an edited, added or removed file, another release or a changed
class misses it. Loading it executes nothing: each JSON object is tagged with the
name of one of the catalog classes, looked up in a fixed table, and built with
its own constructor (which runs the same ``__post_init__`` checks). A cache that
is unreadable, truncated, of another format, fails its checksum, or does not
build, is ignored and rewritten. Failing to write it (read-only home) only
costs time.

Fields named apart (``apart``: the catalog's validity facts and its 2.x surface,
which the window's first paint does not read) are stored each on a line of its own
after the catalog's, with the shape of the classes only they hold; the catalog read
back gets each as a :class:`Later` and builds it on its first read. A part whose
classes changed shape, or that does not build, is taken from ``fallback`` instead.
A part that is a list of objects with a key field (``keyed``: a fact's ``path``) is
stored with where each item's text is, so that one item can be built alone
(:meth:`Later.item`): checking one script reads a few of the ~700 keyword facts.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from ascend_studio._jsoncopy import copy_file, copy_key, read_copy, write_copy
from ascend_studio._version import __version__

__all__ = [
    "FORMAT",
    "TAG",
    "Later",
    "cache_file",
    "dump_plain",
    "load_plain",
    "read_cache",
    "sources_key",
    "write_cache",
]

#: Bump when what is stored, or how it is stored, changes.
FORMAT = 4
#: The key naming an object's class in the stored JSON.
TAG = "!"

T = TypeVar("T")
#: Classes a part needs besides the catalog's, by name (imported when it is built).
PartClasses = Callable[[], Mapping[str, type]]


class Later(Generic[T]):
    """A value made when first asked for (a field kept apart in the cache); a stored
    list of keyed items also gives its keys and its items one at a time."""

    def __init__(self, make: Callable[[], T], part: _Part | None = None) -> None:
        self.make = make
        self._part = part

    @property
    def keyed(self) -> bool:
        """Whether :meth:`keys` and :meth:`item` answer without making the whole value."""
        return self._part is not None

    def keys(self) -> tuple[str, ...]:
        """The items' keys in stored order (a key stored twice: at its first place)."""
        return self._part.keys() if self._part is not None else ()

    def item(self, key: str) -> Any:
        """The item stored under ``key`` (of two, the last, as a dict made from the list
        keeps it), built alone and kept; None when there is none."""
        return self._part.item(key) if self._part is not None else None


def cache_file() -> Path:
    """The cache in the user cache directory (looked up per call)."""
    return copy_file("catalog.json")


def sources_key(blobs: Mapping[str, bytes], classes: Mapping[str, type]) -> str:
    """Digest of the format, the version, the classes' shape and every file's name and bytes."""
    return copy_key(f"catalog cache {FORMAT} {__version__}", blobs, classes.values())


def dump_plain(value: object) -> Any:
    """A catalog object as tagged JSON data (fields at their default are left out)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {TAG: type(value).__name__}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if (
                f.default is dataclasses.MISSING
                or item != f.default
                or type(item) is not type(f.default)
            ):
                out[f.name] = dump_plain(item)
        return out
    if isinstance(value, tuple | list):
        return [dump_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"cannot store a {type(value).__name__} in the catalog cache")


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if type(value) is list else value


def load_plain(
    text: str | bytes, classes: Mapping[str, type], extra: Mapping[str, Any] | None = None
) -> Any:
    """Rebuild what :func:`dump_plain` stored; ValueError when it names no known class or
    does not build. ``extra``: more fields for the object stored outermost."""

    def build(obj: dict[str, Any]) -> object:
        cls = classes.get(obj.pop(TAG, ""))
        if cls is None:
            raise ValueError("an object without a known catalog class")
        fields = {k: _tuples(v) for k, v in obj.items()}
        if extra and OUTER in fields:
            del fields[OUTER]
            fields.update(extra)
        try:
            return cls(**fields)
        except TypeError as exc:  # a field the class does not have, or one missing
            raise ValueError(str(exc)) from None

    return _tuples(json.loads(text, object_hook=build))


#: A field marking the outermost stored object, given ``extra`` fields when built.
OUTER = "!outer"


def read_cache(
    key: str,
    classes: Mapping[str, type],
    path: Path | None = None,
    *,
    apart: Mapping[str, PartClasses] | None = None,
    fallback: Callable[[str], Any] | None = None,
) -> Any:
    """The object stored under ``key``, or None when there is no usable cache; the
    fields stored apart come as :class:`Later` values (see the module docstring)."""
    body = read_copy(path or cache_file(), FORMAT, key)
    if body is None:
        return None
    head, *lines = body.split(b"\n")
    apart = apart or {}
    parts: dict[str, Later[Any]] = {}
    for line in lines:
        try:
            name, shape, index, text = line.decode().split("\t", 3)
        except ValueError:  # not four fields, or not UTF-8
            return None
        if name not in apart or fallback is None:
            return None
        part = _Part(name, shape, index, text, classes=classes, own=apart[name], fallback=fallback)
        parts[name] = Later(part.make, part if index else None)
    if set(parts) != set(apart):
        return None
    try:
        return load_plain(head, classes, parts)
    except (ValueError, RecursionError):  # not JSON, or not objects of ours
        return None


_NOTHING: Any = object()


class _Part:
    """One part's stored text, built whole or one keyed item at a time; what does not
    build (classes of another shape, text that is not ours) comes from ``fallback``."""

    def __init__(
        self,
        name: str,
        shape: str,
        index: str,
        text: str,
        *,
        classes: Mapping[str, type],
        own: PartClasses,
        fallback: Callable[[str], Any],
    ) -> None:
        self._name, self._shape, self._index, self._text = name, shape, index, text
        self._classes, self._own, self.fallback = classes, own, fallback
        self._checked: Mapping[str, type] | None = None
        self._fallen: Any = _NOTHING
        self._spans: dict[str, Any] | None = None
        self._made: dict[str, Any] = {}

    def _load(self, text: str) -> Any:
        """``text`` built with the part's classes; _NOTHING when it does not build."""
        if self._checked is None:
            more = self._own()
            same = self._shape == _shape(self._name, more)
            self._checked = {**self._classes, **more} if same else {}
        if not self._checked or self._fallen is not _NOTHING:
            return _NOTHING
        try:
            return load_plain(text, self._checked)
        except (ValueError, RecursionError):
            return _NOTHING

    def _fall(self) -> Any:
        if self._fallen is _NOTHING:
            self._fallen = self.fallback(self._name)
        return self._fallen

    def make(self) -> Any:
        found = self._load(self._text)
        return self._fall() if found is _NOTHING else found

    def _read(self) -> dict[str, Any]:
        """Key -> [start, end] of its item's text; from the whole value if unreadable."""
        if self._spans is None:
            by, _, spans = self._index.partition(" ")
            try:
                found = json.loads(spans)
            except ValueError:
                found = None
            if not isinstance(found, dict):
                found = {getattr(v, by, None): v for v in self.make()}
            self._spans = found
        return self._spans

    def keys(self) -> tuple[str, ...]:
        return tuple(self._read())

    def item(self, key: str) -> Any:
        if key in self._made:
            return self._made[key]
        span = self._read().get(key)
        found = _NOTHING
        if isinstance(span, list) and len(span) == 2:
            found = self._load(self._text[span[0] : span[1]])
        elif span is not None:  # the whole value (an index that did not read)
            found = span
        if found is _NOTHING and span is not None:
            by = self._index.partition(" ")[0]
            found = {getattr(v, by, None): v for v in self.make()}.get(key)
        self._made[key] = None if found is _NOTHING else found
        return self._made[key]


def _shape(name: str, classes: Mapping[str, type]) -> str:
    return copy_key(f"catalog part {name}", {}, classes.values())


def write_cache(
    key: str,
    value: object,
    path: Path | None = None,
    *,
    apart: Mapping[str, PartClasses] | None = None,
    keyed: Mapping[str, str] | None = None,
) -> bool:
    """Store a validated catalog object under ``key`` (the fields in ``apart`` each on a
    line of its own; those in ``keyed``, lists of objects, with where each item is by
    the field named there); False when it cannot be stored."""
    try:
        data = dump_plain(value)
    except TypeError:
        return False
    lines = []
    for name, own in (apart or {}).items():
        index, part = _stored_part(data.pop(name), (keyed or {}).get(name))
        lines.append(f"{name}\t{_shape(name, own())}\t{index}\t{part}")
    if apart:
        data[OUTER] = True
    head = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return write_copy(path or cache_file(), FORMAT, key, "\n".join([head, *lines]))


def _stored_part(data: Any, by: str | None) -> tuple[str, str]:
    """A part's text, and (for a list keyed by the field ``by``) where each item's text
    is: ``by {"key": [start, end], ...}``, the same text as the list dumped whole."""
    keys = [v.get(by) for v in data] if by and isinstance(data, list) else []
    if not keys or not all(isinstance(k, str) for k in keys):
        return "", json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    spans: dict[str, list[int]] = {}
    texts, at = [], 1
    for item_key, item in zip(keys, data, strict=True):
        text = json.dumps(item, ensure_ascii=False, separators=(",", ":"))
        spans[item_key] = [at, at + len(text)]  # a key given twice: its last item
        texts.append(text)
        at += len(text) + 1
    index = json.dumps(spans, ensure_ascii=False, separators=(",", ":"))
    return f"{by} {index}", "[" + ",".join(texts) + "]"
