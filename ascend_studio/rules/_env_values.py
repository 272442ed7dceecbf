"""Environment values as the runtime reads them: shared by rule families and
effective values (which must not import a rule family: see the core contracts)."""

from __future__ import annotations

import re

from ascend_studio.rules._context import Ctx

__all__ = ["HCCL_DEFAULT", "env_int"]

_INT = re.compile(r"\s*[+-]?\d+\s*")
#: The NPURunConfig parameter page (异常补救, hccl_timeout): documented HCCL timeout default (s).
HCCL_DEFAULT = 1836


def env_int(c: Ctx, name: str) -> int | None:
    """The variable as an int when it parses like ``strtol`` would, else None."""
    text = c.env_value(name)
    return int(text) if text is not None and _INT.fullmatch(text) else None
