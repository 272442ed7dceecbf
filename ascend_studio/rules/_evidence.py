"""What each rule's ``source`` cites, as public references that can be checked.

Severity policy (README, "Severity policy"): an **error** means the real stack
raises, aborts or rejects, or the official docs say it fails; a **warning** means
a setting is ignored, overridden, clamped or has no effect; **info** means
undocumented or not checkable statically. A rule's ``source`` is its evidence: a
file of hicann/tensorflow (with a function or line), a page of its ``docs/``, or
one of the two CANN reference pages. This module reads those citations so tests
can hold every rule to the policy and, given a checkout, check each citation
against the real files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ascend_studio.rules._model import Rule

__all__ = [
    "ENV_PAGE",
    "FAILURE_WORDS",
    "PARAM_PAGE",
    "Citation",
    "citations",
    "states_failure",
]

#: The NPURunConfig parameter reference page (CANN TF Adapter 1.x), by title and address.
PARAM_PAGE = (
    "NPURunConfig配置参数说明 (https://www.hiascend.com/document/detail/zh/TensorFlowCommercial/"
    "latest/migration/tfmigr1/tfmigr1_tfadapi_0040.html)"
)
#: The CANN environment variable page on ASCEND_WORK_PATH.
ENV_PAGE = (
    "ASCEND_WORK_PATH (https://www.hiascend.com/document/detail/zh/canncommercial/latest/"
    "maintenref/envvar/envref_07_0007.html)"
)
#: hicann/tensorflow files cited by their short name -> path in the repository.
REPO_FILES = {
    "npu_attrs.cc": "tf_adapter/util/npu_attrs.cc",
    "ge_plugin.cc": "tf_adapter/util/ge_plugin.cc",
    "geop_npu.cc": "tf_adapter/kernels/geop_npu.cc",
    "npu_config.py": "tf_adapter/python/npu_bridge/estimator/npu/npu_config.py",
    "npu_estimator.py": "tf_adapter/python/npu_bridge/estimator/npu/npu_estimator.py",
    "util.py": "tf_adapter/python/npu_bridge/estimator/npu/util.py",
    "npu_optimizer.py": "tf_adapter/python/npu_bridge/estimator/npu/npu_optimizer.py",
}
#: Code outside hicann/tensorflow that a few rules cite (public, not in the checkout).
EXTERNAL = ("tensorflow_estimator",)
#: TF Adapter 2.x: its Python package is in the checkout tests read, its C++ core is not.
_TF2_PY = "tf_adapter_2.x/python/"
_TF2_CORE = "tf_adapter_2.x/npu_device/"

_CODE = re.compile(
    r"(?P<path>(?:[\w./-]+/)?(?P<name>[\w-]+\.(?:cpp|cc|h|py)))\b(?::(?P<line>\d+)|:(?P<func>[\w.]+))?"
)
_DOC = re.compile(r"docs/(?:en|zh)/[\w./-]+\.md")
#: How a message or source says the real stack fails.
FAILURE_WORDS = re.compile(
    r"raise|abort|LOG\(FATAL\)|reject|fail|Internal error|TypeError|ValueError|AI Core Error"
    r"|not supported|cannot|must|only works|requires|needs",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Citation:
    kind: Literal["code", "doc", "page", "external"]
    #: Repository path (code, doc), page title with address (page), or a name (external).
    ref: str
    line: int | None = None
    #: A function or class named after ``file:`` (``npu_attrs.cc:CheckInputShape``).
    symbol: str | None = None


def _code(source: str) -> list[Citation]:
    found = []
    for match in _CODE.finditer(source):
        name, path = match.group("name"), match.group("path")
        full = REPO_FILES.get(name) if "/" not in path else path
        if full is not None and path.startswith(_TF2_CORE):
            found.append(Citation("external", full))  # public, not in the test checkout
            continue
        if full is None or (path.startswith("tf_adapter_2.x") and not path.startswith(_TF2_PY)):
            continue
        line = int(match.group("line")) if match.group("line") else None
        symbol = match.group("func").split(".")[-1] if match.group("func") else None
        found.append(Citation("code", full, line, symbol))
    return found


def citations(source: str) -> tuple[Citation, ...]:
    """The public references in a rule's source text (private notes are not evidence)."""
    found = _code(source)
    found += [Citation("doc", m.group(0)) for m in _DOC.finditer(source)]
    if "npurunconfig-page" in source or "NPURunConfig配置参数说明" in source:
        found.append(Citation("page", PARAM_PAGE))
    if "ascend-work-path-page" in source or "envref_07_0007" in source:
        found.append(Citation("page", ENV_PAGE))
    found += [Citation("external", name) for name in EXTERNAL if name in source]
    return tuple(dict.fromkeys(found))


def states_failure(rule: Rule) -> bool:
    """An error's message says how the real stack fails (raises, aborts, rejects...)."""
    return bool(FAILURE_WORDS.search(rule.message.en))
