"""Compiled dataclass methods, kept between runs of the app's own processes.

``dataclasses`` writes the source of each method it generates (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, and ``__setattr__``/``__delattr__`` for a
frozen class) and runs it through ``exec``, which compiles it. On Python 3.11 that
is one compile per method, about 1 to 1.5 ms per class, and a command defines 100
to 170 classes (ours and pydantic's) before it does any work: the biggest single
cost of a start after the imports themselves.

The compiled code depends only on the source text and the interpreter. So
:func:`install` gives the ``dataclasses`` module its own ``exec`` (a module global
shadowing the builtin, which is where ``dataclasses`` looks the name up): it finds
the text's code object in a cache file, or compiles it exactly as ``exec`` would
(``dont_inherit=True``: ``dataclasses`` itself has no ``__future__`` imports),
then runs it with the same globals and locals. The classes made are the same as
without the cache; ``tests/test_dataclass_cache.py`` compares their methods' code.

What it is worth, measured with ``benchmarks/bench_cli.py --ab`` (each command with
the cache and with ``ASCEND_STUDIO_DATACLASS_CACHE=0``, in turn, same run): the
commands take 0.74x to 0.84x the CPU time they take without it (``validate`` of a
252-line training script 0.74x, ``export``, ``paths``, ``params``, ``preset list``
0.82x to 0.84x), 10 to 30 ms a start: kept.

The file (``dataclass-methods-<process>-<interpreter tag>.bin`` in the user cache
folder, one per kind of process: the app, or one command)
is a checksummed copy (``_jsoncopy``, as the catalog's: its header names this
format, the interpreter and its bytecode magic number, and the body's length and CRC-32)
of a marshalled mapping from a digest of each source text to its marshalled code. A missing, unreadable, truncated or foreign file reads as
empty; it is rewritten at exit when the process compiled something new, atomically
and at most :data:`MAX_ENTRIES` entries. A folder that cannot be written only
costs the next start its time.

Only the app's entry point (``ascend-studio``) installs it: the process is then
the app's own. Importing the package as a library changes nothing. The same file keeps
the process's compiled regular expressions (``_pattern_cache``, installed with it and
switched off with it).

The language server also gives attrs the cache (:func:`install_attrs`): the
protocol's types (lsprotocol) are about 550 attrs classes, whose generated methods
attrs compiles with ``compile`` at import, about half of that import's time. The
code is keyed by the file name attrs gives it too (its tracebacks name the class).
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import importlib.util
import marshal
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import CodeType
from typing import Any

from ascend_studio import _pattern_cache
from ascend_studio._digest import blake2b
from ascend_studio._jsoncopy import copy_file, read_copy, write_copy

__all__ = [
    "FORMAT",
    "MAX_ENTRIES",
    "SWITCH",
    "MethodCache",
    "cache_key",
    "cache_path",
    "install",
    "install_attrs",
    "installed",
    "uninstall",
]

#: The file's own format; a change makes older files read as empty.
FORMAT = 1
#: More entries than a few versions' worth of classes: start again from this run's.
MAX_ENTRIES = 8192


def cache_path(role: str = "app") -> Path:
    """The cache file for this interpreter and this kind of process (the app, or one
    command: each reads only the methods it defines, not the language server's ~550
    protocol classes with every command), in the user cache folder."""
    return copy_file(f"dataclass-methods-{role}-{sys.implementation.cache_tag}.bin")


def cache_key() -> str:
    """The interpreter the code was compiled by (its bytecode magic number)."""
    return f"dataclass methods {sys.implementation.cache_tag} {importlib.util.MAGIC_NUMBER.hex()}"


def _digest(text: str) -> bytes:
    return _digest_bytes(text.encode("utf-8", "surrogatepass"))


def _digest_bytes(data: bytes) -> bytes:
    return blake2b(data, digest_size=16).digest()


class MethodCache:
    """Source text -> code object, backed by one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stored = self._read(path)
        self._used: dict[bytes, bytes] = {}
        self.compiled = 0  # texts compiled by this process (0: the file had them all)

    @staticmethod
    def _read(path: Path) -> dict[bytes, bytes]:
        body = read_copy(path, FORMAT, cache_key())
        if body is None:
            return {}
        try:
            table = marshal.loads(body)
        except (ValueError, EOFError, TypeError):
            return {}
        if not isinstance(table, dict):
            return {}
        return {k: v for k, v in table.items() if type(k) is bytes and type(v) is bytes}

    def code(self, text: str, filename: str = "<string>", flags: int = 0) -> CodeType:
        """The code ``compile(text, filename, "exec", flags, dont_inherit=True)`` gives
        (with the defaults: what ``exec(text)`` would compile)."""
        key = _digest(
            text if filename == "<string>" and not flags else f"{filename}\0{flags}\0{text}"
        )
        blob = self._used.get(key) or self._stored.get(key)
        if blob is not None:
            try:
                code = marshal.loads(blob)
            except (ValueError, EOFError, TypeError):
                code = None
            if isinstance(code, CodeType):
                self._used[key] = blob
                return code
        made: CodeType = compile(text, filename, "exec", flags, dont_inherit=True)
        self._used[key] = marshal.dumps(made)
        self.compiled += 1
        return made

    def blob(self, key: bytes) -> bytes | None:
        """The bytes kept under ``key`` (a digest of it is looked up), if any."""
        found = _digest_bytes(key)
        blob = self._used.get(found) or self._stored.get(found)
        if blob is not None:
            self._used[found] = blob
        return blob

    def keep(self, key: bytes, blob: bytes) -> None:
        """Keep ``blob`` under ``key`` (written with the compiled methods)."""
        self._used[_digest_bytes(key)] = blob
        self.compiled += 1

    def save(self) -> bool:
        """Write the file when this process compiled something; False when it could not.

        Safe to call from a worker thread while classes are being defined: the
        table is copied in one step (bytes keys: no Python code runs), and what
        is compiled meanwhile is written by the next save."""
        compiled = self.compiled  # another thread may compile meanwhile: count only these
        if not compiled:
            return True
        table = {**self._stored, **self._used}
        if len(table) > MAX_ENTRIES:
            table = dict(self._used)
        if not write_copy(self.path, FORMAT, cache_key(), marshal.dumps(table)):
            return False
        self._stored = table
        self.compiled -= compiled
        return True


