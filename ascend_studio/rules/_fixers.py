"""Small makers of rule fixes, so a rule declares its fix in a line or two.

A rule's ``fixes`` is a function of the evaluation context and the hit
(:data:`~ascend_studio.rules._model.Fixer`); these build the common ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ascend_studio.profile import SESSION_OWNER, Value
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._fix import (
    Applicability,
    Edit,
    Fix,
    RemoveKey,
    RenameKey,
    SetEnv,
    SetValue,
    UnsetEnv,
)
from ascend_studio.rules._model import Fixer, Hit
from ascend_studio.schema import Text

__all__ = [
    "always",
    "display",
    "remove",
    "remove_each",
    "rename_or_remove",
    "safe",
    "set_env",
    "set_to",
    "unsafe",
    "unset_env",
]


def safe(*edits: Edit, note: Text | None = None) -> Fix:
    return Fix(edits, "safe", note)


def unsafe(*edits: Edit, note: Text | None = None) -> Fix:
    return Fix(edits, "unsafe", note)


def display(*edits: Edit, note: Text | None = None) -> Fix:
    return Fix(edits, "display", note)


def remove(key: str) -> RemoveKey:
    return RemoveKey(key)


def set_to(path: str, value: Value) -> SetValue:
    return SetValue(path, value)


def set_env(name: str, value: str) -> SetEnv:
    return SetEnv(name, value)


def unset_env(name: str) -> UnsetEnv:
    return UnsetEnv(name)


def always(*fixes: Fix) -> Fixer:
    """The same fixes whatever the hit (offered when the context allows them)."""

    def make(_ctx: Ctx, _hit: Hit) -> Iterable[Fix]:
        return fixes

    return make


def remove_each(
    applicability: Applicability = "safe", which: Callable[[Hit], Iterable[str]] | None = None
) -> Fixer:
    """One fix removing every flagged key the profile sets (``which``: other keys)."""

    def make(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
        keys = list(which(hit)) if which is not None else list(hit.params)
        edits = tuple(RemoveKey(k) for k in keys if k in ctx.values or k.startswith("env:"))
        if edits:
            yield Fix(edits, applicability)

    return make


def _spelled(ctx: Ctx, key: str, new: str) -> str:
    """How ``new`` is written where ``key`` is: a parameter_map key, or a keyword."""
    owner = key.partition(".")[0]
    param = ctx.ix.param(new)
    if owner == SESSION_OWNER and param is not None and param.session is not None:
        return f'parameter_map["{param.session.key}"]'
    if owner in ctx.ix.catalog.signatures and owner != "NPURunConfig":
        return new.rpartition(".")[2]
    return ""


def rename_or_remove(ctx: Ctx, hit: Hit) -> Iterator[Fix]:
    """For a name the catalog does not know: rename it to the close name the hit found
    (``rename_to``: it changes what the job does), else remove it (it does nothing, or
    makes the constructor raise)."""
    key = hit.params[0]
    new = hit.ns.get("rename_to")
    if isinstance(new, str):
        yield Fix((RenameKey(key, new, _spelled(ctx, key, new)),), "unsafe")
    yield Fix((RemoveKey(key),), "safe")
