"""Fixes as data: what a finding's fix changes in the profile, and how safe that is.

A :class:`Fix` is a list of edits on the profile (set a value, remove a key,
rename a key, move a keyword into a sub-config, set or unset an environment
variable) with an :data:`Applicability`, as ruff's fixes are:

- ``safe``: the result is what the text promises and changes no behaviour the
  user chose (removing a keyword the constructor rejects, writing ``True`` for the
  ``1`` the adapter converts anyway);
- ``unsafe``: it changes behaviour (switching the precision mode, turning the
  dump on), so it is applied only when asked (``--unsafe-fixes``, a click);
- ``display``: an example to show, never applied (the right value depends on
  the user's machine).

The words a user reads are rendered from the edits (:meth:`Fix.title`), so text
and action cannot drift. A *key* names one entry of the profile: a parameter
path (``dump_config.dump_mode``), a keyword the catalog does not know
(``NPURunConfig.auto_tune_mode``), a parameter_map key it does not know
(``parameter_map.sump_mode``) or an environment variable (``env:NAME``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ascend_studio.profile import SESSION_OWNER, Expr, Profile, Value, bytes_json
from ascend_studio.rules._extras import extra_value, find_extra
from ascend_studio.schema import Text

__all__ = [
    "APPLICABILITIES",
    "Applicability",
    "Edit",
    "Fix",
    "MoveKey",
    "RemoveKey",
    "RenameKey",
    "SetEnv",
    "SetValue",
    "UnsetEnv",
    "apply_edit",
    "apply_fix",
    "edit_json",
    "edit_keys",
    "fix_json",
    "shown_key",
]

Applicability = Literal["safe", "unsafe", "display"]
#: From the most to the least automatic.
APPLICABILITIES: tuple[Applicability, ...] = ("safe", "unsafe", "display")


def _literal(value: Value) -> str:
    """A value as the user writes it in Python (an expression as written)."""
    if isinstance(value, Expr):
        return value.expr
    return repr(value)


def shown_key(key: str) -> str:
    """How a key is named in a fix: the path, the keyword (with its class when that is
    not NPURunConfig), ``parameter_map["key"]`` or the variable's name."""
    if key.startswith("env:"):
        return key[4:]
    owner, _, name = key.partition(".")
    if owner == SESSION_OWNER:
        return f'parameter_map["{name}"]'
    if owner == "NPURunConfig" and name:
        return name
    return key


@dataclass(frozen=True)
class SetValue:
    """Give ``path`` (a catalog parameter) the value ``value``."""

    path: str
    value: Value

    def words(self) -> Text:
        shown = f"{self.path}={_literal(self.value)}"
        return Text.of(f"设置 {shown}", f"set {shown}")


@dataclass(frozen=True)
class RemoveKey:
    """Remove ``key`` (a value, with its fields for a sub-config, or a kept keyword)."""

    key: str

    def words(self) -> Text:
        shown = shown_key(self.key)
        return Text.of(f"删除 {shown}", f"remove {shown}")


@dataclass(frozen=True)
class RenameKey:
    """Give the value of ``key`` to ``new`` (a catalog parameter) instead, where it is."""

    key: str
    new: str
    #: How the new name is written where the old one was (``dump_path`` in
    #: ``DumpConfig(...)``, ``parameter_map["dump_mode"]``); empty: ``new`` as it is.
    spelled: str = ""

    def words(self) -> Text:
        old, new = shown_key(self.key), self.spelled or shown_key(self.new)
        return Text.of(f"将 {old} 改名为 {new}", f"rename {old} to {new}")


@dataclass(frozen=True)
class MoveKey:
    """Move the value of ``key`` into the sub-config field ``new``."""

    key: str
    new: str

    def words(self) -> Text:
        holder = self.new.rpartition(".")[0]
        old = shown_key(self.key)
        return Text.of(f"将 {old} 移入 {holder}", f"move {old} into {holder}")


@dataclass(frozen=True)
class SetEnv:
    """Set the environment variable ``name`` for the job."""

    name: str
    value: str

    def words(self) -> Text:
        shown = f"{self.name}={self.value}"
        return Text.of(f"设置环境变量 {shown}", f"set the environment variable {shown}")


@dataclass(frozen=True)
class UnsetEnv:
    """Unset the environment variable ``name`` for the job (``unset NAME``)."""

    name: str

    def words(self) -> Text:
        return Text.of(f"取消设置环境变量 {self.name}", f"unset {self.name}")


Edit = SetValue | RemoveKey | RenameKey | MoveKey | SetEnv | UnsetEnv