#: The cache in use (at most one per process).
_ACTIVE: list[MethodCache] = []


def _make_exec(cache: MethodCache) -> Callable[..., None]:
    def cached_exec(
        source: object,
        globals: dict[str, Any] | None = None,
        locals: Any = None,
        /,
        **options: Any,
    ) -> None:
        if globals is None:  # the builtin would use its caller's namespaces
            frame = sys._getframe(1)
            globals = frame.f_globals
            locals = frame.f_locals if locals is None else locals
        if type(source) is str:
            source = cache.code(source)
        builtins.exec(source, globals, locals, **options)  # type: ignore[arg-type]

    return cached_exec


def _make_compile(cache: MethodCache, flags: int) -> Callable[..., Any]:
    """``compile`` for attrs' class builder: its ``exec``-mode source texts from the
    cache, compiled with the future flags of attrs' module as the builtin would. A
    ``__hash__`` is compiled each time: attrs writes a hash of the class into it, which
    differs from run to run (Python's string hashing is salted per process)."""

    def cached_compile(source: object, filename: Any, mode: str, *more: Any, **options: Any) -> Any:
        plain = type(source) is str and type(filename) is str and mode == "exec"
        if plain and not (more or options) and "def __hash__" not in str(source):
            return cache.code(str(source), filename, flags)
        return builtins.compile(source, filename, mode, *more, **options)  # type: ignore[call-overload]

    return cached_compile


def _future_flags(namespace: dict[str, Any]) -> int:
    """The compiler flags of the ``from __future__`` imports in a module's namespace."""
    import __future__

    found = (v for v in namespace.values() if isinstance(v, __future__._Feature))
    return sum({f.compiler_flag for f in found})


def install_attrs(path: Path | None = None) -> MethodCache | None:
    """:func:`install`, and attrs' class builder given the cached ``compile`` too."""
    cache = install(path)
    if cache is None:
        return None
    try:
        from attr import _make
    except ImportError:  # attrs absent: nothing to speed up
        return cache
    if not hasattr(_make, "compile"):
        _make.compile = _make_compile(cache, _future_flags(vars(_make)))  # type: ignore[attr-defined]
    return cache


#: ``ASCEND_STUDIO_DATACLASS_CACHE=0`` leaves ``dataclasses`` alone.
SWITCH = "ASCEND_STUDIO_DATACLASS_CACHE"


def install(path: Path | None = None, role: str = "app") -> MethodCache | None:
    """Give ``dataclasses`` the cached ``exec`` (once per process) and save at exit;
    None when the environment switches the cache off. ``role`` names the process's
    cache file (:func:`cache_path`) when no ``path`` is given."""
    if os.environ.get(SWITCH) == "0":
        return None
    if not _ACTIVE:
        cache = MethodCache(cache_path(role) if path is None else path)
        dataclasses.exec = _make_exec(cache)  # type: ignore[attr-defined]
        _pattern_cache.install(cache)
        atexit.register(cache.save)
        _ACTIVE.append(cache)
    return _ACTIVE[0]


def installed() -> MethodCache | None:
    """The cache in use, if :func:`install` ran."""
    return _ACTIVE[0] if _ACTIVE else None


def uninstall() -> None:
    """Back to the builtin ``exec`` (saving what was compiled); for tests."""
    if _ACTIVE:
        cache = _ACTIVE.pop()
        atexit.unregister(cache.save)
        cache.save()
        vars(dataclasses).pop("exec", None)
        _pattern_cache.uninstall()
        made = sys.modules.get("attr._make")
        if made is not None:
            vars(made).pop("compile", None)
