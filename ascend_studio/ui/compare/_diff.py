"""What differs between two profiles, grouped the way the form groups parameters.

Pure data: the compare view renders it, and :func:`apply_changes` turns a
selection of differences into the edited profile that one undo step installs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from ascend_studio.profile import Expr, ExtraKwarg, Profile, Value
from ascend_studio.schema import Catalog

__all__ = [
    "ABSENT",
    "ENV_CATEGORY",
    "OTHER_CATEGORY",
    "Absent",
    "Difference",
    "Side",
    "apply_changes",
    "diff_profiles",
    "extra_key",
    "format_side",
]

#: Pseudo-category ids for rows that are not catalog parameters.
ENV_CATEGORY = "__env__"
OTHER_CATEGORY = "__other__"


class Absent(Enum):
    """The key is not in that profile at all (unset, runtime default applies)."""

    ABSENT = "absent"


ABSENT = Absent.ABSENT
#: A value as one side holds it: a parameter value, ``None`` for an env var the
#: profile explicitly unsets, or ``ABSENT``.
Side = Value | None | Absent


@dataclass(frozen=True)
class Difference:
    kind: Literal["value", "env", "extra"]
    #: Parameter path (``dump_config.dump_mode``), environment variable name, or
    #: ``owner.name`` of a keyword argument the catalog does not know (an extra).
    key: str
    category: str
    #: An extra's source text is an :class:`Expr`.
    ours: Side
    theirs: Side
    #: Env only: that side's value is shell text (listed in ``env_verbatim``).
    ours_shell: bool = False
    theirs_shell: bool = False


def extra_key(extra: ExtraKwarg) -> str:
    return f"{extra.owner}.{extra.name}"


def _values_equal(left: Side, right: Side) -> bool:
    # 1 == True and 1 == 1.0 in Python; for a configurator they differ.
    return type(left) is type(right) and left == right


def _category_of(catalog: Catalog, path: str) -> str:
    return catalog.param(path).category if catalog.has(path) else OTHER_CATEGORY


#: Each catalog's parameter order, by the catalog (kept with it, so its id is its own).
_ORDERS: dict[int, tuple[Catalog, dict[str, int]]] = {}


def _order(catalog: Catalog) -> dict[str, int]:
    known = _ORDERS.get(id(catalog))
    if known is None:
        if len(_ORDERS) > 16:
            _ORDERS.clear()
        known = _ORDERS[id(catalog)] = (catalog, {p.path: i for i, p in enumerate(catalog.params)})
    return known[1]


def diff_profiles(catalog: Catalog, ours: Profile, theirs: Profile) -> list[Difference]:
    """Every parameter value and env entry that differs, in catalog order."""
    order = _order(catalog)
    out: list[Difference] = []
    for path in sorted(
        set(ours.values) | set(theirs.values), key=lambda p: (order.get(p, 1 << 30), p)
    ):
        left: Side = ours.values.get(path, ABSENT)
        right: Side = theirs.values.get(path, ABSENT)
        if not _values_equal(left, right):
            out.append(Difference("value", path, _category_of(catalog, path), left, right))
    out += _extra_differences(ours, theirs)
    for name in sorted(set(ours.env) | set(theirs.env)):
        left = ours.env.get(name, ABSENT)
        right = theirs.env.get(name, ABSENT)
        shells = (name in ours.env_verbatim, name in theirs.env_verbatim)
        if not _values_equal(left, right) or (isinstance(left, str) and shells[0] != shells[1]):
            out.append(Difference("env", name, ENV_CATEGORY, left, right, *shells))
    return out


def _extra_differences(ours: Profile, theirs: Profile) -> list[Difference]:
    """Unknown keyword arguments are compared by their source text."""
    left = {extra_key(e): Expr(expr=e.expr) for e in ours.extra_kwargs}
    right = {extra_key(e): Expr(expr=e.expr) for e in theirs.extra_kwargs}
    return [
        Difference("extra", key, OTHER_CATEGORY, left.get(key, ABSENT), right.get(key, ABSENT))
        for key in sorted(set(left) | set(right))
        if left.get(key, ABSENT) != right.get(key, ABSENT)
    ]


def _with_extra(profile: Profile, key: str, side: Side) -> Profile:
    """``profile`` with the extra ``owner.name`` replaced by ``side`` (or dropped)."""
    owner, _, name = key.rpartition(".")
    kept = [e for e in profile.extra_kwargs if extra_key(e) != key]
    if isinstance(side, Expr):
        kept.append(ExtraKwarg(owner=owner, name=name, expr=side.expr))
    return profile.model_copy(update={"extra_kwargs": tuple(kept)})


def apply_changes(profile: Profile, changes: Iterable[Difference]) -> Profile:
    """``profile`` with the *theirs* side of each difference taken over."""
    result = profile
    for change in changes:
        value = change.theirs
        if change.kind == "extra":
            result = _with_extra(result, change.key, value)
        elif change.kind == "value":
            if isinstance(value, Absent) or value is None:
                result = result.without_value(change.key)
            else:
                result = result.with_value(change.key, value)
        elif isinstance(value, Absent):
            result = result.without_env(change.key)
        else:
            result = result.with_env(
                change.key,
                value if isinstance(value, str | None) else str(value),
                verbatim=change.theirs_shell,
            )
    return result


def format_side(side: Side, kind: str = "value") -> str:
    """A set value as code writes it (``'force_fp16'``, ``True``, ``args.mode``);
    an env value as plain text (``$(pwd)/cache``), the way the env table shows it.

    Absent and explicitly unset sides are words, so the view supplies them.
    """
    if isinstance(side, Absent) or side is None:
        return ""
    if kind == "env":
        return str(side.expr if isinstance(side, Expr) else side)
    if isinstance(side, Expr):
        return side.expr
    return repr(side)
