"""Python files that cannot configure anything, told without walking them.

Most Python files of a repository (models, data pipelines, utilities) name nothing
the importer reads, and such a file's import is always the same: no
configuration, only the "nothing found" note. :func:`nothing_to_read` tells them
by their text: none of the names the scanner starts from (the configuration
classes, ``ConfigProto``, ``parameter_map``, ``os.environ``, ``npu_device``...,
see ``_pyscan.BASE_WORDS``, and the catalog's constructors) and no
``# ascend-studio:`` comment, and Python's parser accepts it (through
``symtable``, which parses without building the tree's Python objects: about 40 %
cheaper than ``ast.parse``; a file it rejects is walked, and its syntax errors
reported as before).

The scanner compares whole names, so a word only counts where no letter, digit or
``_`` follows it (``environment`` is not ``environ``; a name that merely ends in
one, ``my_environ``, still counts). Python reads a name as its NFKC form
(``ｅｎｖｉｒｏｎ`` is ``environ``), so a file with other than ASCII characters is
searched in that form. ``tests/codegen/test_cg_quick.py`` holds both roads to equal
results, on generated scripts and on the ModelZoo corpus when it is there.
"""

from __future__ import annotations

import string
import unicodedata
import warnings
from collections.abc import Iterable
from functools import lru_cache

from ascend_studio.codegen._pyscan import BASE_WORDS
from ascend_studio.codegen._report import ImportReport, ImportResult, ReportItem, msg

__all__ = ["NOTHING_FOUND", "nothing_found", "nothing_to_read"]

#: The note an import that found nothing ends with (zh, en).
NOTHING_FOUND = (
    "没有找到 NPURunConfig(...)、NpuOptimizer 的 parameter_map、"
    "npu_device.global_options() 或 os.environ 设置。",
    "No NPURunConfig(...), NpuOptimizer parameter_map, npu_device.global_options() "
    "or os.environ setting found.",
)
#: A target directive or a suppression comment (both read from the text).
_COMMENT = "ascend-studio:"
#: What continues a name after a word (ASCII only: any other character ends the
#: word here, which can only make a file walked that need not be).
_NAME_CHARS = frozenset(string.ascii_letters + string.digits + "_")
#: Parts that several words share: a text without the part holds none of them.
_SHARED = ("Config", "env", "npu_")


@lru_cache(maxsize=8)
def _groups(constructors: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The words, grouped under a part each of them contains (one search rules out a
    group): ``Config`` for the configuration classes, ``env`` for ``environ``,
    ``putenv`` and ``unsetenv``..."""
    groups: dict[str, list[str]] = {}
    for word in sorted({*BASE_WORDS, *constructors}):
        key = next((part for part in _SHARED if part in word), word)
        groups.setdefault(key, []).append(word)
    return tuple((key, tuple(words)) for key, words in groups.items())


def _as_a_name(text: str, word: str) -> bool:
    """Whether ``word`` occurs in ``text`` with no letter, digit or ``_`` after it."""
    start = text.find(word)
    while start >= 0:
        end = start + len(word)
        if end == len(text) or text[end] not in _NAME_CHARS:
            return True
        start = text.find(word, start + 1)
    return False


def _names_something(text: str, constructors: Iterable[str]) -> bool:
    """Whether ``text`` may name something the scanner starts from."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)  # as Python reads names
    for key, words in _groups(tuple(constructors)):
        if key in text and any(word in text and _as_a_name(text, word) for word in words):
            return True
    return False


def nothing_to_read(text: str, constructors: Iterable[str]) -> bool:
    """Whether ``text`` parses and names nothing the importer reads (``constructors``:
    the catalog's configuration classes)."""
    if _COMMENT in text or _names_something(text, constructors):
        return False
    import symtable  # (a file that names something is walked: this is not needed)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # as the walk parses: old escapes are not errors
        try:
            symtable.symtable(text, "<unknown>", "exec")
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False
    return True


def nothing_found(source: str) -> ImportResult:
    """The import of a file :func:`nothing_to_read` accepts, as the walk makes it."""
    item = ReportItem("info", msg(*NOTHING_FOUND))
    return ImportResult((), ImportReport((item,)), source, "python")
