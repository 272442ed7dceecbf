"""The AttrValue member a sess.run export writes a key in, for the target release.

``s``, ``i``, ``b`` and ``f`` are members of one oneof, and a release's C++ reads each
key as one of them (``catalog.history.key_field``). The catalog's member is the newest
release's; where a key's member changed (``jit_compile``: ``.b()`` up to 6.3.RC2,
``.s()`` from r3.2.0 on), an export for a named release writes the member that release
reads, with the value in its form: a bool for ``.b``; for ``.s``, the spelling the
release's value list has (``True`` on r3.2.0, ``true`` from 7.0.RC1 on). A value with
no form there (``auto`` as a bool, a run-time expression in another member) is left
out and the header says why. With no release named, the newest member is written and
the header names the releases that read another one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ascend_studio._words import say
from ascend_studio.profile import Expr, Profile, Value
from ascend_studio.schema import Catalog, Parameter, Release, Scalar

__all__ = ["Unwritable", "member_lines", "release_member"]

_NAMES = {"s": "a string (.s)", "i": "an int (.i)", "b": "a bool (.b)", "f": "a float (.f)"}
_BOOLS = {"true": True, "false": False}


@dataclass(frozen=True)
class Unwritable:
    """``value`` has no form in the member ``read`` the target release reads."""

    read: str


def release_member(
    param: Parameter, value: Value, catalog: Catalog, release: Release | None
) -> tuple[str, Value] | Unwritable | None:
    """(member, value) where the target release reads ``param``'s key in another member
    than the catalog's; :class:`Unwritable` where the value has no form there; None:
    written as the catalog says (no release named, or the same member)."""
    session = param.session
    if release is None or session is None or value is None:
        return None
    history = catalog.history
    read = history.key_field(session.key, release.id)
    if read is None or not history.member_matters(session.key):
        return None
    if isinstance(value, Expr):  # a run-time value: its type is not known here
        return None if read == session.field else Unwritable(read)
    converted = _in_member(read, value, history.listed(param.path, release.id))
    if converted is None:
        return Unwritable(read)
    same = read == session.field and type(converted) is type(value) and converted == value
    return None if same else (read, converted)


def _in_member(read: str, value: Value, listed: Sequence[Scalar] | None) -> Value | None:
    """``value`` in the form the member ``read`` takes (a string is never re-spelled: a
    wrong spelling is the value check's to report); None: it has none."""
    if read == "b":
        if isinstance(value, bool):
            return value
        return _BOOLS.get(value.lower()) if isinstance(value, str) else None
    if read == "s" and isinstance(value, str):
        return value
    if read == "s" and isinstance(value, bool):
        text = str(value).lower()
        spelled = [v for v in listed or () if isinstance(v, str) and v.lower() == text]
        return spelled[0] if spelled else text
    return None


def _shown(value: Value) -> str:
    return value.expr if isinstance(value, Expr) else repr(value)


def member_lines(
    profile: Profile,
    catalog: Catalog,
    release: Release | None,
    written: Sequence[tuple[str, str]],
    lang: str,
) -> list[str]:
    """Header lines: with a release named, the set values left out because they have
    no form in the member it reads; with none, for each written ``(key, member)`` whose
    member changed between releases, which releases read which member."""
    if release is not None:
        return _unwritable_lines(profile, catalog, release, lang)
    lines: list[str] = []
    for key, member in written:
        fact = catalog.history.key(key)
        fields = fact.fields if fact is not None else ()
        if len({f.field for f in fields}) < 2:
            continue
        ours = [f for f in fields if f.field == member]
        where = " / ".join(catalog.history.where(f).get(lang) for f in ours)
        head = (
            '# parameter_map["{key}"] is written as {member}, as TF Adapter {where} reads it;'
            if ours
            else '# parameter_map["{key}"] is written as {member}, which no release reads;'
        )
        lines.append(say(head, lang, key=key, member=say(_NAMES[member], lang), where=where))
        lines += [
            say(
                "#   TF Adapter {where} reads {member} (name the release to write it so)",
                lang,
                where=catalog.history.where(item).get(lang),
                member=say(_NAMES[item.field], lang),
            )
            for item in fields
            if item.field != member
        ]
    return lines


def _unwritable_lines(profile: Profile, catalog: Catalog, release: Release, lang: str) -> list[str]:
    lines: list[str] = []
    for path, value in profile.values.items():
        param = catalog.param(path) if catalog.has(path) else None
        got = None if param is None else release_member(param, value, catalog, release)
        if not isinstance(got, Unwritable) or param is None or param.session is None:
            continue
        lines.append(
            say(
                '# Not written: {path}={value}; TF Adapter {release} reads parameter_map["{key}"]'
                " as {member}, which has no form for it",
                lang,
                path=path,
                value=_shown(value),
                release=f"{release.short} ({release.month})",
                key=param.session.key,
                member=say(_NAMES[got.read], lang),
            )
        )
    return lines
