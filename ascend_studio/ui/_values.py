"""The profile's expression values, without importing the profile before the first paint.

The form's first rows are painted before the profile document is imported
(``ui/_app.py``). No :class:`~ascend_studio.profile.Expr` can exist before its
module is imported, so the test looks the class up only if it is.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:
    from ascend_studio.profile import Expr

__all__ = ["is_expr", "make_expr"]

_DOCUMENT = "ascend_studio.profile._document"


def is_expr(value: object) -> TypeGuard[Expr]:
    """``isinstance(value, Expr)``, importing nothing."""
    module = sys.modules.get(_DOCUMENT)
    return module is not None and isinstance(value, module.Expr)


def make_expr(text: str) -> Expr:
    """An expression value (imports the profile document on first use)."""
    from ascend_studio.profile import Expr

    return Expr(expr=text)
