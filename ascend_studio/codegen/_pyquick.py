"""Python files that cannot configure anything, told without walking them.

Most Python files of a repository (models, data pipelines, utilities) name nothing
the importer reads, and such a file's import is always the same: no
configuration, only the "nothing found" note. :func:`nothing_to_read` tells them
by their text: none of the words the scanner starts from (the configuration
classes, ``ConfigProto``, ``parameter_map``, ``os.environ``, ``npu_device``...,
see ``_pyscan.BASE_WORDS``, and the catalog's constructors) and no
``# ascend-studio:`` comment, and Python's parser accepts it (through
``symtable``, which parses without building the tree's Python objects: about 40 %
cheaper than ``ast.parse``; a file it rejects is walked, and its syntax errors
reported as before). ``tests/codegen/test_cg_quick.py`` holds both roads to equal
results, and on the ModelZoo corpus when it is there.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable

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


def nothing_to_read(text: str, constructors: Iterable[str]) -> bool:
    """Whether ``text`` parses and names nothing the importer reads (``constructors``:
    the catalog's configuration classes)."""
    if _COMMENT in text or any(word in text for word in BASE_WORDS):
        return False
    if any(name in text for name in constructors):
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
