"""Named conditions for catalog rewrites that a field comparison cannot express.

A rewrite's ``when`` in the catalog may name one of these (``predicate = "..."``);
each reads several parameters or a described file, so it lives with the
cross-parameter rules.
"""

from __future__ import annotations

from collections.abc import Callable

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._files import read_debug_config
from ascend_studio.rules._rules_file_conditions import file_of

__all__ = ["PREDICATES"]


def _debug_config_without_list(c: Ctx) -> bool:
    """The described debug configuration file has no op_debug_list (compile caching is
    off)."""
    _, text = file_of(c, "debug_cfg")
    return text is not None and not read_debug_config(text).has_list


def _keeps_origin(mode_path: str, keep: str) -> Callable[[Ctx], bool]:
    """The precision mode keeps the original dtypes, set or by its documented default
    (a default counts only while neither precision mode is set)."""

    def holds(c: Ctx) -> bool:
        either = c.is_set("precision_mode") or c.is_set("precision_mode_v2")
        return c.precision(mode_path)[0] == keep and (c.is_set(mode_path) or not either)

    return holds


PREDICATES: dict[str, Callable[[Ctx], bool]] = {
    "op_debug_config_without_list": _debug_config_without_list,
    "keeps_origin_dtype_v1": _keeps_origin("precision_mode", "must_keep_origin_dtype"),
    "keeps_origin_dtype_v2": _keeps_origin("precision_mode_v2", "origin"),
}