def _sentence(parts: list[str], lang: str) -> str:
    if lang == "zh":
        return "，并".join(parts)
    if len(parts) > 1:
        parts = [", ".join(parts[:-1]), parts[-1]]
    text = " and ".join(parts)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Fix:
    """One way to resolve a finding: edits carried out together, and how safe they are."""

    edits: tuple[Edit, ...]
    applicability: Applicability
    #: Why the result behaves as it does, when the edits alone do not say
    #: ("the same as precision_mode='allow_mix_precision'"); never an action.
    note: Text | None = None

    def __post_init__(self) -> None:
        if not self.edits:
            raise ValueError("a fix needs at least one edit")

    @property
    def title(self) -> Text:
        """The action, in words made from the edits (and the note in brackets)."""
        return _title(self.edits, self.note)

    @property
    def keys(self) -> frozenset[str]:
        """Every key the fix reads or writes (fixes sharing one are not applied together)."""
        return frozenset(key for edit in self.edits for key in edit_keys(edit))


@lru_cache(maxsize=4096)  # an edited profile's evaluation asks for the same words again
def _title(edits: tuple[Edit, ...], note: Text | None) -> Text:
    words = [edit.words() for edit in edits]
    zh, en = _sentence([w.zh for w in words], "zh"), _sentence([w.en for w in words], "en")
    if note is not None:
        zh, en = f"{zh}（{note.zh}）", f"{en} ({note.en})"
    return Text.of(zh, en)


def edit_keys(edit: Edit) -> tuple[str, ...]:
    if isinstance(edit, SetValue):
        return (edit.path,)
    if isinstance(edit, RemoveKey):
        return (edit.key,)
    if isinstance(edit, RenameKey | MoveKey):
        return (edit.key, edit.new)
    return (f"env:{edit.name}",)


def _without(profile: Profile, key: str) -> Profile:
    """``profile`` without ``key``: a kept keyword, or a value with its fields."""
    extra = find_extra(profile, key)
    if extra is not None:
        kept = tuple(x for x in profile.extra_kwargs if x is not extra)
        return profile.model_copy(update={"extra_kwargs": kept})
    prefix = key + "."
    values = {k: v for k, v in profile.values.items() if k != key and not k.startswith(prefix)}
    return profile.model_copy(update={"values": values})


def _value_at(profile: Profile, key: str) -> Value:
    extra = find_extra(profile, key)
    if extra is not None:
        return extra_value(extra)
    if key not in profile.values:
        raise ValueError(f"{key} is not set: nothing to rename")
    return profile.values[key]


def apply_edit(profile: Profile, edit: Edit) -> Profile:
    """``profile`` with ``edit`` carried out; ``ValueError`` when it cannot be
    (renaming a key that is not there)."""
    if isinstance(edit, SetValue):
        return profile.with_value(edit.path, edit.value)
    if isinstance(edit, RemoveKey):
        if edit.key.startswith("env:"):
            return profile.without_env(edit.key[4:])
        return _without(profile, edit.key)
    if isinstance(edit, RenameKey | MoveKey):
        value = _value_at(profile, edit.key)
        return _without(profile, edit.key).with_value(edit.new, value)
    if isinstance(edit, SetEnv):
        return profile.with_env(edit.name, edit.value)
    return profile.with_env(edit.name, None)


def apply_fix(profile: Profile, fix: Fix) -> Profile:
    """``profile`` with every edit of ``fix`` carried out (one step for an undo stack)."""
    for edit in fix.edits:
        profile = apply_edit(profile, edit)
    return profile


def _value_json(value: Value) -> object:
    if isinstance(value, Expr):
        return {"expr": value.expr}
    if isinstance(value, bytes):
        return bytes_json(value)
    return value


def edit_json(edit: Edit) -> dict[str, object]:
    """One edit as JSON: ``{"op": "rename_key", "key": ..., "new": ...}``."""
    if isinstance(edit, SetValue):
        return {"op": "set_value", "path": edit.path, "value": _value_json(edit.value)}
    if isinstance(edit, RemoveKey):
        return {"op": "remove_key", "key": edit.key}
    if isinstance(edit, RenameKey):
        return {"op": "rename_key", "key": edit.key, "new": edit.new}
    if isinstance(edit, MoveKey):
        return {"op": "move_key", "key": edit.key, "new": edit.new}
    if isinstance(edit, SetEnv):
        return {"op": "set_env", "name": edit.name, "value": edit.value}
    return {"op": "unset_env", "name": edit.name}


def fix_json(fix: Fix) -> dict[str, object]:
    """A fix as JSON (``validate --json``, the language server)."""
    return {
        "applicability": fix.applicability,
        "title": {"zh": fix.title.zh, "en": fix.title.en},
        "edits": [edit_json(edit) for edit in fix.edits],
    }
