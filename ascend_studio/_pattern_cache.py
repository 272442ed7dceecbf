"""Compiled regular expressions, kept between runs beside the dataclass methods.

``re`` parses and compiles a pattern in Python (``re._parser``, ``re._compiler``):
about 0.6 million instructions a pattern, and a single-file ``validate`` compiles
some 60 of them (the app's modules, ``json``, ``argparse``, ``gettext``...), more
than its rules' evaluation costs. What that work produces is data: the pattern's
flags, its code (a list of integers) and its groups, which ``_sre.compile`` turns
into the pattern object. :func:`install` gives ``re`` a compile step that keeps that
data in the process's method cache (``_dataclass_cache``: the same file, checksummed,
keyed by the interpreter and its bytecode magic number) and hands it to
``_sre.compile`` as ``re`` itself does; a pattern not in the cache is parsed and
compiled as before. The patterns made are the same objects (``==`` compares their
code); ``tests/test_pattern_cache.py`` checks it. Only the app's entry point installs
it, with the method cache.
"""

from __future__ import annotations

import marshal
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ascend_studio._dataclass_cache import MethodCache

__all__ = ["install", "uninstall"]

_compiler: Any = re._compiler  # type: ignore[attr-defined]
_parser: Any = re._parser  # type: ignore[attr-defined]
_sre: Any = _compiler._sre
#: ``re``'s own compile step, while ours is installed.
_REAL: list[Callable[..., Any]] = []


#: The regular expression engine's code format and the exact interpreter: a compiled
#: pattern's code is kept only for the engine that made it.
_ENGINE = f"re {_sre.MAGIC} {sys.hexversion}\0".encode()


def _key(pattern: str | bytes, flags: int) -> bytes:
    kind = b"s" if isinstance(pattern, str) else b"b"
    text = pattern.encode("utf-8", "surrogatepass") if isinstance(pattern, str) else pattern
    return _ENGINE + kind + str(flags).encode() + b"\0" + text


def _made(pattern: str | bytes, flags: int) -> tuple[Any, ...]:
    """What ``re._compiler.compile`` hands ``_sre.compile`` after the pattern itself."""
    parsed = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]  # opcodes are int subclasses
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, at in groupindex.items():
        indexgroup[at] = name
    groups = int(parsed.state.groups) - 1
    return (int(flags | parsed.state.flags), code, groups, groupindex, tuple(indexgroup))


def _make_compile(cache: MethodCache, real: Callable[..., Any]) -> Callable[..., Any]:
    def cached_compile(p: Any, flags: int = 0) -> Any:
        if type(p) not in (str, bytes) or flags & re.DEBUG:  # a parsed pattern; debug output
            return real(p, flags)
        key = _key(p, flags)
        blob = cache.blob(key)
        if blob is not None:
            try:
                return _sre.compile(p, *marshal.loads(blob))
            except (ValueError, EOFError, TypeError, RuntimeError):  # not what we stored
                pass
        made = _made(p, flags)
        cache.keep(key, marshal.dumps(made))
        return _sre.compile(p, *made)

    return cached_compile


def install(cache: MethodCache) -> None:
    """``re`` compiles through ``cache`` (once per process)."""
    if not _REAL:
        _REAL.append(_compiler.compile)
        _compiler.compile = _make_compile(cache, _REAL[0])


def uninstall() -> None:
    """``re`` compiles by itself again."""
    if _REAL:
        _compiler.compile = _REAL.pop()
